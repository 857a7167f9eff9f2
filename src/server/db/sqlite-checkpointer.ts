import { Worker } from 'node:worker_threads';

/** How often the background thread moves the WAL's pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;

// The thread's program: its own connection to the file, a PASSIVE checkpoint every interval
// (it never waits for the API's writers and readers, and they never wait for it), a last one
// and a clean close when told to stop.
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const run = () => {
  try {
    checkpoint.all();
  } catch (err) {
    parentPort.postMessage({ error: String(err) });
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  run();
  db.close();
  parentPort.close();
});
`;

/** A running background checkpointer; `stop()` ends it after a last checkpoint. */
export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL into the database file on a thread of its own. By default SQLite
 * does this inside a commit once the WAL holds 1,000 pages: node:sqlite is synchronous,
 * so that commit (copying the pages, then an fsync of the file on the virtual disk) held
 * the event loop and every request waiting on it; under the order benchmark those
 * pauses were most of the p99 (bench/README.md). The caller turns the connection's own
 * checkpoints off (`wal_autocheckpoint = 0`) once this runs. Failures are reported to
 * `onError`; the API's commits do not depend on it (the WAL just grows until a
 * checkpoint succeeds).
 */
export function startCheckpointer(file: string, onError: (message: string) => void): Checkpointer {
  const worker = new Worker(PROGRAM, { eval: true, workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS } });
  worker.unref();
  worker.on('message', (m: { error?: string }) => {
    if (m.error !== undefined) onError(m.error);
  });
  worker.on('error', (err) => onError(String(err)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    stop() {
      // Held open until the last checkpoint is done and the thread's connection closed.
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
