import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import { insertCatalogue, insertCatalogueExtras, T0, T1 } from '../fixtures/catalogue.ts';
import { addCustomers } from './cart-helpers.ts';
import { createTestApp, DIALECTS, TEST_JWT_SECRET, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

describe.each(DIALECTS)('Item API on %s', (dialect) => {
  let t: TestApp;
  let staff: RequestInit;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
    // Text filters on this list are for staff (issue 26: a LIKE '%…%' over a whole table is not public).
    const [employee] = await addCustomers(t.db.db, TEST_JWT_SECRET, new Date(), [
      { email: 'esha@aisle.test', fullName: 'Esha Employee', role: 'Employee' },
    ]);
    staff = { headers: { Authorization: `Bearer ${employee?.token}` } };
  });
  afterAll(() => t.close());

  const ids = (items: ItemDto[]) => items.map((i) => i.ItemID);

  it('reads one item with money in rupees, rates in percent and stock as Availability', async () => {
    const res = await t.get<ItemDto>('/api/Item/Read/1/1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ItemID: 1,
      StoreID: 1,
      DbID: 1,
      SectionID: 1,
      ItemTitle: 'Apple',
      ItemMetaDescription: 'Apple meta',
      ItemContent: '<p>Apple</p>',
      ItemHidden: false,
      Availability: 40,
      Size: '1 kg',
      UnitPrice: 120,
      Discount: 10,
      FlatDiscount: 0,
      Gst: 5,
      // (120 − 10 %) + 5 % GST.
      SellingPrice: 113.4,
      ItemUpdatedTime: T0,
      // The store's own code for the item (issue 16); none in the fixture.
      ProductCode: null,
      ReorderLevel: null,
      HsnCode: '',
      // Sold by the piece (issue 33).
      SoldBy: 'ByUnit',
      Step: 1,
    });
  });

  it('keeps paise and fractional percents exact, and flags hidden or sold-out items', async () => {
    const figs = await t.get<ItemDto>('/api/item/read/6/1');
    expect(figs.body).toMatchObject({ UnitPrice: 180.75, Discount: 12.5, Gst: 5, SellingPrice: 166.07 });
    expect(figs.body.ItemUpdatedTime).toBe(T1);
    const cherry = await t.get<ItemDto>('/api/Item/Read/3/1');
    expect(cherry.body).toMatchObject({ Availability: 0, FlatDiscount: 0.5, Gst: 12, SellingPrice: 336 });
    const banana = await t.get<ItemDto>('/api/Item/Read/2/1');
    expect(banana.body.ItemHidden).toBe(true);
    const honey = await t.get<ItemDto>('/api/Item/Read/8/4');
    expect(honey.body.SectionID).toBeNull();
  });

  it('answers 404 for an unknown item or the wrong database, 400 for malformed ids', async () => {
    const wrongDb = await t.get<ErrorBody>('/api/Item/Read/1/3');
    expect(wrongDb.status).toBe(404);
    expect(wrongDb.body.Message).toBe('Item 1 does not exist in database 3.');
    const missing = await t.get<ErrorBody>('/api/Item/Read/99/1');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Item 99 does not exist in database 1.');
    const bad = await t.get<ErrorBody>('/api/Item/Read/1.5/1');
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ id: ['id must be a whole number from 1 to 2147483647.'] });
  });

  it('reads all items in pages sorted by ItemID, up to 1000 at a time', async () => {
    const all = await t.get<ItemDto[]>('/api/Item/ReadAll');
    expect(ids(all.body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(all.headers.get('x-total-count')).toBe('8');
    expect(all.headers.get('x-limit')).toBe('20');
    expect(all.body[0]).toEqual((await t.get<ItemDto>('/api/Item/Read/1/1')).body);
    const page = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=3&page=1');
    expect(ids(page.body)).toEqual([4, 5, 6]);
    expect(page.headers.get('x-total-count')).toBe('8');
    const past = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=3&page=5');
    expect(past.body).toEqual([]);
    const max = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=1000');
    expect(max.status).toBe(200);
    expect(max.body).toHaveLength(8);
    const cheapestFirst = await t.get<ItemDto[]>('/api/Item/ReadAll?sort=SellingPrice');
    expect(ids(cheapestFirst.body)).toEqual([2, 4, 7, 1, 6, 5, 8, 3]);
    const filtered = await t.get<ItemDto[]>('/api/Item/ReadAll?filter=AN', staff);
    expect(ids(filtered.body)).toEqual([2]);
  });

  it('finds items of every store by a word of the title or the product code, for staff only', async () => {
    await t.db.db.updateTable('items').set({ product_code: 'KM-APL-001' }).where('id', '=', 1).execute();
    await t.db.db.updateTable('items').set({ product_code: 'GB-BAN-77' }).where('id', '=', 4).execute();
    try {
      const stores = await t.db.db.selectFrom('items').select('store_id').distinct().execute();
      expect(stores.length).toBeGreaterThan(1);
      const byCode = await t.get<ItemDto[]>('/api/Item/ReadAll?filter=gb-ban', staff);
      expect(byCode.status).toBe(200);
      expect(ids(byCode.body)).toEqual([4]);
      expect(byCode.headers.get('x-total-count')).toBe('1');
      const wholeCode = await t.get<ItemDto[]>('/api/Item/ReadAll?filter=KM-APL-001', staff);
      expect(ids(wholeCode.body)).toEqual([1]);
      // A word matches titles of every store's items, with no store or database named.
      const every = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=1000', staff);
      const titled = every.body.filter((i) => /a/i.test(i.ItemTitle) || /a/i.test(i.ProductCode ?? ''));
      const byWord = await t.get<ItemDto[]>('/api/Item/ReadAll?filter=a&limit=1000', staff);
      expect(ids(byWord.body)).toEqual(ids(titled));
      expect(new Set(byWord.body.map((i) => i.StoreID)).size).toBeGreaterThan(1);
      // Narrowed to a store, the code of another store's item finds nothing.
      const otherStore = every.body.find((i) => i.ItemID === 4)?.StoreID === 1 ? 2 : 1;
      const narrowed = await t.get<ItemDto[]>(`/api/Item/ReadAll?filter=gb-ban&storeId=${otherStore}`, staff);
      expect(narrowed.body).toEqual([]);
      // Shoppers and visitors may not search the whole table: 400 naming the filter.
      const [shopper] = await addCustomers(t.db.db, TEST_JWT_SECRET, new Date(), [
        { email: 'sam.shopper@aisle.test', fullName: 'Sam Shopper', role: 'User' },
      ]);
      for (const init of [{ headers: { Authorization: `Bearer ${shopper?.token}` } }, {}]) {
        const refused = await t.get<ErrorBody>('/api/Item/ReadAll?filter=gb-ban', init);
        expect(refused.status).toBe(400);
        expect(Object.keys(refused.body.ModelState)).toEqual(['filter']);
      }
    } finally {
      await t.db.db.updateTable('items').set({ product_code: null }).where('id', 'in', [1, 4]).execute();
    }
  });

  it.each([
    ['storeId=1', [1, 2, 3, 5, 6, 7, 8]],
    ['storeId=3', [4]],
    ['storeid=3', [4]],
    ['storeId=2', []],
    ['dbId=4', [8]],
    ['dbId=1', [1, 2, 3, 5, 6, 7]],
    ['sectionId=5', [5, 6, 7]],
    ['storeId=1&sectionId=1', [1, 2, 3]],
    ['storeId=3&sectionId=1', []],
    [`updatedSince=${T0}`, [6]],
    // A public updatedSince list comes in the order of change (ItemUpdatedTime, then ItemID): item 6 changed last.
    ['updatedSince=2025-12-31', [1, 2, 3, 4, 5, 7, 8, 6]],
    [`dbId=1&updatedSince=${T1}`, []],
    ['sectionId=5&sort=-ItemID&limit=2', [7, 6]],
  ])('filters the batch read with %s', async (query, expected) => {
    const res = await t.get<ItemDto[]>(`/api/Item/ReadAll?${query}`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual(expected);
    if (!query.includes('limit')) expect(res.headers.get('x-total-count')).toBe(String(expected.length));
  });

  it.each([
    ['storeId=0', 'storeId'],
    ['storeId=abc', 'storeId'],
    ['dbId=-1', 'dbId'],
    ['sectionId=1.5', 'sectionId'],
    ['updatedSince=last-week', 'updatedSince'],
    ['updatedSince=2026-01-01T25:00:00Z', 'updatedSince'],
    ['limit=1001', 'limit'],
    ['page=-2', 'page'],
    ['sort=Colour', 'sort'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await t.get<ErrorBody>(`/api/Item/ReadAll?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.Message).toContain(field);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });
});
