import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../server/app.ts';
import { recordBuild } from '../server/catalogue/site-state.ts';
import type { Config } from '../server/config.ts';
import { createConfiguredApp, listen, openMigratedDb } from '../server/runtime.ts';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildResult {
  siteDir: string;
  apiUrl: string;
  seconds: number;
}

/**
 * Builds the static site from the API over HTTP: `config.apiUrl` when set,
 * otherwise an API started in-process on a free loopback port over the configured
 * database. The new site replaces `dist/` only once the build has completed, so a
 * failed build leaves the old site in place.
 */
export async function buildSite(config: Config, opts: { log?: (line: string) => void } = {}): Promise<BuildResult> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const started = performance.now();
  // The content a successful build shows is the catalogue as of its start.
  const startedAt = new Date().toISOString();
  let apiUrl = config.apiUrl;
  let stopApi = async () => {};
  let markBuilt = async () => {};
  if (apiUrl === undefined) {
    const db = await openMigratedDb(config);
    markBuilt = () =>
      recordBuild(db.db, {
        status: 'succeeded',
        startedAt,
        finishedAt: new Date().toISOString(),
        logTail: '',
      });
    const server = await listen(createConfiguredApp(config, db, silentLogger), '127.0.0.1', 0);
    apiUrl = server.url;
    stopApi = async () => {
      await server.close();
      await db.close();
    };
    log(`Build: API started in-process at ${apiUrl}`);
  } else {
    log(`Build: reading the API at ${apiUrl}`);
  }
  const siteDir = config.siteDir;
  // Beside the target, so the final rename stays on one file system.
  const tmpDir = `${siteDir}.build-${process.pid}`;
  rmSync(tmpDir, { recursive: true, force: true });
  const apiUrlBefore = process.env.API_URL;
  try {
    await reachable(apiUrl);
    process.env.API_URL = apiUrl;
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    const { build } = await import('astro');
    await build({ root: PROJECT_ROOT, outDir: tmpDir, logLevel: 'warn' });
    swapInto(tmpDir, siteDir);
    await markBuilt();
  } finally {
    // An in-process API is gone after this; child processes (a rebuild started from the admin) must not inherit its URL.
    if (apiUrlBefore === undefined) delete process.env.API_URL;
    else process.env.API_URL = apiUrlBefore;
    rmSync(tmpDir, { recursive: true, force: true });
    await stopApi();
  }
  const seconds = (performance.now() - started) / 1000;
  log(`Build: site written to ${siteDir} in ${seconds.toFixed(1)} s`);
  return { siteDir, apiUrl, seconds };
}

async function reachable(apiUrl: string): Promise<void> {
  try {
    const res = await fetch(new URL('/api/Category/ReadAll?limit=1', apiUrl));
    if (!res.ok) throw new Error(`answered ${res.status}`);
  } catch (err) {
    throw new Error(`The API at ${apiUrl} cannot be reached (${(err as Error).message}); the site was not built.`, {
      cause: err,
    });
  }
}

function swapInto(fresh: string, target: string): void {
  mkdirSync(dirname(target), { recursive: true });
  const old = `${target}.old-${process.pid}`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(fresh, target);
  rmSync(old, { recursive: true, force: true });
}

/** True when a built site is present. */
export function siteIsBuilt(config: Config): boolean {
  return existsSync(join(config.siteDir, 'index.html'));
}
