import type { Config } from '../server/config.ts';

/** The catalogue source: the API a rebuild reads, started in-process over the database when `API_URL` is unset. */

export interface Api {
  url: string;
  markBuilt(startedAt: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startApi(config: Config, log: (line: string) => void): Promise<Api> {
  if (config.apiUrl !== undefined) {
    log(`Build: reading the API at ${config.apiUrl}`);
    return { url: config.apiUrl, markBuilt: async () => {}, stop: async () => {} };
  }
  // The API's modules are loaded only when it runs here (a rebuild against `API_URL` needs none of them).
  const [{ silentLogger }, { recordBuild }, { createConfiguredApp, listen, openMigratedDb }] = await Promise.all([
    import('../server/app.ts'),
    import('../server/catalogue/site-state.ts'),
    import('../server/runtime.ts'),
  ]);
  const db = await openMigratedDb(config);
  try {
    const server = await listen(createConfiguredApp(config, db, silentLogger), '127.0.0.1', 0);
    log(`Build: API started in-process at ${server.url}`);
    return {
      url: server.url,
      markBuilt: (startedAt) =>
        recordBuild(db.db, { status: 'succeeded', startedAt, finishedAt: new Date().toISOString(), logTail: '' }),
      stop: async () => {
        await server.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
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
