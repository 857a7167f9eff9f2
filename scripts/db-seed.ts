// npm run db:seed -- --items N [--seed S]
// Replaces the catalogue with the deterministic demo catalogue: same N and S, same data.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedCatalogue } from '../src/server/db/seed.ts';

const USAGE =
  'Usage: npm run db:seed -- [--items N] [--seed S]   (N: 1 to 250000, default 2000; S: integer, default 1)';
const MAX_ITEMS = 250_000;

function fail(message: string): never {
  console.error(`db:seed: ${message}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(flag: string, raw: string | undefined, fallback: number, min: number, max: number, rule: string) {
  if (raw === undefined) return fallback;
  const text = raw.trim();
  const n = Number(text);
  if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    fail(`${flag} must be ${rule}, got "${raw}".`);
  }
  return n;
}

let values: { items?: string; seed?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { items: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail((err as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const items = wholeNumber('--items', values.items, 2000, 1, MAX_ITEMS, `a whole number from 1 to ${MAX_ITEMS}`);
const seed = wholeNumber('--seed', values.seed, 1, -(2 ** 53 - 1), 2 ** 53 - 1, 'a whole number (an integer)');

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db.db);
  const s = await seedCatalogue(db.db, db.dialect, {
    items,
    seed,
    contentDir: config.contentDir,
    log: (msg) => console.error(`db:seed: ${msg}`),
  });
  console.log(
    `Seeded ${db.dialect} with seed ${seed}: ${s.categories} categories, ${s.stores} stores, ${s.storeDbs} store databases, ` +
      `${s.sections} sections (${s.publishedSections} published), ${s.items} items, ${s.tiles} tiles ` +
      `from ${s.pictures} pictures in ${s.seconds.toFixed(1)} s.`,
  );
} catch (err) {
  console.error(`db:seed failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
