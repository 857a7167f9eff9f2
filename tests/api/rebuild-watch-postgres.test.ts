import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestartablePostgres, startEmbeddedPostgres } from '../fixtures/test-postgres.ts';

// `npm run rebuild -- --watch` over PostgreSQL, as an operator runs it: a small catalogue
// seeded and built once, then one long-lived process watching it while the catalogue is edited
// by plain SQL (any writer: the feed's triggers note it, migration 0460's trigger sends the
// notice). The watcher's guard poll is set to ten minutes (`AISLE_WATCH_FALLBACK_MS`), so a
// change live within seconds was woken by PostgreSQL's notice. The server is a throw-away
// embedded PostgreSQL of this suite's own, stopped and started again on the same data and
// port to check that the watcher listens again after a restart.

const ROOT = resolve(import.meta.dirname, '../..');
const DATABASE = 'aisle_watch_notices';
const TEN_MINUTES = '600000';

let server: RestartablePostgres;
let url: string;
let work: string;
let siteDir: string;
let env: NodeJS.ProcessEnv;
let watcher: ChildProcess | undefined;
let log = '';

function run(script: string, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

/** Waits until `check` holds, checking every 20 ms, for at most `ms`; answers the milliseconds it took. */
async function until(check: () => boolean, ms: number, what: string): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`${what} did not happen within ${ms} ms; the watcher's log:\n${log}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

async function sqlOnce<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const pageOf = (i: { id: number; db_id: number }) =>
  join(siteDir, 'app/section', String(i.id), String(i.db_id), 'index.html');
const pageHas = (file: string, text: string) => {
  try {
    return readFileSync(realpathSync(file), 'utf8').includes(text);
  } catch {
    return false;
  }
};

/** Items with a page on the live site. */
async function itemsWithPages(): Promise<{ id: number; db_id: number }[]> {
  const rows = await sqlOnce<{ id: number; db_id: number }>('select id, db_id from items order by id');
  return rows.filter((r) => {
    try {
      return statSync(pageOf(r)).isFile();
    } catch {
      return false;
    }
  });
}

beforeAll(async () => {
  server = await startEmbeddedPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const u = new URL(server.url);
  u.pathname = `/${DATABASE}`;
  url = u.toString();
  work = mkdtempSync(join(tmpdir(), 'aisle-watch-pg-'));
  siteDir = join(work, 'site');
  env = {
    ...process.env,
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    DATABASE_URL: url,
    AISLE_WATCH_FALLBACK_MS: TEN_MINUTES,
  };
  delete env.API_URL;
  delete env.SITE_URL;
  const seeded = await run('scripts/db-seed.ts', ['--items', '60', '--seed', '5']);
  expect(seeded.code, seeded.output).toBe(0);
  const first = await run('scripts/rebuild.ts');
  expect(first.code, first.output).toBe(0);

  // The watcher and its rebuilding process in a process group of their own, stopped together.
  watcher = spawn(process.execPath, [join(ROOT, 'scripts/rebuild.ts'), '--watch'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  watcher.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  watcher.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  await until(() => /^Rebuild: run 1 ended/m.test(log), 120_000, "the watcher's first run");
  await until(() => log.includes("Rebuild: listening for PostgreSQL's notices"), 30_000, 'the LISTEN');
}, 300_000);

afterAll(async () => {
  if (watcher?.pid !== undefined) {
    try {
      process.kill(-watcher.pid, 'SIGTERM');
      for (let i = 0; i < 300; i++) {
        process.kill(-watcher.pid, 0);
        await new Promise((r) => setTimeout(r, 100));
      }
      process.kill(-watcher.pid, 'SIGKILL');
    } catch {
      // The group has ended.
    }
  }
  await server?.stop();
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('npm run rebuild -- --watch over PostgreSQL', () => {
  it("publishes an edit made by plain SQL at PostgreSQL's notice, without waiting for the poll", async () => {
    const [a, b] = await itemsWithPages();
    if (a === undefined || b === undefined) throw new Error('no two items with pages');
    // Rolled back: no notice, nothing published.
    const rolledBack = `Rolled back ${Date.now()}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('begin');
    await client.query('update items set title = $1 where id = $2', [rolledBack, a.id]);
    await client.query('rollback');
    await client.end();

    for (const item of [a, b]) {
      const title = `Noticed ${item.id} ${Date.now()}`;
      await sqlOnce('update items set title = $1 where id = $2', [title, item.id]);
      // Ten minutes of guard poll: only the notice can make it live this soon.
      await until(() => pageHas(pageOf(item), title), 30_000, `the title of item ${item.id}`);
    }
    expect(pageHas(pageOf(a), rolledBack)).toBe(false);
    expect(log).toMatch(/Catalogue: 1 item changed in place since the last build/);
  }, 120_000);

  it('listens again after PostgreSQL restarts, and publishes the next edit at its notice', async () => {
    const [, , c] = await itemsWithPages();
    if (c === undefined) throw new Error('no third item with a page');
    await server.halt();
    await until(() => log.includes("Rebuild: lost PostgreSQL's notices"), 30_000, 'the lost connection');
    await server.resume();
    await until(
      () => log.includes("Rebuild: listening for PostgreSQL's notices of catalogue changes again."),
      60_000,
      'the LISTEN again',
    );
    const title = `After the restart ${Date.now()}`;
    await sqlOnce('update items set title = $1 where id = $2', [title, c.id]);
    // A run may fail once on the API thread's connections the restart cut; it is tried again 10 s later.
    await until(() => pageHas(pageOf(c), title), 60_000, 'the title after the restart');
    expect(watcher?.exitCode).toBeNull();
  }, 180_000);
});
