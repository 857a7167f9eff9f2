import { type ChildProcess, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../src/lib/domain/money.ts';
import { processStamp } from '../../src/publish/rebuild-lock.ts';
import { WARM_CHILD_ENV } from '../../src/publish/schedule.ts';

// `npm run rebuild -- --watch` as an operator runs it, over SQLite: a small catalogue built once,
// served by `npm run serve`, edited through the staff API while one long-lived process watches
// the change feed and publishes each change, and compared with what a full build makes of the
// same catalogue. (The rebuild reads the catalogue over HTTP; tests/api/rebuild.test.ts covers
// each run's output in depth.)

const ROOT = resolve(import.meta.dirname, '../..');
const EMAIL = 'watch.staff@example.com';
const PASSWORD = 'Watch!Staff-9';

let work: string;
let env: NodeJS.ProcessEnv;
let siteDir: string;
let server: ChildProcess | undefined;
let watcher: ChildProcess | undefined;
let base: string;
let token: string;
let log = '';

function node(script: string, args: string[] = [], extra: NodeJS.ProcessEnv = {}, group = false): ChildProcess {
  return spawn(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
}

function run(
  script: string,
  args: string[] = [],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; output: string }> {
  const child = node(script, args, extra);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

/** Waits until `check` holds, checking every 50 ms, for at most `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not happen within ${ms} ms; the watcher's log:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const runsEnded = () => log.match(/^Rebuild: run \d+ ended/gm)?.length ?? 0;

async function api<T>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? null : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface Item {
  ItemID: number;
  DbID: number;
  SectionID: number | null;
  ItemTitle: string;
  UnitPrice: number;
  SellingPrice: number;
}

/** Items with a page on the live site, in a stable order. */
async function itemsWithPages(): Promise<Item[]> {
  const items = (await (await fetch(new URL('/api/Item/ReadAll?limit=1000', base))).json()) as Item[];
  return items.filter((i) => {
    try {
      return statSync(join(siteDir, 'app/section', String(i.ItemID), String(i.DbID), 'index.html')).isFile();
    } catch {
      return false;
    }
  });
}

const pageOf = (i: Item) => join(siteDir, 'app/section', String(i.ItemID), String(i.DbID), 'index.html');
const bytes = (file: string) => readFileSync(realpathSync(file));

/** Every file of a built site, by path. */
function files(dir: string): string[] {
  const root = realpathSync(dir);
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(join(d, e.name), r);
      else out.push(r);
    }
  };
  walk(root, '');
  return out.sort();
}

/** A full build of the same catalogue into a folder of its own: the watcher's site must hold the very same files. */
async function expectSameAsFullBuild(): Promise<void> {
  const fullDir = join(work, 'full-site');
  const full = await run('scripts/rebuild.ts', ['--full'], { SITE_DIR: fullDir });
  expect(full.code, full.output).toBe(0);
  const watched = files(siteDir);
  expect(files(fullDir)).toEqual(watched);
  const differ = watched.filter((rel) => !bytes(join(siteDir, rel)).equals(bytes(join(fullDir, rel))));
  expect(differ).toEqual([]);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aisle-rebuild-watch-'));
  siteDir = join(work, 'site');
  env = { ...process.env, DATA_DIR: join(work, 'data'), SITE_DIR: siteDir, PORT: '0', HOST: '127.0.0.1' };
  delete env.API_URL;
  delete env.DATABASE_URL;
  delete env.SITE_URL;
  expect((await run('scripts/db-seed.ts', ['--items', '120', '--seed', '11'])).code).toBe(0);
  const user = await run('scripts/user-add.ts', ['--email', EMAIL, '--password', PASSWORD, '--role', 'Employee']);
  expect(user.code, user.output).toBe(0);
  const first = await run('scripts/rebuild.ts');
  expect(first.code, first.output).toBe(0);

  server = node('scripts/serve.ts');
  base = await new Promise<string>((done, fail) => {
    let seen = '';
    server?.stderr?.on('data', (d: Buffer) => {
      seen += d.toString();
      const url = /serving .* at (http:\/\/\S+)/.exec(seen)?.[1];
      if (url !== undefined) done(url);
    });
    server?.once('close', () => fail(new Error(`serve ended: ${seen}`)));
  });
  const res = await fetch(new URL('/token', base), {
    method: 'POST',
    body: new URLSearchParams({ username: EMAIL, password: PASSWORD, grant_type: 'password' }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;

  // The watcher and its rebuilding process in a process group of their own, stopped together.
  watcher = node('scripts/rebuild.ts', ['--watch'], {}, true);
  watcher.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  watcher.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  await until(() => runsEnded() >= 1, 60_000, "the watcher's first run");
}, 300_000);

afterAll(async () => {
  if (watcher?.pid !== undefined) {
    try {
      process.kill(-watcher.pid, 'SIGTERM');
      for (let i = 0; i < 300; i++) {
        process.kill(-watcher.pid, 0);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Still there after 30 s (the last test failed): ended for good.
      process.kill(-watcher.pid, 'SIGKILL');
    } catch {
      // The group has ended.
      writeFileSync(
        '/tmp/watcher-probe',
        `ended after ${Date.now() - ((globalThis as { probeT0?: number }).probeT0 ?? 0)} ms`,
      );
    }
  }
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

describe('npm run rebuild -- --watch', () => {
  it('publishes two changes in a row from one process, each site the very files a full build makes', async () => {
    expect(log).toContain('as soon as the catalogue changes, in one long-lived process');
    const [a, b] = await itemsWithPages();
    if (a === undefined || b === undefined) throw new Error('no two items with pages');

    const price = await api<Item>('PATCH', `/api/Item/Edit/${a.ItemID}`, { UnitPrice: a.UnitPrice + 123 });
    expect(price.status).toBe(200);
    const runs = runsEnded();
    await until(() => bytes(pageOf(a)).includes(formatRupees(price.body.SellingPrice)), 30_000, 'the new price');
    await until(() => runsEnded() > runs, 30_000, 'the end of that run');
    await expectSameAsFullBuild();

    const title = `Watched title ${Date.now()}`;
    expect((await api<Item>('PATCH', `/api/Item/Edit/${b.ItemID}`, { ItemTitle: title })).status).toBe(200);
    const again = runsEnded();
    await until(() => bytes(pageOf(b)).includes(title), 30_000, 'the new title');
    await until(() => runsEnded() > again, 30_000, 'the end of that run');
    await expectSameAsFullBuild();

    // One process did it all: the API started once, the changed pages rendered by the kept renderer in-process.
    expect(log.match(/API started in-process/g)?.length).toBe(1);
    expect(log.match(/Catalogue: 1 item changed in place since the last build/g)?.length).toBeGreaterThanOrEqual(2);
    expect(log).toContain("rendered with the last full build's compiled renderer");
  }, 240_000);

  it('keeps the items it read between runs: edits in one section, a hidden item and a move, each as a full build makes it', async () => {
    // A store database with two items filed in one section and a third in another.
    const items = await itemsWithPages();
    const pick = items
      .map((p) => {
        const [q] = items.filter((i) => i.DbID === p.DbID && i.SectionID === p.SectionID && i.ItemID !== p.ItemID);
        const r = items.find((i) => i.DbID === p.DbID && i.SectionID !== null && i.SectionID !== p.SectionID);
        return p.SectionID === null || q === undefined || r === undefined ? null : { p, q, r };
      })
      .find((x) => x !== null);
    if (pick === undefined || pick === null) throw new Error('no store database with two sections and three items');
    const { p, q, r } = pick;
    const lastRead = () => log.match(/^Catalogue: \d+ items? changed in place.*$/gm)?.at(-1) ?? '';
    const edit = async (item: Item, change: Partial<Item> & { ItemHidden?: boolean }) => {
      const runs = runsEnded();
      expect((await api<Item>('PATCH', `/api/Item/Edit/${item.ItemID}`, change)).status).toBe(200);
      await until(() => runsEnded() > runs, 30_000, `the run after editing item ${item.ItemID}`);
    };
    const keptRead = / in 0 API requests \(\d+ items kept in this process\)/;

    // The first edit in the section reads its items; the second reads none: the feed names the one that changed.
    await edit(p, { ItemTitle: `Kept title ${Date.now()}` });
    const title = `Kept title ${Date.now()}`;
    await edit(q, { ItemTitle: title });
    expect(bytes(pageOf(q)).includes(title)).toBe(true);
    expect(lastRead()).toMatch(keptRead);
    await expectSameAsFullBuild();

    // Hidden: every page that listed it shows it no more.
    await edit(r, { ItemHidden: true });
    await expectSameAsFullBuild();

    // Moved to another section (the feed asks for a whole read, and what was kept is forgotten).
    await edit(p, { SectionID: r.SectionID });
    await expectSameAsFullBuild();

    // Read again after the move, then kept again: the next edit of that section reads nothing.
    const after = `After the move ${Date.now()}`;
    await edit(q, { ItemTitle: after });
    expect(bytes(pageOf(q)).includes(after)).toBe(true);
    expect(lastRead()).not.toMatch(keptRead);
    await edit(q, { UnitPrice: q.UnitPrice + 11 });
    expect(lastRead()).toMatch(keptRead);
    await expectSameAsFullBuild();
  }, 600_000);

  it('goes on after a run that failed, and publishes the change on its next try', async () => {
    const [, , c] = await itemsWithPages();
    if (c === undefined) throw new Error('no third item with a page');
    // The standby copy the next run writes into is broken: the changed page's file is a folder there.
    const builds = `${siteDir}-builds`;
    const live = realpathSync(siteDir);
    const standby = readdirSync(builds)
      .filter((n) => /^site-\d+$/.test(n))
      .map((n) => join(builds, n))
      .find((d) => d !== live) as string;
    const rel = `app/section/${c.ItemID}/${c.DbID}/index.html`;
    rmSync(join(standby, rel));
    mkdirSync(join(standby, rel, 'blocked'), { recursive: true });

    const edited = await api<Item>('PATCH', `/api/Item/Edit/${c.ItemID}`, { UnitPrice: c.UnitPrice + 77 });
    expect(edited.status).toBe(200);
    await until(() => log.includes('Rebuild: that run failed:'), 30_000, 'the failed run');
    expect(realpathSync(siteDir)).toBe(live);
    // Tried again (10 s later) with a standby copied afresh from the live build.
    await until(() => bytes(pageOf(c)).includes(formatRupees(edited.body.SellingPrice)), 60_000, 'the next try');
    expect(watcher?.exitCode).toBeNull();
  }, 120_000);

  it('does not run while another builder holds the site, and publishes once it is done', async () => {
    const [, , , d] = await itemsWithPages();
    if (d === undefined) throw new Error('no fourth item with a page');
    // Another builder (this test's process, as a rebuild writes its lock) takes the site's lock once it is free.
    const lock = join(`${siteDir}-builds`, 'lock');
    const take = () => {
      try {
        writeFileSync(lock, `${process.pid} rebuild ${processStamp(process.pid)}`, { flag: 'wx' });
        return true;
      } catch {
        return false;
      }
    };
    await until(take, 60_000, 'the lock let go by the last run');
    const before = bytes(pageOf(d));
    try {
      const title = `Held title ${Date.now()}`;
      expect((await api<Item>('PATCH', `/api/Item/Edit/${d.ItemID}`, { ItemTitle: title })).status).toBe(200);
      await until(() => log.includes('Rebuild: another builder is at work'), 30_000, 'the watcher finding the lock');
      await new Promise((r) => setTimeout(r, 2_000));
      expect(bytes(pageOf(d)).equals(before)).toBe(true);
      rmSync(lock);
      await until(() => bytes(pageOf(d)).includes(title), 30_000, 'the change once the lock was let go');
    } finally {
      rmSync(lock, { force: true });
    }
  }, 120_000);

  it('starts again with the new code when a file of its code changed', async () => {
    const [, , , , e] = await itemsWithPages();
    if (e === undefined) throw new Error('no fifth item with a page');
    // The same bytes with a new time: the bundles' stamps no longer match, the code fingerprint stays.
    const started = log.match(/API started in-process/g)?.length ?? 0;
    const source = join(ROOT, 'src/publish/warm-rebuilds.ts');
    const now = new Date();
    utimesSync(source, now, now);
    const edited = await api<Item>('PATCH', `/api/Item/Edit/${e.ItemID}`, { UnitPrice: e.UnitPrice + 55 });
    expect(edited.status).toBe(200);
    await until(
      () => log.includes('Rebuild: the code changed; starting again with the new code.'),
      30_000,
      'the reload',
    );
    await until(() => bytes(pageOf(e)).includes(formatRupees(edited.body.SellingPrice)), 90_000, 'the change');
    // A new process: its own API thread, and the bundles made again from the code as it is now.
    expect(log.match(/API started in-process/g)?.length).toBe(started + 1);
    expect(log).toContain('Rebuild: bundling rebuild.mjs before the first run ...');
    expect(watcher?.exitCode).toBeNull();
  }, 150_000);

  it('ends on SIGTERM to its process group, its rebuilding process with it, even right after a reload', async () => {
    const pid = watcher?.pid;
    if (pid === undefined) throw new Error('no watcher');
    const exited = new Promise<number | null>((done) => watcher?.once('exit', (code) => done(code)));
    process.kill(-pid, 'SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'still running'>((r) => setTimeout(() => r('still running'), 30_000)),
    ]);
    expect(code).toBe(0);
    // The rebuilding process (a process group of its own) ended too: no process runs the watcher's child.
    const children = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          const environ = readFileSync(`/proc/${d}/environ`, 'latin1');
          return environ.includes(`${WARM_CHILD_ENV}=1`) && environ.includes(work);
        } catch {
          return false;
        }
      });
    expect(children).toEqual([]);
  }, 60_000);
});
