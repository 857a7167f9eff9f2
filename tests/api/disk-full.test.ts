import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/connection.ts';

// Issue 28's fault "the disk fills during a rebuild": the live site keeps serving, the rebuild
// fails with a clear message, and the next rebuild after space is freed succeeds. The site's
// folders live on a small ext4 file system of the test's own (a loop-mounted image; the test is
// skipped, saying why, where mounting is not permitted); the database and everything else stay on
// the ordinary disk. Over SQLite: the rebuild reads the catalogue over HTTP, so the engine does
// not matter to what it writes.

const ROOT = resolve(import.meta.dirname, '../..');
const EMAIL = 'disk.staff@example.com';
const PASSWORD = 'DiskFull!Staff-9';
const MB = 1024 * 1024;

let work = '';
let mnt = '';
let mounted = false;
let skipped = '';
let env: NodeJS.ProcessEnv;
let siteDir = '';
let server: ChildProcess | undefined;
let base = '';
let token = '';

interface Ran {
  code: number | null;
  output: string;
}

function run(script: string, args: string[] = [], extra: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...env, ...extra },
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

/** Every file of the live build with a digest of its bytes. */
function snapshot(): Map<string, string> {
  const root = realpathSync(siteDir);
  const files = new Map<string, string>();
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(join(dir, e.name), r);
      else
        files.set(
          r,
          createHash('sha256')
            .update(readFileSync(join(dir, e.name)))
            .digest('hex'),
        );
    }
  };
  walk(root, '');
  return files;
}

function freeBytes(): number {
  const s = statfsSync(mnt);
  return s.bavail * s.bsize;
}

/** Fills the small disk (as root, its reserved blocks too) but for about `leave` bytes. */
function fill(leave = 0): string {
  const file = join(mnt, `filler-${Date.now()}`);
  const fd = openSync(file, 'w');
  try {
    for (const size of [MB, 64 * 1024, 4096]) {
      const chunk = Buffer.alloc(size, 0x61);
      for (;;) {
        if (leave > 0 && freeBytes() - size < leave) break;
        try {
          writeSync(fd, chunk);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw err;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

/**
 * Waits until no rebuild holds the site's lock and the builds a rebuild replaced are deleted
 * (in the background, without the lock): room freed meanwhile would spoil a full disk.
 */
async function settled(): Promise<void> {
  const builds = `${siteDir}-builds`;
  const busy = () =>
    existsSync(join(builds, 'lock')) || (existsSync(builds) && readdirSync(builds).some((n) => n.startsWith('trash-')));
  for (let i = 0; i < 1200 && busy(); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

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

/** The first item with a page, and that page's path. */
async function someItemPage(): Promise<{ id: number; path: string }> {
  const sections = join(siteDir, 'app/section');
  const sid = readdirSync(sections)[0] as string;
  const db = readdirSync(join(sections, sid))[0] as string;
  return { id: Number(sid), path: `/app/section/${sid}/${db}/` };
}

async function retitle(id: number, title: string): Promise<void> {
  const db = openDb({ sqliteFile: join(env.DATA_DIR as string, 'aisle.db') });
  try {
    await db.db.updateTable('items').set({ title }).where('id', '=', id).execute();
  } finally {
    await db.close();
  }
}

/** What the builds folder holds besides the live build and its standby (a trusted copy). */
function unfinishedFolders(): string[] {
  const live = realpathSync(siteDir);
  const builds = `${siteDir}-builds`;
  const liveManifest = JSON.parse(
    readFileSync(join(builds, 'manifests', `${live.split('/').at(-1)}.json`), 'utf8'),
  ) as { buildId: string };
  return readdirSync(builds)
    .filter((n) => n !== 'manifests' && n !== 'lock' && join(builds, n) !== live)
    .filter((n) => {
      const m = join(builds, 'manifests', `${n}.json`);
      return (
        !existsSync(m) || (JSON.parse(readFileSync(m, 'utf8')) as { buildId: string }).buildId !== liveManifest.buildId
      );
    });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aisle-disk-full-'));
  mnt = join(work, 'disk');
  mkdirSync(mnt);
  const img = join(work, 'disk.img');
  try {
    execFileSync('truncate', ['-s', '96M', img]);
    execFileSync('mkfs.ext4', ['-q', '-F', img], { stdio: 'pipe' });
    execFileSync('mount', ['-o', 'loop', img, mnt], { stdio: 'pipe' });
    mounted = true;
  } catch (err) {
    skipped = `a loop-mounted file system could not be made here (${String((err as Error).message).split('\n')[0]}); run the suite as root on Linux to cause a full disk`;
    console.warn(`disk-full.test.ts skipped: ${skipped}`);
    return;
  }
  siteDir = join(mnt, 'site');
  env = {
    ...process.env,
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    PORT: '0',
    HOST: '127.0.0.1',
  };
  delete env.API_URL;
  delete env.DATABASE_URL;
  delete env.SITE_URL;
  const seeded = await run('scripts/db-seed.ts', ['--items', '40', '--seed', '3']);
  expect(seeded.code, seeded.output).toBe(0);
  const user = await run('scripts/user-add.ts', ['--email', EMAIL, '--password', PASSWORD, '--role', 'Employee']);
  expect(user.code, user.output).toBe(0);
  const first = await run('scripts/rebuild.ts');
  expect(first.code, first.output).toBe(0);
  await settled();

  server = spawn(process.execPath, [join(ROOT, 'scripts/serve.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
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
}, 300_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const gone = new Promise((r) => server?.once('close', r));
    server.kill('SIGTERM');
    await gone;
  }
  if (mounted) {
    await settled();
    for (let i = 0; i < 20; i++) {
      try {
        execFileSync('umount', [mnt], { stdio: 'pipe' });
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }
  if (work !== '') rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('a rebuild on a disk that fills', () => {
  it('fails an incremental rebuild on a full disk, saying so, and the live site keeps serving it unchanged', async (ctx) => {
    if (!mounted) return ctx.skip(skipped);
    const { id, path } = await someItemPage();
    const live = realpathSync(siteDir);
    const before = snapshot();
    const oldPage = await (await fetch(new URL(path, base))).text();
    await retitle(id, 'Disk Full Special Basmati');
    const filler = fill();
    try {
      const ran = await run('scripts/rebuild.ts');
      expect(ran.code, ran.output).toBe(1);
      expect(ran.output).toMatch(
        /rebuild failed: The disk holding \/\S+ is full: \d+\.\d MB free of \d+ MB \(.*ENOSPC/,
      );
      expect(ran.output).toContain(`the live site ${siteDir} is unchanged and still serving`);
      expect(ran.output).toContain('Free some space on that disk');
      // Live: the same build, every file byte for byte, and served.
      expect(realpathSync(siteDir)).toBe(live);
      expect(snapshot()).toEqual(before);
      const page = await fetch(new URL(path, base));
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(oldPage);
      expect(unfinishedFolders()).toEqual([]);
    } finally {
      rmSync(filler, { force: true });
    }
    const again = await run('scripts/rebuild.ts');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/Incremental rebuild: [1-9]\d* pages rendered/);
    expect(await (await fetch(new URL(path, base))).text()).toContain('Disk Full Special Basmati');
  }, 120_000);

  // On the main thread with the page writers (two cores' default), and on two rendering threads that write their pages.
  it.for(['1', '2'])(
    'fails a full rebuild that fills the disk half-way (rendering threads: %s), removes what it wrote, and the next one succeeds',
    { timeout: 300_000 },
    async (threads, ctx) => {
      if (!mounted) return ctx.skip(skipped);
      await settled();
      const { id, path } = await someItemPage();
      const live = realpathSync(siteDir);
      const before = snapshot();
      const title = `Half Way Full Jaggery ${threads}`;
      await retitle(id, title);
      // Room for the lock, the manifests and a few pages, not for a whole build.
      const filler = fill(512 * 1024);
      const freeBefore = freeBytes();
      try {
        const ran = await run('scripts/rebuild.ts', ['--full'], { AISLE_BUILD_THREADS: threads });
        expect(ran.code, ran.output).toBe(1);
        expect(ran.output).toMatch(/rendering every page/);
        expect(ran.output).toMatch(/rebuild failed: The disk holding \/\S+ is full: \d+\.\d MB free of \d+ MB/);
        // The pages in flight when the disk filled end before the build releases the catalogue they read.
        expect(ran.output).not.toContain('API_URL is not set');
        expect(ran.output).toContain('is unchanged and still serving');
        expect(realpathSync(siteDir)).toBe(live);
        expect(snapshot()).toEqual(before);
        const page = await fetch(new URL(path, base));
        expect(page.status).toBe(200);
        expect(await page.text()).not.toContain(title);
        // The half-written build is gone again: the disk has its room back.
        expect(unfinishedFolders()).toEqual([]);
        expect(freeBytes()).toBeGreaterThanOrEqual(freeBefore - 64 * 1024);
      } finally {
        rmSync(filler, { force: true });
      }
      const again = await run('scripts/rebuild.ts', ['--full'], { AISLE_BUILD_THREADS: threads });
      expect(again.code, again.output).toBe(0);
      await settled();
      expect(await (await fetch(new URL(path, base))).text()).toContain(title);
    },
  );

  it('shows the same message to staff when "Publish now" meets a full disk', async (ctx) => {
    if (!mounted) return ctx.skip(skipped);
    await settled();
    const { id, path } = await someItemPage();
    const live = realpathSync(siteDir);
    await retitle(id, 'Publish Now Full Disk Ghee');
    const filler = fill();
    type Status = { Build: { Running: boolean; Phase: string; Message: string }; LastBuild: { Status: string } | null };
    try {
      const pressed = await api<Status>('POST', '/api/Site/Publish');
      expect(pressed.status).toBe(202);
      let status = pressed.body;
      for (let i = 0; i < 600 && status.Build.Running; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await api<Status>('GET', '/api/Site/Status')).body;
      }
      expect(status.Build.Phase).toBe('failed');
      expect(status.Build.Message).toMatch(/The disk holding \/\S+ is full: \d+\.\d MB free of \d+ MB/);
      expect(status.LastBuild?.Status).toBe('failed');
      expect(realpathSync(siteDir)).toBe(live);
      expect((await fetch(new URL(path, base))).status).toBe(200);
    } finally {
      rmSync(filler, { force: true });
    }
    const again = await run('scripts/rebuild.ts');
    expect(again.code, again.output).toBe(0);
    expect(await (await fetch(new URL(path, base))).text()).toContain('Publish Now Full Disk Ghee');
  }, 120_000);
});
