import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { silentLogger } from '../../src/server/app.ts';
import { paymentMethods } from '../../src/server/payments/methods.ts';
import { applyPaymentOutcome } from '../../src/server/payments/payment-outcomes.ts';
import type { GroupPaymentDto, PaymentMethodsDto } from '../../src/server/payments/payments.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET, SITE_URL } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 32, items 1 and 2, with the test method: every path of a payment, and the hold on
// stock and slot places an open payment keeps. The fixture catalogue: Green Grocer (store 1)
// sells apples at Rs 113.40; Clean Home (store 3) sells soap at Rs 53.10.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };
// Long enough for a loaded machine to answer before a hold ends; short to keep the suite quick.
const HOLD_SECONDS = 2;

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Placed = OrderDto & { Orders: OrderDto[] } & Err;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DIALECTS)('payments on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, {
      openOrdersMax: 1000,
      payments: paymentMethods({ paymentsTest: true }),
      paymentHoldSeconds: HOLD_SECONDS,
    });
    await insertCatalogue(t.db.db);
    [staff, asha, ravi] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Rao', role: 'User' },
    ])) as [Customer, Customer, Customer];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // The holds end by the wall clock (the runner's timers), so the app's clock follows it.
    t.clock.now = new Date();
    await t.db.db.deleteFrom('store_delivery').execute();
    await t.db.db.updateTable('payment_settings').set({ on_delivery_max: 1_000_000 }).execute();
    await t.db.db.updateTable('items').set({ stock: 20 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
  });

  const order = (who: Customer, lines: unknown[], method?: string) =>
    t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), ...(method === undefined ? {} : { PaymentMethod: method }) },
    });
  const answer = (who: Customer, groupId: number, outcome: string) =>
    t.call<GroupPaymentDto & Err>('POST', `/api/Payment/Test/${groupId}`, {
      token: who.token,
      json: { Outcome: outcome },
    });
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const statusesOf = async (groupId: number) =>
    (
      await t.db.db
        .selectFrom('orders')
        .select(['status', 'payment_status'])
        .where((eb) => eb.or([eb('id', '=', groupId), eb('group_id', '=', groupId)]))
        .orderBy('id')
        .execute()
    ).map((o) => `${o.status}/${o.payment_status}`);
  const ledgerOf = async (orderIds: number[]) =>
    (
      await t.db.db
        .selectFrom('stock_ledger')
        .select(['reason', 'change'])
        .where('order_id', 'in', orderIds)
        .orderBy('id')
        .execute()
    ).map((r) => `${r.reason} ${r.change}`);
  const statusMails = async (orderIds: number[]) =>
    (await t.db.db.selectFrom('mail_queue').select('subject').where('kind', '=', 'order.status').execute()).filter(
      (m) => orderIds.some((id) => m.subject.includes(` ${id} `)),
    );
  /** Waits until the hold runner let go of the group's hold. */
  const released = async (groupId: number) => {
    // pg-boss fetches due jobs once a second; a busy CI machine has taken over 10 s (once, stop 44).
    for (let i = 0; i < 300; i++) {
      const row = await t.db.db
        .selectFrom('payments')
        .select('released_at')
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      if (row.released_at !== null) return;
      await sleep(100);
    }
    throw new Error(`the hold of group ${groupId} was not released`);
  };
  const placeWithTest = async (who: Customer, lines: unknown[]) => {
    const placed = await order(who, lines, 'Test');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body;
  };

  it('offers the test method beside pay on delivery, with the hold and the cap', async () => {
    const res = await t.call<PaymentMethodsDto>('GET', '/api/Payment/Methods');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Methods: ['OnDelivery', 'Test'], HoldSeconds: HOLD_SECONDS, OnDeliveryMax: 10000 });
  });

  it('places a Test order AwaitingPayment holding its stock; approve places it, paid', async () => {
    const placed = await placeWithTest(asha, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)]);
    expect(placed.Orders.map((o) => [o.Status, o.Payment])).toEqual([
      ['AwaitingPayment', { Method: 'Test', Status: 'Pending' }],
      ['AwaitingPayment', { Method: 'Test', Status: 'Pending' }],
    ]);
    expect([await stockOf(APPLE.id), await stockOf(SOAP.id)]).toEqual([18, 19]);
    const placedMail = await t.db.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('kind', '=', 'order.placed')
      .where('subject', 'like', `%order ${placed.OrderID} %`)
      .execute();
    expect(placedMail.map((m) => m.subject)).toEqual([`Your Aisle order ${placed.OrderID} is waiting for its payment`]);
    const read = await t.call<GroupPaymentDto>('GET', `/api/Payment/Group/${placed.GroupID}`, { token: asha.token });
    expect(read.body).toMatchObject({ Method: 'Test', Status: 'Pending', Amount: 279.9 });
    expect(read.body.PayUrl).toBe(`/app/pay?group=${placed.GroupID}`);
    // Someone else's group is none of their business.
    expect((await answer(ravi, placed.GroupID, 'approve')).status).toBe(404);
    const paid = await answer(asha, placed.GroupID, 'approve');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.Status).toBe('Paid');
    expect(paid.body.Orders.map((o) => [o.Status, o.Payment.Status])).toEqual([
      ['Placed', 'Paid'],
      ['Placed', 'Paid'],
    ]);
    expect([await stockOf(APPLE.id), await stockOf(SOAP.id)]).toEqual([18, 19]);
    // Paid once: a second answer is refused, and the hold's end later changes nothing.
    expect((await answer(asha, placed.GroupID, 'approve')).status).toBe(409);
    await sleep(HOLD_SECONDS * 1000 + 300);
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid', 'Placed/Paid']);
  });

  it('keeps a declined or failed payment waiting while the hold lasts, and a retry pays it', async () => {
    const placed = await placeWithTest(asha, [line(APPLE.id, APPLE.store, 1)]);
    const declined = await answer(asha, placed.GroupID, 'decline');
    expect(declined.body.Status).toBe('Failed');
    expect(await statusesOf(placed.GroupID)).toEqual(['AwaitingPayment/Failed']);
    const failed = await answer(asha, placed.GroupID, 'fail');
    expect(failed.body.Status).toBe('Failed');
    const retried = await answer(asha, placed.GroupID, 'approve');
    expect(retried.body.Status).toBe('Paid');
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
    const bad = await answer(asha, placed.GroupID, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ Outcome: ['Outcome must be one of approve, decline, fail, late.'] });
  });

  it('lets go of an abandoned hold once: cancelled, stock back with its ledger rows, one mail per order', async () => {
    const placed = await placeWithTest(asha, [line(APPLE.id, APPLE.store, 3), line(SOAP.id, SOAP.store, 2)]);
    const ids = placed.Orders.map((o) => o.OrderID);
    expect([await stockOf(APPLE.id), await stockOf(SOAP.id)]).toEqual([17, 18]);
    await released(placed.GroupID);
    expect(await statusesOf(placed.GroupID)).toEqual(['Cancelled/Pending', 'Cancelled/Pending']);
    expect([await stockOf(APPLE.id), await stockOf(SOAP.id)]).toEqual([20, 20]);
    expect(await ledgerOf(ids)).toEqual(['order -3', 'order -2', 'cancellation 3', 'cancellation 2']);
    expect(await statusMails(ids)).toHaveLength(2);
    const bodies = await t.db.db
      .selectFrom('mail_queue')
      .select('body_text')
      .where('kind', '=', 'order.status')
      .execute();
    expect(bodies.filter((m) => m.body_text.includes('its payment did not arrive in time'))).toHaveLength(2);
    const moves = await t.db.db.selectFrom('order_moves').select(['reason']).where('order_id', 'in', ids).execute();
    expect(moves.map((m) => m.reason)).toEqual(['payment not received', 'payment not received']);
    // The cancel comes through the customer's own call too, once: nothing is left to cancel.
    expect((await t.call('POST', `/api/Order/Cancel/${ids[0]}`, { token: asha.token })).status).toBe(409);
    expect(await ledgerOf(ids)).toHaveLength(4);
    // The approve of an ended hold is refused: the group was let go.
    expect((await answer(asha, placed.GroupID, 'approve')).status).toBe(409);
  });

  it('takes stock again for a late success when there is enough', async () => {
    const placed = await placeWithTest(asha, [line(APPLE.id, APPLE.store, 4)]);
    const late = await answer(asha, placed.GroupID, 'late');
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toMatchObject({ Status: 'Paid', Late: 'TakenAgain' });
    expect(late.body.Orders.map((o) => [o.Status, o.Payment.Status])).toEqual([['Placed', 'Paid']]);
    expect(await stockOf(APPLE.id)).toBe(16);
    expect(await ledgerOf([placed.OrderID])).toEqual(['order -4', 'cancellation 4', 'order -4']);
  });

  it('refunds a late success at once when its stock was sold meanwhile, with an audit entry', async () => {
    const placed = await placeWithTest(asha, [line(APPLE.id, APPLE.store, 5)]);
    await released(placed.GroupID);
    // Ravi buys what came back, and more: 20 left, he takes 18.
    expect((await order(ravi, [line(APPLE.id, APPLE.store, 18)])).status).toBe(201);
    const late = await answer(asha, placed.GroupID, 'late');
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    expect(late.body).toMatchObject({ Status: 'Refunded', Late: 'Refunded' });
    expect(await statusesOf(placed.GroupID)).toEqual(['Cancelled/Refunded']);
    expect(await stockOf(APPLE.id)).toBe(2);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['detail', 'target'])
      .where('action', '=', 'payment.refunded')
      .where('target', '=', `order:${placed.GroupID}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ method: 'Test', amountPaise: 56700 });
  });

  it('pays on delivery up to the shop’s cap and each store’s, named by PaymentMethod', async () => {
    const cap = await t.call('PUT', '/api/Payment/Settings', { token: staff.token, json: { OnDeliveryMax: 200 } });
    expect(cap.status).toBe(200);
    expect(
      (await t.call('PUT', '/api/Payment/Settings', { token: asha.token, json: { OnDeliveryMax: 1 } })).status,
    ).toBe(403);
    // Two apples come to Rs 226.80: over the shop's cap, with or without PaymentMethod.
    for (const method of [undefined, 'OnDelivery']) {
      const over = await order(asha, [line(APPLE.id, APPLE.store, 2)], method);
      expect(over.status).toBe(400);
      expect(over.body.ModelState?.PaymentMethod).toEqual([
        'PaymentMethod OnDelivery is allowed up to Rs 200 an order at Green Grocer; this order comes to Rs 226.80: choose another way to pay.',
      ]);
    }
    expect(await stockOf(APPLE.id)).toBe(20);
    expect((await order(asha, [line(APPLE.id, APPLE.store, 2)], 'Test')).status).toBe(201);
    // A store's delivery area: no pay on delivery at 5600* (Asha's PIN code is 560025).
    const area = await t.call('PUT', `/api/Store/Delivery/${SOAP.store}`, {
      token: staff.token,
      json: { PostalCodes: [], NoOnDeliveryPostalCodes: ['5600*'] },
    });
    expect(area.status).toBe(200);
    const refused = await order(asha, [line(SOAP.id, SOAP.store, 1)]);
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState?.PaymentMethod).toEqual([
      'PaymentMethod OnDelivery is not offered by Clean Home at PIN code 560025: choose another way to pay.',
    ]);
    // A lower cap of the store's own.
    await t.call('PUT', `/api/Store/Delivery/${SOAP.store}`, {
      token: staff.token,
      json: { PostalCodes: [], OnDeliveryMax: 100 },
    });
    expect((await order(asha, [line(SOAP.id, SOAP.store, 1)])).status).toBe(201);
    const lower = await order(asha, [line(SOAP.id, SOAP.store, 2)]);
    expect(lower.body.ModelState?.PaymentMethod?.[0]).toContain('up to Rs 100 an order at Clean Home');
  });

  it('applies an outcome once per event id, as a replayed webhook would tell it again', async () => {
    const placed = await placeWithTest(asha, [line(SOAP.id, SOAP.store, 1)]);
    const ctx = { db: t.db.db, methods: paymentMethods({ paymentsTest: true }), siteUrl: SITE_URL, log: silentLogger };
    const at = new Date().toISOString();
    const failed = { groupId: placed.GroupID, eventId: 'evt-1', outcome: 'failed', at } as const;
    expect(await applyPaymentOutcome(ctx, failed)).toEqual({ applied: true });
    // The same event id again, even claiming success, changes nothing.
    expect(await applyPaymentOutcome(ctx, { ...failed, outcome: 'paid' })).toEqual({ applied: false });
    expect(await statusesOf(placed.GroupID)).toEqual(['AwaitingPayment/Failed']);
    const paid = { groupId: placed.GroupID, eventId: 'evt-2', outcome: 'paid', at } as const;
    expect(await applyPaymentOutcome(ctx, paid)).toEqual({ applied: true });
    expect(await applyPaymentOutcome(ctx, paid)).toEqual({ applied: false });
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
    const events = await t.db.db.selectFrom('payment_events').select('event_id').execute();
    expect(events.map((e) => e.event_id).filter((id) => id.startsWith('evt-'))).toEqual(['evt-1', 'evt-2']);
    expect(await ledgerOf([placed.OrderID])).toEqual(['order -1']);
  });

  it('marks an order paid on delivery Paid when staff mark it Delivered', async () => {
    const placed = await order(asha, [line(SOAP.id, SOAP.store, 1)], 'OnDelivery');
    expect(placed.status).toBe(201);
    expect(placed.body.Payment).toEqual({ Method: 'OnDelivery', Status: 'Pending' });
    for (const status of ['Confirmed', 'Packing', 'OutForDelivery', 'Delivered']) {
      const moved = await t.call<OrderDto>('PUT', `/api/Order/Status/${placed.body.OrderID}`, {
        token: staff.token,
        json: { Status: status },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    expect(await statusesOf(placed.body.GroupID)).toEqual(['Delivered/Paid']);
    const row = await t.db.db
      .selectFrom('payments')
      .select('status')
      .where('group_id', '=', placed.body.GroupID)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Paid');
  });

  it('holds a delivery slot place while the payment is open and gives it back with the hold', async () => {
    const start = new Date(Date.now() + 26 * 3_600_000);
    const slot = await t.call<{ SlotID: number }>('POST', `/api/Store/Slot/${SOAP.store}`, {
      token: staff.token,
      json: { Start: start.toISOString(), End: new Date(start.getTime() + 7_200_000).toISOString(), Capacity: 1 },
    });
    expect(slot.status).toBe(201);
    const booked = async () =>
      (
        await t.db.db
          .selectFrom('delivery_slots')
          .select('booked')
          .where('id', '=', slot.body.SlotID)
          .executeTakeFirstOrThrow()
      ).booked;
    const placed = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: {
        ...cartBody(asha, [line(SOAP.id, SOAP.store, 1)]),
        PaymentMethod: 'Test',
        Slots: { [SOAP.store]: slot.body.SlotID },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(await booked()).toBe(1);
    await released(placed.body.GroupID);
    expect(await booked()).toBe(0);
    await t.db.db.deleteFrom('order_slots').execute();
    await t.db.db.deleteFrom('delivery_slots').execute();
  });
});

describe('payments with the test method off', () => {
  let t: AuthTestApp;
  let asha: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp('sqlite');
    await insertCatalogue(t.db.db);
    [asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer];
  });
  afterAll(() => t.close());

  it('does not offer it, refuses it by PaymentMethod and answers 404 to its call', async () => {
    expect((await t.call<PaymentMethodsDto>('GET', '/api/Payment/Methods')).body.Methods).toEqual(['OnDelivery']);
    const refused = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: { ...cartBody(asha, [line(APPLE.id, APPLE.store, 1)]), PaymentMethod: 'Test' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState).toEqual({
      PaymentMethod: ['PaymentMethod names Test, which this shop does not offer: choose one of OnDelivery.'],
    });
    const unknown = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: { ...cartBody(asha, [line(APPLE.id, APPLE.store, 1)]), PaymentMethod: 'Cheque' },
    });
    expect(unknown.body.ModelState).toEqual({
      PaymentMethod: ['PaymentMethod must be one of OnDelivery, Online, Test.'],
    });
    const placed = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, [line(APPLE.id, APPLE.store, 1)]),
    });
    expect(placed.status).toBe(201);
    expect(placed.body.Payment).toEqual({ Method: 'OnDelivery', Status: 'Pending' });
    const test = await t.call('POST', `/api/Payment/Test/${placed.body.GroupID}`, {
      token: asha.token,
      json: { Outcome: 'approve' },
    });
    expect(test.status).toBe(404);
  });
});
