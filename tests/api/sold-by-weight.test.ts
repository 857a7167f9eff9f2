import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 33 item 1: items sold by weight or volume, priced per kg or litre, counted in g or ml.
type Err = { Message: string; ModelState?: Record<string, string[]> };

const TOMATO = {
  DbID: 1,
  SectionID: 1,
  ItemTitle: 'Tomato (loose)',
  ItemMetaDescription: 'Desi tomatoes, by weight',
  Availability: 5000,
  Size: '',
  UnitPrice: 48,
  SoldBy: 'ByWeight',
  Step: 250,
};

describe.each(DIALECTS)('items sold by weight on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let crowd: Customer[];
  let tomatoId: number;

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
      Array.from({ length: 10 }, (_, i) => ({
        email: `w${i}@aisle.test`,
        fullName: `Weigh ${i}`,
        role: 'User' as const,
      })),
    );
    const created = await t.call<ItemDto>('POST', '/api/Item/Create', { token: staff.token, json: TOMATO });
    expect(created.status).toBe(201);
    tomatoId = created.body.ItemID;
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const db = t.db.db;
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('cart_items').execute();
    await db.updateTable('items').set({ stock: 5000 }).where('id', '=', tomatoId).execute();
  });

  const order = (who: Customer | undefined, lines: unknown[]) => {
    if (who === undefined) throw new Error('no such customer');
    return t.call<OrderDto & Err>('POST', '/api/cart/CreateOrder', { token: who.token, json: cartBody(who, lines) });
  };
  const stock = async () =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', tomatoId).executeTakeFirstOrThrow()).stock;

  it('carries SoldBy and Step on the item, its price per kg and its stock in grams', async () => {
    const read = await t.call<ItemDto>('GET', `/api/Item/Read/${tomatoId}/1`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      SoldBy: 'ByWeight',
      Step: 250,
      UnitPrice: 48,
      SellingPrice: 48,
      Availability: 5000,
    });
    const unit = await t.call<ItemDto>('GET', '/api/Item/Read/1/1');
    expect(unit.body).toMatchObject({ SoldBy: 'ByUnit', Step: 1 });
  });

  it('refuses a bad SoldBy or Step with a 400 naming the field and the rule', async () => {
    const zero = await t.call<Err>('POST', '/api/Item/Create', { token: staff.token, json: { ...TOMATO, Step: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.ModelState?.Step).toEqual(['Step must be a whole number from 1 to 10000.']);
    const kind = await t.call<Err>('POST', '/api/Item/Create', {
      token: staff.token,
      json: { ...TOMATO, SoldBy: 'ByBox' },
    });
    expect(kind.status).toBe(400);
    expect(kind.body.ModelState?.SoldBy).toEqual(['SoldBy must be one of ByUnit, ByWeight, ByVolume.']);
    const unitStep = await t.call<Err>('POST', '/api/Item/Create', {
      token: staff.token,
      json: { ...TOMATO, SoldBy: 'ByUnit', Step: 250 },
    });
    expect(unitStep.status).toBe(400);
    expect(unitStep.body.ModelState?.Step).toEqual(['Step must be 1 for an item sold ByUnit, not 250.']);
    const patched = await t.call<Err>('PATCH', `/api/Item/Edit/${tomatoId}`, {
      token: staff.token,
      json: { Step: -5 },
    });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body.ModelState ?? {})).toEqual(['Step']);
  });

  it('a 750 g line of an item at Rs 48.00/kg costs Rs 36.00 and takes 750 g of its stock', async () => {
    const res = await order(crowd[0], [line(tomatoId, 1, 750)]);
    expect(res.status).toBe(201);
    expect(res.body.OrderItems).toEqual([
      expect.objectContaining({ ItemID: tomatoId, Qty: 750, SoldBy: 'ByWeight', SellingPrice: 48, LineTotal: 36 }),
    ]);
    expect(res.body.OrderTotal - res.body.DeliveryFee).toBe(36);
    expect(await stock()).toBe(4250);
    const row = await t.db.db
      .selectFrom('order_lines')
      .select(['qty', 'sold_by', 'selling_price'])
      .where('order_id', '=', res.body.OrderID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ qty: 750, sold_by: 'ByWeight', selling_price: 4800 });
  });

  it('refuses a quantity that is not a multiple of the step, naming the line and the step, writing nothing', async () => {
    const res = await order(crowd[1], [line(tomatoId, 1, 700)]);
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      'CartItems[0].Qty': [
        "CartItems[0].Qty must be a multiple of the item's Step (250 g): 700 g of Tomato (loose) is not.",
      ],
    });
    expect(await stock()).toBe(5000);
  });

  it('limits a weighed line to its store’s most per order in kg, and names a shortage in grams', async () => {
    const over = await order(crowd[2], [line(tomatoId, 1, 20_250)]);
    expect(over.status).toBe(400);
    expect(over.body.ModelState?.['CartItems[0].Qty']).toEqual([
      'CartItems[0].Qty asks for 20.25 kg of Tomato (loose), but its store sells at most 20 kg per order.',
    ]);
    await t.db.db.updateTable('items').set({ stock: 500 }).where('id', '=', tomatoId).execute();
    const short = await order(crowd[2], [line(tomatoId, 1, 750)]);
    expect(short.status).toBe(409);
    expect(short.body.ModelState?.['CartItems[0].Qty']).toEqual([
      'CartItems[0].Qty asks for 750 g of Tomato (loose), but only 500 g is in stock.',
    ]);
  });

  it('never oversells one stock in grams under concurrent orders', async () => {
    await t.db.db.updateTable('items').set({ stock: 1000 }).where('id', '=', tomatoId).execute();
    const answers = await Promise.all(crowd.map((who) => order(who, [line(tomatoId, 1, 250)])));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(crowd.length - 4);
    expect(await stock()).toBe(0);
    const sold = await t.db.db.selectFrom('order_lines').select('qty').where('item_id', '=', tomatoId).execute();
    expect(sold.reduce((s, r) => s + r.qty, 0)).toBe(1000);
  });

  describe('weighing at packing', () => {
    const weigh = (who: Customer, orderId: number, lines: unknown) =>
      t.call<OrderDto & Err>('POST', `/api/Order/Weigh/${orderId}`, { token: who.token, json: { Lines: lines } });
    const move = (orderId: number, Status: string) =>
      t.call<OrderDto>('PUT', `/api/Order/Status/${orderId}`, { token: staff.token, json: { Status } });
    /** A 750 g tomato order and an apple, moved to Packing. */
    async function packing(who: Customer | undefined): Promise<OrderDto> {
      const placed = await order(who, [line(tomatoId, 1, 750), line(1, 1, 2)]);
      expect(placed.status).toBe(201);
      expect((await move(placed.body.OrderID, 'Confirmed')).status).toBe(200);
      expect((await move(placed.body.OrderID, 'Packing')).status).toBe(200);
      return placed.body;
    }

    it('re-prices a line weighed within ±10 %, moves the stock by the difference and mails the shopper once', async () => {
      const placed = await packing(crowd[3]);
      await t.db.db.deleteFrom('mail_queue').execute();
      const res = await weigh(staff, placed.OrderID, [{ ItemID: tomatoId, Qty: 780 }]);
      expect(res.status).toBe(200);
      const tomato = res.body.OrderItems.find((l) => l.ItemID === tomatoId);
      // Rs 48.00/kg × 780 g = Rs 37.44, where 750 g was Rs 36.00.
      expect(tomato).toMatchObject({ Qty: 780, AskedQty: 750, LineTotal: 37.44, SoldBy: 'ByWeight' });
      expect(res.body.OrderTotal).toBeCloseTo(placed.OrderTotal + 1.44, 2);
      expect(await stock()).toBe(5000 - 780);
      const ledger = await t.db.db
        .selectFrom('stock_ledger')
        .select(['change', 'reason', 'order_id'])
        .where('item_id', '=', tomatoId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(ledger).toEqual({ change: -30, reason: 'packing', order_id: placed.OrderID });
      const mails = await t.db.db.selectFrom('mail_queue').select(['kind', 'subject', 'body_text']).execute();
      expect(mails).toHaveLength(1);
      expect(mails[0]?.kind).toBe('order.weighed');
      expect(mails[0]?.subject).toContain(`order ${placed.OrderID} was weighed`);
      expect(mails[0]?.body_text).toMatch(/Tomato \(loose\)\s+750 g\s+780 g\s+Rs 37\.44/);
      // Weighed again: judged against the 750 g asked, and the stock comes back.
      const again = await weigh(staff, placed.OrderID, [{ ItemID: tomatoId, Qty: 700 }]);
      expect(again.status).toBe(200);
      expect(again.body.OrderItems.find((l) => l.ItemID === tomatoId)).toMatchObject({
        Qty: 700,
        AskedQty: 750,
        LineTotal: 33.6,
      });
      expect(await stock()).toBe(5000 - 700);
      // The sales report's day rows (triggers of migration 0371) count what the line costs now: Rs 33.60, 700 g.
      const day = await t.db.db
        .selectFrom('sales_days')
        .select((eb) => [eb.fn.sum<number>('total').as('total'), eb.fn.sum<number>('qty').as('qty')])
        .where('item_id', '=', tomatoId)
        .executeTakeFirstOrThrow();
      expect({ total: Number(day.total), qty: Number(day.qty) }).toEqual({ total: 3360, qty: 700 });
      const read = await t.call<OrderDto>('GET', `/api/Order/Read/${placed.OrderID}`, { token: crowd[3]?.token ?? '' });
      expect(read.body.OrderTotal).toBeCloseTo(placed.OrderTotal - 2.4, 2);
    });

    it('refuses a weight outside ±10 % of what was asked, naming Qty and the range, changing nothing', async () => {
      const placed = await packing(crowd[4]);
      const res = await weigh(staff, placed.OrderID, [{ ItemID: tomatoId, Qty: 826 }]);
      expect(res.status).toBe(400);
      expect(res.body.ModelState).toEqual({
        'Lines[0].Qty': ['Lines[0].Qty must be within ±10 % of the 750 g asked (675 g to 825 g), not 826 g.'],
      });
      expect((await weigh(staff, placed.OrderID, [{ ItemID: tomatoId, Qty: 674 }])).status).toBe(400);
      expect(await stock()).toBe(5000 - 750);
      const line = await t.db.db
        .selectFrom('order_lines')
        .select(['qty', 'asked_qty'])
        .where('order_id', '=', placed.OrderID)
        .where('item_id', '=', tomatoId)
        .executeTakeFirstOrThrow();
      expect(line).toEqual({ qty: 750, asked_qty: null });
    });

    it('weighs only weighed lines of a Packing order, for staff only', async () => {
      const placed = await packing(crowd[5]);
      const apple = await weigh(staff, placed.OrderID, [{ ItemID: 1, Qty: 2 }]);
      expect(apple.status).toBe(400);
      expect(Object.keys(apple.body.ModelState ?? {})).toEqual(['Lines[0].ItemID']);
      const missing = await weigh(staff, placed.OrderID, [{ ItemID: 999, Qty: 750 }]);
      expect(missing.body.ModelState?.['Lines[0].ItemID']).toEqual([
        'Lines[0].ItemID 999 is not a line of this order.',
      ]);
      const bad = await weigh(staff, placed.OrderID, [{ ItemID: tomatoId, Qty: 0.5 }]);
      expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['Lines[0].Qty']);
      expect((await weigh(staff, placed.OrderID, [])).body.ModelState?.Lines).toBeDefined();
      const customer = crowd[5];
      if (customer === undefined) throw new Error('no customer');
      expect((await weigh(customer, placed.OrderID, [{ ItemID: tomatoId, Qty: 750 }])).status).toBe(403);
      expect((await weigh(staff, 99_999, [{ ItemID: tomatoId, Qty: 750 }])).status).toBe(404);
      expect((await move(placed.OrderID, 'OutForDelivery')).status).toBe(200);
      const late = await weigh(staff, placed.OrderID, [{ ItemID: tomatoId, Qty: 760 }]);
      expect(late.status).toBe(409);
      expect(late.body.Message).toContain('weights are entered while an order is Packing');
    });
  });
});
