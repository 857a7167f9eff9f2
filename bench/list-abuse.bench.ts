// Public lists with a bounded cost (issue 26, item 5): 8 clients loop the most expensive
// public list request the API accepts while one client reads single items
// (GET /api/Item/Read/{id}/{dbId}, what every item page asks); prints the reads' p50/p99.
//
//   npm run bench:list-abuse
//   npm run bench:list-abuse -- --engine postgres --items 100000 --seconds 20
//   npm run bench:list-abuse -- --root /path/to/another/checkout    (e.g. main, for "before")
//
// The server runs in a child process of its own, from the code under --root (default: this
// checkout), over a throw-away SQLite file or PostgreSQL database seeded with --items items
// by that checkout's seeder. "The most expensive request the API accepts" is measured, not
// guessed: every candidate below is timed alone on the idle server (median of 3), and the
// slowest one that answers 200 is the one the 8 clients loop. Loopback only.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Public list requests an attacker might loop; offsets, sorts, filters and counts at their worst. */
const CANDIDATES = [
  '/api/Item/ReadAll?page=1000000&limit=1000&filter=zz',
  '/api/Item/ReadAll?page=99&limit=1000&sort=SellingPrice&filter=a',
  '/api/Item/ReadAll?page=99&limit=1000&sort=-ItemTitle',
  '/api/Item/ReadAll?page=9&limit=1000&sort=-ItemTitle',
  '/api/Item/ReadAll?page=9&limit=1000&sort=SellingPrice',
  '/api/Item/ReadAll?page=9&limit=1000&sort=-Availability&storeId=1',
  '/api/Item/ReadAll?page=9&limit=1000&sort=-ItemUpdatedTime&dbId=1',
  '/api/Item/ReadAll?page=9&limit=1000&updatedSince=2000-01-01',
  '/api/Item/ReadAll?page=9&limit=1000&sort=ItemUpdatedTime&updatedSince=2000-01-01&storeId=1',
  '/api/Store/ReadAll?page=9&limit=1000&filter=a&sort=-StoreTitle',
  '/api/Publisher/ReadAll?page=9&limit=1000&filter=a&sort=-SectionTitle',
  '/api/Book/ReadAll?page=9&limit=1000&sort=-BookUpdatedTime',
];

const { values: opts } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    items: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '8' },
    root: { type: 'string' },
    serve: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
  strict: true,
});
const ROOT = resolve(opts.root ?? fileURLToPath(new URL('..', import.meta.url)));

/** `--serve`: seeds and serves the catalogue with the code under --root; prints {"url","sample"} when listening. */
async function serve(): Promise<void> {
  const from = (path: string) => import(pathToFileURL(join(ROOT, path)).href);
  const { openDb } = await from('src/server/db/connection.ts');
  const { migrateToLatest } = await from('src/server/db/migrate.ts');
  const { seedCatalogue } = await from('src/server/db/seed.ts');
  const { createApp, silentLogger } = await from('src/server/app.ts');
  const { listen } = await from('src/server/runtime.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-lists-'));
  const db =
    opts.url === undefined ? openDb({ sqliteFile: join(dataDir, 'aisle.db') }) : openDb({ databaseUrl: opts.url });
  await migrateToLatest(db.db);
  await seedCatalogue(db.db, db.dialect, {
    items: Number(opts.items),
    seed: 1,
    contentDir: join(dataDir, 'content'),
    log: () => {},
  });
  const sample = (await db.db.selectFrom('items').select(['id', 'db_id']).orderBy('id').execute()) as {
    id: number;
    db_id: number;
  }[];
  const app = createApp({
    db: db.db,
    dialect: db.dialect,
    contentDir: join(dataDir, 'content'),
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    mail: { smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') },
    log: silentLogger,
  });
  const server = await listen(app, '127.0.0.1', 0);
  const every = Math.max(1, Math.floor(sample.length / 2000));
  process.stdout.write(
    `${JSON.stringify({ url: server.url, sample: sample.filter((_, i) => i % every === 0).map((r) => [r.id, r.db_id]) })}\n`,
  );
  process.once('SIGTERM', () => {
    void server
      .close()
      .then(() => db.close())
      .then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

function startServer(
  url: string | undefined,
): Promise<{ child: ChildProcess; base: string; sample: [number, number][] }> {
  const args = [fileURLToPath(import.meta.url), '--serve', '--items', opts.items, '--root', ROOT];
  if (url !== undefined) args.push('--url', url);
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      const { url: base, sample } = JSON.parse(line) as { url: string; sample: [number, number][] };
      done({ child, base, sample });
    });
  });
}

async function timed(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(engine: 'sqlite' | 'postgres'): Promise<void> {
  let dbName: string | undefined;
  let url: string | undefined;
  if (engine === 'postgres') {
    dbName = `aisle_bench_lists_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const seeding = performance.now();
  const { child, base, sample } = await startServer(url);
  console.log(
    `\n${engine}: ${opts.items} items seeded and served in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  try {
    // Warm-up, then each candidate alone.
    for (let i = 0; i < 20; i++) await timed(`${base}/api/Item/Read/${sample[i]?.[0]}/${sample[i]?.[1]}`);
    let worst: { path: string; ms: number } | undefined;
    for (const path of CANDIDATES) {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await timed(base + path));
      const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[1] ?? 0;
      const status = runs[0]?.status ?? 0;
      console.log(`  alone ${String(status).padStart(3)} ${ms.toFixed(1).padStart(9)} ms  ${path}`);
      if (status === 200 && (worst === undefined || ms > worst.ms)) worst = { path, ms };
    }
    if (worst === undefined) throw new Error('no candidate answered 200');
    // The control: the same reads with no list running, on the machine as loaded as it is.
    const idle: number[] = [];
    for (let i = 0, end = performance.now() + 5000; performance.now() < end; i++) {
      const [id, dbId] = sample[i % sample.length] ?? [1, 1];
      idle.push((await timed(`${base}/api/Item/Read/${id}/${dbId}`)).ms);
    }
    idle.sort((a, b) => a - b);
    console.log(
      `  Item/Read alone: ${idle.length} reads, p50 ${pct(idle, 0.5).toFixed(1)} ms, p99 ${pct(idle, 0.99).toFixed(1)} ms`,
    );
    console.log(`  looping (${opts.clients} clients): ${worst.path}`);
    const until = performance.now() + Number(opts.seconds) * 1000;
    const statuses = new Map<number, number>();
    const listMs: number[] = [];
    const lists = Array.from({ length: Number(opts.clients) }, async () => {
      while (performance.now() < until) {
        const r = await timed(base + worst.path);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 200) listMs.push(r.ms);
        // A refused list (503) is retried at once: the attacker does not wait.
      }
    });
    const readMs: number[] = [];
    let readErrors = 0;
    const reader = (async () => {
      for (let i = 0; performance.now() < until; i++) {
        const [id, dbId] = sample[i % sample.length] ?? [1, 1];
        const r = await timed(`${base}/api/Item/Read/${id}/${dbId}`);
        if (r.status === 200) readMs.push(r.ms);
        else readErrors++;
      }
    })();
    await Promise.all([...lists, reader]);
    readMs.sort((a, b) => a - b);
    listMs.sort((a, b) => a - b);
    console.log(
      `  Item/Read: ${readMs.length} reads, p50 ${pct(readMs, 0.5).toFixed(1)} ms, p99 ${pct(readMs, 0.99).toFixed(1)} ms, max ${(readMs.at(-1) ?? 0).toFixed(1)} ms, ${readErrors} not 200`,
    );
    console.log(
      `  lists: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}; 200s p50 ${pct(listMs, 0.5).toFixed(1)} ms, p99 ${pct(listMs, 0.99).toFixed(1)} ms`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    if (dbName !== undefined) {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

if (opts.serve) {
  await serve();
} else {
  console.log(
    `list-abuse: code from ${ROOT}; ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
  );
  const engines = opts.engine === 'both' ? (['sqlite', 'postgres'] as const) : [opts.engine as 'sqlite' | 'postgres'];
  for (const engine of engines) await run(engine);
}
