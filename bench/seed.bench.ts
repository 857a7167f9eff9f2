// npm run bench:seed [-- --items N]
// Seeds the demo catalogue (100,000 items by default) into a fresh SQLite file and,
// when a PostgreSQL server is reachable, a fresh PostgreSQL database; then seeds
// again over it. Each engine runs in a child process of its own so that its peak
// RSS is its own. Prints time, rows/s and peak RSS; see bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Dialect, openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { type SeedSummary, seedCatalogue } from '../src/server/db/seed.ts';

/** The server to create throw-away databases on; the same default as the API tests. */
const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface RunResult {
  run: 'fresh' | 'reseed';
  summary: SeedSummary;
}

interface ChildResult {
  dialect: Dialect;
  runs: RunResult[];
  peakRssMb: number;
}

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    child: { type: 'string' },
    url: { type: 'string' },
  },
  strict: true,
});
const items = Number(values.items);
const seed = Number(values.seed);
if (!Number.isSafeInteger(items) || items < 1) {
  console.error(`bench:seed: --items must be a whole number of at least 1, got "${values.items}".`);
  process.exit(2);
}
if (!Number.isSafeInteger(seed)) {
  console.error(`bench:seed: --seed must be a whole number, got "${values.seed}".`);
  process.exit(2);
}

/** One engine, in this (child) process: a fresh database, one seed, then a reseed over it. */
async function runChild(dialect: Dialect, url: string | undefined): Promise<ChildResult> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-'));
  const db = dialect === 'sqlite' ? openDb({ sqliteFile: join(dir, 'aisle.db') }) : openDb({ databaseUrl: url });
  try {
    await migrateToLatest(db.db);
    const runs: RunResult[] = [];
    for (const run of ['fresh', 'reseed'] as const) {
      const summary = await seedCatalogue(db.db, dialect, {
        items,
        seed,
        contentDir: join(dir, 'content'),
        log: (msg) => console.error(`  ${dialect} ${run}: ${msg}`),
      });
      runs.push({ run, summary });
    }
    return { dialect, runs, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function spawnChild(dialect: Dialect, url?: string): ChildResult {
  const args = [process.argv[1] as string, '--child', dialect, '--items', String(items), '--seed', String(seed)];
  if (url) args.push('--url', url);
  const out = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as ChildResult;
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (err) {
    console.error(`PostgreSQL is not reachable at ${PG_ADMIN_URL} (${(err as Error).message}): skipped.`);
    return false;
  }
}

async function onAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function report(r: ChildResult): void {
  for (const { run, summary: s } of r.runs) {
    const rows = s.categories + s.stores + s.storeDbs + s.sections + s.publishedSections + s.items;
    console.log(
      [
        r.dialect.padEnd(8),
        run.padEnd(6),
        `${s.seconds.toFixed(1)} s`.padStart(8),
        `${Math.round(rows / s.seconds).toLocaleString('en-US')} rows/s`.padStart(16),
        `${Math.round(s.items / s.seconds).toLocaleString('en-US')} items/s`.padStart(17),
        `${s.tiles.toLocaleString('en-US')} tiles`.padStart(14),
        `${rows.toLocaleString('en-US')} rows`.padStart(14),
      ].join('  '),
    );
  }
  console.log(`${r.dialect.padEnd(8)}  peak RSS ${Math.round(r.peakRssMb)} MB`);
}

if (values.child !== undefined) {
  const dialect = values.child === 'postgres' ? 'postgres' : 'sqlite';
  const result = await runChild(dialect, values.url);
  console.log(JSON.stringify(result));
} else {
  const cpu = cpus();
  console.log(
    `Seeding ${items.toLocaleString('en-US')} items (seed ${seed}) on ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  );
  report(spawnChild('sqlite'));
  if (await postgresReachable()) {
    // The database is created and dropped here, after the child has exited and closed its connections.
    const name = `aisle_bench_${process.pid}`;
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await onAdmin(`create database ${name}`);
    try {
      report(spawnChild('postgres', url.toString()));
    } finally {
      await onAdmin(`drop database if exists ${name} with (force)`);
    }
  }
}
