import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextOrderStatus, type PickListDto } from '../../src/lib/domain/order-board.ts';
import { canMoveOrder, ORDER_MOVES, type OrderDto, type OrderStatusName } from '../../src/lib/domain/orders.ts';
import type { SlotDto } from '../../src/lib/domain/slots.ts';
import { insertCatalogue, insertCatalogueExtras } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 31, item 4: the orders board's bulk move (`POST /api/Order/Move`) and the packer's
// pick list (`GET /api/Order/PickList`). Store 1 of the fixtures: Apple (item 1, section 1
// "Fruit"), Dates and Figs (items 5 and 6, section 5 "Weekly Picks"), Honey (item 8, no
// section); Soap Bar is item 4 of store 3. Moves are read from the status table, not named.
const APPLE = 1;
const DATES = 5;
const FIGS = 6;
const HONEY = 8;
const SOAP = 4;
const HOUR = 3_600_000;

type Err = { Message: string; ModelState?: Record<string, string[]> };

describe.each(DIALECTS)('orders board calls on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
    [staff, asha, ravi] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Rao', role: 'User' },
    ])) as [Customer, Customer, Customer];
    await t.db.db.updateTable('items').set({ product_code: 'APL-1' }).where('id', '=', APPLE).execute();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = new Date();
    const db = t.db.db;
    for (const table of [
      'order_slots',
      'order_lines',
      'orders',
      'delivery_slots',
      'mail_queue',
      'audit_log',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.updateTable('items').set({ stock: 100 }).execute();
  });

  const order = async (who: Customer, lines: unknown[], slots?: Record<string, number>) => {
    const res = await t.call<OrderDto & { Orders: OrderDto[] } & Err>('POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), ...(slots === undefined ? {} : { Slots: slots }) },
    });
    expect(res.status, res.body.Message).toBe(201);
    return res.body;
  };
  const bulk = (body: unknown, who: Customer | null = staff) =>
    t.call<{ Orders: OrderDto[] } & Err>('POST', '/api/Order/Move', {
      ...(who === null ? {} : { token: who.token }),
      json: body,
    });
  const statusOf = async (id: number) =>
    (await t.db.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const newSlot = async (store = 1) => {
    const start = new Date(t.clock.now.getTime() + 24 * HOUR).toISOString();
    const end = new Date(t.clock.now.getTime() + 26 * HOUR).toISOString();
    const res = await t.call<SlotDto>('POST', `/api/Store/Slot/${store}`, {
      token: staff.token,
      json: { Start: start, End: end, Capacity: 10 },
    });
    expect(res.status).toBe(201);
    return res.body.SlotID;
  };

  it('moves every order to the next status in one call, each audited and mailed as a single move is', async () => {
    const a = await order(asha, [line(APPLE, 1, 1)]);
    const b = await order(ravi, [line(SOAP, 3, 2)]);
    const next = nextOrderStatus(a.Status) as OrderStatusName;
    expect(next).toBeDefined();
    const res = await bulk({ OrderIDs: [b.OrderID, a.OrderID], Status: next });
    expect(res.status, res.body.Message).toBe(200);
    expect(res.body.Orders.map((o) => [o.OrderID, o.Status])).toEqual([
      [b.OrderID, next],
      [a.OrderID, next],
    ]);
    expect(await statusOf(a.OrderID)).toBe(next);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['target', 'actor_email'])
      .where('action', '=', 'order.status')
      .orderBy('target')
      .execute();
    expect(audit).toEqual(
      [a, b]
        .map((o) => ({ target: `order:${o.OrderID}`, actor_email: staff.email }))
        .sort((x, y) => (x.target < y.target ? -1 : 1)),
    );
    const mails = await t.db.db
      .selectFrom('mail_queue')
      .select('to_address')
      .where('kind', '=', 'order.status')
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual([asha.email, ravi.email]);
    // Paths match case-insensitively.
    const again = nextOrderStatus(next);
    if (again !== undefined) {
      expect(
        (
          await t.call('POST', '/api/order/move', {
            token: staff.token,
            json: { OrderIDs: [a.OrderID], Status: again },
          })
        ).status,
      ).toBe(200);
    }
  });

  it('moves none when one is refused, naming each refused order and its rule', async () => {
    const a = await order(asha, [line(APPLE, 1, 1)]);
    const b = await order(ravi, [line(APPLE, 1, 1)]);
    const next = nextOrderStatus(a.Status) as OrderStatusName;
    const beyond = nextOrderStatus(next);
    expect(beyond, 'the status table has two forward steps').toBeDefined();
    expect(canMoveOrder(a.Status, beyond as OrderStatusName)).toBe(false);
    expect((await bulk({ OrderIDs: [b.OrderID], Status: next })).status).toBe(200);
    const res = await bulk({ OrderIDs: [b.OrderID, a.OrderID], Status: beyond });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body.ModelState ?? {})).toEqual(['OrderIDs[1]']);
    expect(res.body.ModelState?.['OrderIDs[1]']?.[0]).toContain(`Order ${a.OrderID} is ${a.Status}`);
    expect(res.body.ModelState?.['OrderIDs[1]']?.[0]).toContain(ORDER_MOVES[a.Status].join(' or '));
    expect(res.body.Message).toContain('No order was moved.');
    expect(await statusOf(b.OrderID)).toBe(next);
    expect(await statusOf(a.OrderID)).toBe(a.Status);
    // An unknown order: a 404 naming it, and nothing moved.
    const unknown = await bulk({ OrderIDs: [a.OrderID, 999_999], Status: next });
    expect(unknown.status).toBe(404);
    expect(unknown.body.ModelState?.['OrderIDs[1]']).toEqual(['Order 999999 does not exist.']);
    expect(await statusOf(a.OrderID)).toBe(a.Status);
  });

  it('cancels in bulk with the stock and the slot places back', async () => {
    const slot = await newSlot();
    const a = await order(asha, [line(APPLE, 1, 3)], { '1': slot });
    const b = await order(ravi, [line(APPLE, 1, 2)], { '1': slot });
    expect(await stockOf(APPLE)).toBe(95);
    const booked = async () =>
      (await t.db.db.selectFrom('delivery_slots').select('booked').where('id', '=', slot).executeTakeFirstOrThrow())
        .booked;
    expect(await booked()).toBe(2);
    const res = await bulk({ OrderIDs: [a.OrderID, b.OrderID], Status: 'Cancelled' });
    expect(res.status, res.body.Message).toBe(200);
    expect(await stockOf(APPLE)).toBe(100);
    expect(await booked()).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, and callers who are not staff', async () => {
    const a = await order(asha, [line(APPLE, 1, 1)]);
    const next = nextOrderStatus(a.Status) as OrderStatusName;
    const missing = await bulk({ Status: next });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState ?? {})).toEqual(['OrderIDs']);
    expect((await bulk({ OrderIDs: [], Status: next })).body.ModelState?.OrderIDs).toBeDefined();
    const twice = await bulk({ OrderIDs: [a.OrderID, a.OrderID], Status: next });
    expect(twice.status).toBe(400);
    expect(twice.body.ModelState?.['OrderIDs[1]']?.[0]).toContain('twice');
    const bad = await bulk({ OrderIDs: [a.OrderID, 'x'], Status: next });
    expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['OrderIDs[1]']);
    const tooMany = await bulk({ OrderIDs: Array.from({ length: 201 }, (_, i) => i + 1), Status: next });
    expect(Object.keys(tooMany.body.ModelState ?? {})).toEqual(['OrderIDs']);
    const status = await bulk({ OrderIDs: [a.OrderID], Status: 'Shipped' });
    expect(status.status).toBe(400);
    expect(Object.keys(status.body.ModelState ?? {})).toEqual(['Status']);
    expect((await bulk({ OrderIDs: [a.OrderID], Status: next }, asha)).status).toBe(403);
    expect((await bulk({ OrderIDs: [a.OrderID], Status: next }, null)).status).toBe(401);
    expect(await statusOf(a.OrderID)).toBe(a.Status);
  });

  const pickList = (query: string, who: Customer | null = staff) =>
    t.call<PickListDto & Err>('GET', `/api/Order/PickList?${query}`, who === null ? {} : { token: who.token });

  it("sums a slot's open orders' items in shelf order, with the orders each comes from", async () => {
    // An order without a slot, placed before the store has slots.
    const unslotted = await order(ravi, [line(APPLE, 1, 4)]);
    const slot = await newSlot();
    const a = await order(asha, [line(APPLE, 1, 2), line(FIGS, 1, 1), line(SOAP, 3, 1)], { '1': slot });
    const b = await order(ravi, [line(HONEY, 1, 1), line(APPLE, 1, 1), line(DATES, 1, 3)], { '1': slot });
    const c = await order(asha, [line(APPLE, 1, 5)], { '1': slot });
    expect((await bulk({ OrderIDs: [c.OrderID], Status: 'Cancelled' })).status).toBe(200);

    const res = await pickList(`StoreID=1&SlotID=${slot}`);
    expect(res.status, res.body.Message).toBe(200);
    expect(res.body).toMatchObject({ StoreID: 1, StoreTitle: 'Green Grocer', SlotID: slot, Units: 8 });
    expect(res.body.OrderIDs).toEqual([a.OrderID, b.OrderID]);
    expect(res.body.Lines.map((l) => [l.ItemID, l.ProductCode, l.SectionTitle, l.Qty, l.Orders])).toEqual([
      [
        APPLE,
        'APL-1',
        'Fruit',
        3,
        [
          { OrderID: a.OrderID, Qty: 2 },
          { OrderID: b.OrderID, Qty: 1 },
        ],
      ],
      [DATES, null, 'Weekly Picks', 3, [{ OrderID: b.OrderID, Qty: 3 }]],
      [FIGS, null, 'Weekly Picks', 1, [{ OrderID: a.OrderID, Qty: 1 }]],
      [HONEY, null, '', 1, [{ OrderID: b.OrderID, Qty: 1 }]],
    ]);
    expect(res.body.Start).toEqual(expect.any(String));

    // Without SlotID: the store's open orders that hold no slot there.
    const none = await pickList('storeid=1');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ SlotID: null, Start: null, End: null, OrderIDs: [unslotted.OrderID], Units: 4 });
    // Store 3's list holds only its own line: order a's store-3 order (one order per store).
    const soap = await pickList('StoreID=3');
    expect(soap.body.Lines.map((l) => [l.ItemID, l.Qty])).toEqual([[SOAP, 1]]);
    const aSoap = a.Orders.find((o) => o.OrderItems.some((l) => l.StoreID === 3));
    expect(aSoap?.OrderID).not.toBe(a.OrderID);
    expect(soap.body.OrderIDs).toEqual([aSoap?.OrderID]);
  });

  it('refuses a pick list without a store, of an unknown store or slot, and to callers who are not staff', async () => {
    const slot = await newSlot(1);
    const noStore = await pickList('');
    expect(noStore.status).toBe(400);
    expect(Object.keys(noStore.body.ModelState ?? {})).toEqual(['StoreID']);
    expect((await pickList('StoreID=abc')).body.ModelState?.StoreID).toBeDefined();
    expect((await pickList('StoreID=999')).status).toBe(404);
    expect((await pickList(`StoreID=3&SlotID=${slot}`)).status).toBe(404);
    expect((await pickList('StoreID=1', asha)).status).toBe(403);
    expect((await pickList('StoreID=1', null)).status).toBe(401);
  });
});
