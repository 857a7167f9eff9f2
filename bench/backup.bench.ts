// npm run bench:backup [-- --items N] [--orders N]
// Seeds the demo catalogue (2,000 items with their pictures by default) into a fresh SQLite
// DATA_DIR and, when a PostgreSQL server answers, a fresh PostgreSQL database; places orders
// straight in the database to give it some; then times `npm run db:backup` and `npm run
// db:restore` (the real scripts, in child processes) and prints the sizes. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Dialect, openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedCatalogue } from '../src/server/db/seed.ts';

const ROOT = resolve(import.meta.dirname, '..');
const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { values } = parseArgs({
  options: { items: { type: 'string', default: '2000' }, orders: { type: 'string', default: '20000' } },
  strict: true,
});
const items = Number(values.items);
const orders = Number(values.orders);

function timed(script: string, dir: string, env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  execFileSync(process.execPath, [join(ROOT, script), dir], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  return (performance.now() - started) / 1000;
}

async function bench(dialect: Dialect): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'aisle-bench-backup-'));
  const names: string[] = [];
  const database = async (): Promise<string | undefined> => {
    if (dialect === 'sqlite') return undefined;
    const name = `aisle_bench_backup_${process.pid}_${names.length}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    names.push(name);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    const sourceUrl = await database();
    const dataDir = join(work, 'data');
    const db = openDb({ databaseUrl: sourceUrl, dataDir });
    await migrateToLatest(db.db);
    await seedCatalogue(db.db, db.dialect, { items, seed: 1, contentDir: join(dataDir, 'content') });
    // Orders of one line each for a demo account, inserted in bulk: the backup copies rows, not HTTP.
    const now = new Date().toISOString();
    const user = await db.db
      .insertInto('users')
      .values({
        email: 'bench@aisle.test',
        password_hash: 'x',
        full_name: 'Bench',
        phone: '',
        address_line1: '',
        address_line2: '',
        city: '',
        state: '',
        postal_code: '',
        kind: 'user',
        email_confirmed: 1,
        security_stamp: 's',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db.db.selectFrom('items').select(['id']).limit(1).executeTakeFirstOrThrow();
    for (let done = 0; done < orders; done += 1000) {
      const batch = Array.from({ length: Math.min(1000, orders - done) }, () => ({
        user_id: user.id,
        status: 'Placed' as const,
        total: 10000 + item.id,
        idempotency_key: null,
        response: null,
        created_at: now,
        updated_at: now,
      }));
      await db.db.insertInto('orders').values(batch).execute();
    }
    await db.close();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.JWT_SECRET;
    if (sourceUrl === undefined) delete env.DATABASE_URL;
    else env.DATABASE_URL = sourceUrl;
    const dir = join(work, 'backup');
    const backupSeconds = timed('scripts/db-backup.ts', dir, env);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      database: { bytes: number };
      content: { bytes: number; sha256: string }[];
    };
    const distinct = new Map(manifest.content.map((f) => [f.sha256, f.bytes]));
    const targetUrl = await database();
    const restoreEnv: NodeJS.ProcessEnv = { ...env, DATA_DIR: join(work, 'restored') };
    if (targetUrl !== undefined) restoreEnv.DATABASE_URL = targetUrl;
    const restoreSeconds = timed('scripts/db-restore.ts', dir, restoreEnv);
    console.log(
      JSON.stringify({
        engine: dialect,
        items,
        orders,
        databaseMb: +(manifest.database.bytes / 1e6).toFixed(1),
        contentFiles: manifest.content.length,
        contentDistinctMb: +([...distinct.values()].reduce((a, b) => a + b, 0) / 1e6).toFixed(1),
        backupSeconds: +backupSeconds.toFixed(2),
        restoreSeconds: +restoreSeconds.toFixed(2),
      }),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    if (names.length > 0) {
      await admin.connect();
      for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
      await admin.end();
    }
  }
}

console.log(`# ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`);
await bench('sqlite');
const probe = new pg.Client({ connectionString: PG_ADMIN_URL });
const reachable = await probe.connect().then(
  () => true,
  () => false,
);
await probe.end().catch(() => {});
if (reachable) await bench('postgres');
else console.log('# PostgreSQL: no server answered; skipped.');
