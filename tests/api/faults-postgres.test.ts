// Faults caused on purpose (issue 28): PostgreSQL restarted while two API processes take
// orders, and PostgreSQL closing the pools' idle connections. The server is a throw-away
// embedded PostgreSQL of this suite's own (never the shared one), stopped as
// `pg_ctl stop -m fast` does and started again on the same data and port.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type RestartablePostgres, startEmbeddedPostgres } from '../fixtures/test-postgres.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { type ChildShop, startChildShop } from './child-shop.ts';
import { STAFF_JWT_SECRET } from './staff-helpers.ts';

const DATABASE = 'aisle_faults';
/** A client gives up on one request after this long (and counts it as a hang). */
const CLIENT_TIMEOUT_MS = 10_000;
const CLIENTS = 4;

/** The value of one sample in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const row = text.split('\n').find((r) => r.startsWith(`${series} `));
  return row === undefined ? undefined : Number(row.slice(series.length + 1));
}

interface Ack {
  key: string;
  userId: number;
  orderId: number;
}

interface Seen {
  acks: Ack[];
  /** Statuses of every answer, by status. */
  statuses: Map<number, number>;
  /** 503 answers without Retry-After (there must be none). */
  unavailableWithoutRetryAfter: number;
  /** Answers other than 201 and 503: status and body. */
  unexpected: string[];
  networkErrors: number;
  timeouts: number;
  slowestMs: number;
}

async function readyz(shop: ChildShop): Promise<{ status: number; retryAfter: string | null } | undefined> {
  try {
    const res = await fetch(`${shop.url}/readyz`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    await res.text();
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  } catch {
    return undefined;
  }
}

/** Polls `/readyz` until it answers `status`; answers every status seen on the way. */
async function waitForReadyz(shop: ChildShop, status: number, withinMs: number): Promise<number[]> {
  const seen: number[] = [];
  const end = Date.now() + withinMs;
  while (Date.now() < end) {
    const r = await readyz(shop);
    if (r !== undefined) {
      seen.push(r.status);
      if (r.status === 503) expect(r.retryAfter).toBe('2');
      if (r.status === status) return seen;
    }
    await sleep(50);
  }
  throw new Error(`/readyz of ${shop.url} did not answer ${status} within ${withinMs} ms (saw ${seen.join(', ')})`);
}

/** Waits until `done()` holds, or `withinMs` has passed. */
async function until(done: () => boolean, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs;
  while (!done() && Date.now() < end) await sleep(50);
}

describe('PostgreSQL faults with two API processes', () => {
  let server: RestartablePostgres;
  let url: string;
  let db: Db;
  let dataDir: string;
  let shops: ChildShop[] = [];
  let people: Customer[];

  beforeAll(async () => {
    server = await startEmbeddedPostgres();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const u = new URL(server.url);
    u.pathname = `/${DATABASE}`;
    url = u.toString();
    // The suite's own connections are cut by the restart too; it only reads after it.
    db = openDb({ databaseUrl: url, onConnectionError: () => {} });
    await migrateToLatest(db.db);
    await insertCatalogue(db.db);
    await db.db.updateTable('items').set({ stock: 1_000_000 }).where('id', '=', 1).execute();
    people = await addCustomers(
      db.db,
      STAFF_JWT_SECRET,
      new Date(),
      Array.from({ length: CLIENTS }, (_, i) => ({
        email: `fault${i}@aisle.test`,
        fullName: `Fault ${i}`,
        role: 'User' as const,
      })),
    );
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-faults-'));
    shops = await Promise.all(
      [0, 1].map((i) =>
        startChildShop({ dialect: 'postgres', dataDir, url }, `aisle-faults-${i}`, {
          OPEN_ORDERS_MAX: '1000000',
          DATABASE_POOL_MAX: '4',
        }),
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(shops.map((s) => s.stop()));
    await db?.close();
    await server?.stop();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * One client: places orders one after another, each with a new Idempotency-Key, and
   * sends an order again with the same key after a 503 or a network error, to the other
   * process (as a load balancer would), until it is acknowledged.
   */
  async function client(who: Customer, first: number, seen: Seen, running: () => boolean): Promise<void> {
    let turn = first;
    const body = JSON.stringify(cartBody(who, [line(1, 1, 1)]));
    while (running()) {
      const key = randomUUID();
      for (;;) {
        const shop = shops[turn % shops.length] as ChildShop;
        const started = performance.now();
        let res: Response;
        try {
          res = await fetch(`${shop.url}/api/cart/CreateOrder`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${who.token}`,
              'Content-Type': 'application/json',
              'Idempotency-Key': key,
            },
            body,
            signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
          });
        } catch (err) {
          if ((err as Error).name === 'TimeoutError') seen.timeouts++;
          else seen.networkErrors++;
          turn++;
          await sleep(100);
          continue;
        }
        const text = await res.text();
        seen.slowestMs = Math.max(seen.slowestMs, performance.now() - started);
        seen.statuses.set(res.status, (seen.statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          seen.acks.push({ key, userId: who.id, orderId: (JSON.parse(text) as { OrderID: number }).OrderID });
          break;
        }
        if (res.status === 503) {
          if (res.headers.get('retry-after') === null) seen.unavailableWithoutRetryAfter++;
          expect(JSON.parse(text).Message).toEqual(expect.any(String));
          turn++;
          await sleep(200);
          continue;
        }
        seen.unexpected.push(`${res.status} ${text.slice(0, 300)}`);
        break;
      }
    }
  }

  it('survives a restart during a run of orders: 503s with Retry-After, /readyz 503 then 200, every acknowledged order once', async () => {
    const seen: Seen = {
      acks: [],
      statuses: new Map(),
      unavailableWithoutRetryAfter: 0,
      unexpected: [],
      networkErrors: 0,
      timeouts: 0,
      slowestMs: 0,
    };
    let running = true;
    const clients = people.map((who, i) => client(who, i, seen, () => running));

    // Orders under way first (the processes warm up at their own pace on a busy machine).
    await until(() => seen.acks.length >= CLIENTS, 15_000);
    const before = seen.acks.length;
    expect(before).toBeGreaterThan(0);
    await server.halt();
    // Down: both processes say so, and keep answering.
    const downSeen = await Promise.all(shops.map((s) => waitForReadyz(s, 503, 10_000)));
    await sleep(1_500);
    const duringDown = seen.statuses.get(503) ?? 0;
    await server.resume();
    const upSeen = await Promise.all(shops.map((s) => waitForReadyz(s, 200, 20_000)));
    const afterRestart = seen.acks.length;
    await until(() => seen.acks.length >= afterRestart + CLIENTS, 15_000);
    running = false;
    await Promise.all(clients);

    // Both processes are still up.
    for (const shop of shops) {
      expect(shop.child.exitCode).toBeNull();
      expect(shop.child.signalCode).toBeNull();
    }
    for (const s of downSeen) expect(s.at(-1)).toBe(503);
    for (const s of upSeen) expect(s.at(-1)).toBe(200);
    // The outage was seen as 503s with Retry-After, never a 500 or a hang.
    expect(duringDown).toBeGreaterThan(0);
    expect(seen.unavailableWithoutRetryAfter).toBe(0);
    expect(seen.unexpected).toEqual([]);
    expect(seen.timeouts).toBe(0);
    expect(seen.slowestMs).toBeLessThan(CLIENT_TIMEOUT_MS);
    // Orders went on after the restart.
    expect(seen.acks.length).toBeGreaterThan(afterRestart);

    // Every acknowledged order exists exactly once, as acknowledged; nothing else was placed.
    const rows = await db.db
      .selectFrom('orders')
      .select(['id', 'user_id', 'idempotency_key'])
      .where('idempotency_key', 'is not', null)
      .execute();
    const byKey = new Map<string, typeof rows>();
    for (const r of rows)
      byKey.set(r.idempotency_key as string, [...(byKey.get(r.idempotency_key as string) ?? []), r]);
    for (const ack of seen.acks) {
      const found = byKey.get(ack.key) ?? [];
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ id: ack.orderId, user_id: ack.userId });
    }
    expect(rows).toHaveLength(seen.acks.length);
    expect(new Set(seen.acks.map((a) => a.orderId)).size).toBe(seen.acks.length);
    const lines = await db.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(lines.n)).toBe(seen.acks.length);

    // Each process counted the lost connections and its 503s.
    for (const shop of shops) {
      const text = await (await fetch(`${shop.url}/metrics`)).text();
      expect(sample(text, 'aisle_db_connection_errors_total')).toBeGreaterThan(0);
      expect(sample(text, 'aisle_db_up')).toBe(1);
    }
    console.log(
      `restart: ${seen.acks.length} orders acknowledged (${before} before the stop), ` +
        `statuses ${JSON.stringify(Object.fromEntries(seen.statuses))}, ${seen.networkErrors} network errors, ` +
        `slowest answer ${Math.round(seen.slowestMs)} ms`,
    );
  }, 60_000);

  it('survives the database closing idle connections (pg_terminate_backend)', async () => {
    const [who] = people as [Customer];
    // Warm both pools: each keeps idle connections after these.
    for (const shop of shops) {
      await Promise.all(
        Array.from({ length: 4 }, () => fetch(`${shop.url}/api/Item/Read/1/1?warm=1`).then((r) => r.text())),
      );
    }
    const errorsBefore = await Promise.all(
      shops.map(async (s) =>
        sample(await (await fetch(`${s.url}/metrics`)).text(), 'aisle_db_connection_errors_total'),
      ),
    );
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    let killed: number;
    try {
      const { rows } = await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = $1 and state = 'idle' and pid <> pg_backend_pid()`,
        [DATABASE],
      );
      killed = rows[0]?.n ?? 0;
    } finally {
      await admin.end();
    }
    expect(killed).toBeGreaterThanOrEqual(2);
    await sleep(300);

    // Each process dropped its dead connections and answers at once from new ones.
    for (const [i, shop] of shops.entries()) {
      const read = await fetch(`${shop.url}/api/Item/Read/1/1`);
      expect(read.status).toBe(200);
      const placed = await fetch(`${shop.url}/api/cart/CreateOrder`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${who.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': `idle-kill-${i}`,
        },
        body: JSON.stringify(cartBody(who, [line(1, 1, 1)])),
      });
      expect(placed.status).toBe(201);
      expect((await readyz(shop))?.status).toBe(200);
      expect(shop.child.exitCode).toBeNull();
    }
    const errorsAfter = await Promise.all(
      shops.map(async (s) =>
        sample(await (await fetch(`${s.url}/metrics`)).text(), 'aisle_db_connection_errors_total'),
      ),
    );
    // The kills were heard (and logged) by the processes whose connections they were.
    expect((errorsAfter[0] ?? 0) + (errorsAfter[1] ?? 0)).toBeGreaterThan(
      (errorsBefore[0] ?? 0) + (errorsBefore[1] ?? 0),
    );
  }, 30_000);
});
