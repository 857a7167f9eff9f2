// `kill -9` of `npm run catalogue:import` while it writes: nothing of the import is kept (it is one
// transaction), nothing it held blocks the next run, and the next run imports the file whole.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

const SCRIPT = join(import.meta.dirname, '../../scripts/catalogue-import.ts');
// Enough rows that writing them takes seconds, so the kill lands inside the write transaction.
const ROWS = 30_000;

function start(db: TestDb, file: string): { child: ChildProcess; output: () => string; ended: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: db.dataDir };
  if (db.dialect === 'postgres') env.DATABASE_URL = db.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SCRIPT, file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, ended };
}

/**
 * Resolves once the import's transaction is under way: on SQLite its uncommitted pages have grown
 * the WAL by a megabyte; on PostgreSQL a session of the database has written (has a transaction id).
 */
async function writing(db: TestDb, ended: () => boolean, output: () => string): Promise<void> {
  const wal = `${db.url}-wal`;
  const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
  const baseline = walSize();
  const admin = db.dialect === 'postgres' ? new pg.Client({ connectionString: db.url }) : undefined;
  await admin?.connect();
  try {
    for (;;) {
      if (ended()) throw new Error(`the import ended before it was killed: ${output()}`);
      if (admin === undefined) {
        if (walSize() > baseline + 1_000_000) return;
      } else {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null`,
        );
        if ((rows[0]?.n ?? 0) > 0) {
          // Let it write a while longer inside that transaction.
          await new Promise((r) => setTimeout(r, 300));
          return;
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await admin?.end();
  }
}

async function counts(db: TestDb): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['items', 'stores', 'store_dbs', 'categories', 'audit_log'] as const) {
    const row = await db.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe.each(DIALECTS)('kill -9 during catalogue:import on %s', (dialect) => {
  let db: TestDb;
  let file: string;
  beforeAll(async () => {
    db = await createTestDb(dialect);
    file = join(db.dataDir, 'big.csv');
    const lines = ['ItemTitle,StoreTitle,CategoryTitle,UnitPrice,Gst'];
    for (let i = 0; i < ROWS; i++) lines.push(`Item ${i},Store ${i % 40},Category ${(i % 40) % 6},${(i % 900) + 10},5`);
    writeFileSync(file, `${lines.join('\n')}\n`);
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  it('keeps nothing of the killed import, and the next run imports every row', async () => {
    const before = await counts(db);
    const run = start(db, file);
    // Killed once its write transaction has written (and not committed) a good part of the rows.
    await writing(db, () => run.child.exitCode !== null || run.child.signalCode !== null, run.output);
    run.child.kill('SIGKILL');
    expect(await run.ended).toBe(null);
    expect(run.child.signalCode).toBe('SIGKILL');

    // Not one row of the import: no items, and none of the stores, databases or categories it made.
    expect(await counts(db)).toEqual(before);
    if (dialect === 'postgres') {
      // The killed process's session is gone with its transaction and locks (the server saw the socket close).
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      try {
        let left = -1;
        for (let i = 0; i < 100 && left !== 0; i++) {
          const { rows } = await admin.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
          );
          left = rows[0]?.n ?? 0;
          if (left !== 0) await new Promise((r) => setTimeout(r, 50));
        }
        expect(left).toBe(0);
      } finally {
        await admin.end();
      }
    }

    const again = start(db, file);
    expect(await again.ended, again.output()).toBe(0);
    expect(again.output()).toContain(`Created ${ROWS.toLocaleString('en-IN')} items, 40 stores`);
    const after = await counts(db);
    expect(after.items).toBe((before.items ?? 0) + ROWS);
    expect(after.stores).toBe((before.stores ?? 0) + 40);
    expect(after.categories).toBe((before.categories ?? 0) + 6);
    // SQLite: the file is whole (the killed writer's WAL frames were never committed).
    if (dialect === 'sqlite') {
      const { sql } = await import('kysely');
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
    }
  }, 180_000);
});
