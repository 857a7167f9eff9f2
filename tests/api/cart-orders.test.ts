import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartDto, CheckedCartDto, ShortageDto } from '../../src/lib/domain/cart.ts';
import type { PlacedOrderDto } from '../../src/lib/domain/order-groups.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]>; Shortages?: ShortageDto[] };

// The fixture catalogue (tests/fixtures/catalogue.ts): item → [store, stock].
const APPLE = { id: 1, store: 1, stock: 40 }; // Rs 120, 10 % off, 5 % GST: sells at 113.40
const BANANA = { id: 2, store: 1, stock: 10 }; // hidden
const CHERRY = { id: 3, store: 1, stock: 0 }; // sold out, sells at 336
const SOAP = { id: 4, store: 3, stock: 100 }; // Rs 45 + 18 % GST: sells at 53.10

const CART_ITEM_FIELDS = [
  'Availability',
  'Discount',
  'FlatDiscount',
  'Gst',
  'ItemID',
  'ItemTitle',
  'ItemUpdatedTime',
  'LineUpdatedTime',
  'MaxQtyPerItem',
  'Qty',
  'SellingPrice',
  'Size',
  'Staus',
  'StoreID',
  'StoreName',
  'UnitPrice',
];
const ORDER_FIELDS = [
  'CouponCode',
  'CreatedTime',
  'CustomerID',
  'CustomerName',
  'DeliveryAddress',
  'DeliveryFee',
  'Discount',
  'GroupID',
  'OrderID',
  'OrderItems',
  'OrderTotal',
  'Payment',
  'Refunds',
  'SlotID',
  'Status',
  'UpdatedTime',
];
const ORDER_ITEM_FIELDS = [
  'Discount',
  'FlatDiscount',
  'Gst',
  'ItemID',
  'ItemTitle',
  'LineTotal',
  'Qty',
  'SellingPrice',
  // What packing sent (null until packed) and the shopper's substitution choice (issue 33).
  'Sent',
  'Size',
  'SoldBy',
  'StoreID',
  'Substitution',
  'UnitPrice',
];

describe.each(DIALECTS)('cart and orders on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let om: Customer;
  let sita: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    // These tests are about stock (40 apples, 101 soaps); the per-order limit has its own (order-limits.test.ts).
    await t.db.db.updateTable('stores').set({ max_qty_per_item: 999 }).where('id', '=', APPLE.store).execute();
    await t.db.db.updateTable('stores').set({ max_qty_per_item: 500 }).where('id', '=', SOAP.store).execute();
    [asha, om, sita, ravi] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'om@aisle.test', fullName: 'Om Prakash', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Admin', role: 'Admin' },
    ])) as [Customer, Customer, Customer, Customer];
  });
  afterAll(() => closeTestDb(t.db));

  beforeEach(async () => {
    const db = t.db.db;
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('cart_items').execute();
    await db.deleteFrom('carts').execute();
    for (const item of [APPLE, BANANA, CHERRY, SOAP]) {
      await db.updateTable('items').set({ stock: item.stock }).where('id', '=', item.id).execute();
    }
  });

  const call = <T = unknown>(
    method: string,
    path: string,
    who: Customer | undefined,
    json?: unknown,
    headers?: Record<string, string>,
  ) =>
    send<T>(t.app, method, path, {
      ...(who === undefined ? {} : { token: who.token }),
      ...(json === undefined ? {} : { json }),
      ...(headers === undefined ? {} : { headers }),
    });
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const count = async (table: 'orders' | 'order_lines' | 'cart_items') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const order = (who: Customer, lines: unknown[], headers?: Record<string, string>) =>
    call<PlacedOrderDto & Err>('POST', '/api/cart/CreateOrder', who, cartBody(who, lines), headers);
  /** The answer's first store's order, as lists show it (the answer adds the group's `Orders`). */
  const firstOrder = ({ Orders: _orders, ...first }: PlacedOrderDto): OrderDto => first;

  describe('reading and saving the cart (Check Stock)', () => {
    it('answers an empty cart for someone who has none', async () => {
      const res = await call<CartDto>('GET', '/api/cart/Read', asha);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        CustomerID: asha.id,
        CustomerName: 'Asha Kumar',
        CartID: asha.id,
        CartItems: [],
        RemovedLines: [],
        ReadTime: t.clock.now.toISOString(),
      });
    });

    it('saves the posted cart as the caller’s and answers it with catalogue data, all loaded', async () => {
      const posted = {
        CustomerID: 999,
        CustomerName: 'Someone Else',
        CartID: 999,
        CartItems: [
          line(SOAP.id, SOAP.store, 2, 'modified', { SellingPrice: 0.01, ItemTitle: 'Cheap soap' }),
          line(APPLE.id, APPLE.store, 3, 'added', { UnitPrice: 1, Availability: 5000 }),
          line(CHERRY.id, CHERRY.store, 0, 'modified'),
          line(BANANA.id, BANANA.store, 4, 'deleted'),
        ],
      };
      const res = await call<CheckedCartDto>('POST', '/api/cart/Create', asha, posted);
      expect(res.status).toBe(200);
      expect(res.body.CartID).toBe(asha.id);
      expect(res.body.CustomerID).toBe(asha.id);
      expect(res.body.CustomerName).toBe('Asha Kumar');
      expect(res.body.Shortages).toEqual([]);
      expect(res.body.CartItems.map((i) => Object.keys(i).sort())).toEqual([CART_ITEM_FIELDS, CART_ITEM_FIELDS]);
      expect(res.body.CartItems).toEqual([
        {
          ItemID: 4,
          ItemTitle: 'Soap Bar',
          Staus: 'loaded',
          StoreID: 3,
          Qty: 2,
          Availability: 100,
          Size: '1 kg',
          UnitPrice: 45,
          Discount: 0,
          FlatDiscount: 0,
          Gst: 18,
          SellingPrice: 53.1,
          StoreName: '3',
          ItemUpdatedTime: '2026-01-01T00:00:00.000Z',
          MaxQtyPerItem: 500,
          LineUpdatedTime: t.clock.now.toISOString(),
        },
        {
          ItemID: 1,
          ItemTitle: 'Apple',
          Staus: 'loaded',
          StoreID: 1,
          Qty: 3,
          Availability: 40,
          Size: '1 kg',
          UnitPrice: 120,
          Discount: 10,
          FlatDiscount: 0,
          Gst: 5,
          SellingPrice: 113.4,
          StoreName: '1',
          ItemUpdatedTime: '2026-01-01T00:00:00.000Z',
          MaxQtyPerItem: 999,
          LineUpdatedTime: t.clock.now.toISOString(),
        },
      ]);
      const read = await call<CartDto>('GET', '/api/Cart/Read', asha);
      const { Shortages: _none, ...cart } = res.body;
      expect(read.body).toEqual(cart);
      // Nobody else's cart changed.
      expect((await call<CartDto>('GET', '/api/cart/read', om)).body.CartItems).toEqual([]);
    });

    it('replaces the saved cart on every save', async () => {
      await call('POST', '/api/cart/Create', asha, cartBody(asha, [line(APPLE.id, APPLE.store, 3)]));
      await call('POST', '/api/cart/Create', asha, cartBody(asha, [line(SOAP.id, SOAP.store, 1, 'loaded')]));
      const read = await call<CartDto>('GET', '/api/cart/Read', asha);
      expect(read.body.CartItems.map((i) => [i.ItemID, i.Qty])).toEqual([[SOAP.id, 1]]);
    });

    it('names the requested quantities that are not in stock, and answers 200', async () => {
      const res = await call<CheckedCartDto>(
        'POST',
        '/api/cart/Create',
        asha,
        cartBody(asha, [
          line(APPLE.id, APPLE.store, 41),
          line(CHERRY.id, CHERRY.store, 1),
          line(BANANA.id, BANANA.store, 2),
          line(SOAP.id, SOAP.store, 100),
        ]),
      );
      expect(res.status).toBe(200);
      expect(res.body.Shortages).toEqual([
        { ItemID: 1, StoreID: 1, ItemTitle: 'Apple', Requested: 41, Available: 40 },
        { ItemID: 3, StoreID: 1, ItemTitle: 'Cherry', Requested: 1, Available: 0 },
        { ItemID: 2, StoreID: 1, ItemTitle: 'Banana', Requested: 2, Available: 0 },
      ]);
      // A hidden item is shown as not available; the cart keeps every line so the customer can adjust it.
      expect(res.body.CartItems.map((i) => [i.ItemTitle, i.Qty, i.Availability])).toEqual([
        ['Apple', 41, 40],
        ['Cherry', 1, 0],
        ['Banana', 2, 0],
        ['Soap Bar', 100, 100],
      ]);
    });

    const validCart = [line(APPLE.id, APPLE.store, 1), line(SOAP.id, SOAP.store, 1)];
    it.each<[string, unknown, string]>([
      ['a missing CartItems', { CartID: 1 }, 'CartItems'],
      ['CartItems that is not a list', { CartItems: { ItemID: 1 } }, 'CartItems'],
      ['more than 200 lines', { CartItems: Array.from({ length: 201 }, (_, i) => line(i + 1, 1, 1)) }, 'CartItems'],
      ['a line that is not an object', { CartItems: [...validCart, 'apple'] }, 'CartItems[2]'],
      ['a missing ItemID', { CartItems: [{ StoreID: 1, Qty: 1, Staus: 'added' }] }, 'CartItems[0].ItemID'],
      ['ItemID 0', { CartItems: [line(0, 1, 1)] }, 'CartItems[0].ItemID'],
      ['a fractional ItemID', { CartItems: [line(1.5, 1, 1)] }, 'CartItems[0].ItemID'],
      ['a text ItemID', { CartItems: [line('apple' as unknown as number, 1, 1)] }, 'CartItems[0].ItemID'],
      ['a negative StoreID', { CartItems: [line(1, -1, 1)] }, 'CartItems[0].StoreID'],
      ['a negative Qty', { CartItems: [...validCart, line(3, 1, -1)] }, 'CartItems[2].Qty'],
      ['a Qty above 999', { CartItems: [...validCart, line(3, 1, 1000)] }, 'CartItems[2].Qty'],
      ['a fractional Qty', { CartItems: [...validCart, line(3, 1, 1.5)] }, 'CartItems[2].Qty'],
      ['a missing Qty', { CartItems: [{ ItemID: 1, StoreID: 1, Staus: 'added' }] }, 'CartItems[0].Qty'],
      ['an unknown Staus', { CartItems: [line(1, 1, 1, 'gone' as 'added')] }, 'CartItems[0].Staus'],
      ['a missing Staus', { CartItems: [{ ItemID: 1, StoreID: 1, Qty: 1 }] }, 'CartItems[0].Staus'],
      ['the same item twice', { CartItems: [line(1, 1, 1), line(1, 1, 2)] }, 'CartItems[1].ItemID'],
      ['an item that does not exist', { CartItems: [...validCart, line(99, 1, 1)] }, 'CartItems[2].ItemID'],
      ['an item of another store', { CartItems: [line(APPLE.id, SOAP.store, 1)] }, 'CartItems[0].ItemID'],
    ])('answers 400 naming the field for %s, and saves nothing', async (_name, body, field) => {
      await call('POST', '/api/cart/Create', asha, cartBody(asha, [line(SOAP.id, SOAP.store, 7)]));
      for (const path of ['/api/cart/Create', '/api/cart/CreateOrder']) {
        const res = await call<Err>('POST', path, asha, body);
        expect(res.status, path).toBe(400);
        expect(res.body.Message).toContain(field);
        expect(Object.keys(res.body.ModelState ?? {})).toEqual([field]);
      }
      const read = await call<CartDto>('GET', '/api/cart/Read', asha);
      expect(read.body.CartItems.map((i) => [i.ItemID, i.Qty])).toEqual([[SOAP.id, 7]]);
      expect(await count('orders')).toBe(0);
    });

    it('lists every broken rule at once', async () => {
      const res = await call<Err>('POST', '/api/cart/Create', asha, {
        CartItems: [line(0, 1, 1), line(1, 1, -2, 'nope' as 'added')],
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {}).sort()).toEqual([
        'CartItems[0].ItemID',
        'CartItems[1].Qty',
        'CartItems[1].Staus',
      ]);
    });

    it('answers 400 for a body that is not a JSON object', async () => {
      for (const rawBody of ['[]', '{"CartItems": [', 'null']) {
        const res = await send<Err>(t.app, 'POST', '/api/cart/Create', { token: asha.token, rawBody });
        expect(res.status, rawBody).toBe(400);
        expect(res.body.Message).toMatch(/JSON|body/);
      }
    });
  });

  describe('placing an order', () => {
    it('orders the cart: prices from the catalogue, stock taken, cart emptied, 201', async () => {
      await call('POST', '/api/cart/Create', asha, cartBody(asha, [line(APPLE.id, APPLE.store, 9)]));
      const res = await order(asha, [
        line(APPLE.id, APPLE.store, 3, 'modified', { SellingPrice: 1, UnitPrice: 1, Gst: 0, ItemTitle: 'Free apple' }),
        line(SOAP.id, SOAP.store, 2, 'added', { SellingPrice: 0.5 }),
      ]);
      expect(res.status).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual([...ORDER_FIELDS, 'Orders'].sort());
      // Two stores: one order each (issue 31); the answer is the first store's, with both in Orders.
      expect(res.body.Orders.map((o) => Object.keys(o).sort())).toEqual([ORDER_FIELDS, ORDER_FIELDS]);
      expect(res.body.Orders[0]).toEqual(firstOrder(res.body));
      const lines = res.body.Orders.flatMap((o) => o.OrderItems);
      expect(lines.map((i) => Object.keys(i).sort())).toEqual([ORDER_ITEM_FIELDS, ORDER_ITEM_FIELDS]);
      expect(res.body.Orders.map((o) => [o.CustomerID, o.CustomerName, o.Status, o.OrderTotal])).toEqual([
        [asha.id, 'Asha Kumar', 'Placed', 340.2],
        [asha.id, 'Asha Kumar', 'Placed', 106.2],
      ]);
      expect(res.body.CreatedTime).toBe(t.clock.now.toISOString());
      expect(lines).toEqual([
        {
          ItemID: 1,
          StoreID: 1,
          ItemTitle: 'Apple',
          UnitPrice: 120,
          Gst: 5,
          Discount: 10,
          FlatDiscount: 0,
          SellingPrice: 113.4,
          Qty: 3,
          Size: '1 kg',
          SoldBy: 'ByUnit',
          LineTotal: 340.2,
          Substitution: 'None',
          Sent: null,
        },
        {
          ItemID: 4,
          StoreID: 3,
          ItemTitle: 'Soap Bar',
          UnitPrice: 45,
          Gst: 18,
          Discount: 0,
          FlatDiscount: 0,
          SellingPrice: 53.1,
          Qty: 2,
          Size: '1 kg',
          SoldBy: 'ByUnit',
          LineTotal: 106.2,
          Substitution: 'None',
          Sent: null,
        },
      ]);
      expect(await stockOf(APPLE.id)).toBe(37);
      expect(await stockOf(SOAP.id)).toBe(98);
      expect((await call<CartDto>('GET', '/api/cart/Read', asha)).body.CartItems).toEqual([]);
      const stored = await t.db.db.selectFrom('order_lines').selectAll().orderBy('id').execute();
      expect(stored.map((l) => [l.title, l.unit_price, l.selling_price, l.qty])).toEqual([
        ['Apple', 12000, 11340, 3],
        ['Soap Bar', 4500, 5310, 2],
      ]);
      const history = await call<OrderDto[]>('GET', '/api/Order/AllOrders', asha);
      // The lists name each order's group too (GroupOrderIDs: both orders, in id order).
      const group = res.body.Orders.map((o) => o.OrderID).sort((a, b) => a - b);
      expect(history.body).toEqual([...res.body.Orders].reverse().map((o) => ({ ...o, GroupOrderIDs: group })));
    });

    it('keeps the prices it was sold at when the catalogue changes later', async () => {
      const placed = await order(asha, [line(APPLE.id, APPLE.store, 1)]);
      await t.db.db.updateTable('items').set({ unit_price: 99900, selling_price: 99900 }).where('id', '=', 1).execute();
      const history = await call<OrderDto[]>('GET', '/api/Order/AllOrders', asha);
      expect(history.body[0]?.OrderItems[0]?.SellingPrice).toBe(113.4);
      expect(history.body[0]).toEqual({ ...firstOrder(placed.body), GroupOrderIDs: [placed.body.OrderID] });
      await t.db.db.updateTable('items').set({ unit_price: 12000, selling_price: 11340 }).where('id', '=', 1).execute();
    });

    it('refuses with 409 naming the short lines and writes nothing of the order', async () => {
      const lines = [line(APPLE.id, APPLE.store, 3), line(CHERRY.id, CHERRY.store, 1), line(SOAP.id, SOAP.store, 2)];
      await call('POST', '/api/cart/Create', asha, cartBody(asha, lines));
      const res = await order(asha, lines);
      expect(res.status).toBe(409);
      expect(res.body.Message).toContain('Cherry');
      expect(res.body.ModelState).toEqual({
        'CartItems[1].Qty': ['CartItems[1].Qty asks for 1 of Cherry, but only 0 are in stock.'],
      });
      expect(res.body.Shortages).toEqual([{ ItemID: 3, StoreID: 1, ItemTitle: 'Cherry', Requested: 1, Available: 0 }]);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
      expect(await stockOf(SOAP.id)).toBe(SOAP.stock);
      expect(await count('orders')).toBe(0);
      expect(await count('order_lines')).toBe(0);
      const cart = await call<CartDto>('GET', '/api/cart/Read', asha);
      expect(cart.body.CartItems.map((i) => [i.ItemID, i.Qty])).toEqual([
        [1, 3],
        [3, 1],
        [4, 2],
      ]);
    });

    it('names every short line, including ones after the first, and a hidden item', async () => {
      const res = await order(asha, [
        line(SOAP.id, SOAP.store, 101),
        line(BANANA.id, BANANA.store, 1),
        line(APPLE.id, APPLE.store, 40),
        line(CHERRY.id, CHERRY.store, 2),
      ]);
      expect(res.status).toBe(409);
      expect(Object.keys(res.body.ModelState ?? {}).sort()).toEqual([
        'CartItems[0].Qty',
        'CartItems[1].ItemID',
        'CartItems[3].Qty',
      ]);
      expect(res.body.ModelState?.['CartItems[1].ItemID']?.[0]).toContain('Banana, which is not for sale');
      expect(res.body.Shortages?.map((s) => [s.ItemTitle, s.Requested, s.Available])).toEqual([
        ['Banana', 1, 0],
        ['Cherry', 2, 0],
        ['Soap Bar', 101, 100],
      ]);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
      expect(await count('orders')).toBe(0);
      // The posted cart is kept, so the customer sees what to change.
      const cart = await call<CartDto>('GET', '/api/cart/Read', asha);
      expect(cart.body.CartItems.map((i) => i.ItemID)).toEqual([4, 2, 1, 3]);
    });

    it('answers 400 for an order of an empty cart', async () => {
      const res = await order(asha, [line(APPLE.id, APPLE.store, 0), line(SOAP.id, SOAP.store, 2, 'deleted')]);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual(['CartItems']);
      expect(await count('orders')).toBe(0);
    });

    it('orders exactly the stock there is', async () => {
      const res = await order(asha, [line(APPLE.id, APPLE.store, 40)]);
      expect(res.status).toBe(201);
      expect(await stockOf(APPLE.id)).toBe(0);
      const again = await order(asha, [line(APPLE.id, APPLE.store, 1)]);
      expect(again.status).toBe(409);
      expect(again.body.Shortages).toEqual([{ ItemID: 1, StoreID: 1, ItemTitle: 'Apple', Requested: 1, Available: 0 }]);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a retried order with the first answer and orders once', async () => {
      const key = { 'Idempotency-Key': 'order-7f3a' };
      const first = await order(asha, [line(APPLE.id, APPLE.store, 2)], key);
      expect(first.status).toBe(201);
      // The retry sends the cart again; the cart was emptied by the first, and must stay so.
      const retry = await order(asha, [line(APPLE.id, APPLE.store, 2)], key);
      expect(retry.status).toBe(201);
      expect(retry.text).toBe(first.text);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await count('orders')).toBe(1);
      expect(await stockOf(APPLE.id)).toBe(38);
      expect((await call<CartDto>('GET', '/api/cart/Read', asha)).body.CartItems).toEqual([]);
    });

    it('orders once when the same key arrives several times at once', async () => {
      const key = { 'Idempotency-Key': 'double-click' };
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          order(asha, [line(APPLE.id, APPLE.store, 3), line(SOAP.id, SOAP.store, 1)], key),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.text)).size).toBe(1);
      // One group: an order for each of the two stores.
      expect(await count('orders')).toBe(2);
      expect(await stockOf(APPLE.id)).toBe(37);
      expect(await stockOf(SOAP.id)).toBe(99);
    });

    it('keeps keys apart per customer, and lets a key refused for stock try again', async () => {
      const key = { 'Idempotency-Key': 'shared-key' };
      const a = await order(asha, [line(APPLE.id, APPLE.store, 1)], key);
      const o = await order(om, [line(APPLE.id, APPLE.store, 1)], key);
      expect([a.status, o.status]).toEqual([201, 201]);
      expect(a.body.OrderID).not.toBe(o.body.OrderID);
      expect(o.body.CustomerID).toBe(om.id);

      const retryKey = { 'Idempotency-Key': 'after-restock' };
      expect((await order(asha, [line(CHERRY.id, CHERRY.store, 1)], retryKey)).status).toBe(409);
      await t.db.db.updateTable('items').set({ stock: 5 }).where('id', '=', CHERRY.id).execute();
      expect((await order(asha, [line(CHERRY.id, CHERRY.store, 1)], retryKey)).status).toBe(201);
      expect(await stockOf(CHERRY.id)).toBe(4);
    });

    it('answers 400 for an empty or over-long key', async () => {
      for (const value of [' ', 'k'.repeat(201)]) {
        const res = await order(asha, [line(APPLE.id, APPLE.store, 1)], { 'Idempotency-Key': value });
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.ModelState ?? {})).toEqual(['Idempotency-Key']);
      }
      expect(await count('orders')).toBe(0);
    });
  });

  describe('order history', () => {
    // Three orders at known times: asha twice, om once.
    async function placeThree(): Promise<OrderDto[]> {
      const placed: OrderDto[] = [];
      for (const [who, lines] of [
        [asha, [line(APPLE.id, APPLE.store, 1)]],
        [om, [line(SOAP.id, SOAP.store, 5)]],
        [asha, [line(SOAP.id, SOAP.store, 3)]],
      ] as const) {
        t.clock.advance(60_000);
        const res = await order(who, [...lines]);
        expect(res.status).toBe(201);
        placed.push(firstOrder(res.body));
      }
      return placed;
    }

    it('shows a customer their own orders, newest first, paged with a total', async () => {
      const [a1, , a2] = await placeThree();
      const mine = await call<OrderDto[]>('GET', '/api/Order/AllOrders', asha);
      expect(mine.status).toBe(200);
      expect(mine.body.map((o) => o.OrderID)).toEqual([a2?.OrderID, a1?.OrderID]);
      expect(mine.headers.get('x-total-count')).toBe('2');
      const page = await call<OrderDto[]>('GET', '/api/Order/AllOrders?page=1&limit=1', asha);
      expect(page.body.map((o) => o.OrderID)).toEqual([a1?.OrderID]);
      expect(page.headers.get('x-total-count')).toBe('2');
      // An Employee flag in the query does not widen a customer's view.
      const stillMine = await call<OrderDto[]>('GET', '/api/Order/AllOrders?mine=false', asha);
      expect(stillMine.body).toHaveLength(2);
    });

    it('shows staff every order unless they ask for their own', async () => {
      const placed = await placeThree();
      for (const staff of [sita, ravi]) {
        const all = await call<OrderDto[]>('GET', '/api/Order/AllOrders', staff);
        expect(all.body.map((o) => o.OrderID)).toEqual(placed.map((o) => o.OrderID).reverse());
        expect(all.body.map((o) => o.CustomerName)).toEqual(['Asha Kumar', 'Om Prakash', 'Asha Kumar']);
      }
      const own = await call<OrderDto[]>('GET', '/api/Order/AllOrders?mine=true', sita);
      expect(own.body).toEqual([]);
      expect(own.headers.get('x-total-count')).toBe('0');
    });

    it('sorts and filters', async () => {
      const placed = await placeThree();
      const byTotal = await call<OrderDto[]>('GET', '/api/Order/AllOrders?sort=OrderTotal', sita);
      expect(byTotal.body.map((o) => o.OrderTotal)).toEqual([113.4, 159.3, 265.5]);
      const soap = await call<OrderDto[]>('GET', '/api/Order/AllOrders?filter=soap', sita);
      expect(soap.body.map((o) => o.OrderID)).toEqual([placed[2]?.OrderID, placed[1]?.OrderID]);
      const byName = await call<OrderDto[]>('GET', '/api/Order/AllOrders?filter=PRAKASH', sita);
      expect(byName.body.map((o) => o.CustomerName)).toEqual(['Om Prakash']);
    });

    it('filters by status, matched case-insensitively', async () => {
      const [a1, o1] = await placeThree();
      await call('PUT', `/api/Order/Status/${a1?.OrderID}`, sita, { Status: 'Confirmed' });
      await call('PUT', `/api/Order/Status/${o1?.OrderID}`, sita, { Status: 'Confirmed' });
      const confirmed = await call<OrderDto[]>('GET', '/api/Order/AllOrdersByStaus/confirmed', asha);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.map((o) => [o.OrderID, o.Status])).toEqual([[a1?.OrderID, 'Confirmed']]);
      expect(confirmed.headers.get('x-total-count')).toBe('1');
      const allConfirmed = await call<OrderDto[]>('GET', '/api/Order/AllOrdersByStaus/Confirmed', sita);
      expect(allConfirmed.body).toHaveLength(2);
      await call('PUT', `/api/Order/Status/${o1?.OrderID}`, sita, { Status: 'Packing' });
      await call('PUT', `/api/Order/Status/${o1?.OrderID}`, sita, { Status: 'OutForDelivery' });
      // The words a person reads ("Out for delivery") name the status too.
      const onTheWay = await call<OrderDto[]>('GET', '/api/Order/AllOrdersByStaus/out%20for%20delivery', sita);
      expect(onTheWay.body.map((o) => [o.OrderID, o.Status])).toEqual([[o1?.OrderID, 'OutForDelivery']]);
      const placedOnly = await call<OrderDto[]>('GET', '/api/order/allordersbystaus/PLACED', sita);
      expect(placedOnly.body.map((o) => o.Status)).toEqual(['Placed']);
    });

    it.each([
      ['/api/Order/AllOrdersByStaus/Shipped', 'status'],
      ['/api/Order/AllOrders?mine=maybe', 'mine'],
      ['/api/Order/AllOrders?limit=0', 'limit'],
      ['/api/Order/AllOrders?sort=Colour', 'sort'],
    ])('answers 400 for %s naming %s', async (path, field) => {
      const res = await call<Err>('GET', path, sita);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual([field]);
    });

    it('reads one order for its customer or staff, and hides it from anyone else', async () => {
      const [a1] = await placeThree();
      const path = `/api/Order/Read/${a1?.OrderID}`;
      expect((await call<OrderDto>('GET', path, asha)).body).toEqual({ ...a1, GroupOrderIDs: [a1?.OrderID] });
      expect((await call('GET', path, sita)).status).toBe(200);
      const other = await call<Err>('GET', path, om);
      expect(other.status).toBe(404);
      expect(other.body.Message).toBe(`Order ${a1?.OrderID} does not exist.`);
      expect((await call('GET', '/api/Order/Read/999999', asha)).status).toBe(404);
    });
  });

  describe('moving orders through their statuses', () => {
    const move = (who: Customer | undefined, id: number | undefined, status: unknown) =>
      call<OrderDto & Err>('PUT', `/api/Order/Status/${id}`, who, { Status: status });

    it('goes Placed → Confirmed → Packing → OutForDelivery → Delivered and then stays there', async () => {
      const placed = (await order(asha, [line(APPLE.id, APPLE.store, 2)])).body;
      t.clock.advance(1000);
      const confirmed = await move(sita, placed.OrderID, 'Confirmed');
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({
        OrderID: placed.OrderID,
        Status: 'Confirmed',
        CreatedTime: placed.CreatedTime,
      });
      expect(confirmed.body.UpdatedTime).toBe(t.clock.now.toISOString());
      expect((await move(ravi, placed.OrderID, 'packing')).body.Status).toBe('Packing');
      expect((await move(ravi, placed.OrderID, 'OutForDelivery')).body.Status).toBe('OutForDelivery');
      expect((await move(ravi, placed.OrderID, 'delivered')).body.Status).toBe('Delivered');
      const cancel = await move(sita, placed.OrderID, 'Cancelled');
      expect(cancel.status).toBe(409);
      expect(cancel.body.Message).toBe(
        `Order ${placed.OrderID} is Delivered and cannot move to Cancelled: a Delivered order is final.`,
      );
      expect(await stockOf(APPLE.id)).toBe(38);
    });

    it.each([
      ['Placed', 'Delivered'],
      ['Placed', 'Placed'],
    ])('refuses %s → %s with 409', async (_from, to) => {
      const placed = (await order(asha, [line(APPLE.id, APPLE.store, 1)])).body;
      const res = await move(sita, placed.OrderID, to);
      expect(res.status).toBe(409);
      expect(res.body.Message).toContain('a Placed order can only move to Confirmed or Cancelled');
    });

    it.each(['Placed', 'Confirmed'])('cancels a %s order and puts its stock back, once', async (from) => {
      // One store's order (a cart of two stores would be two orders, each cancelled on its own).
      const placed = (await order(asha, [line(APPLE.id, APPLE.store, 15)])).body;
      if (from === 'Confirmed') expect((await move(sita, placed.OrderID, 'Confirmed')).status).toBe(200);
      expect([await stockOf(APPLE.id), await stockOf(SOAP.id)]).toEqual([25, SOAP.stock]);
      const [one, two] = await Promise.all([
        move(sita, placed.OrderID, 'Cancelled'),
        move(ravi, placed.OrderID, 'Cancelled'),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 409]);
      expect([await stockOf(APPLE.id), await stockOf(SOAP.id)]).toEqual([APPLE.stock, SOAP.stock]);
      const audit = await t.db.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'order.status')
        .where('target', '=', `order:${placed.OrderID}`)
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.actor_email, JSON.parse(a.detail)])).toEqual([
        ...(from === 'Confirmed'
          ? [['sita@aisle.test', { from: 'Placed', to: 'Confirmed', unitsReturnedToStock: 0 }]]
          : []),
        [expect.stringMatching(/@aisle\.test$/), { from, to: 'Cancelled', unitsReturnedToStock: 15 }],
      ]);
    });

    it('validates the status and the order id', async () => {
      const placed = (await order(asha, [line(APPLE.id, APPLE.store, 1)])).body;
      for (const status of ['Shipped', 'Packed', 7, undefined]) {
        const res = await move(sita, placed.OrderID, status);
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.ModelState ?? {})).toEqual(['Status']);
      }
      expect((await move(sita, 999999, 'Confirmed')).status).toBe(404);
      const bad = await call<Err>('PUT', '/api/Order/Status/abc', sita, { Status: 'Confirmed' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['id']);
    });

    it('is for staff only', async () => {
      const placed = (await order(asha, [line(APPLE.id, APPLE.store, 1)])).body;
      expect((await move(asha, placed.OrderID, 'Cancelled')).status).toBe(403);
      expect((await move(undefined, placed.OrderID, 'Cancelled')).status).toBe(401);
      expect(await stockOf(APPLE.id)).toBe(39);
    });
  });

  describe('who may touch what', () => {
    it('answers 401 to anonymous callers of every cart and order call', async () => {
      const calls: [string, string][] = [
        ['GET', '/api/cart/Read'],
        ['POST', '/api/cart/Create'],
        ['POST', '/api/cart/CreateOrder'],
        ['DELETE', `/api/CartItem/Delete/${asha.id}`],
        ['GET', '/api/Order/AllOrders'],
        ['GET', '/api/Order/AllOrdersByStaus/Placed'],
        ['GET', '/api/Order/Read/1'],
        ['PUT', '/api/Order/Status/1'],
      ];
      for (const [method, path] of calls) {
        const res = await call<Err>(method, path, undefined, method === 'GET' ? undefined : { CartItems: [] });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    });

    it('clears only the caller’s own cart', async () => {
      await call('POST', '/api/cart/Create', asha, cartBody(asha, [line(APPLE.id, APPLE.store, 2)]));
      for (const who of [om, sita, ravi]) {
        const res = await call<Err>('DELETE', `/api/CartItem/Delete/${asha.id}`, who);
        expect(res.status).toBe(403);
        expect(res.body.Message).toBe('You may only clear your own cart.');
      }
      expect((await call<CartDto>('GET', '/api/cart/Read', asha)).body.CartItems).toHaveLength(1);
      const cleared = await call<CartDto>('DELETE', `/api/cartitem/delete/${asha.id}`, asha);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({
        CustomerID: asha.id,
        CustomerName: 'Asha Kumar',
        CartID: asha.id,
        CartItems: [],
        // Issue 36: the removal stays, so another device's older copy does not bring Apple back.
        RemovedLines: [{ ItemID: APPLE.id, StoreID: APPLE.store, RemovedTime: t.clock.now.toISOString() }],
        ReadTime: t.clock.now.toISOString(),
      });
      expect((await call<CartDto>('GET', '/api/cart/Read', asha)).body.CartItems).toEqual([]);
      expect(await count('cart_items')).toBe(0);
      expect((await call<Err>('DELETE', '/api/CartItem/Delete/x', asha)).status).toBe(400);
    });

    it('gives staff a cart and orders of their own like anyone else', async () => {
      const res = await order(sita, [line(SOAP.id, SOAP.store, 1)]);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ CustomerID: sita.id, CustomerName: 'Sita Staff' });
      const own = await call<OrderDto[]>('GET', '/api/Order/AllOrders?mine=true', sita);
      expect(own.body.map((o) => o.OrderID)).toEqual([res.body.OrderID]);
      expect((await call<OrderDto[]>('GET', '/api/Order/AllOrders', asha)).body).toEqual([]);
    });
  });
});
