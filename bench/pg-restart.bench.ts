// npm run bench:pg-restart [-- --processes 1 --clients 4 --seconds 12 --stop-at 3 --down 0]
//
// Issue 28's measurement, again: a shop on PostgreSQL taking orders from `--clients`
// clients, and the database restarted after `--stop-at` seconds (stopped as
// `pg_ctl stop -m fast` does, started again after `--down` seconds on the same data).
// The PostgreSQL is a throw-away embedded one of the bench's own; the shop is
// `scripts/serve.ts` in `--processes` child processes. Each client orders one item at a
// time with a new Idempotency-Key and sends it again, same key, to the next process after
// a 503 or a network error. Prints what the clients saw and checks every acknowledged
// order is in the database exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sellingPrice } from '../src/lib/domain/pricing.ts';
import { issueToken } from '../src/server/auth/tokens.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startEmbeddedPostgres } from '../tests/fixtures/test-postgres.ts';

const SECRET = 'pg-restart-bench-secret-that-is-long-enough-0123456789';
const SERVE = join(import.meta.dirname, '../scripts/serve.ts');
const TIMEOUT_MS = 10_000;

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1' },
    clients: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '12' },
    'stop-at': { type: 'string', default: '3' },
    down: { type: 'string', default: '0' },
  },
});
const processes = Number(values.processes);
const clients = Number(values.clients);
const seconds = Number(values.seconds);
const stopAt = Number(values['stop-at']);
const down = Number(values.down);

function startShop(url: string, dataDir: string, siteDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVE], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      JWT_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      OPEN_ORDERS_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /serving .* data at (http:\/\/\S+)/.exec(err);
      if (m?.[1] !== undefined) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${err}`)));
  });
}

async function main(): Promise<void> {
  const server = await startEmbeddedPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-pg-restart-'));
  const shops: Array<{ child: ChildProcess; url: string }> = [];
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database aisle_bench');
    await admin.end();
    const u = new URL(server.url);
    u.pathname = '/aisle_bench';
    const url = u.toString();
    const db = openDb({ databaseUrl: url, onConnectionError: () => {} });
    await migrateToLatest(db.db);
    const at = new Date().toISOString();
    await db.db.insertInto('categories').values({ title: 'Bench', updated_at: at }).execute();
    await db.db
      .insertInto('stores')
      .values({
        category_id: 1,
        title: 'Bench Store',
        description: '',
        type: 'public_store',
        hidden: 0,
        updated_at: at,
      })
      .execute();
    await db.db.insertInto('store_dbs').values({ store_id: 1, title: 'Bench', updated_at: at }).execute();
    const price = { unitPrice: 10_000, discountBps: 0, flatDiscount: 0, gstBps: 0 };
    await db.db
      .insertInto('items')
      .values({
        store_id: 1,
        db_id: 1,
        section_id: null,
        title: 'Bench Rice',
        meta_description: '',
        content: '',
        hidden: 0,
        stock: 10_000_000,
        size: '1 kg',
        unit_price: price.unitPrice,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 0,
        selling_price: sellingPrice(price),
        updated_at: at,
      })
      .execute();
    const accounts = await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const stamp = randomUUID();
        const row = await db.db
          .insertInto('users')
          .values({
            email: `restart${i}@aisle.test`,
            password_hash: 'not-a-password-hash',
            full_name: `Restart ${i}`,
            phone: '+91 98450 12345',
            address_line1: '12 Residency Road',
            address_line2: '',
            city: 'Bengaluru',
            state: 'Karnataka',
            postal_code: '560025',
            kind: 'user',
            email_confirmed: 1,
            security_stamp: stamp,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.db.insertInto('user_roles').values({ user_id: row.id, role: 'User' }).execute();
        const { token } = await issueToken(
          SECRET,
          { id: row.id, email: `restart${i}@aisle.test`, roles: ['User'], securityStamp: stamp },
          new Date(),
        );
        return { id: row.id, token };
      }),
    );
    for (let i = 0; i < processes; i++) {
      const siteDir = mkdtempSync(join(dataDir, `site-${i}-`));
      shops.push(await startShop(url, dataDir, siteDir));
    }

    const statuses = new Map<string, number>();
    const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
    const acks: Array<{ key: string; orderId: number; at: number }> = [];
    const unavailable: number[] = [];
    let slowest = 0;
    let running = true;
    const t0 = performance.now();
    const client = async (account: { id: number; token: string }, first: number) => {
      let turn = first;
      const body = JSON.stringify({
        CustomerID: account.id,
        CartID: account.id,
        CartItems: [{ ItemID: 1, StoreID: 1, Qty: 1, Staus: 'added' }],
      });
      while (running) {
        const key = randomUUID();
        for (;;) {
          const shop = shops[turn % shops.length] as { url: string };
          const started = performance.now();
          try {
            const res = await fetch(`${shop.url}/api/cart/CreateOrder`, {
              method: 'POST',
              headers: {
                Authorization: `Bearer ${account.token}`,
                'Content-Type': 'application/json',
                'Idempotency-Key': key,
              },
              body,
              signal: AbortSignal.timeout(TIMEOUT_MS),
            });
            const text = await res.text();
            slowest = Math.max(slowest, performance.now() - started);
            count(
              `${res.status}${res.status === 503 && res.headers.get('retry-after') !== null ? ' (Retry-After)' : ''}`,
            );
            if (res.status === 201) {
              acks.push({
                key,
                orderId: (JSON.parse(text) as { OrderID: number }).OrderID,
                at: performance.now() - t0,
              });
              break;
            }
            if (res.status !== 503) break;
            unavailable.push(performance.now() - t0);
          } catch (err) {
            count((err as Error).name === 'TimeoutError' ? 'timed out' : 'network error');
          }
          turn++;
          await sleep(200);
        }
      }
    };
    const runs = accounts.map((a, i) => client(a, i));
    await sleep(stopAt * 1000);
    const stopBegan = performance.now() - t0;
    await server.halt();
    const stoppedAt = performance.now() - t0;
    if (down > 0) await sleep(down * 1000);
    await server.resume();
    const startedAt = performance.now() - t0;
    // When each process answers /readyz 200 again.
    const readyAfter = await Promise.all(
      shops.map(async (shop) => {
        for (;;) {
          const r = await fetch(`${shop.url}/readyz`).catch(() => undefined);
          if (r?.status === 200) return performance.now() - t0 - startedAt;
          await sleep(20);
        }
      }),
    );
    await sleep(Math.max(0, seconds * 1000 - (performance.now() - t0)));
    running = false;
    await Promise.all(runs);

    const alive = shops.filter((s) => s.child.exitCode === null && s.child.signalCode === null).length;
    const rows = await db.db.selectFrom('orders').select(['id', 'idempotency_key']).execute();
    const byKey = new Map<string, number[]>();
    for (const r of rows) byKey.set(r.idempotency_key ?? '', [...(byKey.get(r.idempotency_key ?? '') ?? []), r.id]);
    const lost = acks.filter((a) => (byKey.get(a.key) ?? []).length === 0).length;
    const doubled = acks.filter((a) => (byKey.get(a.key) ?? []).length > 1).length;
    const firstAckAfter = acks.find((a) => a.at > stoppedAt)?.at;
    await db.close();

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(`PostgreSQL restart under orders (${cpus().length} cores, Node ${process.version})`);
    console.log(
      `  ${processes} API process(es), ${clients} clients, ${seconds} s; stop began at ${(stopBegan / 1000).toFixed(1)} s, ` +
        `database down at ${(stoppedAt / 1000).toFixed(1)} s, up again at ${(startedAt / 1000).toFixed(1)} s`,
    );
    console.log(`  answers: ${total} — ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    console.log(
      `  orders acknowledged: ${acks.length}; in the database: ${rows.length}; lost: ${lost}; doubled: ${doubled}`,
    );
    console.log(`  API processes alive at the end: ${alive} of ${processes}`);
    console.log(
      `  /readyz 200 again ${readyAfter.map((ms) => `${Math.round(ms)} ms`).join(', ')} after the database started; ` +
        `first order acknowledged after it was down at ${firstAckAfter === undefined ? '-' : `${(firstAckAfter / 1000).toFixed(2)} s`}; ` +
        `503s from ${unavailable.length === 0 ? '-' : `${(Math.min(...unavailable) / 1000).toFixed(2)} s to ${(Math.max(...unavailable) / 1000).toFixed(2)} s`}`,
    );
    console.log(`  slowest answer: ${Math.round(slowest)} ms`);
    if (alive !== processes || lost > 0 || doubled > 0 || rows.length !== acks.length) process.exitCode = 1;
  } finally {
    for (const shop of shops) shop.child.kill('SIGTERM');
    await sleep(300);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
