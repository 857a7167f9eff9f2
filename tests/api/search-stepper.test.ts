import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import type { SearchAnswer } from '../../src/lib/domain/search-results.ts';
import { insertStores } from '../fixtures/sales-orders.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type StaffTestApp } from './staff-helpers.ts';

// The search results page draws each hit's stepper from the search's answer alone (issue 34):
// a store's line must carry what a new cart line copies, as the item's own read answers it.

const AT = '2026-02-03T04:05:06.000Z';

describe.each(DIALECTS)('search hits carry the stepper’s fields (%s)', (dialect) => {
  let t: StaffTestApp;
  let ids: { item: number; db: number; other: number };

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    const db = t.db.db;
    const [a, b] = (await insertStores(db, ['Green Basket, Indiranagar', 'Fresh Cart, Powai'])) as [number, number];
    await db.updateTable('stores').set({ max_qty_per_item: 4 }).where('id', '=', a).execute();
    const dbs = await db
      .insertInto('store_dbs')
      .values([a, b].map((id) => ({ store_id: id, title: 'Main', updated_at: AT })))
      .returning(['id', 'store_id'])
      .execute();
    const row = (storeId: number, stock: number, price: number) => ({
      store_id: storeId,
      db_id: dbs.find((d) => d.store_id === storeId)?.id as number,
      section_id: null,
      title: 'Nandgaon Malai Paneer',
      meta_description: '',
      content: '',
      hidden: 0,
      stock,
      size: '200 g',
      unit_price: 10000,
      discount_bps: 1250,
      flat_discount: 250,
      gst_bps: 500,
      selling_price: price,
      updated_at: AT,
    });
    const [first, second] = await db
      .insertInto('items')
      .values([row(a, 7, 8500), row(b, 3, 9000)])
      .returning(['id', 'db_id'])
      .execute();
    ids = { item: first?.id as number, db: first?.db_id as number, other: second?.id as number };
  });
  afterAll(() => t.close());

  it('answers each store’s line with its discounts, GST, update time and the store’s order limit', async () => {
    const res = await t.call<SearchAnswer>('GET', '/api/Search?q=panner');
    expect(res.status).toBe(200);
    expect(res.body.Total).toBe(1);
    const hit = res.body.Hits[0];
    const item = (await t.call<ItemDto>('GET', `/api/Item/Read/${ids.item}/${ids.db}`)).body;
    expect(hit).toMatchObject({
      ItemID: ids.item,
      Discount: item.Discount,
      FlatDiscount: item.FlatDiscount,
      Gst: item.Gst,
      ItemUpdatedTime: item.ItemUpdatedTime,
      SellingPrice: item.SellingPrice,
      MaxQtyPerItem: 4,
    });
    expect(item).toMatchObject({ Discount: 12.5, FlatDiscount: 2.5, Gst: 5, ItemUpdatedTime: AT });
    // The other store keeps its own limit (the default, 20).
    expect(hit?.Stores.map((s) => [s.ItemID, s.MaxQtyPerItem, s.Gst])).toEqual([
      [ids.item, 4, 5],
      [ids.other, 20, 5],
    ]);
  });
});
