// The shop as `npm run serve` runs it, in a child process of its own over a test database, so
// that its resident memory is the server's alone (read from /proc: these suites run on Linux).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestDb } from './harness.ts';
import { STAFF_JWT_SECRET } from './staff-helpers.ts';

const SERVE = join(import.meta.dirname, '../../scripts/serve.ts');

/** The shop's server in a child process. */
export interface ChildShop {
  child: ChildProcess;
  port: number;
  url: string;
  /** The child's temporary folder (`TMPDIR`), where an import's upload is written. */
  tmp: string;
  /** The (empty) site folder it serves. */
  siteDir: string;
  /** Stops the child and removes its folders. */
  stop(): Promise<void>;
}

/**
 * Starts `scripts/serve.ts` over `db` on a free port, with tokens signed by the staff test
 * secret; `env` adds to (or, with undefined, removes from) the child's environment.
 */
export async function startChildShop(
  db: Pick<TestDb, 'dialect' | 'dataDir' | 'url'>,
  prefix = 'aisle-child-shop',
  env: Record<string, string | undefined> = {},
): Promise<ChildShop> {
  const tmp = mkdtempSync(join(tmpdir(), `${prefix}-tmp-`));
  const siteDir = mkdtempSync(join(tmpdir(), `${prefix}-site-`));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: db.dataDir,
    JWT_SECRET: STAFF_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    SITE_DIR: siteDir,
    TMPDIR: tmp,
  };
  if (db.dialect === 'postgres') childEnv.DATABASE_URL = db.url;
  else delete childEnv.DATABASE_URL;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, [SERVE], { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /serving .* data at (http:\/\/\S+)/.exec(err);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
  return {
    child,
    port: Number(new URL(url).port),
    url,
    tmp,
    siteDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(tmp, { recursive: true, force: true });
      rmSync(siteDir, { recursive: true, force: true });
    },
  };
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Starts counting the peak afresh (Linux: "5" to clear_refs resets VmHWM); answers the resident size now. */
export function resetPeak(pid: number): number {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return memoryOf(pid).rss;
}
