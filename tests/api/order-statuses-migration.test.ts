import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer } from './cart-helpers.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

const AT = '2026-11-20T10:00:00.000Z';
const MOVED = '2026-11-20T11:00:00.000Z';

/**
 * Migration 0280 on a database that had orders under the old statuses: a Packed order
 * becomes Packing with its lines and slot kept, the audit log's moves become its
 * timeline, and the new CHECK takes the new statuses and refuses the old name.
 */
describe.each(DIALECTS)('migration 0280 (order statuses) on %s', (dialect) => {
  let t: TestDb;
  let asha: Customer;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestDb(dialect);
    const db = t.db;
    await insertCatalogue(db);
    [asha] = (await addCustomers(db, 'x'.repeat(32), new Date(AT), [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer];
    await migrateTo(db, '0260_delivery_slots');
    for (const status of ['Placed', 'Packed', 'Delivered']) {
      const row = await db
        .insertInto('orders')
        .values({ user_id: asha.id, status: status as never, total: 12_000, created_at: AT, updated_at: MOVED })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[status] = row.id;
      await db
        .insertInto('order_lines')
        .values({
          order_id: row.id,
          item_id: 1,
          store_id: 1,
          title: 'Apple',
          size: '1 kg',
          unit_price: 12_000,
          discount_bps: 0,
          flat_discount: 0,
          gst_bps: 0,
          selling_price: 12_000,
          qty: 1,
        })
        .execute();
    }
    await db
      .insertInto('audit_log')
      .values([
        {
          at: MOVED,
          actor_id: null,
          actor_email: 'sita@aisle.test',
          action: 'order.status',
          target: `order:${ids.Packed}`,
          detail: JSON.stringify({ from: 'Placed', to: 'Packed', unitsReturnedToStock: 0 }),
          ip: '',
        },
        {
          at: MOVED,
          actor_id: asha.id,
          actor_email: 'asha@aisle.test',
          action: 'order.status',
          target: `order:${ids.Delivered}`,
          detail: 'not json',
          ip: '',
        },
      ])
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => t.cleanup());

  it('turns Packed into Packing and keeps every order, line and other status', async () => {
    const rows = await t.db.selectFrom('orders').select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: ids.Placed, status: 'Placed' },
      { id: ids.Packed, status: 'Packing' },
      { id: ids.Delivered, status: 'Delivered' },
    ]);
    const lines = await t.db.selectFrom('order_lines').select('order_id').orderBy('order_id').execute();
    expect(lines.map((l) => l.order_id)).toEqual([ids.Placed, ids.Packed, ids.Delivered]);
  });

  it("copies the audit log's moves into the order's history, Packed read as Packing", async () => {
    const moves = await t.db
      .selectFrom('order_moves')
      .select(['order_id', 'at', 'from_status', 'to_status', 'actor_email', 'kind'])
      .execute();
    expect(moves).toEqual([
      {
        order_id: ids.Packed,
        at: MOVED,
        from_status: 'Placed',
        to_status: 'Packing',
        actor_email: 'sita@aisle.test',
        kind: 'Move',
      },
    ]);
  });

  it('takes the new statuses and refuses the old name, and still cascades to lines', async () => {
    const id = ids.Placed as number;
    for (const status of ['AwaitingPayment', 'Confirmed', 'Packing', 'OutForDelivery', 'Cancelled'] as const) {
      await t.db.updateTable('orders').set({ status }).where('id', '=', id).execute();
    }
    await expect(
      t.db
        .updateTable('orders')
        .set({ status: 'Packed' as never })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await t.db.deleteFrom('orders').where('id', '=', id).execute();
    const left = await t.db.selectFrom('order_lines').select('order_id').where('order_id', '=', id).execute();
    expect(left).toEqual([]);
    if (dialect === 'sqlite') {
      const broken = await sql`pragma foreign_key_check`.execute(t.db);
      expect(broken.rows).toEqual([]);
    }
  });
});
