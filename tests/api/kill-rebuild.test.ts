// `kill -9` of `npm run rebuild` mid-run, end to end over SQLite (the rebuild reads the catalogue
// over HTTP, so the engine does not matter; PostgreSQL's publish lock is an advisory lock that dies
// with the killed process's connection): the live site keeps serving a complete build, the lock
// the killed rebuild left names a dead process and does not block the next run, and the next run
// completes and publishes the change.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/connection.ts';

const ROOT = resolve(import.meta.dirname, '../..');

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

let work: string;
let env: NodeJS.ProcessEnv;
let siteDir: string;
let server: ChildProcess | undefined;
let base: string;
let itemId: number;
let itemPage: string;

function node(script: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
}

function finished(child: ChildProcess, onOutput?: (all: string) => void): Promise<Ran> {
  let output = '';
  const take = (d: Buffer) => {
    output += d.toString();
    onOutput?.(output);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return new Promise((done) => child.once('close', (code, signal) => done({ code, signal, output })));
}

const run = (script: string, args: string[] = []) => finished(node(script, args));

/** Renames the item in the database, as staff or an import would (the change feed notes it). */
async function rename(title: string): Promise<void> {
  const db = openDb({ dataDir: env.DATA_DIR as string, checkpointInBackground: false });
  try {
    await db.db.updateTable('items').set({ title }).where('id', '=', itemId).execute();
  } finally {
    await db.close();
  }
}

/** Starts a rebuild and kills it (SIGKILL) as soon as its output matches `when`. */
async function killedRebuild(when: RegExp): Promise<Ran> {
  const child = node('scripts/rebuild.ts');
  let killed = false;
  const ran = await finished(child, (all) => {
    if (!killed && when.test(all)) {
      killed = true;
      child.kill('SIGKILL');
    }
  });
  expect(ran.signal, ran.output).toBe('SIGKILL');
  return ran;
}

async function served(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(new URL(path, base));
  return { status: res.status, text: await res.text() };
}

/** Waits until no rebuild holds the site's lock. */
async function settled(): Promise<void> {
  for (let i = 0; i < 600 && existsSync(join(`${siteDir}-builds`, 'lock')); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aisle-kill-rebuild-'));
  siteDir = join(work, 'site');
  env = { ...process.env, DATA_DIR: join(work, 'data'), SITE_DIR: siteDir, PORT: '0', HOST: '127.0.0.1' };
  delete env.API_URL;
  delete env.DATABASE_URL;
  delete env.SITE_URL;
  const seeded = await run('scripts/db-seed.ts', ['--items', '30', '--seed', '3']);
  expect(seeded.code, seeded.output).toBe(0);
  const first = await run('scripts/rebuild.ts');
  expect(first.code, first.output).toBe(0);
  await settled();
  const dir = join(siteDir, 'app/section');
  const [sid] = readdirSync(dir);
  const [dbId] = readdirSync(join(dir, sid as string));
  itemId = Number(sid);
  itemPage = `/app/section/${sid}/${dbId}/`;
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
}, 400_000);

afterAll(async () => {
  server?.kill('SIGTERM');
  await settled();
  rmSync(work, { recursive: true, force: true });
});

describe('kill -9 during npm run rebuild', () => {
  it('killed while it renders: the old build keeps serving, and the next run takes over the lock and publishes', async () => {
    const live = realpathSync(siteDir);
    const before = await served(itemPage);
    expect(before.status).toBe(200);
    await rename('Killed While Rendering Tomato');
    await killedRebuild(/Build: rendering \d+\/\d+ pages/);

    // The link still names the complete build it named, which serves the old page whole.
    expect(realpathSync(siteDir)).toBe(live);
    const during = await served(itemPage);
    expect(during.status).toBe(200);
    expect(during.text).toBe(before.text);
    expect(during.text).not.toContain('Killed While Rendering Tomato');
    // The killed rebuild's lock is left behind, naming a process that is gone.
    const lock = readFileSync(join(`${siteDir}-builds`, 'lock'), 'utf8');
    expect(lock).toMatch(/^\d+ rebuild /);

    const again = await run('scripts/rebuild.ts');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/Incremental rebuild: \d+ pages rendered/);
    const after = await served(itemPage);
    expect(after.status).toBe(200);
    expect(after.text).toContain('Killed While Rendering Tomato');
    expect(existsSync(join(`${siteDir}-builds`, 'lock'))).toBe(false);
  }, 240_000);

  it('killed after the switch, while it indexes for search: the new build serves whole, and the next run completes', async () => {
    await rename('Killed While Indexing Tomato');
    await killedRebuild(/Build: indexing the item and section pages for search/);
    const page = await served(itemPage);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Killed While Indexing Tomato');
    expect(page.text).toContain('</html>');
    expect(existsSync(join(siteDir, 'pagefind/pagefind-entry.json'))).toBe(true);

    await rename('After The Kill Tomato');
    const again = await run('scripts/rebuild.ts');
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/search index of \d+ pages .* live/);
    const after = await served(itemPage);
    expect(after.text).toContain('After The Kill Tomato');
    // The search index is whole again: its entry lists the shard's files, each of which exists.
    const entry = JSON.parse(readFileSync(join(siteDir, 'pagefind/pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { hash: string }>;
    };
    for (const { hash } of Object.values(entry.languages)) {
      expect(existsSync(join(siteDir, `pagefind/pagefind.${hash}.pf_meta`))).toBe(true);
    }
  }, 240_000);
});
