import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrderDto } from '../../src/lib/domain/order-groups.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { SlotDto } from '../../src/lib/domain/slots.ts';
import { insertCatalogue, T0 } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 31, item 3: one order per store. The fixture catalogue (tests/fixtures/catalogue.ts):
// Green Grocer (store 1) sells apples at Rs 113.40, Clean Home (store 3) soap at Rs 53.10;
// the test opens Hidden Farm (store 2) and puts milk on its shelf at Rs 50.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };
const MILK = { store: 2, id: 0 };
const HOUR = 3_600_000;
const PIN = '560025'; // the customers' saved address (cart-helpers.ts)

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Placed = PlacedOrderDto & Err;

describe.each(DIALECTS)('one order per store, on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let ravi: Customer;
  let appleSlot: SlotDto;
  let soapSlot: SlotDto;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 2 });
    const db = t.db.db;
    await insertCatalogue(db);
    await db.updateTable('stores').set({ hidden: 0, max_qty_per_item: 999 }).execute();
    const milk = await db
      .insertInto('items')
      .values({
        store_id: MILK.store,
        db_id: 2,
        section_id: null,
        title: 'Milk',
        meta_description: 'Milk meta',
        content: '<p>Milk</p>',
        hidden: 0,
        stock: 50,
        size: '1 l',
        unit_price: 5000,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 0,
        selling_price: 5000,
        updated_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    MILK.id = milk.id;
    [staff, asha, ravi] = (await addCustomers(db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Rao', role: 'User' },
    ])) as [Customer, Customer, Customer];
    // Green Grocer: Rs 30, at least Rs 100; Clean Home: Rs 20; Hidden Farm: no settings (free).
    for (const [store, settings] of [
      [APPLE.store, { PostalCodes: ['5600*'], Fee: 30, MinimumOrder: 100, FreeAbove: null }],
      [SOAP.store, { PostalCodes: ['560025'], Fee: 20, MinimumOrder: 0, FreeAbove: null }],
    ] as const) {
      expect((await t.call('PUT', `/api/Store/Delivery/${store}`, { token: staff.token, json: settings })).status).toBe(
        200,
      );
    }
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    const db = t.db.db;
    for (const table of ['order_slots', 'order_lines', 'orders', 'delivery_slots', 'mail_queue'] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.updateTable('items').set({ stock: 100 }).execute();
    const slot = async (store: number, capacity: number) => {
      const at = (h: number) => new Date(t.clock.now.getTime() + h * HOUR).toISOString();
      const res = await t.call<SlotDto>('POST', `/api/Store/Slot/${store}`, {
        token: staff.token,
        json: { Start: at(24), End: at(26), Capacity: capacity },
      });
      expect(res.status).toBe(201);
      return res.body;
    };
    appleSlot = await slot(APPLE.store, 1);
    soapSlot = await slot(SOAP.store, 5);
  });

  const threeStores = (appleQty = 1) => [
    line(APPLE.id, APPLE.store, appleQty),
    line(MILK.id, MILK.store, 2),
    line(SOAP.id, SOAP.store, 1),
  ];
  const order = (who: Customer, lines: unknown[], slots: Record<string, number>, key?: string) =>
    send<Placed>(t.app, 'POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), Slots: slots },
      ...(key === undefined ? {} : { headers: { 'Idempotency-Key': key } }),
    });
  const bothSlots = () => ({ [APPLE.store]: appleSlot.SlotID, [SOAP.store]: soapSlot.SlotID });

  /** Everything an order writes, to prove a refused group wrote none of it. */
  async function ledger() {
    const db = t.db.db;
    const count = async (table: 'orders' | 'order_lines' | 'order_slots' | 'mail_queue') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stock = await db.selectFrom('items').select(['id', 'stock']).orderBy('id').execute();
    const booked = await db.selectFrom('delivery_slots').select(['id', 'booked']).orderBy('id').execute();
    return {
      orders: await count('orders'),
      lines: await count('order_lines'),
      places: await count('order_slots'),
      mails: await count('mail_queue'),
      stock,
      booked,
    };
  }

  it('places a three-store cart as three orders under one group, each with its lines, fee, slot and payment', async () => {
    const res = await order(asha, threeStores(), bothSlots());
    expect(res.status).toBe(201);
    const placed = res.body;
    expect(placed.Orders).toHaveLength(3);
    const [apple, milk, soap] = placed.Orders as [OrderDto, OrderDto, OrderDto];
    // Stores in cart order; the answer is the first store's order, as the call answered before.
    expect(placed.Orders.map((o) => o.OrderItems.map((l) => [l.StoreID, l.ItemID, l.Qty]))).toEqual([
      [[APPLE.store, APPLE.id, 1]],
      [[MILK.store, MILK.id, 2]],
      [[SOAP.store, SOAP.id, 1]],
    ]);
    const { Orders: _orders, ...first } = placed;
    expect(first).toEqual(apple);
    expect(placed.Orders.map((o) => o.GroupID)).toEqual([apple.OrderID, apple.OrderID, apple.OrderID]);
    expect(new Set(placed.Orders.map((o) => o.OrderID)).size).toBe(3);
    expect(placed.Orders.map((o) => [o.DeliveryFee, o.OrderTotal, o.SlotID, o.Status])).toEqual([
      [30, 143.4, appleSlot.SlotID, 'Placed'],
      [0, 100, null, 'Placed'],
      [20, 73.1, soapSlot.SlotID, 'Placed'],
    ]);
    for (const o of placed.Orders) expect(o.Payment).toEqual({ Method: 'OnDelivery', Status: 'Pending' });

    // The database: three orders of one group, each store's slot place held by its order.
    const db = t.db.db;
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'group_id', 'total', 'delivery_fee'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.group_id, r.total, r.delivery_fee])).toEqual([
      [apple.OrderID, 14340, 3000],
      [apple.OrderID, 10000, 0],
      [apple.OrderID, 7310, 2000],
    ]);
    const places = await db.selectFrom('order_slots').select(['order_id', 'slot_id']).orderBy('slot_id').execute();
    expect(places).toEqual([
      { order_id: apple.OrderID, slot_id: appleSlot.SlotID },
      { order_id: soap.OrderID, slot_id: soapSlot.SlotID },
    ]);

    // My Orders and the staff board list each order with its group, fee, slot and payment.
    const mine = await t.call<OrderDto[]>('GET', '/api/Order/AllOrders', { token: asha.token });
    const board = await t.call<OrderDto[]>('GET', '/api/Order/AllOrdersByStaus/Placed', { token: staff.token });
    for (const list of [mine.body, board.body]) {
      const byId = new Map(list.map((o) => [o.OrderID, o]));
      for (const o of placed.Orders) {
        expect(byId.get(o.OrderID)).toMatchObject({
          GroupID: apple.OrderID,
          DeliveryFee: o.DeliveryFee,
          OrderTotal: o.OrderTotal,
          SlotID: o.SlotID,
          Payment: { Method: 'OnDelivery', Status: 'Pending' },
        });
      }
    }
    expect(milk.SlotID).toBeNull();

    // Each order names its whole group, however the list is paged, and so does its read.
    const group = placed.Orders.map((o) => o.OrderID).sort((a, b) => a - b);
    for (const list of [mine.body, board.body]) {
      for (const o of list) expect(o.GroupOrderIDs).toEqual(group);
    }
    const pageOfOne = await t.call<OrderDto[]>('GET', '/api/Order/AllOrders?page=2&limit=1', { token: asha.token });
    expect(pageOfOne.body.map((o) => o.GroupOrderIDs)).toEqual([group]);
    const read = await t.call<OrderDto>('GET', `/api/Order/Read/${milk.OrderID}`, { token: staff.token });
    expect(read.body.GroupOrderIDs).toEqual(group);

    // One mail lists every store's part and what the group comes to.
    const mails = await db.selectFrom('mail_queue').select(['to_address', 'body_text']).execute();
    expect(mails).toHaveLength(1);
    const text = mails[0]?.body_text ?? '';
    for (const part of [
      `Green Grocer: order ${apple.OrderID}`,
      `Hidden Farm: order ${milk.OrderID}`,
      `Clean Home: order ${soap.OrderID}`,
      'Delivery fee',
      'Rs 143.40',
      'Rs 73.10',
      'All 3 orders together: Rs 316.50',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('places none of the group when any store refuses (stock, slot, minimum, PIN code), writing nothing', async () => {
    // Ravi takes the apple slot's only place first.
    expect((await order(ravi, [line(APPLE.id, APPLE.store, 1)], { [APPLE.store]: appleSlot.SlotID })).status).toBe(201);
    const before = await ledger();
    const refusals: [string, () => Promise<{ status: number; body: Err }>, number, string][] = [
      [
        'soap short of stock',
        async () => {
          await t.db.db.updateTable('items').set({ stock: 0 }).where('id', '=', SOAP.id).execute();
          return order(asha, threeStores(), bothSlots());
        },
        409,
        'CartItems[2].Qty',
      ],
      ['the apple slot full', () => order(asha, threeStores(), bothSlots()), 409, `Slots.${APPLE.store}`],
    ];
    for (const [why, place, status, field] of refusals) {
      const res = await place();
      expect([why, res.status]).toEqual([why, status]);
      expect(Object.keys(res.body.ModelState ?? {})).toContain(field);
      await t.db.db.updateTable('items').set({ stock: 100 }).where('id', '=', SOAP.id).execute();
      expect(await ledger()).toEqual(before);
    }
    // A free place again: the minimum and the PIN code still refuse the whole group.
    await t.db.db.updateTable('delivery_slots').set({ capacity: 5 }).where('id', '=', appleSlot.SlotID).execute();
    const withRoom = await ledger();
    await t.call('PUT', `/api/Store/Delivery/${APPLE.store}`, {
      token: staff.token,
      json: { PostalCodes: ['5600*'], Fee: 30, MinimumOrder: 1000, FreeAbove: null },
    });
    const short = await order(asha, threeStores(), bothSlots());
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.ModelState ?? {})).toEqual(['MinimumOrder']);
    await t.call('PUT', `/api/Store/Delivery/${SOAP.store}`, {
      token: staff.token,
      json: { PostalCodes: ['411001'], Fee: 20, MinimumOrder: 0, FreeAbove: null },
    });
    await t.call('PUT', `/api/Store/Delivery/${APPLE.store}`, {
      token: staff.token,
      json: { PostalCodes: ['5600*'], Fee: 30, MinimumOrder: 100, FreeAbove: null },
    });
    const unserved = await order(asha, threeStores(), bothSlots());
    expect(unserved.status).toBe(400);
    expect(Object.keys(unserved.body.ModelState ?? {})).toEqual(['DeliveryAddress.PostalCode']);
    expect(unserved.body.ModelState?.['DeliveryAddress.PostalCode']?.[0]).toContain('Clean Home');
    expect(await ledger()).toEqual(withRoom);
    await t.call('PUT', `/api/Store/Delivery/${SOAP.store}`, {
      token: staff.token,
      json: { PostalCodes: [PIN], Fee: 20, MinimumOrder: 0, FreeAbove: null },
    });
    // With every store willing, the same cart is placed whole.
    expect((await order(asha, threeStores(), bothSlots())).status).toBe(201);
  });

  it('answers a repeated Idempotency-Key with the whole group as first answered, placing nothing more', async () => {
    const first = await order(asha, threeStores(), bothSlots(), 'group-key-1');
    expect(first.status).toBe(201);
    const after = await ledger();
    const again = await order(asha, threeStores(), bothSlots(), 'group-key-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.body.Orders).toHaveLength(3);
    expect(await ledger()).toEqual(after);
  });

  it("keeps a one-store cart's answer as it was, plus its group of one", async () => {
    const res = await order(asha, [line(SOAP.id, SOAP.store, 2)], { [SOAP.store]: soapSlot.SlotID });
    expect(res.status).toBe(201);
    const { Orders, ...first } = res.body;
    expect(Orders).toEqual([first]);
    expect(first).toEqual({
      OrderID: first.OrderID,
      GroupID: first.OrderID,
      CustomerID: asha.id,
      CustomerName: 'Asha Kumar',
      Status: 'Placed',
      OrderTotal: 126.2,
      CreatedTime: first.CreatedTime,
      UpdatedTime: first.CreatedTime,
      OrderItems: [expect.objectContaining({ ItemID: SOAP.id, StoreID: SOAP.store, Qty: 2, LineTotal: 106.2 })],
      DeliveryAddress: expect.objectContaining({ PostalCode: PIN }),
      DeliveryFee: 20,
      Discount: 0,
      CouponCode: null,
      SlotID: soapSlot.SlotID,
      Slots: [expect.objectContaining({ StoreID: SOAP.store, SlotID: soapSlot.SlotID })],
      Payment: { Method: 'OnDelivery', Status: 'Pending' },
      Refunds: [],
    });
    const row = await t.db.db.selectFrom('orders').select('group_id').executeTakeFirstOrThrow();
    expect(row.group_id).toBe(first.OrderID);
    const mine = await t.call<OrderDto[]>('GET', '/api/Order/AllOrders', { token: asha.token });
    expect(mine.body.map((o) => o.GroupOrderIDs)).toEqual([[first.OrderID]]);
  });

  it('counts a group as one open order: a three-store cart does not reach the limit by itself', async () => {
    // OPEN_ORDERS_MAX is 2 here.
    expect((await order(asha, threeStores(), bothSlots())).status).toBe(201);
    expect((await order(asha, [line(MILK.id, MILK.store, 1)], {})).status).toBe(201);
    const third = await order(asha, [line(MILK.id, MILK.store, 1)], {});
    expect(third.status).toBe(409);
    expect(third.body.Message).toContain('2 open orders');
  });
});
