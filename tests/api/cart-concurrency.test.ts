import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShortageDto } from '../../src/lib/domain/cart.ts';
import type { PlacedOrderDto } from '../../src/lib/domain/order-groups.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-processes.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type OrderAnswer = { status: number; body: PlacedOrderDto & { Shortages?: ShortageDto[] } };

const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };

async function setupShop(dialect: 'sqlite' | 'postgres', customers: number): Promise<[AuthTestApp, Customer[]]> {
  const t = await createAuthTestApp(dialect);
  await insertCatalogue(t.db.db);
  const people = await addCustomers(
    t.db.db,
    JWT_SECRET,
    t.clock.now,
    Array.from({ length: customers }, (_, i) => ({
      email: `shopper${i}@aisle.test`,
      fullName: `Shopper ${i}`,
      role: 'User' as const,
    })),
  );
  return [t, people];
}

async function setStock(t: AuthTestApp, id: number, stock: number): Promise<void> {
  await t.db.db.updateTable('items').set({ stock }).where('id', '=', id).execute();
}

/** What the database says was sold: per item, the units on order lines, and the stock left. */
async function ledger(t: AuthTestApp, id: number): Promise<{ ordered: number; stock: number; orders: number }> {
  const db = t.db.db;
  const lines = await db.selectFrom('order_lines').select('qty').where('item_id', '=', id).execute();
  const stock = (await db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const orders = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { ordered: lines.reduce((sum, l) => sum + l.qty, 0), stock, orders };
}

function tally(results: readonly OrderAnswer[]): Record<number, number> {
  const byStatus: Record<number, number> = {};
  for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
  return byStatus;
}

describe.each(DIALECTS)('concurrent orders in one process on %s', (dialect) => {
  let t: AuthTestApp;
  let shoppers: Customer[];
  beforeAll(async () => {
    [t, shoppers] = await setupShop(dialect, 200);
  });
  afterAll(() => closeTestDb(t.db));

  it('sells exactly the 50 in stock to 200 simultaneous orders', async () => {
    await setStock(t, APPLE.id, 50);
    const results = await Promise.all(
      shoppers.map(
        (s) =>
          send(t.app, 'POST', '/api/cart/CreateOrder', {
            token: s.token,
            json: cartBody(s, [line(APPLE.id, APPLE.store, 1)]),
          }) as Promise<OrderAnswer>,
      ),
    );
    expect(tally(results)).toEqual({ 201: 50, 409: 150 });
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.Shortages).toEqual([{ ItemID: 1, StoreID: 1, ItemTitle: 'Apple', Requested: 1, Available: 0 }]);
    }
    expect(await ledger(t, APPLE.id)).toEqual({ ordered: 50, stock: 0, orders: 50 });
  });

  it('never oversells with mixed quantities and lines in either order', async () => {
    await t.db.db.deleteFrom('order_lines').execute();
    await t.db.db.deleteFrom('orders').execute();
    await setStock(t, APPLE.id, 120);
    await setStock(t, SOAP.id, 90);
    const results = await Promise.all(
      shoppers.map((s, i) => {
        const apples = line(APPLE.id, APPLE.store, 1 + (i % 3));
        const soap = line(SOAP.id, SOAP.store, 1 + (i % 2));
        // Half list Soap first: the server still takes stock in ItemID order, so no deadlock.
        const lines = i % 2 === 0 ? [apples, soap] : [soap, apples];
        return send(t.app, 'POST', '/api/cart/CreateOrder', {
          token: s.token,
          json: cartBody(s, lines),
        }) as Promise<OrderAnswer>;
      }),
    );
    const statuses = tally(results);
    expect(Object.keys(statuses).sort()).toEqual(['201', '409']);
    const apple = await ledger(t, APPLE.id);
    const soap = await ledger(t, SOAP.id);
    expect(apple.stock).toBeGreaterThanOrEqual(0);
    expect(soap.stock).toBeGreaterThanOrEqual(0);
    expect(apple.ordered + apple.stock).toBe(120);
    expect(soap.ordered + soap.stock).toBe(90);
    // Every 201 is one group of two orders (one per store); every 409 left nothing behind.
    expect(apple.orders).toBe(2 * (statuses[201] ?? 0));
    // Two stores: each placed group holds one order per store, one line each (issue 31).
    const placed = results.filter((r) => r.status === 201).flatMap((r) => r.body.Orders);
    expect(placed.reduce((sum, o) => sum + (o.OrderItems.find((l) => l.ItemID === APPLE.id)?.Qty ?? 0), 0)).toBe(
      apple.ordered,
    );
    expect(placed).toHaveLength(2 * (statuses[201] ?? 0));
    expect(placed.every((o) => o.OrderItems.length === 1)).toBe(true);
    // Stock only goes down, so every refused order must still be uncoverable by what is left.
    results.forEach((r, i) => {
      if (r.status === 409) expect(apple.stock < 1 + (i % 3) || soap.stock < 1 + (i % 2), `order ${i}`).toBe(true);
    });
  });
});

describe('concurrent orders through three API processes sharing one PostgreSQL database', () => {
  let t: AuthTestApp;
  let shoppers: Customer[];
  const processes: ApiProcess[] = [];
  beforeAll(async () => {
    [t, shoppers] = await setupShop('postgres', 200);
    processes.push(...(await Promise.all([1, 2, 3].map(() => startApiProcess(t.db.url)))));
  });
  afterAll(async () => {
    await Promise.all(processes.map(stopApiProcess));
    await closeTestDb(t.db);
  });

  it('starts three separate processes on three ports', () => {
    expect(new Set(processes.map((p) => p.child.pid)).size).toBe(3);
    expect(new Set(processes.map((p) => p.url)).size).toBe(3);
  });

  it('sells exactly the 50 in stock to 200 simultaneous orders sent round-robin over HTTP', async () => {
    await setStock(t, APPLE.id, 50);
    const results = await Promise.all(
      shoppers.map(async (s, i): Promise<OrderAnswer> => {
        const base = processes[i % processes.length]?.url;
        const res = await fetch(`${base}/api/cart/CreateOrder`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(cartBody(s, [line(APPLE.id, APPLE.store, 1)])),
        });
        return { status: res.status, body: (await res.json()) as OrderAnswer['body'] };
      }),
    );
    expect(tally(results)).toEqual({ 201: 50, 409: 150 });
    expect(await ledger(t, APPLE.id)).toEqual({ ordered: 50, stock: 0, orders: 50 });
    const buyers = new Set(results.filter((r) => r.status === 201).map((r) => r.body.CustomerID));
    expect(buyers.size).toBe(50);
  });

  it('orders once for a key sent to all three processes at the same time', async () => {
    await setStock(t, SOAP.id, 10);
    const s = shoppers[0] as Customer;
    const results = await Promise.all(
      [0, 1, 2, 0, 1, 2].map(async (n) => {
        const res = await fetch(`${processes[n]?.url}/api/cart/CreateOrder`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${s.token}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': 'across-processes',
          },
          body: JSON.stringify(cartBody(s, [line(SOAP.id, SOAP.store, 4)])),
        });
        return { status: res.status, text: await res.text() };
      }),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    const soap = await ledger(t, SOAP.id);
    expect([soap.ordered, soap.stock]).toEqual([4, 6]);
  });
});
