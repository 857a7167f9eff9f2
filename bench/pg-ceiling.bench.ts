// What PostgreSQL itself can commit on this machine, with no Node at all: pgbench
// (C, from PostgreSQL's own packages) runs an order's statements against the shop's
// schema, seeded by the shop's own `db:seed`, at several connection counts.
//
//   npm run bench:pg-ceiling
//   npm run bench:pg-ceiling -- --clients 10,20,64 --seconds 8 --rounds 2
//
// Scripts (bench/pgbench/):
//   order-separate-statements.sql  the order's statements one statement each, as the shop sent them before: 7 + BEGIN/COMMIT
//   order-one-statement.sql   as it sends them now: order row, stock, then one statement with CTEs
//   order-minimal.sql         the least an order can be: take stock, insert an order row
// Needs `pgbench` on PATH and PostgreSQL at TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '10,20,64' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
  },
});
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCRIPTS = ['order-separate-statements', 'order-one-statement', 'order-minimal'];
const clientCounts = values.clients.split(',').map(Number);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

try {
  execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('bench:pg-ceiling needs pgbench (Debian: apt-get install -y postgresql-client); skipped.');
  process.exit(0);
}

const name = `aisle_pgceiling_${process.pid}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(PG_URL);
url.pathname = `/${name}`;
try {
  execFileSync(process.execPath, [join(ROOT, 'scripts/db-seed.ts'), '--items', '2000', '--seed', '1'], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: 'ignore',
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  // 64 customers with carts, and stock that never runs out.
  await db.query(`insert into users (email, password_hash, full_name, kind, security_stamp, created_at, updated_at)
    select 'bench' || g || '@example.com', 'x', 'Bench ' || g, 'user', 's', '2026-11-23', '2026-11-23'
    from generate_series(1, 64) g`);
  await db.query(`insert into carts (user_id, updated_at) select id, '2026-11-23' from users`);
  await db.query('update items set stock = 1000000000, hidden = 0');
  await db.end();
  const conf = await admin.query(
    "select name, setting from pg_settings where name in ('synchronous_commit', 'fsync', 'max_connections', 'shared_buffers')",
  );
  console.error(
    `bench:pg-ceiling on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
      conf.rows.map((r) => `${r.name}=${r.setting}`).join(', '),
  );
  const results = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const clients of clientCounts) {
      for (const script of SCRIPTS) {
        const out = execFileSync(
          'pgbench',
          [
            '-n',
            '-M',
            'prepared',
            '-c',
            String(clients),
            '-j',
            '2',
            '-T',
            String(seconds),
            '-f',
            join(ROOT, 'bench/pgbench', `${script}.sql`),
            url.toString(),
          ],
          { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
        );
        const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
        const key = `${script}|${clients}`;
        results.set(key, [...(results.get(key) ?? []), tps]);
        console.error(`  round ${round + 1}: ${script} at ${clients} connections: ${tps.toFixed(0)} orders/s`);
      }
    }
  }
  console.log('| statements of an order | connections | orders/s (median) |');
  console.log('|---|---:|---:|');
  for (const clients of clientCounts) {
    for (const script of SCRIPTS) {
      const list = [...(results.get(`${script}|${clients}`) ?? [])].sort((a, b) => a - b);
      console.log(`| ${script} | ${clients} | ${(list[Math.floor(list.length / 2)] ?? 0).toFixed(0)} |`);
    }
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
