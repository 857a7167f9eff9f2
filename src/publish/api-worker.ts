import { enableCompileCache } from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { Config } from '../server/config.ts';
import { COMPILE_CACHE_DIR } from './project-root.ts';

// As in scripts/rebuild.ts: the server's compiled code comes from V8's cache on disk.
enableCompileCache(COMPILE_CACHE_DIR);

/**
 * The API a rebuild reads when `API_URL` is unset, in a worker thread of its
 * own (`catalogue-source.ts` starts it): the build's reads of the API (`catalogue-app.ts`) load and the
 * database opens on the second core while the rebuild's own code loads, and the
 * API answers the catalogue reads there too. It also does the rebuild's two
 * database writes: claiming the queued "Publish now" request and recording the
 * build, and answers a watching rebuild's poll of the change feed. Messages: first
 * `{ op: 'start', config }` (the thread loads its modules before it comes, `launchApiThread`), then
 * `{ id, op: 'claim' | 'markBuilt' | 'changes' | 'stop', startedAt?, since? }`, each answered
 * with `{ id, result?, error? }`; once started it posts `{ op: 'ready', url }` or `{ op: 'failed', message }`.
 */

interface Request {
  id: number;
  op: 'claim' | 'markBuilt' | 'changes' | 'stop';
  startedAt?: string;
  since?: string;
}

const port = parentPort;
if (port === null) throw new Error('api-worker.ts runs as a worker thread.');

// The build's reads alone (`catalogue-app.ts`), not the whole API: a one-item rebuild waits for these modules.
// They load while the rebuild reads its settings (the thread starts before them, `launchApiThread`).
const modules = Promise.all([
  import('../server/logger.ts'),
  import('../server/catalogue/site-state.ts'),
  import('../server/runtime.ts'),
  import('../server/catalogue-app.ts'),
  import('../server/catalogue/change-feed.ts'),
]);
modules.catch(() => {});
const config = await new Promise<Config>((resolve) =>
  port.once('message', (m: { op: 'start'; config: Config }) => resolve(m.config)),
);

try {
  const [
    { silentLogger },
    { claimBuildRequest, recordBuildSucceeded },
    { configuredDeps, listen, openMigratedDb },
    { createCatalogueApp },
    { feedEntriesSince },
  ] = await modules;
  const db = await openMigratedDb(config);
  let server: Awaited<ReturnType<typeof listen>>;
  try {
    server = await listen(createCatalogueApp(configuredDeps(config, db, silentLogger)), '127.0.0.1', 0);
  } catch (err) {
    await db.close();
    throw err;
  }
  port.on('message', async (req: Request) => {
    try {
      let result: string[] | undefined;
      if (req.op === 'claim') await claimBuildRequest(db.db);
      else if (req.op === 'markBuilt') {
        await recordBuildSucceeded(db.db, req.startedAt as string);
      } else if (req.op === 'changes') {
        result = await feedEntriesSince(db.db, db.dialect, req.since as string);
      } else {
        await server.close();
        await db.close();
      }
      port.postMessage({ id: req.id, result });
    } catch (err) {
      port.postMessage({ id: req.id, error: (err as Error).message });
    }
  });
  port.postMessage({ op: 'ready', url: server.url });
} catch (err) {
  port.postMessage({ op: 'failed', message: (err as Error).message });
}
