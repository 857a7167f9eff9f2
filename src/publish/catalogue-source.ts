import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Config } from '../server/config.ts';
import type { Database } from '../server/db/schema.ts';
import { API_WORKER_BUNDLE, BUNDLE_DIR, freshBundle, writeBundle } from './code-bundle.ts';

/**
 * The catalogue source: the API a rebuild reads. With `API_URL` unset it is
 * started here over the configured database, in a worker thread of its own
 * (`api-worker.ts`), so that it loads and answers on the second core.
 */

export interface Api {
  url: string;
  /** Claims the queued "Publish now" request (`site_state.build_requested_at`), once the publish lock is held. */
  claimRequest(): Promise<void>;
  markBuilt(startedAt: string): Promise<void>;
  /**
   * What the change feed holds since `cursor` (`feedEntriesSince`), read straight from the
   * database: what `--watch` polls. Null with `API_URL` (no database here).
   */
  changesSince(cursor: string): Promise<string[] | null>;
  /**
   * Done reading: the in-process API's thread ends and its memory goes with it
   * (a full build renders for minutes after the read, and the thread's heap
   * holds what it served). `markBuilt` then writes the database from this thread.
   */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The API's thread, started before the configuration is read: Node starts the thread and the API's
 * modules load while the rebuild reads its settings and loads its own code; `startApi` hands it the
 * configuration, and only then does it open the database and listen.
 */
export interface ApiThread {
  worker: Worker;
  /** Started from the API's bundle; else from its sources, and the bundle is written again once the API stops. */
  bundled: boolean;
  /** What the thread threw before `startApi` took it over (a bundle that cannot run). */
  crashed: Error | null;
}

const WORKER_SOURCE = new URL('./api-worker.ts', import.meta.url);

/** Starts the API's thread, from its bundle when that is up to date (`code-bundle.ts`), else from its sources. */
export function launchApiThread(bundleDir = BUNDLE_DIR): ApiThread {
  const bundle = freshBundle(API_WORKER_BUNDLE, bundleDir);
  return bundle === null ? threadOf(WORKER_SOURCE, false) : threadOf(bundle, true);
}

function threadOf(entry: string | URL, bundled: boolean): ApiThread {
  const thread: ApiThread = { worker: new Worker(entry), bundled, crashed: null };
  // Heard until `startApi` listens: a thread that throws must not end this process as an unheard error.
  thread.worker.once('error', (err) => {
    thread.crashed ??= err;
  });
  return thread;
}

/**
 * Starts (or, with `API_URL`, names) the API; the promise settles once it listens. `launched` is
 * the API's thread when the caller started it already (`launchApiThread`).
 */
export function startApi(
  config: Config,
  log: (line: string) => void,
  bundleDir = BUNDLE_DIR,
  launched?: ApiThread,
): Promise<Api> {
  if (config.apiUrl !== undefined) {
    if (launched !== undefined) void launched.worker.terminate();
    log(`Build: reading the API at ${config.apiUrl}`);
    return Promise.resolve({
      url: config.apiUrl,
      claimRequest: () => claimInDatabase(config),
      markBuilt: async () => {},
      changesSince: async () => null,
      idle: async () => {},
      stop: async () => {},
    });
  }
  // The worker bundled in one file loads in a third of the time (`code-bundle.ts`); when the bundle is
  // stale, the sources are loaded and the bundle is written again once the rebuild is done with the API.
  const thread = launched ?? launchApiThread(bundleDir);
  let rebundled = false;
  const rebundle = async () => {
    if (rebundled) return;
    rebundled = true;
    await writeBundle(API_WORKER_BUNDLE, bundleDir).catch((err: Error) =>
      log(`Build: the API's bundle was not written (${err.message}).`),
    );
  };
  if (!thread.bundled) return startWorker(config, log, thread, rebundle);
  return startWorker(config, log, thread, async () => {}).catch((err: Error) => {
    if (!(err instanceof WorkerCrashed)) throw err;
    // Only a cache: a bundle that cannot run is written again, and the sources start the API now.
    log(`Build: the API's bundle did not start (${err.message}); starting the API from its sources.`);
    return startWorker(config, log, threadOf(WORKER_SOURCE, false), rebundle);
  });
}

/** How long each call may wait for the API's thread: one that stopped answering fails the call, never hangs it. */
const ASK_LIMIT_MS: Record<'claim' | 'markBuilt' | 'changes' | 'stop', number> = {
  changes: 10_000,
  stop: 5_000,
  claim: 60_000,
  markBuilt: 60_000,
};
/** A thread that neither listens nor fails by then is ended, and the start fails. */
const START_LIMIT_MS = 120_000;

/** The worker thread threw (a module failed to load or run), as opposed to reporting that the API failed to start. */
class WorkerCrashed extends Error {
  override name = 'WorkerCrashed';
}

function startWorker(
  config: Config,
  log: (line: string) => void,
  thread: ApiThread,
  afterStop: () => Promise<void>,
): Promise<Api> {
  const { worker } = thread;
  if (thread.crashed !== null) {
    void worker.terminate();
    return Promise.reject(new WorkerCrashed(thread.crashed.message, { cause: thread.crashed }));
  }
  // The thread waits for its configuration before it opens the database (`api-worker.ts`).
  worker.postMessage({ op: 'start', config });
  const waiting = new Map<number, { ok(result: unknown): void; fail(err: Error): void }>();
  let next = 0;
  let ended: Error | null = null;
  // A thread that stops answering (stuck on its database) must not hold a long-lived rebuild process:
  // each call is given up after a while (ASK_LIMIT_MS), and the thread is ended.
  const ask = <T = void>(op: 'claim' | 'markBuilt' | 'changes' | 'stop', text?: string) =>
    new Promise<T>((ok, fail) => {
      if (ended !== null) return fail(ended);
      const id = next++;
      const limit = ASK_LIMIT_MS[op];
      const timer = setTimeout(() => {
        waiting.delete(id);
        fail(new Error(`The API's thread did not answer "${op}" within ${limit / 1000} s.`));
      }, limit);
      waiting.set(id, {
        ok: (result) => {
          clearTimeout(timer);
          (ok as (result: unknown) => void)(result);
        },
        fail: (err) => {
          clearTimeout(timer);
          fail(err);
        },
      });
      worker.postMessage({ id, op, ...(op === 'changes' ? { since: text } : { startedAt: text }) });
    });
  return new Promise<Api>((resolve, reject) => {
    const starting = setTimeout(() => {
      reject(new Error(`The API's thread did not start within ${START_LIMIT_MS / 1000} s.`));
      void worker.terminate();
    }, START_LIMIT_MS);
    worker.once('message', () => clearTimeout(starting));
    worker.once('exit', () => clearTimeout(starting));
    worker.on(
      'message',
      (m: { op?: string; id?: number; url?: string; message?: string; error?: string; result?: unknown }) => {
        if (m.op === 'ready') {
          log(`Build: API started in-process at ${m.url}`);
          let idled = false;
          const stop = async () => {
            if (ended === null) await ask('stop').catch(() => {});
            await worker.terminate();
            await afterStop();
          };
          resolve({
            url: m.url as string,
            claimRequest: () => ask('claim'),
            markBuilt: (startedAt) => (idled ? markBuiltInDatabase(config, startedAt) : ask('markBuilt', startedAt)),
            changesSince: (cursor) => ask<string[]>('changes', cursor),
            async idle() {
              idled = true;
              await stop();
            },
            stop,
          });
        } else if (m.op === 'failed') {
          reject(new Error(m.message));
          void worker.terminate();
        } else if (m.id !== undefined) {
          const w = waiting.get(m.id);
          waiting.delete(m.id);
          if (m.error === undefined) w?.ok(m.result);
          else w?.fail(new Error(m.error));
        }
      },
    );
    worker.on('error', (err) => {
      ended = err;
      reject(new WorkerCrashed(err.message, { cause: err }));
      for (const w of waiting.values()) w.fail(err);
      waiting.clear();
    });
    worker.on('exit', () => {
      ended ??= new Error('The API worker has ended.');
      for (const w of waiting.values()) w.fail(ended);
      waiting.clear();
    });
  });
}

/** Runs `work` over the configured database, opened on the calling thread for it and closed after. */
async function inDatabase(
  config: Config,
  work: (db: Kysely<Database>, state: typeof import('../server/catalogue/site-state.ts')) => Promise<void>,
): Promise<void> {
  const [{ openDb }, state] = await Promise.all([
    import('../server/db/connection.ts'),
    import('../server/catalogue/site-state.ts'),
  ]);
  const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await work(db.db, state);
  } finally {
    await db.close();
  }
}

/** With `API_URL`, the request is claimed in the configured database, when this machine has it. */
export function claimInDatabase(config: Config): Promise<void> {
  return inDatabase(config, (db, state) => state.claimBuildRequest(db));
}

/** Records a successful build in the configured database, from the calling thread (after `idle`). */
function markBuiltInDatabase(config: Config, startedAt: string): Promise<void> {
  return inDatabase(config, (db, state) => state.recordBuildSucceeded(db, startedAt));
}

export async function reachable(apiUrl: string): Promise<void> {
  try {
    const res = await fetch(new URL('/api/Category/ReadAll?limit=1', apiUrl), { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
  } catch (err) {
    const why =
      (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
    throw new Error(
      `The API at ${apiUrl} cannot be reached (${why}); nothing was rebuilt and the live site is unchanged.`,
      { cause: err },
    );
  }
}
