import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer } from './cart-helpers.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

const AT = '2026-11-20T10:00:00.000Z';

/**
 * Migration 0420 on a database whose orders were packed under 0371's triggers (which count
 * what was asked, and never see a line packed): `sales_days` is summed again so a packed
 * order counts what it sent, with the fill and substitution sums; going back to 0380 and
 * up again (its `down`) leaves it the same.
 */
describe.each(DIALECTS)('migration 0420 (sales_days counts what was sent) on %s', (dialect) => {
  let t: TestDb;
  let asha: Customer;

  const line = (orderId: number, itemId: number, qty: number, price: number, sent: Record<string, unknown> = {}) => ({
    order_id: orderId,
    item_id: itemId,
    store_id: 1,
    title: `Item ${itemId}`,
    size: '1 kg',
    unit_price: price,
    discount_bps: 0,
    flat_discount: 0,
    gst_bps: 0,
    selling_price: price,
    qty,
    ...sent,
  });
  /** Under 0350's table: each item's units of the day. */
  const askedUnits = async () =>
    (
      await t.db
        .selectFrom('sales_days')
        .select(['item_id', 'qty'])
        .where('day', '=', AT.slice(0, 10))
        .orderBy('item_id')
        .execute()
    ).map((r) => [r.item_id, Number(r.qty)]);
  const days = async () =>
    (
      await t.db
        .selectFrom('sales_days')
        .select(['item_id', 'qty', 'total', 'lines', 'orders', 'packed_lines', 'asked_qty', 'filled_qty'])
        .select('replaced_lines')
        .where('day', '=', AT.slice(0, 10))
        .orderBy('item_id')
        .execute()
    )
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))
      .filter((r) => r.lines !== 0 || r.qty !== 0);

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await insertCatalogue(t.db);
    [asha] = (await addCustomers(t.db, 'x'.repeat(32), new Date(AT), [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer];
    await migrateTo(t.db, '0380_substitutions_and_packing');
    const order = async (status: string) =>
      (
        await t.db
          .insertInto('orders')
          .values({ user_id: asha.id, status: status as never, total: 0, created_at: AT, updated_at: AT })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // Packed then, by an update 0350's triggers do not follow: 3 of item 1 replaced by 2 of item 3 at Rs 100.
    const packed = await order('OutForDelivery');
    await t.db
      .insertInto('order_lines')
      .values([line(packed, 1, 3, 12_000), line(packed, 2, 4, 5_000)])
      .execute();
    await t.db
      .updateTable('order_lines')
      .set({ pack_outcome: 'Replaced', sent_item_id: 3, sent_qty: 2, sent_price: 10_000 })
      .where('order_id', '=', packed)
      .where('item_id', '=', 1)
      .execute();
    await t.db
      .updateTable('order_lines')
      .set({ pack_outcome: 'Short', sent_item_id: 2, sent_qty: 1, sent_price: 5_000 })
      .where('order_id', '=', packed)
      .where('item_id', '=', 2)
      .execute();
    // Not packed: counted as asked. Cancelled: not counted.
    const placed = await order('Placed');
    await t.db
      .insertInto('order_lines')
      .values(line(placed, 2, 1, 5_000))
      .execute();
    const cancelled = await order('Cancelled');
    await t.db
      .insertInto('order_lines')
      .values(line(cancelled, 1, 9, 12_000))
      .execute();
  });
  afterAll(() => t.cleanup());

  const want = [
    {
      item_id: 2,
      qty: 2,
      total: 10_000,
      lines: 2,
      orders: 1,
      packed_lines: 1,
      asked_qty: 4,
      filled_qty: 1,
      replaced_lines: 0,
    },
    {
      item_id: 3,
      qty: 2,
      total: 20_000,
      lines: 1,
      orders: 1,
      packed_lines: 1,
      asked_qty: 3,
      filled_qty: 0,
      replaced_lines: 1,
    },
  ];

  it('sums sales_days again from what packed orders sent', async () => {
    // Before: 0350 counted what was asked.
    expect(await askedUnits()).toEqual([
      [1, 3],
      [2, 5],
    ]);
    await migrateToLatest(t.db);
    expect(await days()).toEqual(want);
  });

  it('goes back to 0380 and up again to the same sums', async () => {
    await migrateTo(t.db, '0380_substitutions_and_packing');
    expect(await askedUnits()).toEqual([
      [1, 3],
      [2, 5],
    ]);
    await migrateToLatest(t.db);
    expect(await days()).toEqual(want);
  });

  it('goes back to 0371’s rules: a weighed line per kg × g ÷ 1000 half up, its weighing followed', async () => {
    const NEXT_DAY = '2026-11-21T10:00:00.000Z';
    const onion = async () => {
      const r = await t.db
        .selectFrom('sales_days')
        .select(['qty', 'total'])
        .where('day', '=', NEXT_DAY.slice(0, 10))
        .where('item_id', '=', 1)
        .executeTakeFirst();
      return [Number(r?.qty ?? 0), Number(r?.total ?? 0)];
    };
    await migrateTo(t.db, '0380_substitutions_and_packing');
    const { id } = await t.db
      .insertInto('orders')
      .values({ user_id: asha.id, status: 'Packing', total: 0, created_at: NEXT_DAY, updated_at: NEXT_DAY })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Rs 37.99 a kg: 750 g is Rs 28.4925 → 2849 paise; weighed to 733 g, Rs 27.84667 → 2785.
    await t.db
      .insertInto('order_lines')
      .values({ ...line(id, 1, 750, 3_799), sold_by: 'ByWeight' })
      .execute();
    expect(await onion()).toEqual([750, 2849]);
    await t.db.updateTable('order_lines').set({ qty: 733, asked_qty: 750 }).where('order_id', '=', id).execute();
    expect(await onion()).toEqual([733, 2785]);
    await migrateToLatest(t.db);
    expect(await onion()).toEqual([733, 2785]);
    // Under 0420: sent as asked, then weighed again to 780 g (Rs 29.6322 → 2963) and sent so.
    await t.db
      .updateTable('order_lines')
      .set({ pack_outcome: 'Packed', sent_item_id: 1, sent_qty: 733, sent_price: 3_799 })
      .where('order_id', '=', id)
      .execute();
    expect(await onion()).toEqual([733, 2785]);
    await t.db.updateTable('order_lines').set({ qty: 780, sent_qty: 780 }).where('order_id', '=', id).execute();
    expect(await onion()).toEqual([780, 2963]);
    expect(await days()).toEqual(want);
  });
});
