import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookDto, ItemDto } from '../../src/lib/domain/catalogue.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import {
  auditOf,
  createStaffTestApp,
  type Err,
  resetSiteState,
  type StaffTestApp,
  siteStateOf,
} from './staff-helpers.ts';

const NEW_ITEM = {
  DbID: 1,
  SectionID: 1,
  ItemTitle: 'Mango',
  ItemMetaDescription: 'Alphonso, by the kilo',
  ItemContent: '<p>Sweet <script>alert(1)</script><a href="javascript:x()" onclick="y()">mango</a></p>',
  ItemHidden: false,
  Availability: 25,
  Size: '1 kg',
  UnitPrice: 200,
  Discount: 10,
  FlatDiscount: 5,
  Gst: 12,
};

describe.each(DIALECTS)('staff writes of items on %s', (dialect) => {
  let t: StaffTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    token = t.employee.token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.advance(60_000);
    await resetSiteState(t.db.db);
  });

  it('creates an item: the selling price is computed, the content sanitized, the store taken from the database', async () => {
    const res = await t.call<ItemDto>('POST', '/api/Item/Create', {
      token,
      json: { ...NEW_ITEM, SellingPrice: 1, StoreID: 1 },
    });
    expect(res.status).toBe(201);
    // (200 − 10 % − Rs 5) + 12 % GST = 175 × 1.12 = 196.
    expect(res.body).toMatchObject({
      StoreID: 1,
      DbID: 1,
      SectionID: 1,
      ItemTitle: 'Mango',
      Availability: 25,
      UnitPrice: 200,
      Discount: 10,
      FlatDiscount: 5,
      Gst: 12,
      SellingPrice: 196,
      ItemUpdatedTime: t.clock.now.toISOString(),
    });
    expect(res.body.ItemContent).toBe('<p>Sweet <a rel="noopener noreferrer">mango</a></p>');
    const publicRead = await t.call<ItemDto>('GET', `/api/Item/Read/${res.body.ItemID}/1`);
    expect(publicRead.body.SellingPrice).toBe(196);
    const row = await t.db.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', res.body.ItemID)
      .executeTakeFirstOrThrow();
    expect([row.unit_price, row.discount_bps, row.flat_discount, row.gst_bps, row.selling_price]).toEqual([
      20000, 1000, 500, 1200, 19600,
    ]);
    // Section 1 is published: the site shows this item once rebuilt.
    expect((await siteStateOf(t.db.db)).content_changed_at).toBe(t.clock.now.toISOString());
    const entry = (await auditOf(t.db.db, 'item.created')).at(-1);
    expect(entry?.target).toBe(`item:${res.body.ItemID}`);
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ ItemTitle: 'Mango', SellingPrice: 196 });
  });

  it('accepts numbers typed as text, as a form sends them', async () => {
    const res = await t.call<ItemDto>('POST', '/api/Item/Create', {
      token,
      json: { DbID: '1', ItemTitle: 'Lime', UnitPrice: '12.50', Availability: '3', Gst: '5', ItemHidden: 'true' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ UnitPrice: 12.5, Availability: 3, Gst: 5, ItemHidden: true, SectionID: null });
    expect(res.body.SellingPrice).toBe(13.13);
  });

  it('does not mark the site out of date for an item of a database nothing is published from', async () => {
    const res = await t.call<ItemDto>('POST', '/api/Item/Create', {
      token,
      json: { DbID: 2, ItemTitle: 'Turnip', UnitPrice: 30 },
    });
    expect(res.status).toBe(201);
    expect(res.body.StoreID).toBe(2);
    expect((await siteStateOf(t.db.db)).content_changed_at).toBeNull();
  });

  it.each([
    [{ DbID: undefined }, 'DbID', 'DbID is required.'],
    [{ DbID: 99 }, 'DbID', 'DbID must name an existing store database; 99 does not.'],
    [{ StoreID: 3 }, 'StoreID', 'StoreID must be 1, the store of DbID 1, or be left out.'],
    [{ SectionID: 4 }, 'SectionID', 'SectionID must name a section of store database 1 or be null; 4 does not.'],
    [{ SectionID: -1 }, 'SectionID', 'SectionID must be a whole number from 1 to 2147483647.'],
    [{ ItemTitle: undefined }, 'ItemTitle', 'ItemTitle is required.'],
    [{ ItemTitle: '' }, 'ItemTitle', 'ItemTitle must be 1 to 120 characters long.'],
    [{ ItemTitle: 'x'.repeat(121) }, 'ItemTitle', 'ItemTitle must be 1 to 120 characters long.'],
    [
      { ItemMetaDescription: 'm'.repeat(301) },
      'ItemMetaDescription',
      'ItemMetaDescription must be text of at most 300 characters.',
    ],
    [{ ItemContent: `<p>${'a'.repeat(100 * 1024)}</p>` }, 'ItemContent', 'ItemContent must be HTML of at most 100 KB.'],
    [{ ItemHidden: 1 }, 'ItemHidden', 'ItemHidden must be true or false.'],
    [{ Availability: -1 }, 'Availability', 'Availability must be a whole number from 0 to 1000000.'],
    [{ Availability: 2.5 }, 'Availability', 'Availability must be a whole number from 0 to 1000000.'],
    [{ Size: 's'.repeat(41) }, 'Size', 'Size must be text of at most 40 characters.'],
    [{ UnitPrice: undefined }, 'UnitPrice', 'UnitPrice is required.'],
    [
      { UnitPrice: -1 },
      'UnitPrice',
      'UnitPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals.',
    ],
    [
      { UnitPrice: 10.005 },
      'UnitPrice',
      'UnitPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals.',
    ],
    [
      { UnitPrice: 'ten' },
      'UnitPrice',
      'UnitPrice must be an amount in rupees from 0 to 10000000 with at most 2 decimals.',
    ],
    [{ Discount: 100.5 }, 'Discount', 'Discount must be a percent from 0 to 100 with at most 2 decimals.'],
    [{ Discount: -5 }, 'Discount', 'Discount must be a percent from 0 to 100 with at most 2 decimals.'],
    [
      { FlatDiscount: 0.001 },
      'FlatDiscount',
      'FlatDiscount must be an amount in rupees from 0 to 10000000 with at most 2 decimals.',
    ],
    [{ FlatDiscount: 250 }, 'FlatDiscount', 'FlatDiscount must not be more than UnitPrice (200).'],
    [{ Gst: 7 }, 'Gst', 'Gst must be one of 0, 5, 12, 18, 28 (percent).'],
  ])('refuses %j with a 400 naming the field and writes nothing', async (change, field, message) => {
    const before = await t.db.db.selectFrom('items').select('id').execute();
    const res = await t.call<Err>('POST', '/api/Item/Create', { token, json: { ...NEW_ITEM, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.ModelState?.[field]).toEqual([message]);
    expect(res.body.Message).toContain(message);
    expect(await t.db.db.selectFrom('items').select('id').execute()).toHaveLength(before.length);
  });

  it('names every broken field at once', async () => {
    const res = await t.call<Err>('POST', '/api/Item/Create', {
      token,
      json: { DbID: 1, ItemTitle: '', UnitPrice: -1, Gst: 3, Availability: -2 },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState ?? {}).sort()).toEqual(['Availability', 'Gst', 'ItemTitle', 'UnitPrice']);
  });

  it('PATCH changes stock and prices, recomputing the selling price; PUT replaces the item', async () => {
    const patch = await t.call<ItemDto>('PATCH', '/api/Item/Edit/1', { token, json: { Availability: 7, Discount: 0 } });
    expect(patch.status).toBe(200);
    // Apple: Rs 120, no discount now, 5 % GST.
    expect(patch.body).toMatchObject({
      ItemID: 1,
      Availability: 7,
      Discount: 0,
      SellingPrice: 126,
      ItemTitle: 'Apple',
    });
    expect(patch.body.ItemUpdatedTime).toBe(t.clock.now.toISOString());
    const entry = (await auditOf(t.db.db, 'item.edited')).at(-1);
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
      changed: {
        Availability: { from: 40, to: 7 },
        Discount: { from: 10, to: 0 },
        SellingPrice: { from: 113.4, to: 126 },
      },
    });
    expect((await siteStateOf(t.db.db)).content_changed_at).toBe(t.clock.now.toISOString());

    const put = await t.call<ItemDto>('PUT', '/api/Item/Edit/1', {
      token,
      json: { ItemID: 1, DbID: 1, ItemTitle: 'Green Apple', UnitPrice: 100, SectionID: 3 },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      ItemTitle: 'Green Apple',
      SectionID: 3,
      Availability: 0,
      Discount: 0,
      Gst: 0,
      SellingPrice: 100,
      ItemContent: '',
    });
  });

  it('checks a PATCH against the item as it would become', async () => {
    const flat = await t.call<Err>('PATCH', '/api/Item/Edit/3', { token, json: { UnitPrice: 0.25 } });
    // Cherry has a flat discount of Rs 0.50.
    expect(flat.status).toBe(400);
    expect(flat.body.ModelState).toEqual({ FlatDiscount: ['FlatDiscount must not be more than UnitPrice (0.25).'] });
    const gst = await t.call<Err>('PATCH', '/api/Item/Edit/3', { token, json: { Gst: 15 } });
    expect(gst.body.ModelState).toEqual({ Gst: ['Gst must be one of 0, 5, 12, 18, 28 (percent).'] });
    const moved = await t.call<Err>('PATCH', '/api/Item/Edit/3', { token, json: { DbID: 3 } });
    expect(moved.body.ModelState).toEqual({
      DbID: ['DbID cannot change (it is 1): an item stays in its store database.'],
    });
    const section = await t.call<Err>('PATCH', '/api/Item/Edit/3', { token, json: { SectionID: 4 } });
    expect(Object.keys(section.body.ModelState ?? {})).toEqual(['SectionID']);
    const unfiled = await t.call<ItemDto>('PATCH', '/api/Item/Edit/3', { token, json: { SectionID: null } });
    expect(unfiled.body.SectionID).toBeNull();
    const notFound = await t.call<Err>('PATCH', '/api/Item/Edit/999', { token, json: { Availability: 1 } });
    expect(notFound.status).toBe(404);
    expect(notFound.body.Message).toBe('Item 999 does not exist.');
  });

  it('deletes an item, taking it out of carts and CustomOrders, and leaves past orders alone', async () => {
    const db = t.db.db;
    // Soap Bar (item 4) in a customer's cart and in the (invalid-JSON) Soap CustomOrder, and a published book listing it.
    await db
      .insertInto('carts')
      .values({ user_id: t.user.id, customer_name: 'Una', updated_at: t.clock.now.toISOString() })
      .execute();
    await db
      .insertInto('cart_items')
      .values({ cart_id: t.user.id, item_id: 4, store_id: 3, qty: 2, status: 'added', position: 0 })
      .execute();
    await db.updateTable('sections').set({ custom_order: '[4]' }).where('id', '=', 4).execute();
    await db
      .updateTable('published_sections')
      .set({ custom_order: '[{"ItemID":14},{"ItemID":4}]' })
      .where('section_id', '=', 4)
      .execute();
    const order = await db
      .insertInto('orders')
      .values({
        user_id: t.user.id,
        status: 'Placed',
        total: 5310,
        idempotency_key: null,
        response: null,
        created_at: 'x',
        updated_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_lines')
      .values({
        order_id: order.id,
        item_id: 4,
        store_id: 3,
        title: 'Soap Bar',
        size: '1 kg',
        unit_price: 4500,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 1800,
        selling_price: 5310,
        qty: 1,
      })
      .execute();

    const res = await t.call<{ Message: string; RemovedFromCarts: number; RemovedFromCustomOrders: number }>(
      'DELETE',
      '/api/Item/Delete/4',
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      Message: 'Item 4 (Soap Bar) was deleted, taken out of 1 cart and removed from 2 CustomOrder lists.',
      RemovedFromCarts: 1,
      RemovedFromCustomOrders: 2,
    });
    expect((await t.call('GET', '/api/Item/Read/4/3')).status).toBe(404);
    expect(await db.selectFrom('cart_items').selectAll().where('item_id', '=', 4).execute()).toEqual([]);
    expect(
      (await db.selectFrom('sections').select('custom_order').where('id', '=', 4).executeTakeFirstOrThrow())
        .custom_order,
    ).toBe('[]');
    const book = await t.call<BookDto>('GET', '/api/Book/Read/4/3');
    expect(book.body.CustomOrder).toBe('[14]');
    expect(await db.selectFrom('order_lines').select('title').where('item_id', '=', 4).execute()).toEqual([
      { title: 'Soap Bar' },
    ]);
    expect((await siteStateOf(db)).content_changed_at).toBe(t.clock.now.toISOString());
    expect(JSON.parse((await auditOf(db, 'item.deleted')).at(-1)?.detail ?? '{}')).toMatchObject({
      ItemTitle: 'Soap Bar',
      removedFromCarts: 1,
      removedFromCustomOrders: 2,
    });
    expect((await t.call<Err>('DELETE', '/api/Item/Delete/4', { token })).status).toBe(404);
  });
});
