import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-processes.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line } from './cart-helpers.ts';

// Issue 32, item 2, across two API processes on one PostgreSQL database, each running its
// pg-boss worker as `npm start` does: every unpaid hold is let go exactly once, whichever
// process placed the order and whichever fetched the job (stock ledger rows, mails).
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };
const GROUPS = 6;

describe('payment holds with two API processes on postgres', () => {
  let t: AuthTestApp;
  let shoppers: Customer[];
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    t = await createAuthTestApp('postgres');
    await insertCatalogue(t.db.db);
    shoppers = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: GROUPS }, (_, i) => ({
        email: `shopper${i}@aisle.test`,
        fullName: `Shopper ${i}`,
        role: 'User' as const,
      })),
    );
    await t.db.db.updateTable('items').set({ stock: 100 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
    const env = { PAYMENTS_TEST: '1', PAYMENT_HOLD_SECONDS: '2' };
    processes.push(...(await Promise.all([1, 2].map(() => startApiProcess(t.db.url, env)))));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(processes.map(stopApiProcess));
    await closeTestDb(t.db);
  });

  it('cancels each unpaid group once: one ledger row per line, one mail per order', async () => {
    const placed = await Promise.all(
      shoppers.map(async (shopper, i) => {
        const p = processes[i % 2] as ApiProcess;
        const res = await fetch(`${p.url}/api/cart/CreateOrder`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${shopper.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            ...cartBody(shopper, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)]),
            PaymentMethod: 'Test',
          }),
        });
        expect(res.status).toBe(201);
        return (await res.json()) as OrderDto & { Orders: OrderDto[] };
      }),
    );
    const ids = placed.flatMap((p) => p.Orders.map((o) => o.OrderID));
    expect(ids).toHaveLength(GROUPS * 2);
    const stock = async () =>
      (
        await t.db.db.selectFrom('items').select('stock').where('id', 'in', [APPLE.id, SOAP.id]).orderBy('id').execute()
      ).map((r) => r.stock);
    expect(await stock()).toEqual([100 - 2 * GROUPS, 100 - GROUPS]);
    const cancelled = () =>
      t.db.db.selectFrom('orders').select('id').where('id', 'in', ids).where('status', '=', 'Cancelled').execute();
    for (let i = 0; i < 100 && (await cancelled()).length < ids.length; i++)
      await new Promise((r) => setTimeout(r, 100));
    // Give a second run of any job, or the other process's sweep, time to do harm.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await cancelled()).toHaveLength(ids.length);
    expect(await stock()).toEqual([100, 100]);
    const ledger = await t.db.db
      .selectFrom('stock_ledger')
      .select(['order_id'])
      .where('reason', '=', 'cancellation')
      .where('order_id', 'in', ids)
      .execute();
    expect(ledger).toHaveLength(ids.length);
    const mails = await t.db.db.selectFrom('mail_queue').select('subject').where('kind', '=', 'order.status').execute();
    expect(mails).toHaveLength(ids.length);
    const moves = await t.db.db
      .selectFrom('order_moves')
      .select('reason')
      .where('order_id', 'in', ids)
      .where('to_status', '=', 'Cancelled')
      .execute();
    expect(moves.map((m) => m.reason)).toEqual(ids.map(() => 'payment not received'));
    // Each hold's end was one pg-boss job, in pg-boss's own schema, run to completion once.
    const jobs = await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from aisle_jobs.job where name = 'payment-hold-end' group by state`.execute(
      t.db.db,
    );
    expect(jobs.rows).toEqual([{ state: 'completed', n: GROUPS }]);
  }, 60_000);
});
