import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartDto } from '../../src/lib/domain/cart.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { PackListDto } from '../../src/lib/domain/pack-list.ts';
import { sellingPrice } from '../../src/lib/domain/pricing.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 33, items 2 and 3: a cart line's substitution choice travels into its order line,
// and packing (`POST /api/Order/Pack/{id}`) re-prices, moves stock with ledger rows,
// re-issues the invoice and mails the shopper once, all or none. Store 1, section 1
// "Fruit": Apple (item 1, Rs 113.40 after its discount and GST, 40 in stock) and the
// items this suite adds: Green Apple Rs 110, Red Apple Rs 90, Apple Juice Rs 300 (10 each).
const APPLE = 1;
const SOAP = 4;
type Err = { Message: string; ModelState?: Record<string, string[]> };

describe.each(DIALECTS)('substitutions and packing on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let green = 0;
  let red = 0;
  let juice = 0;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    const add = async (title: string, unitPrice: number) => {
      const row = await t.db.db
        .insertInto('items')
        .values({
          store_id: 1,
          db_id: 1,
          section_id: 1,
          title,
          meta_description: title,
          content: `<p>${title}</p>`,
          hidden: 0,
          stock: 10,
          size: '1 kg',
          unit_price: unitPrice,
          discount_bps: 0,
          flat_discount: 0,
          gst_bps: 0,
          selling_price: sellingPrice({ unitPrice, discountBps: 0, flatDiscount: 0, gstBps: 0 }),
          updated_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    green = await add('Green Apple', 11000);
    red = await add('Red Apple', 9000);
    juice = await add('Apple Juice', 30000);
    [staff, asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer, Customer];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const db = t.db.db;
    for (const table of ['invoices', 'order_moves', 'order_lines', 'orders', 'mail_queue', 'stock_ledger'] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.updateTable('items').set({ stock: 10 }).where('id', 'in', [green, red, juice]).execute();
    await db.updateTable('items').set({ stock: 40 }).where('id', '=', APPLE).execute();
  });

  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const place = async (lines: unknown[]) => {
    const res = await t.call<OrderDto & Err>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, lines),
    });
    expect(res.status, res.body.Message).toBe(201);
    return res.body;
  };
  const toPacking = async (id: number) => {
    for (const status of ['Confirmed', 'Packing']) {
      const res = await t.call<Err>('PUT', `/api/Order/Status/${id}`, { token: staff.token, json: { Status: status } });
      expect(res.status, res.body.Message).toBe(200);
    }
  };
  const pack = (id: number, lines: unknown[], who: Customer = staff) =>
    t.call<OrderDto & Err>('POST', `/api/Order/Pack/${id}`, { token: who.token, json: { Lines: lines } });
  const threeChoices = () => [
    line(APPLE, 1, 3, 'added', { Substitution: 'BestMatch' }),
    line(red, 1, 2, 'added', { Substitution: green }),
    line(juice, 1, 4, 'added', { Substitution: 'None' }),
  ];

  it('keeps each choice with the saved cart and carries it into the order lines; a line without one reads None', async () => {
    const saved = await t.call<CartDto & Err>('POST', '/api/cart/Create', {
      token: asha.token,
      json: cartBody(asha, [...threeChoices(), line(SOAP, 3, 1)]),
    });
    expect(saved.status, saved.body.Message).toBe(200);
    const read = await t.call<CartDto>('GET', '/api/cart/Read', { token: asha.token });
    expect(read.body.CartItems.map((l) => [l.ItemID, l.Substitution])).toEqual([
      [APPLE, 'BestMatch'],
      [red, green],
      [juice, 'None'],
      [SOAP, undefined],
    ]);
    const order = await t.call<OrderDto & { Orders: OrderDto[] } & Err>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, [...threeChoices(), line(SOAP, 3, 1)]),
    });
    expect(order.status, order.body.Message).toBe(201);
    const lines = order.body.Orders.flatMap((o) => o.OrderItems);
    expect(lines.map((l) => [l.ItemID, l.Substitution, l.Sent])).toEqual([
      [APPLE, 'BestMatch', null],
      [red, green, null],
      [juice, 'None', null],
      [SOAP, 'None', null],
    ]);
    const again = await t.call<OrderDto>('GET', `/api/Order/Read/${order.body.OrderID}`, { token: asha.token });
    expect(again.body.OrderItems.map((l) => l.Substitution)).toEqual(['BestMatch', green, 'None']);
  });

  it('refuses a choice that is not None, BestMatch or another item of the same section, naming the line', async () => {
    const bad = await t.call<Err>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, [line(APPLE, 1, 1, 'added', { Substitution: 'Anything' })]),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['CartItems[0].Substitution']);
    const other = await t.call<Err>('POST', '/api/cart/Create', {
      token: asha.token,
      json: cartBody(asha, [line(APPLE, 1, 1, 'added', { Substitution: SOAP })]),
    });
    expect(other.status).toBe(400);
    expect(other.body.ModelState?.['CartItems[0].Substitution']?.[0]).toContain('same store and section');
    expect(await t.db.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('lists an item’s substitutes best match first: in stock, closest price, then title', async () => {
    const res = await t.call<{ ItemID: number; SellingPrice: number }[]>('GET', `/api/Item/Substitutes/${APPLE}`);
    expect(res.status).toBe(200);
    // Cherry (sold out) comes after every item in stock; Banana is hidden.
    expect(res.body.map((s) => s.ItemID)).toEqual([green, red, juice, 3]);
    expect((await t.call('GET', '/api/Item/Substitutes/999')).status).toBe(404);
  });

  it('packs: re-prices exactly, moves stock with packing ledger rows, re-issues the invoice and mails once', async () => {
    const placed = await place(threeChoices());
    expect(placed.OrderTotal).toBe(340.2 + 180 + 1200);
    await toPacking(placed.OrderID);
    await t.db.db.deleteFrom('mail_queue').execute();
    const list = await t.call<PackListDto>('GET', '/api/Order/PackList?StoreID=1', { token: staff.token });
    expect(list.status).toBe(200);
    expect(list.body.Orders.map((o) => o.Lines.map((l) => [l.ItemID, l.Substitution]))).toEqual([
      [
        [APPLE, 'BestMatch'],
        [juice, 'None'],
        [red, green],
      ],
    ]);
    const res = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Replaced' },
      { ItemID: red, Outcome: 'Replaced' },
      { ItemID: juice, Outcome: 'Short', Qty: 1 },
    ]);
    expect(res.status, res.body.Message).toBe(200);
    expect(res.body.Status).toBe('OutForDelivery');
    // Best match for Apple (Rs 113.40): Green Apple at Rs 110, the closest price in stock.
    // Red Apple's chosen Green Apple costs more than Red Apple: charged at Red Apple's Rs 90.
    expect(res.body.OrderItems.map((l) => l.Sent)).toEqual([
      {
        Outcome: 'Replaced',
        ItemID: green,
        ItemTitle: 'Green Apple',
        Size: '1 kg',
        Qty: 3,
        SellingPrice: 110,
        LineTotal: 330,
      },
      {
        Outcome: 'Replaced',
        ItemID: green,
        ItemTitle: 'Green Apple',
        Size: '1 kg',
        Qty: 2,
        SellingPrice: 90,
        LineTotal: 180,
      },
      {
        Outcome: 'Short',
        ItemID: juice,
        ItemTitle: 'Apple Juice',
        Size: '1 kg',
        Qty: 1,
        SellingPrice: 300,
        LineTotal: 300,
      },
    ]);
    expect(res.body.OrderTotal).toBe(810);
    expect([await stockOf(APPLE), await stockOf(red), await stockOf(green), await stockOf(juice)]).toEqual([
      40, 10, 5, 9,
    ]);
    const ledger = await t.db.db
      .selectFrom('stock_ledger')
      .select(['item_id', 'change', 'order_id'])
      .where('reason', '=', 'packing')
      .orderBy('item_id')
      .execute();
    expect(ledger).toEqual(
      [
        { item_id: APPLE, change: 3, order_id: placed.OrderID },
        { item_id: green, change: -5, order_id: placed.OrderID },
        { item_id: red, change: 2, order_id: placed.OrderID },
        { item_id: juice, change: 3, order_id: placed.OrderID },
      ].sort((a, b) => a.item_id - b.item_id),
    );
    const mails = await t.db.db.selectFrom('mail_queue').select(['to_address', 'subject', 'body_text']).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to_address).toBe(asha.email);
    expect(mails[0]?.body_text).toContain('What changed');
    expect(mails[0]?.body_text).toContain('3 × Apple (1 kg)');
    expect(mails[0]?.body_text).toContain('1 × Apple Juice (1 kg), short');
    expect(mails[0]?.body_text).toContain('New order total: Rs 810');
    const invoices = await t.db.db
      .selectFrom('invoices')
      .select(['kind', 'total', 'credits'])
      .where('order_id', '=', placed.OrderID)
      .orderBy('id')
      .execute();
    expect(invoices.map((i) => [i.kind, i.total])).toEqual([
      ['Invoice', 172_020],
      ['CreditNote', 172_020],
      ['Invoice', 81_000],
    ]);
  });

  it('is all or none: a bad line is a 400 naming it, and nothing moves', async () => {
    const placed = await place(threeChoices());
    await toPacking(placed.OrderID);
    const before = await Promise.all([APPLE, green, red, juice].map(stockOf));
    const short = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Replaced' },
      { ItemID: red, Outcome: 'Packed' },
      { ItemID: juice, Outcome: 'Short', Qty: 4 },
    ]);
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.ModelState ?? {})).toEqual(['Lines[2].Qty']);
    const refused = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Packed' },
      { ItemID: red, Outcome: 'Packed' },
      { ItemID: juice, Outcome: 'Replaced' },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState?.['Lines[2].Outcome']?.[0]).toContain("Don't replace");
    const missing = await pack(placed.OrderID, [{ ItemID: APPLE, Outcome: 'Packed' }]);
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState ?? {})).toEqual(['Lines']);
    const foreign = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Replaced', ReplacementID: SOAP },
      { ItemID: red, Outcome: 'Packed' },
      { ItemID: juice, Outcome: 'Packed' },
    ]);
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.ModelState ?? {})).toEqual(['Lines[0].ReplacementID']);
    expect(await Promise.all([APPLE, green, red, juice].map(stockOf))).toEqual(before);
    const order = await t.call<OrderDto>('GET', `/api/Order/Read/${placed.OrderID}`, { token: staff.token });
    expect(order.body.Status).toBe('Packing');
    expect(order.body.OrderItems.every((l) => l.Sent === null)).toBe(true);
    expect(await t.db.db.selectFrom('stock_ledger').select('id').where('reason', '=', 'packing').execute()).toEqual([]);
    // Shoppers may not pack; an order not in Packing cannot be.
    expect((await pack(placed.OrderID, [{ ItemID: APPLE, Outcome: 'Packed' }], asha)).status).toBe(403);
    const ok = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Packed' },
      { ItemID: red, Outcome: 'Packed' },
      { ItemID: juice, Outcome: 'Packed' },
    ]);
    expect(ok.status, ok.body.Message).toBe(200);
    expect(ok.body.OrderTotal).toBe(placed.OrderTotal);
    const twice = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Packed' },
      { ItemID: red, Outcome: 'Packed' },
      { ItemID: juice, Outcome: 'Packed' },
    ]);
    expect(twice.status).toBe(409);
  });

  it('gives back what was sent when a packed order is cancelled', async () => {
    const placed = await place(threeChoices());
    await toPacking(placed.OrderID);
    const res = await pack(placed.OrderID, [
      { ItemID: APPLE, Outcome: 'Replaced', ReplacementID: red },
      { ItemID: red, Outcome: 'Packed' },
      { ItemID: juice, Outcome: 'Short', Qty: 0 },
    ]);
    expect(res.status, res.body.Message).toBe(200);
    // Red Apple Rs 90 sent for Apple Rs 113.40: the cheaper price is charged.
    expect(res.body.OrderTotal).toBe(90 * 3 + 90 * 2);
    expect(await stockOf(red)).toBe(5);
    const cancel = await t.call<Err>('PUT', `/api/Order/Status/${placed.OrderID}`, {
      token: staff.token,
      json: { Status: 'Cancelled' },
    });
    expect(cancel.status, cancel.body.Message).toBe(200);
    expect([await stockOf(APPLE), await stockOf(red), await stockOf(juice)]).toEqual([40, 10, 10]);
  });
});
