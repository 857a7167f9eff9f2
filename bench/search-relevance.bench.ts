// The API search's relevance and speed (issue 34), on SQLite and on PostgreSQL: the fixed
// queries of `search-queries.ts` over the demo catalogue, each asked of `GET /api/Search`
// (the app in-process, `app.request`: no network), counting a query a hit when an expected
// product is among the first 3 answers, per class and overall; then the server's time per
// query (p50/p95 over the set, after one warm pass) and the first page's size (20 hits,
// JSON, and gzipped as a CDN would send it).
//
//   npm run bench:search-relevance
//   npm run bench:search-relevance -- --items 100000 --engines sqlite,postgres --show-misses
//
// Each engine gets a throw-away database seeded with `--items` items and `--seed` (3).
// PostgreSQL: a new database on BENCH_PG_URL (default: the local one the tests use).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type { SearchAnswer } from '../src/lib/domain/search-results.ts';
import { normaliseText } from '../src/lib/domain/search-words.ts';
import { createApp, silentLogger } from '../src/server/app.ts';
import { type Db, openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedCatalogue } from '../src/server/db/seed.ts';
import { type QueryClass, RELEVANCE_QUERIES } from './search-queries.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '3' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    'show-misses': { type: 'boolean', default: false },
  },
});
const ITEMS = Number(values.items);
const SEED = Number(values.seed);
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (list: number[], p: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] as number;

async function openEngine(engine: string): Promise<{ db: Db; drop(): Promise<void> }> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-search-bench-'));
    const db = openDb({ sqliteFile: join(dir, 'aisle.db') });
    return { db, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `aisle_search_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString() });
  return {
    db,
    async drop() {
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

const holds = (title: string, phrase: string) => ` ${normaliseText(title)} `.includes(` ${normaliseText(phrase)} `);

async function run(engine: string): Promise<void> {
  const { db, drop } = await openEngine(engine);
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-search-bench-data-'));
  try {
    await migrateToLatest(db.db);
    const seedStart = performance.now();
    await seedCatalogue(db.db, db.dialect, { items: ITEMS, seed: SEED, contentDir: join(dataDir, 'content') });
    const seedMs = performance.now() - seedStart;
    const app = createApp({
      db: db.db,
      dialect: db.dialect,
      contentDir: join(dataDir, 'content'),
      jwtSecret: 'search-bench-secret-that-is-long-enough-0123456789',
      mail: { smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') },
      log: silentLogger,
    });
    const ask = async (q: string) => {
      const started = performance.now();
      const res = await app.request(`/api/Search?q=${encodeURIComponent(q)}`);
      const text = await res.text();
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${text}`);
      return { ms, text, answer: JSON.parse(text) as SearchAnswer };
    };
    for (const query of RELEVANCE_QUERIES) await ask(query.q);
    const byClass = new Map<QueryClass, { hits: number; all: number }>();
    const times: number[] = [];
    const sizes: number[] = [];
    const gzipped: number[] = [];
    const misses: string[] = [];
    for (const query of RELEVANCE_QUERIES) {
      const { ms, text, answer } = await ask(query.q);
      times.push(ms);
      sizes.push(Buffer.byteLength(text));
      gzipped.push(gzipSync(text).length);
      const top = answer.Hits.slice(0, 3).map((h) => h.ItemTitle);
      const hit = top.some((t) => query.expect.some((e) => holds(t, e)));
      const c = byClass.get(query.cls) ?? { hits: 0, all: 0 };
      c.all += 1;
      if (hit) c.hits += 1;
      else misses.push(`  ${query.cls} "${query.q}" → ${top.join(' | ') || '(nothing)'} (Total ${answer.Total})`);
      byClass.set(query.cls, c);
    }
    const hits = [...byClass.values()].reduce((s, c) => s + c.hits, 0);
    const line = [...byClass].map(([cls, c]) => `${cls} ${c.hits}/${c.all}`).join(', ');
    console.log(
      `${engine}, ${ITEMS} items (seed ${SEED}, seeded in ${(seedMs / 1000).toFixed(1)} s): top 3 ${hits}/${RELEVANCE_QUERIES.length} = ${((100 * hits) / RELEVANCE_QUERIES.length).toFixed(1)} % (${line})`,
    );
    console.log(
      `  server time per query p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; first page (20 hits) JSON p50 ${(pct(sizes, 50) / 1024).toFixed(1)} kB, max ${(Math.max(...sizes) / 1024).toFixed(1)} kB; gzipped p50 ${(pct(gzipped, 50) / 1024).toFixed(1)} kB, max ${(Math.max(...gzipped) / 1024).toFixed(1)} kB`,
    );
    if (values['show-misses'] && misses.length > 0) console.log(misses.join('\n'));
  } finally {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const engine of (values.engines ?? '').split(',')) await run(engine.trim());
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
