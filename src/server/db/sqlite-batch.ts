import type { CompiledQuery, Kysely, SqliteDatabase } from 'kysely';
import type { Database } from './schema.ts';

/** Runs one compiled statement on the held connection and answers its rows. */
export type RunSync = <R>(query: CompiledQuery<R>) => R[];

/** What a unit of work answered, and whether its writes stay (false: rolled back to before it). */
export interface BatchResult<T> {
  value: T;
  keep: boolean;
}

/** The most units of work one transaction takes; the rest wait for the next. */
export const SQLITE_BATCH_MAX = 64;

interface Job {
  work: (run: RunSync) => BatchResult<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Batcher {
  queue: Job[];
  scheduled: boolean;
  running: boolean;
}

const batchers = new WeakMap<Kysely<Database>, Batcher>();

/**
 * Group commit on SQLite. Units of work handed in during one turn of the event loop
 * run together, synchronously (node:sqlite is synchronous, so nothing else runs in
 * between), in ONE transaction on the connection Kysely holds for them: each in a
 * savepoint of its own, so one that fails or is not kept (`keep: false`) is rolled
 * back alone, and the others are committed together. SQLite writes every page a
 * transaction changed to the WAL when it commits, and most of an order's pages (the
 * tail of each table and index) are the same pages as the next order's: committed
 * together they are written once. A unit's promise settles only after the commit, so
 * nobody is told of writes that might still be lost; if the commit fails, every unit
 * of the batch is rejected with its error and nothing of the batch is kept.
 *
 * `begin immediate` takes the write lock at the start, so another process writing to
 * the same file makes the batch wait (busy_timeout), never fail half-way.
 */
export function inSqliteBatch<T>(
  db: Kysely<Database>,
  sqlite: SqliteDatabase,
  work: (run: RunSync) => BatchResult<T>,
): Promise<T> {
  let batcher = batchers.get(db);
  if (batcher === undefined) {
    batcher = { queue: [], scheduled: false, running: false };
    batchers.set(db, batcher);
  }
  const b = batcher;
  return new Promise<T>((resolve, reject) => {
    b.queue.push({ work: work as Job['work'], resolve: resolve as Job['resolve'], reject });
    schedule(db, sqlite, b);
  });
}

function schedule(db: Kysely<Database>, sqlite: SqliteDatabase, b: Batcher): void {
  if (b.scheduled || b.running) return;
  b.scheduled = true;
  setImmediate(() => {
    b.scheduled = false;
    b.running = true;
    const jobs = b.queue.splice(0, SQLITE_BATCH_MAX);
    // Kysely's one connection, held while the batch runs: no other query of this process runs inside it.
    db.connection()
      .execute(async () => runBatch(sqlite, jobs))
      .then(
        (settle) => settle(),
        (err: unknown) => {
          for (const job of jobs) job.reject(err);
        },
      )
      .finally(() => {
        b.running = false;
        if (b.queue.length > 0) schedule(db, sqlite, b);
      });
  });
}

/** Runs the jobs in one transaction; answers how to settle their promises once the connection is free. */
function runBatch(sqlite: SqliteDatabase, jobs: readonly Job[]): () => void {
  const exec = (text: string) => sqlite.prepare(text).run([]);
  const run: RunSync = (query) => sqlite.prepare(query.sql).all(query.parameters) as never[];
  const settled: (() => void)[] = [];
  exec('begin immediate');
  try {
    for (const job of jobs) {
      exec('savepoint batch_unit');
      let result: BatchResult<unknown>;
      try {
        result = job.work(run);
      } catch (err) {
        exec('rollback to batch_unit');
        exec('release batch_unit');
        settled.push(() => job.reject(err));
        continue;
      }
      if (!result.keep) exec('rollback to batch_unit');
      exec('release batch_unit');
      settled.push(() => job.resolve(result.value));
    }
    exec('commit');
  } catch (err) {
    try {
      exec('rollback');
    } catch {
      // The failure may have ended the transaction already.
    }
    throw err;
  }
  return () => {
    for (const settle of settled) settle();
  };
}
