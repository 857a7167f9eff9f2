import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiThread, launchApiThread, startApi } from '../../src/publish/catalogue-source.ts';
import { API_WORKER_BUNDLE, freshBundle, writeBundle } from '../../src/publish/code-bundle.ts';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDb } from '../../src/server/db/connection.ts';
import { configuredDeps, listen } from '../../src/server/runtime.ts';
import { createTestDb } from './harness.ts';

// The rebuild's in-process API loads from one bundled file when it is up to date
// (src/publish/code-bundle.ts). The bundle is a cache: it must serve what the
// sources serve, count as stale when a file it was made from changes, and never
// stop a rebuild when it cannot run.

const ROOT = resolve(import.meta.dirname, '../..');
let work: string;
let config: ReturnType<typeof loadConfig>;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'aisle-api-bundle-'));
  const dataDir = join(work, 'data');
  const seeded = spawnSync(process.execPath, [join(ROOT, 'scripts/db-seed.ts'), '--items', '60', '--seed', '3'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, API_URL: '', DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(seeded.status, seeded.stderr).toBe(0);
  config = loadConfig({ DATA_DIR: dataDir });
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/**
 * What a rebuild reads first, from an API started with the bundle folder `dir` (on `thread`, when
 * started already, as `npm run rebuild` starts it); and what it logged.
 */
async function readThrough(dir: string, thread?: ApiThread): Promise<{ bodies: unknown[]; log: string[] }> {
  const log: string[] = [];
  const api = await startApi(config, (line) => log.push(line), dir, thread);
  try {
    const bodies = [];
    for (const path of ['/api/Category/ReadAll', '/api/Store/ReadAll', '/api/Item/ReadAll?limit=20']) {
      const res = await fetch(new URL(path, api.url));
      expect(res.status, path).toBe(200);
      bodies.push(await res.json());
    }
    return { bodies, log };
  } finally {
    await api.stop();
  }
}

describe('the API bundle', () => {
  it('is written after a rebuild found it missing, and then serves what the sources serve', async () => {
    const dir = join(work, 'cache-a');
    expect(freshBundle(API_WORKER_BUNDLE, dir)).toBeNull();
    const fromSources = await readThrough(dir);
    // Stopping the API wrote the bundle: the next start loads it.
    const bundle = freshBundle(API_WORKER_BUNDLE, dir);
    expect(bundle).toBe(join(dir, 'api-worker.mjs'));
    // A module finds files beside its source, bundled or not (the site builder finds scripts/rebuild.ts so).
    const text = readFileSync(bundle as string, 'utf8');
    expect(text).toContain(JSON.stringify(pathToFileURL(join(ROOT, 'src/server/catalogue/site-builder.ts')).href));
    const fromBundle = await readThrough(dir);
    expect(fromBundle.log.join('\n')).not.toContain('did not start');
    expect(fromBundle.bodies).toEqual(fromSources.bodies);
    expect((fromBundle.bodies[0] as unknown[]).length).toBeGreaterThan(0);
  }, 60_000);

  it("answers the build's reads with the whole API's bytes, and no other call", async () => {
    const dir = join(work, 'cache-e');
    await writeBundle(API_WORKER_BUNDLE, dir);
    // The build's API alone (catalogue-app.ts): neither the whole API nor the orders' and payments' code is in it.
    const stamp = JSON.parse(readFileSync(join(dir, 'api-worker.mjs.inputs.json'), 'utf8')) as {
      inputs: [string, number, number][];
    };
    const inputs = stamp.inputs.map(([file]) => file.slice(ROOT.length + 1));
    expect(inputs).toContain('src/server/catalogue-app.ts');
    expect(
      inputs.filter((f) => /^src\/server\/(app\.ts|routes\/(order|cart|payment)|payments\/|openapi\/)/.test(f)),
    ).toEqual([]);
    const db = openDb({ dataDir: config.dataDir });
    const whole = await listen(createApp(configuredDeps(config, db, silentLogger)), '127.0.0.1', 0);
    const api = await startApi(config, () => {}, dir);
    try {
      const answer = async (base: string, path: string) => {
        const res = await fetch(new URL(path, base));
        return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
      };
      for (const path of [
        '/api/Category/ReadAll',
        '/api/Store/ReadAll',
        '/api/Publisher/ReadAll',
        '/api/Item/ReadAll?limit=1000',
        '/api/Item/ReadAll?limit=5&dbId=1',
        '/api/Site/Changes',
      ]) {
        const ours = await answer(api.url, path);
        expect(ours.status, path).toBe(200);
        expect(ours, path).toEqual(await answer(whole.url, path));
      }
      const other = await answer(api.url, '/api/Order/AllOrders');
      expect(other.status).toBe(404);
      expect(JSON.parse(other.body)).toMatchObject({ Message: 'No API call answers GET /api/order/allorders.' });
    } finally {
      await api.stop();
      await whole.close();
      await db.close();
    }
  }, 60_000);

  it("stops esbuild's process once no bundle is being written, and starts it again for the next", async () => {
    // A full build writes the API's bundle as it starts rendering: esbuild's service (about 120 MB)
    // must not stay in the build's process tree to its end (issue 30: under 1.5 GiB at 250,000 items).
    const esbuildChildren = () =>
      readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
          try {
            const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
            const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('esbuild');
          } catch {
            return false;
          }
        });
    const [one, two] = [join(work, 'cache-f1'), join(work, 'cache-f2')];
    // Two at once: the first to finish leaves the service to the other.
    await Promise.all([writeBundle(API_WORKER_BUNDLE, one), writeBundle(API_WORKER_BUNDLE, two)]);
    expect(freshBundle(API_WORKER_BUNDLE, one)).not.toBeNull();
    expect(freshBundle(API_WORKER_BUNDLE, two)).not.toBeNull();
    expect(esbuildChildren()).toEqual([]);
    rmSync(join(one, 'api-worker.mjs.inputs.json'));
    await writeBundle(API_WORKER_BUNDLE, one);
    expect(freshBundle(API_WORKER_BUNDLE, one)).not.toBeNull();
    expect(esbuildChildren()).toEqual([]);
  }, 60_000);

  it('counts as stale when a file it was made from changed', async () => {
    const dir = join(work, 'cache-b');
    await writeBundle(API_WORKER_BUNDLE, dir);
    expect(freshBundle(API_WORKER_BUNDLE, dir)).not.toBeNull();
    const stampFile = join(dir, 'api-worker.mjs.inputs.json');
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { inputs: [string, number, number][] };
    const own = stamp.inputs.findIndex(([file]) => file.endsWith('src/server/catalogue-app.ts'));
    expect(own).toBeGreaterThanOrEqual(0);
    // As if catalogue-app.ts had been edited since: another modification time.
    (stamp.inputs[own] as [string, number, number])[2] -= 1000;
    writeFileSync(stampFile, JSON.stringify(stamp));
    expect(freshBundle(API_WORKER_BUNDLE, dir)).toBeNull();
  }, 60_000);

  it('that cannot run is set aside: the sources start the API and the bundle is written again', async () => {
    const dir = join(work, 'cache-c');
    await writeBundle(API_WORKER_BUNDLE, dir);
    writeFileSync(join(dir, 'api-worker.mjs'), "throw new Error('a damaged bundle');\n");
    expect(freshBundle(API_WORKER_BUNDLE, dir)).not.toBeNull();
    const { bodies, log } = await readThrough(dir);
    expect(log.join('\n')).toContain("the API's bundle did not start (a damaged bundle)");
    expect((bodies[0] as unknown[]).length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'api-worker.mjs'), 'utf8')).not.toContain('a damaged bundle');
    expect(freshBundle(API_WORKER_BUNDLE, dir)).not.toBeNull();
  }, 60_000);

  it('runs on a thread started before the settings were read, which waits for them', async () => {
    const dir = join(work, 'cache-e');
    await writeBundle(API_WORKER_BUNDLE, dir);
    const thread = launchApiThread(dir);
    expect(thread.bundled).toBe(true);
    // Its modules load meanwhile; it opens nothing and answers nothing before it has the settings.
    await new Promise((r) => setTimeout(r, 500));
    expect(thread.crashed).toBeNull();
    const { bodies, log } = await readThrough(dir, thread);
    expect(log.join('\n')).not.toContain('did not start');
    expect((bodies[1] as unknown[]).length).toBeGreaterThan(0);
  }, 60_000);

  it('set aside when its thread, started before the settings were read, failed meanwhile', async () => {
    const dir = join(work, 'cache-f');
    await writeBundle(API_WORKER_BUNDLE, dir);
    writeFileSync(join(dir, 'api-worker.mjs'), "throw new Error('a damaged bundle');\n");
    const thread = launchApiThread(dir);
    await new Promise((r) => thread.worker.once('exit', r));
    expect(thread.crashed?.message).toBe('a damaged bundle');
    const { bodies, log } = await readThrough(dir, thread);
    expect(log.join('\n')).toContain("the API's bundle did not start (a damaged bundle)");
    expect((bodies[0] as unknown[]).length).toBeGreaterThan(0);
    expect(freshBundle(API_WORKER_BUNDLE, dir)).not.toBeNull();
  }, 60_000);

  it('ends the thread started before the settings when they name an API elsewhere (API_URL)', async () => {
    const thread = launchApiThread(join(work, 'cache-a'));
    const exited = new Promise((r) => thread.worker.once('exit', r));
    const api = await startApi(
      loadConfig({ DATA_DIR: config.dataDir, API_URL: 'http://127.0.0.1:9' }),
      () => {},
      undefined,
      thread,
    );
    expect(api.url).toBe('http://127.0.0.1:9');
    await exited;
  }, 60_000);

  it('serves a PostgreSQL database and records the build there', async () => {
    const dir = join(work, 'cache-d');
    await writeBundle(API_WORKER_BUNDLE, dir);
    const testDb = await createTestDb('postgres');
    try {
      const seeded = spawnSync(process.execPath, [join(ROOT, 'scripts/db-seed.ts'), '--items', '30', '--seed', '4'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: testDb.dataDir, DATABASE_URL: testDb.url, API_URL: '' },
        encoding: 'utf8',
      });
      expect(seeded.status, seeded.stderr).toBe(0);
      const log: string[] = [];
      const startedAt = new Date().toISOString();
      const api = await startApi(
        loadConfig({ DATA_DIR: testDb.dataDir, DATABASE_URL: testDb.url }),
        (l) => log.push(l),
        dir,
      );
      try {
        const items = (await (await fetch(new URL('/api/Item/ReadAll?limit=5', api.url))).json()) as unknown[];
        expect(items.length).toBe(5);
        await api.claimRequest();
        await api.markBuilt(startedAt);
      } finally {
        await api.stop();
      }
      expect(log.join('\n')).not.toContain('did not start');
      const state = await testDb.db.selectFrom('site_state').selectAll().executeTakeFirst();
      expect(state?.last_build_status).toBe('succeeded');
      expect(new Date(state?.last_built_at as string).toISOString()).toBe(startedAt);
    } finally {
      await testDb.cleanup();
    }
  }, 60_000);
});
