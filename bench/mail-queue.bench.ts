// npm run bench:mail-queue [-- --mails N]
// The mail queue draining N queued mails into a real SMTP server on loopback (the tests' sink,
// tests/fixtures/smtp-sink.ts), on SQLite and on PostgreSQL (BENCH_PG_URL, else TEST_PG_URL, else
// the local server; skipped with a note when it does not answer): one sender, then two senders
// over separate connection pools (as two API processes). Prints mails/s and statements per mail.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createMailQueue, enqueueMail } from '../src/server/mail-queue.ts';
import { startSmtpSink } from '../tests/fixtures/smtp-sink.ts';

const { values } = parseArgs({ options: { mails: { type: 'string', default: '2000' } } });
const N = Number(values.mails);
const PG = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sink = await startSmtpSink();

async function bench(engine: 'sqlite' | 'postgres', senders: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-mail-'));
  let dbName = '';
  let url = '';
  if (engine === 'postgres') {
    dbName = `aisle_bench_mail_${process.pid}_${senders}`;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(PG);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const open = () => (engine === 'postgres' ? openDb({ databaseUrl: url }) : openDb({ sqliteFile: join(dir, 'a.db') }));
  const dbs = Array.from({ length: senders }, open);
  try {
    const first = dbs[0] as ReturnType<typeof open>;
    await migrateToLatest(first.db);
    const at = new Date().toISOString();
    for (let i = 0; i < N; i += 500) {
      await enqueueMail(
        first.db,
        Array.from({ length: Math.min(500, N - i) }, (_, k) => ({
          to: `shopper${i + k}@bench.test`,
          subject: `Your Aisle order ${i + k} is placed`,
          text: `Order ${i + k}\n`.repeat(20),
          html: `<p>Order ${i + k}</p>`.repeat(20),
          kind: 'order.placed',
        })),
        at,
      );
    }
    sink.messages = [];
    const queues = dbs.map((d) =>
      createMailQueue({ db: d.db, mail: { smtpUrl: sink.url, outboxDir: dir }, log: () => {} }),
    );
    const started = performance.now();
    const sent = (await Promise.all(queues.map((q) => q.drain()))).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;
    const unique = new Set(sink.messages.map((m) => m.messageId)).size;
    console.log(
      `${engine.padEnd(8)} senders=${senders} mails=${N} sent=${sent} received=${sink.messages.length} ` +
        `unique=${unique} time=${seconds.toFixed(2)} s rate=${Math.round(N / seconds)} mails/s`,
    );
  } finally {
    for (const d of dbs) await d.close();
    if (engine === 'postgres') {
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pgAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG, connectionTimeoutMillis: 2000 });
  c.on('error', () => {});
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

try {
  for (const senders of [1, 2]) await bench('sqlite', senders);
  if (await pgAnswers()) for (const senders of [1, 2]) await bench('postgres', senders);
  else console.log(`postgres skipped: nothing answers at ${PG}`);
} finally {
  await sink.close();
}
