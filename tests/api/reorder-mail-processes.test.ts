import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-processes.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line } from './cart-helpers.ts';

// Issue 33, item 4, across API processes on one PostgreSQL database: each process looks for
// the day's low-stock mails as it starts (as `npm start` does), and each store's goes out once.
// Orders placed through the processes' own door (`fast-orders.ts`) write their ledger rows.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };

describe('the low-stock mail with two API processes on postgres', () => {
  let t: AuthTestApp;
  let shopper: Customer;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    t = await createAuthTestApp('postgres');
    await insertCatalogue(t.db.db);
    [shopper] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Staff', role: 'Admin' },
    ])) as [Customer];
    await t.db.db.updateTable('items').set({ reorder_level: 500 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
    processes.push(...(await Promise.all([1, 2].map(() => startApiProcess(t.db.url)))));
  });
  afterAll(async () => {
    await Promise.all(processes.map(stopApiProcess));
    await closeTestDb(t.db);
  });

  it('queues one mail per store and staff address, whichever process looked first', async () => {
    expect(new Set(processes.map((p) => p.child.pid)).size).toBe(2);
    const reorderMails = () =>
      t.db.db.selectFrom('mail_queue').select(['to_address', 'subject']).where('kind', '=', 'stock.reorder').execute();
    // Both processes looked as they started; give the slower one time to finish its look.
    for (let i = 0; i < 50 && (await reorderMails()).length < 4; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    const mails = await reorderMails();
    expect(mails.map((m) => `${m.to_address} ${m.subject.replace(/ \(.*$/, '')}`).sort()).toEqual([
      'ravi@aisle.test Low stock at Clean Home: 1 item to reorder',
      'ravi@aisle.test Low stock at Green Grocer: 1 item to reorder',
      'sita@aisle.test Low stock at Clean Home: 1 item to reorder',
      'sita@aisle.test Low stock at Green Grocer: 1 item to reorder',
    ]);
    const claims = await t.db.db
      .selectFrom('reorder_mails')
      .select(['store_id', 'items'])
      .orderBy('store_id')
      .execute();
    expect(claims).toEqual([
      { store_id: 1, items: 1 },
      { store_id: 3, items: 1 },
    ]);
  });

  it("writes each line's ledger row when the processes' own door places orders", async () => {
    const answers = await Promise.all(
      processes.map(async (p) => {
        const res = await fetch(`${p.url}/api/cart/CreateOrder`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${shopper.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(cartBody(shopper, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)])),
        });
        expect(res.status).toBe(201);
        return (await res.json()) as OrderDto & { Orders: OrderDto[] };
      }),
    );
    // One order per store (issue 31): each line's row names its own store's order.
    const orderOf = (o: { Orders: OrderDto[] }, storeId: number) =>
      o.Orders.find((part) => part.OrderItems.some((l) => l.StoreID === storeId))?.OrderID;
    const rows = await t.db.db
      .selectFrom('stock_ledger')
      .select(['order_id', 'item_id', 'change', 'stock_before', 'stock_after', 'account_id'])
      .where('reason', '=', 'order')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => `${r.order_id}:${r.item_id}:${r.change}`).sort()).toEqual(
      answers
        .flatMap((o) => [`${orderOf(o, APPLE.store)}:${APPLE.id}:-2`, `${orderOf(o, SOAP.store)}:${SOAP.id}:-1`])
        .sort(),
    );
    // The two orders took Apple one after the other: 40 → 38 → 36.
    expect(
      rows.filter((r) => r.item_id === APPLE.id).map((r) => [r.stock_before, r.stock_after, r.account_id]),
    ).toEqual([
      [40, 38, shopper.id],
      [38, 36, shopper.id],
    ]);
  });
});
