import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SHEET_READER_HEAP_MB } from './import-limits.ts';
import { readSheetRows, type SheetFormat, SheetOverLimit, type SheetTable, UnreadableSheet } from './sheet-files.ts';

const KIND = 'aisle:sheet-reader';
/**
 * Rows per message back. The thread sends the next batch only when asked, after the
 * event loop has had its turn: messages sent all at once are taken in as one long task.
 */
const ROWS_PER_MESSAGE = 1000;

interface ReaderSetup {
  kind: typeof KIND;
  path: string;
  format: SheetFormat | undefined;
}

type FromReader =
  | { rows: string[][] }
  | { header: string[]; done: true }
  | { error: string; kind: 'unreadable' | 'over-limit' | 'failed' };

/**
 * Reads a CSV or XLSX file (`readSheetRows`) on a worker thread of its own, so that
 * parsing a file of 200 MB neither blocks the event loop nor grows the API's
 * heap: the thread streams the file from disk and hands the rows back in
 * batches as it parses them, the next only when this thread asks, and ends.
 * The thread's heap is capped at `heapMb` (`SHEET_READER_HEAP_MB`): a file that
 * needs more is refused with `SheetOverLimit`, as are files past the row and
 * unpacked-size caps; `UnreadableSheet` when the file is not a sheet.
 */
export function readSheetFile(
  path: string,
  format?: SheetFormat,
  heapMb: number = SHEET_READER_HEAP_MB,
): Promise<SheetTable> {
  return new Promise((resolve, reject) => {
    const setup: ReaderSetup = { kind: KIND, path, format };
    const worker = new Worker(new URL(import.meta.url), {
      workerData: setup,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    const rows: string[][] = [];
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (msg: FromReader) => {
      if ('rows' in msg) {
        for (const row of msg.rows) rows.push(row);
        setImmediate(() => worker.postMessage('next'));
        return;
      }
      if ('error' in msg) {
        const err =
          msg.kind === 'over-limit'
            ? new SheetOverLimit(msg.error)
            : msg.kind === 'unreadable'
              ? new UnreadableSheet(msg.error)
              : new Error(msg.error);
        settle(() => reject(err));
      } else settle(() => resolve({ header: msg.header, rows }));
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new SheetOverLimit(
                `needs more than ${heapMb} MB of memory to read, the most an import may use; split it into smaller files.`,
              )
            : err,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The sheet reader thread stopped (exit code ${code}) before it finished.`))),
    );
  });
}

async function runReader(setup: ReaderSetup): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const asked = () => new Promise<void>((resolve) => port.once('message', () => resolve()));
  const send = async (rows: string[][]) => {
    const next = asked();
    port.postMessage({ rows } satisfies FromReader);
    await next;
  };
  let header: string[] | undefined;
  let batch: string[][] = [];
  try {
    for await (const row of readSheetRows(setup.path, setup.format)) {
      if (header === undefined) {
        header = row;
        continue;
      }
      batch.push(row);
      if (batch.length === ROWS_PER_MESSAGE) {
        await send(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await send(batch);
  } catch (err) {
    port.postMessage({
      error: err instanceof Error ? err.message : String(err),
      kind: err instanceof SheetOverLimit ? 'over-limit' : err instanceof UnreadableSheet ? 'unreadable' : 'failed',
    } satisfies FromReader);
    return;
  }
  port.postMessage({ header: header ?? [], done: true } satisfies FromReader);
}

if (!isMainThread && (workerData as Partial<ReaderSetup> | null)?.kind === KIND) {
  void runReader(workerData as ReaderSetup);
}
