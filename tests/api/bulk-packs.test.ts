import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShortageDto } from '../../src/lib/domain/cart.ts';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 33 item 1: packs (250 g, 500 g, 1 kg) drawn from one bulk stock kept in grams.
type Err = { Message: string; ModelState?: Record<string, string[]>; Shortages?: ShortageDto[] };
interface PackDto {
  ItemID: number;
  BulkItemID: number | null;
  PackSize: number | null;
  Availability: number;
  Packs: { ItemID: number; ItemTitle: string; PackSize: number; Availability: number }[];
}

const BULK = {
  DbID: 1,
  SectionID: 1,
  ItemTitle: 'Onion (loose)',
  ItemMetaDescription: 'Nashik onions, by weight',
  Availability: 0,
  Size: '',
  UnitPrice: 40,
  SoldBy: 'ByWeight',
  Step: 250,
};
const pack = (title: string, price: number) => ({
  ...BULK,
  ItemTitle: title,
  ItemMetaDescription: `${title}, packed`,
  UnitPrice: price,
  SoldBy: 'ByUnit',
  Step: 1,
});

describe.each(DIALECTS)('packs drawn from one bulk stock on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let crowd: Customer[];
  let bulkId: number;
  // 250 g, 500 g, 1 kg.
  let packIds: [number, number, number];
  const SIZES = [250, 500, 1000] as const;

  const create = async (json: Record<string, unknown>) => {
    const res = await t.call<ItemDto>('POST', '/api/Item/Create', { token: staff.token, json });
    expect(res.status).toBe(201);
    return res.body.ItemID;
  };
  const setBulk = async (grams: number) => {
    const res = await t.call<ItemDto>('PATCH', `/api/Item/Edit/${bulkId}`, {
      token: staff.token,
      json: { Availability: grams },
    });
    expect(res.status).toBe(200);
  };
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const ledgerSum = async (id: number) =>
    (await t.db.db.selectFrom('stock_ledger').select('change').where('item_id', '=', id).execute()).reduce(
      (n, r) => n + r.change,
      0,
    );
  const order = (who: Customer | undefined, lines: unknown[]) => {
    if (who === undefined) throw new Error('no such customer');
    return t.call<OrderDto & Err>('POST', '/api/cart/CreateOrder', { token: who.token, json: cartBody(who, lines) });
  };

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [staff] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
    ])) as [Customer];
    crowd = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: 64 }, (_, i) => ({
        email: `p${i}@aisle.test`,
        fullName: `Pack ${i}`,
        role: 'User' as const,
      })),
    );
    bulkId = await create(BULK);
    packIds = [
      await create(pack('Onion 250 g', 12)),
      await create(pack('Onion 500 g', 22)),
      await create(pack('Onion 1 kg', 42)),
    ];
    for (const [i, id] of packIds.entries()) {
      const res = await t.call<PackDto>('PUT', `/api/Item/Pack/${id}`, {
        token: staff.token,
        json: { BulkItemID: bulkId, PackSize: SIZES[i] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ItemID: id, BulkItemID: bulkId, PackSize: SIZES[i], Availability: 0, Packs: [] });
    }
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const db = t.db.db;
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('cart_items').execute();
  });

  it("shows each pack's availability from the bulk, and a bulk change marks its packs changed", async () => {
    await setBulk(2750);
    const reads = await Promise.all(packIds.map((id) => t.call<ItemDto>('GET', `/api/Item/Read/${id}/1`)));
    expect(reads.map((r) => r.body.Availability)).toEqual([11, 5, 2]);
    const bulk = await t.call<PackDto>('GET', `/api/Item/Pack/${bulkId}`, { token: staff.token });
    expect(bulk.body).toMatchObject({ ItemID: bulkId, BulkItemID: null, PackSize: null, Availability: 2750 });
    expect(bulk.body.Packs.map((p) => [p.ItemID, p.PackSize, p.Availability])).toEqual([
      [packIds[0], 250, 11],
      [packIds[1], 500, 5],
      [packIds[2], 1000, 2],
    ]);
    const seqOf = async () =>
      new Map(
        (
          await t.db.db
            .selectFrom('catalogue_changes')
            .select(['row_id', 'seq'])
            .where('kind', '=', 'item')
            .where('row_id', 'in', packIds)
            .execute()
        ).map((r) => [r.row_id, BigInt(r.seq)]),
      );
    const before = await seqOf();
    await setBulk(3000);
    const after = await seqOf();
    for (const id of packIds) expect(after.get(id)).not.toBe(before.get(id));
    // Nothing writes a pack's stock but its bulk: an edit's Availability for a pack is not taken.
    const edit = await t.call<ItemDto>('PATCH', `/api/Item/Edit/${packIds[2]}`, {
      token: staff.token,
      json: { Availability: 99, UnitPrice: 43 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ Availability: 3, UnitPrice: 43 });
    expect(await ledgerSum(packIds[2])).toBe(0);
  });

  it('takes N × pack size from the bulk, with its ledger row, and gives it back on a cancel', async () => {
    await setBulk(5000);
    const before = await t.db.db.selectFrom('stock_ledger').select('id').where('item_id', '=', bulkId).execute();
    const placed = await order(crowd[0], [line(packIds[1], 1, 2), line(packIds[2], 1, 1), line(bulkId, 1, 750)]);
    expect(placed.status).toBe(201);
    expect(placed.body.OrderItems.map((l) => [l.ItemID, l.Qty, l.SellingPrice])).toEqual([
      [packIds[1], 2, 22],
      [packIds[2], 1, 43],
      [bulkId, 750, 40],
    ]);
    // 2 × 500 g + 1 kg + 750 g loose.
    expect(await stockOf(bulkId)).toBe(2250);
    expect(await stockOf(packIds[0])).toBe(9);
    const rows = await t.db.db
      .selectFrom('stock_ledger')
      .select(['item_id', 'change', 'stock_before', 'stock_after', 'reason', 'order_id'])
      .where('id', 'not in', before.length === 0 ? [0] : before.map((r) => r.id))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        item_id: bulkId,
        change: -750,
        stock_before: 5000,
        stock_after: 4250,
        reason: 'order',
        order_id: placed.body.OrderID,
      },
      {
        item_id: bulkId,
        change: -2000,
        stock_before: 4250,
        stock_after: 2250,
        reason: 'order',
        order_id: placed.body.OrderID,
      },
    ]);
    expect(await ledgerSum(bulkId)).toBe(2250);
    const cancel = await t.call<OrderDto>('POST', `/api/Order/Cancel/${placed.body.OrderID}`, {
      token: (crowd[0] as Customer).token,
    });
    expect(cancel.status).toBe(200);
    expect(await stockOf(bulkId)).toBe(5000);
    expect(await ledgerSum(bulkId)).toBe(5000);
    expect(await ledgerSum(packIds[1])).toBe(0);
  });

  it('refuses packs the bulk cannot give, naming the line and what is left', async () => {
    await setBulk(1200);
    const res = await order(crowd[1], [line(packIds[1], 1, 3)]);
    expect(res.status).toBe(409);
    expect(res.body.Shortages).toEqual([
      { ItemID: packIds[1], StoreID: 1, ItemTitle: 'Onion 500 g', Requested: 3, Available: 2 },
    ]);
    expect(res.body.ModelState?.['CartItems[0].Qty']).toEqual([
      'CartItems[0].Qty asks for 3 of Onion 500 g, but only 2 are in stock.',
    ]);
    // Two lines that fit alone but not together: the shared bulk is named.
    const both = await order(crowd[1], [line(packIds[1], 1, 2), line(packIds[0], 1, 1)]);
    expect(both.status).toBe(409);
    expect(both.body.ModelState?.['CartItems[0].Qty']?.[0]).toContain('draw from the same bulk stock');
    expect(await stockOf(bulkId)).toBe(1200);
  });

  it('packing a pack line short gives its grams back to the bulk', async () => {
    await setBulk(4000);
    const placed = await order(crowd[2], [line(packIds[2], 1, 3)]);
    expect(placed.status).toBe(201);
    expect(await stockOf(bulkId)).toBe(1000);
    for (const status of ['Confirmed', 'Packing']) {
      const res = await t.call('PUT', `/api/Order/Status/${placed.body.OrderID}`, {
        token: staff.token,
        json: { Status: status },
      });
      expect(res.status).toBe(200);
    }
    const packed = await t.call<OrderDto & Err>('POST', `/api/Order/Pack/${placed.body.OrderID}`, {
      token: staff.token,
      json: { Lines: [{ ItemID: packIds[2], Outcome: 'Short', Qty: 1 }] },
    });
    expect(packed.status).toBe(200);
    expect(await stockOf(bulkId)).toBe(3000);
    expect(await ledgerSum(bulkId)).toBe(3000);
  });

  it('refuses a bad pack set-up with a 400 naming the field and the rule', async () => {
    const put = (id: number, json: unknown, token = staff.token) =>
      t.call<Err>('PUT', `/api/Item/Pack/${id}`, { token, json });
    const zero = await put(packIds[0], { BulkItemID: bulkId, PackSize: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.ModelState).toEqual({
      PackSize: ['PackSize must be a whole number of grams or millilitres from 1 to 100000.'],
    });
    const missing = await put(packIds[0], { PackSize: 'big' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState ?? {}).sort()).toEqual(['BulkItemID', 'PackSize']);
    // Apples are sold by the piece: not a bulk.
    const byUnit = await put(packIds[0], { BulkItemID: 1, PackSize: 250 });
    expect(byUnit.status).toBe(400);
    expect(byUnit.body.ModelState?.BulkItemID).toEqual(['BulkItemID must name an item sold ByWeight or ByVolume.']);
    const weighed = await put(bulkId, { BulkItemID: bulkId, PackSize: 250 });
    expect(weighed.status).toBe(400);
    expect(Object.keys(weighed.body.ModelState ?? {}).sort()).toEqual(['BulkItemID', 'ItemID']);
    const ofPack = await put(packIds[0], { BulkItemID: packIds[1], PackSize: 250 });
    expect(ofPack.body.ModelState?.BulkItemID).toEqual(['BulkItemID must name an item sold ByWeight or ByVolume.']);
    const unknown = await put(999_999, { BulkItemID: bulkId, PackSize: 250 });
    expect(unknown.status).toBe(404);
    const shopper = await put(packIds[0], { BulkItemID: bulkId, PackSize: 250 }, crowd[3]?.token);
    expect(shopper.status).toBe(403);
    const anonymous = await t.call<Err>('GET', `/api/Item/Pack/${packIds[0]}`);
    expect(anonymous.status).toBe(401);
  });

  it('a pack taken off its bulk has its own stock again', async () => {
    await setBulk(2000);
    const loose = await create(pack('Onion 2 kg', 80));
    const on = await t.call<PackDto>('PUT', `/api/Item/Pack/${loose}`, {
      token: staff.token,
      json: { BulkItemID: bulkId, PackSize: 2000 },
    });
    expect(on.body.Availability).toBe(1);
    const off = await t.call<PackDto>('DELETE', `/api/Item/Pack/${loose}`, { token: staff.token });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ItemID: loose, BulkItemID: null, PackSize: null, Availability: 0, Packs: [] });
    expect(await stockOf(bulkId)).toBe(2000);
  });

  it('64 concurrent orders of mixed packs never oversell the bulk, and the ledger sums to what was taken', async () => {
    await setBulk(20_000);
    const before = await stockOf(bulkId);
    const results = await Promise.all(
      crowd.map((who, i) => {
        const lines = [
          line(packIds[2], 1, 1 + (i % 2)),
          line(packIds[0], 1, 1 + (i % 4)),
          ...(i % 3 === 0 ? [line(packIds[1], 1, 1 + (i % 5))] : []),
          ...(i % 5 === 0 ? [line(bulkId, 1, 250 * (1 + (i % 3)))] : []),
        ];
        // Half list them the other way round: the server still takes stock in ItemID order.
        return order(who, i % 2 === 0 ? lines : lines.reverse());
      }),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201, 409]));
    const after = await stockOf(bulkId);
    expect(after).toBeGreaterThanOrEqual(0);
    const sizeOf = new Map<number, number>([
      [packIds[0], 250],
      [packIds[1], 500],
      [packIds[2], 1000],
      [bulkId, 1],
    ]);
    const lines = await t.db.db.selectFrom('order_lines').select(['item_id', 'qty']).execute();
    const grams = lines.reduce((n, l) => n + l.qty * (sizeOf.get(l.item_id) ?? Number.NaN), 0);
    expect(grams).toBe(before - after);
    // What nobody could buy is smaller than the smallest pack of any refused line.
    expect(grams).toBeGreaterThan(20_000 - 6000);
    expect(await ledgerSum(bulkId)).toBe(after);
    const orderRows = await t.db.db
      .selectFrom('stock_ledger')
      .select('change')
      .where('item_id', '=', bulkId)
      .where('reason', '=', 'order')
      .where('order_id', 'is not', null)
      .where(
        'order_id',
        'in',
        results.filter((r) => r.status === 201).map((r) => r.body.OrderID),
      )
      .execute();
    expect(orderRows.reduce((n, r) => n - r.change, 0)).toBe(before - after);
    for (const id of packIds) {
      expect(await stockOf(id)).toBe(Math.floor(after / (sizeOf.get(id) ?? 1)));
      expect(await ledgerSum(id)).toBe(0);
    }
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.Shortages?.length).toBeGreaterThan(0);
  });
});
