import { readFile } from 'node:fs/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { readSheet, type SheetFormat, type SheetTable, UnreadableSheet } from './sheet-files.ts';

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

type FromReader = { rows: string[][] } | { header: string[]; done: true } | { error: string; unreadable: boolean };

/**
 * Reads a CSV or XLSX file (`readSheet`) on a worker thread of its own, so that
 * parsing a file of 200 MB neither blocks the event loop nor grows the API's
 * heap: the thread reads the file from disk, parses it, hands the rows back in
 * batches, one each time this thread asks for the next, and ends. Rejects with `UnreadableSheet` when the file is not a sheet.
 */
export function readSheetFile(path: string, format?: SheetFormat): Promise<SheetTable> {
  return new Promise((resolve, reject) => {
    const setup: ReaderSetup = { kind: KIND, path, format };
    const worker = new Worker(new URL(import.meta.url), { workerData: setup });
    const rows: string[][] = [];
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    worker.on('message', (msg: FromReader) => {
      if ('rows' in msg) {
        for (const row of msg.rows) rows.push(row);
        setImmediate(() => worker.postMessage('next'));
        return;
      }
      if ('error' in msg) settle(() => reject(msg.unreadable ? new UnreadableSheet(msg.error) : new Error(msg.error)));
      else settle(() => resolve({ header: msg.header, rows }));
    });
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The sheet reader thread stopped (exit code ${code}) before it finished.`))),
    );
  });
}

async function runReader(setup: ReaderSetup): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  let table: SheetTable;
  try {
    table = await readSheet(await readFile(setup.path), setup.format);
  } catch (err) {
    port.postMessage({
      error: err instanceof Error ? err.message : String(err),
      unreadable: err instanceof UnreadableSheet,
    } satisfies FromReader);
    return;
  }
  let next = 0;
  const send = () => {
    if (next >= table.rows.length) {
      port.postMessage({ header: table.header, done: true } satisfies FromReader);
      // Nothing more to wait for: the thread ends.
      port.off('message', send);
      return;
    }
    port.postMessage({ rows: table.rows.slice(next, next + ROWS_PER_MESSAGE) } satisfies FromReader);
    next += ROWS_PER_MESSAGE;
  };
  port.on('message', send);
  send();
}

if (!isMainThread && (workerData as Partial<ReaderSetup> | null)?.kind === KIND) {
  void runReader(workerData as ReaderSetup);
}
