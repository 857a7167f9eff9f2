import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CouponCheckDto, CouponDto } from '../../src/lib/domain/coupons.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// The fixture catalogue (tests/fixtures/catalogue.ts): Green Grocer (store 1) sells apples at
// Rs 113.40; Clean Home (store 3) sells soap at Rs 53.10.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };
const DAY = 86_400_000;

type Err = { Message: string; ModelState?: Record<string, string[]> };

function tally(answers: readonly { status: number }[]): Record<number, number> {
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return byStatus;
}

describe.each(DIALECTS)('coupons on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let ravi: Customer;
  let crowd: Customer[];
  let codes = 0;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    await t.db.db.updateTable('stores').set({ max_qty_per_item: 999 }).execute();
    [staff, asha, ravi] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Rao', role: 'User' },
    ])) as [Customer, Customer, Customer];
    crowd = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: 300 }, (_, i) => ({
        email: `crowd${i}@aisle.test`,
        fullName: `Crowd ${i}`,
        role: 'User' as const,
      })),
    );
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = new Date();
    await t.db.db.deleteFrom('store_delivery').execute();
    await t.db.db.updateTable('items').set({ stock: 10_000 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
  });

  const iso = (msFromNow: number) => new Date(t.clock.now.getTime() + msFromNow).toISOString();
  /** A coupon with a fresh code; `rules` overrides the defaults. */
  const coupon = async (rules: Record<string, unknown>) => {
    codes += 1;
    const res = await t.call<CouponDto & Err>('POST', '/api/Coupon/Create', {
      token: staff.token,
      json: { Code: `TEST${codes}`, ...rules },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const check = (who: Customer, code: string, lines: unknown[]) =>
    t.call<CouponCheckDto & Err>('POST', '/api/Coupon/Check', {
      token: who.token,
      json: { Code: code, CartItems: lines },
    });
  const order = (who: Customer, code: string | undefined, lines: unknown[]) =>
    t.call<OrderDto & { Orders: OrderDto[] } & Err>('POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), ...(code === undefined ? {} : { CouponCode: code }) },
    });
  const couponRow = (id: number) =>
    t.db.db.selectFrom('coupons').select(['used']).where('id', '=', id).executeTakeFirstOrThrow();
  const usesOf = async (id: number) =>
    Number(
      (
        await t.db.db
          .selectFrom('coupon_uses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('coupon_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const threeApplesAndSoap = [line(APPLE.id, APPLE.store, 3), line(SOAP.id, SOAP.store, 1)];
  /** A group's discount and total in rupees: the sums over its stores' orders (one order per store). */
  const groupSums = (placed: { Orders: OrderDto[] }) => ({
    Discount: placed.Orders.reduce((sum, o) => sum + Math.round(o.Discount * 100), 0) / 100,
    OrderTotal: placed.Orders.reduce((sum, o) => sum + Math.round(o.OrderTotal * 100), 0) / 100,
  });

  it('lets only staff create coupons, answering 400 naming each field and its rule', async () => {
    const body = { Code: 'SAVE10', Percent: 10 };
    expect((await t.call('POST', '/api/Coupon/Create', { json: body })).status).toBe(401);
    expect((await t.call('POST', '/api/Coupon/Create', { token: asha.token, json: body })).status).toBe(403);
    const bad = await t.call<Err>('POST', '/api/Coupon/Create', {
      token: staff.token,
      json: {
        Code: 'no spaces!',
        Percent: 95,
        MinimumBasket: -1,
        FirstOrderOnly: 'yes',
        MaxUses: 0,
        MaxUsesPerCustomer: 1.5,
        ValidFrom: 'tomorrow',
        ValidTo: '2026-12-01',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({
      Code: ['Code must be 3 to 20 letters or digits (A-Z, 0-9), with no spaces or signs.'],
      Percent: ['Percent must be a number from 1 to 90.'],
      MinimumBasket: ['MinimumBasket must not be negative.'],
      FirstOrderOnly: ['FirstOrderOnly must be true or false.'],
      MaxUses: ['MaxUses must be a whole number from 1 up, or left out for no limit.'],
      MaxUsesPerCustomer: ['MaxUsesPerCustomer must be a whole number from 1 up, or left out for no limit.'],
      ValidFrom: ['ValidFrom must be an ISO 8601 time with an offset, such as 2026-12-01T00:00:00+05:30, or left out.'],
      ValidTo: ['ValidTo must be an ISO 8601 time with an offset, such as 2026-12-01T00:00:00+05:30, or left out.'],
    });
    const both = await t.call<Err>('POST', '/api/Coupon/Create', {
      token: staff.token,
      json: { Code: 'BOTH1', Percent: 10, Amount: 50 },
    });
    expect(Object.keys(both.body.ModelState ?? {}).sort()).toEqual(['Amount', 'Percent']);
    const neither = await t.call<Err>('POST', '/api/Coupon/Create', { token: staff.token, json: { Code: 'NONE1' } });
    expect(Object.keys(neither.body.ModelState ?? {}).sort()).toEqual(['Amount', 'Percent']);
    const paise = await t.call<Err>('POST', '/api/Coupon/Create', {
      token: staff.token,
      json: { Code: 'PAISE1', Amount: 10.005, ValidFrom: iso(DAY), ValidTo: iso(0) },
    });
    expect(paise.body.ModelState).toEqual({
      Amount: ['Amount must be exact to the paisa (at most 2 decimals).'],
      ValidTo: ['ValidTo must be after ValidFrom.'],
    });
    expect((await t.call<CouponDto[]>('GET', '/api/Coupon/ReadAll', { token: staff.token })).body).toEqual([]);
  });

  it('creates, lists, reads, switches off and on, audited; a code is unique whatever its case', async () => {
    const made = await t.call<CouponDto>('POST', '/api/Coupon/Create', {
      token: staff.token,
      json: { Code: 'diwali25', Amount: 25.5, MinimumBasket: 100, FreeDelivery: true, MaxUses: 5, ValidTo: iso(DAY) },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      Code: 'DIWALI25',
      Percent: null,
      Amount: 25.5,
      MinimumBasket: 100,
      FirstOrderOnly: false,
      FreeDelivery: true,
      MaxUses: 5,
      MaxUsesPerCustomer: null,
      ValidFrom: null,
      ValidTo: iso(DAY),
      Used: 0,
      Enabled: true,
    });
    const id = made.body.CouponID;
    const again = await t.call<Err>('POST', '/api/Coupon/Create', {
      token: staff.token,
      json: { Code: 'Diwali25', Percent: 5 },
    });
    expect(again.status).toBe(409);
    expect((await t.call<CouponDto>('GET', `/api/Coupon/Read/${id}`, { token: staff.token })).body).toEqual(made.body);
    expect((await t.call('GET', `/api/Coupon/Read/${id}`, { token: asha.token })).status).toBe(403);
    expect((await t.call('GET', '/api/Coupon/Read/99999', { token: staff.token })).status).toBe(404);
    const off = await t.call<CouponDto>('POST', `/api/Coupon/Disable/${id}`, { token: staff.token });
    expect(off.body.Enabled).toBe(false);
    const refused = await check(asha, 'diwali25', threeApplesAndSoap);
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({
      Code: ['Code DIWALI25 is not a coupon of this shop: check the spelling.'],
    });
    expect((await t.call<CouponDto>('POST', `/api/Coupon/Enable/${id}`, { token: staff.token })).body.Enabled).toBe(
      true,
    );
    expect((await check(asha, 'diwali25', threeApplesAndSoap)).status).toBe(200);
    const list = await t.call<CouponDto[]>('GET', '/api/Coupon/ReadAll', { token: staff.token });
    expect(list.body.map((c) => c.Code)).toContain('DIWALI25');
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_email'])
      .where('target', '=', `coupon:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ['coupon.created', 'sita@aisle.test'],
      ['coupon.disabled', 'sita@aisle.test'],
      ['coupon.enabled', 'sita@aisle.test'],
    ]);
  });

  it('prices a percentage code to the paisa, split per store part with the remainder to the largest', async () => {
    const c = await coupon({ Percent: 12.5 });
    // 3 × 113.40 + 53.10 = 393.30; 12.5 % = 49.1625 → 49.16; 340.20 / 393.30 of it is 42.52…: 42.52 + 1 paisa.
    const checked = await check(asha, c.Code.toLowerCase(), threeApplesAndSoap);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      Code: c.Code,
      Discount: 49.16,
      FreeDelivery: false,
      ItemsTotal: 393.3,
      Parts: [
        { StoreID: 1, Discount: 42.53 },
        { StoreID: 3, Discount: 6.63 },
      ],
    });
    const placed = await order(asha, c.Code.toLowerCase(), threeApplesAndSoap);
    expect(placed.status).toBe(201);
    // Each store's order carries its part: Green Grocer's 42.53, Clean Home's 6.63.
    expect(placed.body).toMatchObject({ Discount: 42.53, CouponCode: c.Code, DeliveryFee: 0 });
    expect(placed.body.Orders.map((o) => [o.Discount, o.CouponCode])).toEqual([
      [42.53, c.Code],
      [6.63, c.Code],
    ]);
    expect(groupSums(placed.body)).toEqual({ Discount: 49.16, OrderTotal: 344.14 });
    const use = await t.db.db
      .selectFrom('coupon_uses')
      .selectAll()
      .where('order_id', '=', placed.body.OrderID)
      .executeTakeFirstOrThrow();
    expect([use.discount, JSON.parse(use.parts)]).toEqual([
      4916,
      [
        { StoreID: 1, Discount: 4253 },
        { StoreID: 3, Discount: 663 },
      ],
    ]);
    const rows = await t.db.db
      .selectFrom('orders')
      .select(['total', 'discount'])
      .where('group_id', '=', placed.body.GroupID)
      .orderBy('id')
      .execute();
    expect(rows.reduce((sum, r) => sum + r.total, 0)).toBe(34414);
    expect(rows.map((r) => r.discount)).toEqual([4253, 663]);
    const mine = await t.call<OrderDto[]>('GET', '/api/Order/AllOrders?limit=100', { token: asha.token });
    expect(mine.body.find((o) => o.OrderID === placed.body.OrderID)).toMatchObject({
      Discount: 42.53,
      CouponCode: c.Code,
    });
  });

  it('takes a flat code off the items, never below zero, and the order mail shows the saving', async () => {
    const c = await coupon({ Amount: 50 });
    const placed = await order(ravi, c.Code, threeApplesAndSoap);
    expect(placed.status).toBe(201);
    expect(groupSums(placed.body)).toEqual({ Discount: 50, OrderTotal: 343.3 });
    const big = await coupon({ Amount: 1000 });
    const all = await order(ravi, big.Code, [line(SOAP.id, SOAP.store, 1)]);
    expect(all.body).toMatchObject({ Discount: 53.1, OrderTotal: 0 });
    const mail = await t.db.db
      .selectFrom('mail_queue')
      .select(['body_text'])
      .where('kind', '=', 'order.placed')
      .where('to_address', '=', 'ravi@aisle.test')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(`Coupon ${c.Code} saving`);
    expect(mail.body_text).toContain('-Rs 50');
  });

  it('waives the delivery fee of a free-delivery code, and never pushes a store below its minimum', async () => {
    await t.call('PUT', '/api/Store/Delivery/1', {
      token: staff.token,
      json: { PostalCodes: [], Fee: 30, MinimumOrder: 200, FreeAbove: null },
    });
    const twoApples = [line(APPLE.id, APPLE.store, 2)];
    const plain = await order(asha, undefined, twoApples);
    expect(plain.body).toMatchObject({ DeliveryFee: 30, Discount: 0, CouponCode: null, OrderTotal: 256.8 });
    const free = await coupon({ Amount: 1, FreeDelivery: true });
    const checked = await check(asha, free.Code, twoApples);
    expect(checked.body).toMatchObject({ Discount: 1, FreeDelivery: true });
    const placed = await order(asha, free.Code, twoApples);
    expect(placed.body).toMatchObject({ DeliveryFee: 0, Discount: 1, OrderTotal: 225.8 });
    const fifty = await coupon({ Amount: 50 });
    const before = await couponRow(fifty.CouponID);
    const refused = await order(asha, fifty.Code, twoApples);
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({
      CouponCode: [
        `CouponCode ${fifty.Code} would bring the part of Green Grocer (StoreID 1) below its minimum order of Rs 200: add more of its items or order without the code.`,
      ],
    });
    expect((await check(asha, fifty.Code, twoApples)).body.ModelState?.Code?.[0]).toContain('below its minimum order');
    expect(await couponRow(fifty.CouponID)).toEqual(before);
    expect(await usesOf(fifty.CouponID)).toBe(0);
  });

  it('refuses by each rule with a 400 naming why, writing nothing', async () => {
    const soap = [line(SOAP.id, SOAP.store, 1)];
    const why = async (code: string) => (await check(asha, code, soap)).body.ModelState?.Code?.[0];
    expect(await why('NOSUCH')).toBe('Code NOSUCH is not a coupon of this shop: check the spelling.');
    expect(await why('x')).toBe('Code must be 3 to 20 letters or digits (A-Z, 0-9), with no spaces or signs.');
    const later = await coupon({ Percent: 5, ValidFrom: iso(DAY) });
    expect(await why(later.Code)).toBe(`Code ${later.Code} is not valid yet: it can be used from ${iso(DAY)}.`);
    const gone = await coupon({ Percent: 5, ValidFrom: iso(-2 * DAY), ValidTo: iso(-DAY) });
    expect(await why(gone.Code)).toBe(`Code ${gone.Code} has expired: it could be used until ${gone.ValidTo}.`);
    const basket = await coupon({ Percent: 5, MinimumBasket: 100 });
    expect(await why(basket.Code)).toBe(`Code ${basket.Code} needs items worth at least Rs 100: add Rs 46.90 more.`);
    const once = await coupon({ Percent: 5, MaxUsesPerCustomer: 1 });
    expect((await order(asha, once.Code, soap)).status).toBe(201);
    expect(await why(once.Code)).toBe(`Code ${once.Code} is used up for you: it may be used 1 time per customer.`);
    const orderAgain = await order(asha, once.Code, soap);
    expect(orderAgain.status).toBe(400);
    expect(orderAgain.body.ModelState?.CouponCode?.[0]).toContain('used up for you');
    expect((await check(ravi, once.Code, soap)).status).toBe(200);
    const one = await coupon({ Percent: 5, MaxUses: 1 });
    expect((await order(ravi, one.Code, soap)).status).toBe(201);
    expect(await why(one.Code)).toBe(`Code ${one.Code} has been used as many times as it may be: it is used up.`);
    expect((await check(asha, 'SAVE1', [])).body.ModelState).toEqual({
      CartItems: ['CartItems must hold at least one item with a Qty above 0.'],
    });
    expect((await t.call('POST', '/api/Coupon/Check', { json: { Code: 'SAVE1', CartItems: soap } })).status).toBe(401);
    const bad = await order(asha, 'no way', soap);
    expect(bad.body.ModelState).toEqual({
      CouponCode: ['CouponCode must be 3 to 20 letters or digits (A-Z, 0-9), with no spaces or signs.'],
    });
  });

  it('gives a first-order-only code to a first order, and refuses it to an account that has ordered', async () => {
    const first = await coupon({ Percent: 20, FirstOrderOnly: true });
    const [newcomer] = crowd as [Customer];
    const soap = [line(SOAP.id, SOAP.store, 1)];
    expect((await check(newcomer, first.Code, soap)).body.Discount).toBe(10.62);
    const placed = await order(newcomer, first.Code, soap);
    expect(placed.body).toMatchObject({ Discount: 10.62, OrderTotal: 42.48 });
    const second = await order(newcomer, first.Code, soap);
    expect(second.status).toBe(400);
    expect(second.body.ModelState).toEqual({
      CouponCode: [`CouponCode ${first.Code} is for a first order only, and this account has ordered before.`],
    });
  });

  it('gives a cancelled order’s use back', async () => {
    const one = await coupon({ Amount: 5, MaxUses: 1 });
    const soap = [line(SOAP.id, SOAP.store, 1)];
    const placed = await order(asha, one.Code, soap);
    expect(placed.status).toBe(201);
    expect((await order(ravi, one.Code, soap)).status).toBe(400);
    const cancelled = await t.call<OrderDto>('POST', `/api/Order/Cancel/${placed.body.OrderID}`, { token: asha.token });
    expect(cancelled.body).toMatchObject({ Status: 'Cancelled', Discount: 5, CouponCode: one.Code });
    expect(await couponRow(one.CouponID)).toEqual({ used: 0 });
    expect((await order(ravi, one.Code, soap)).status).toBe(201);
    expect(await couponRow(one.CouponID)).toEqual({ used: 1 });
  });

  it('uses a code once for a cart of two stores, and gives it back only when both stores’ orders are cancelled', async () => {
    const one = await coupon({ Amount: 5, MaxUses: 1 });
    const placed = await order(asha, one.Code, threeApplesAndSoap);
    expect(placed.status).toBe(201);
    const [first, second] = placed.body.Orders;
    expect(placed.body.Orders).toHaveLength(2);
    expect(await couponRow(one.CouponID)).toEqual({ used: 1 });
    const cancel = (id: number | undefined) =>
      t.call<OrderDto>('POST', `/api/Order/Cancel/${id}`, { token: asha.token });
    // The first store's order holds the group's use; cancelling it alone gives nothing back.
    expect((await cancel(first?.OrderID)).status).toBe(200);
    // One store's order still stands: the group keeps its use.
    expect(await couponRow(one.CouponID)).toEqual({ used: 1 });
    expect((await order(ravi, one.Code, [line(SOAP.id, SOAP.store, 1)])).status).toBe(400);
    expect((await cancel(second?.OrderID)).status).toBe(200);
    expect(await couponRow(one.CouponID)).toEqual({ used: 0 });
    expect(await usesOf(one.CouponID)).toBe(0);
  });

  it('uses a code limited to 100 uses exactly 100 times under 300 concurrent orders; the rest write nothing', async () => {
    const limited = await coupon({ Amount: 5, MaxUses: 100 });
    const soapBefore = (
      await t.db.db.selectFrom('items').select('stock').where('id', '=', SOAP.id).executeTakeFirstOrThrow()
    ).stock;
    const ordersBefore = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Every order waits for the coupon row's lock: on a loaded machine some wait longer than the
    // pool's 5 s and are answered 503 with Retry-After, which a client retries with its
    // Idempotency-Key (as the cart does): each of the 300 ends placed or refused.
    const placeOnce = async (who: Customer) => {
      const key = `coupon-crowd-${who.id}`;
      for (let attempt = 0; ; attempt++) {
        const res = await send<OrderDto & Err>(t.app, 'POST', '/api/cart/CreateOrder', {
          token: who.token,
          json: { ...cartBody(who, [line(SOAP.id, SOAP.store, 1)]), CouponCode: limited.Code },
          headers: { 'Idempotency-Key': key },
        });
        if (res.status !== 503 || attempt >= 20) return res;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const answers = await Promise.all(crowd.map(placeOnce));
    expect(tally(answers)).toEqual({ 201: 100, 400: 200 });
    expect(answers.find((a) => a.status === 400)?.body.ModelState?.CouponCode?.[0]).toContain('used up');
    expect(
      answers.filter((a) => a.status === 201).every((a) => a.body.Discount === 5 && a.body.OrderTotal === 48.1),
    ).toBe(true);
    expect(await couponRow(limited.CouponID)).toEqual({ used: 100 });
    expect(await usesOf(limited.CouponID)).toBe(100);
    const ordersAfter = Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(ordersAfter - ordersBefore).toBe(100);
    const soapAfter = (
      await t.db.db.selectFrom('items').select('stock').where('id', '=', SOAP.id).executeTakeFirstOrThrow()
    ).stock;
    expect(soapBefore - soapAfter).toBe(100);
  });
});
