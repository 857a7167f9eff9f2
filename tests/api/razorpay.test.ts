import { createHmac } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { type TaxInvoice, taxableOf } from '../../src/lib/domain/tax-invoice.ts';
import { silentLogger } from '../../src/server/app.ts';
import { numberInvoices } from '../../src/server/orders/invoice-numbers.ts';
import { paymentMethods } from '../../src/server/payments/methods.ts';
import type { PaymentContext } from '../../src/server/payments/payment-context.ts';
import type { GroupPaymentDto, PaymentMethodsDto } from '../../src/server/payments/payments.ts';
import { razorpayMethod } from '../../src/server/payments/razorpay.ts';
import { refundDifference, refundMissed } from '../../src/server/payments/refunds.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 32, items 1 and 3, for the Online method: Razorpay through its SDK, its HTTP calls
// answered by msw's Node interceptor as Razorpay documents them (no network); Checkout's
// answer and the webhooks signed with dummy secrets. Refunds on cancel (Online and Test) and
// their credit notes. The fixture catalogue: Green Grocer (store 1) sells apples at
// Rs 113.40; Clean Home (store 3) sells soap at Rs 53.10.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };
const KEYS = { keyId: 'rzp_test_aisle', keySecret: 'dummy-key-secret', webhookSecret: 'dummy-webhook-secret' };
const HOLD_SECONDS = 4;
const RAZORPAY = 'https://api.razorpay.com/v1';

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Placed = OrderDto & { Orders: OrderDto[] } & Err;
type Webhook = { Event: string; Applied: boolean } & Err;

const hmac = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Razorpay as the interceptor answers it: orders created, each order's payments, refunds asked for. */
const razorpay = {
  orders: new Map<string, { amount: number; currency: string; receipt: string; auth: string }>(),
  payments: new Map<string, { id: string; status: string; amount: number }[]>(),
  refunds: [] as { paymentId: string; amount: number; id: string }[],
  /** While true, the refund API answers 502 as Razorpay does when it is down. */
  down: false,
};
const server = setupServer(
  http.post(`${RAZORPAY}/orders`, async ({ request }) => {
    const body = (await request.json()) as { amount: number; currency: string; receipt: string };
    const id = `order_${String(razorpay.orders.size + 1).padStart(14, '0')}`;
    razorpay.orders.set(id, { ...body, auth: request.headers.get('authorization') ?? '' });
    return HttpResponse.json({
      id,
      entity: 'order',
      amount: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      status: 'created',
    });
  }),
  http.get(`${RAZORPAY}/orders/:id/payments`, ({ params }) => {
    const items = razorpay.payments.get(String(params.id)) ?? [];
    return HttpResponse.json({
      entity: 'collection',
      count: items.length,
      items: items.map((p) => ({ ...p, entity: 'payment', order_id: params.id })),
    });
  }),
  http.post(`${RAZORPAY}/payments/:id/refund`, async ({ params, request }) => {
    if (razorpay.down) {
      return HttpResponse.json(
        { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } },
        { status: 502 },
      );
    }
    const body = (await request.json()) as { amount: number };
    const id = `rfnd_${String(razorpay.refunds.length + 1).padStart(14, '0')}`;
    razorpay.refunds.push({ paymentId: String(params.id), amount: body.amount, id });
    return HttpResponse.json({
      id,
      entity: 'refund',
      amount: body.amount,
      payment_id: params.id,
      currency: 'INR',
      status: 'pending',
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe.each(DIALECTS)('Razorpay and refunds on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let ravi: Customer;

  const methods = paymentMethods({ paymentsTest: true, online: razorpayMethod(KEYS) });
  /** What packing calls `refundDifference` with: the app's methods on the test's database. */
  const ctx = (): PaymentContext => ({ db: t.db.db, methods, siteUrl: 'http://aisle.test', log: silentLogger });

  beforeAll(async () => {
    // Each engine's shop is a Razorpay account of its own.
    razorpay.orders.clear();
    razorpay.refunds.length = 0;
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000, payments: methods, paymentHoldSeconds: HOLD_SECONDS });
    await insertCatalogue(t.db.db);
    [staff, asha, ravi] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Rao', role: 'User' },
    ])) as [Customer, Customer, Customer];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = new Date();
    await t.db.db.updateTable('items').set({ stock: 50 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
  });
  afterEach(() => {
    razorpay.payments.clear();
  });

  const place = async (who: Customer, lines: unknown[], method: string) => {
    const placed = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), PaymentMethod: method },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body;
  };
  const group = (who: Customer, groupId: number) =>
    t.call<GroupPaymentDto & Err>('GET', `/api/Payment/Group/${groupId}`, { token: who.token });
  /** An Online group placed and its Razorpay order created (what Checkout opens with). */
  const placeOnline = async (who: Customer, lines: unknown[]) => {
    const placed = await place(who, lines, 'Online');
    const started = await group(who, placed.GroupID);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return { placed, orderId: String(started.body.Provider.OrderId) };
  };
  const verify = (who: Customer, body: Record<string, string>) =>
    t.call<GroupPaymentDto & Err>('POST', '/api/Payment/Razorpay/Verify', { token: who.token, json: body });
  const webhook = async (body: string, signature: string | undefined, eventId?: string) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (signature !== undefined) headers['X-Razorpay-Signature'] = signature;
    if (eventId !== undefined) headers['X-Razorpay-Event-Id'] = eventId;
    const res = await t.app.request('/api/Payment/Razorpay/Webhook', { method: 'POST', headers, body });
    return { status: res.status, body: (await res.json()) as Webhook };
  };
  const paymentEvent = (event: string, orderId: string, paymentId: string, amount: number) =>
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_aisle',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount,
            currency: 'INR',
            status: event === 'payment.captured' ? 'captured' : 'failed',
            order_id: orderId,
          },
        },
      },
      created_at: 1_764_000_000,
    });
  const statusesOf = async (groupId: number) =>
    (
      await t.db.db
        .selectFrom('orders')
        .select(['status', 'payment_status'])
        .where((eb) => eb.or([eb('id', '=', groupId), eb('group_id', '=', groupId)]))
        .orderBy('id')
        .execute()
    ).map((o) => `${o.status}/${o.payment_status}`);
  const read = (who: Customer, orderId: number) =>
    t.call<OrderDto & Err>('GET', `/api/Order/Read/${orderId}`, { token: who.token });
  const paise = (rupees: number) => Math.round(rupees * 100);
  const eventsOf = async (groupId: number) =>
    (
      await t.db.db
        .selectFrom('payment_events as e')
        .innerJoin('payments as p', 'p.id', 'e.payment_id')
        .select('e.id')
        .where('p.group_id', '=', groupId)
        .execute()
    ).length;

  it('offers Online with its keys; the group gets one Razorpay order in paise with the group as receipt', async () => {
    const methods = await t.call<PaymentMethodsDto>('GET', '/api/Payment/Methods');
    expect(methods.body.Methods).toEqual(['OnDelivery', 'Online', 'Test']);
    const { placed, orderId } = await placeOnline(asha, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)]);
    expect(placed.Orders.map((o) => [o.Status, o.Payment])).toEqual([
      ['AwaitingPayment', { Method: 'Online', Status: 'Pending' }],
      ['AwaitingPayment', { Method: 'Online', Status: 'Pending' }],
    ]);
    const again = await group(asha, placed.GroupID);
    expect(again.body.Provider).toEqual({
      KeyId: KEYS.keyId,
      OrderId: orderId,
      Amount: '27990',
      Currency: 'INR',
      Name: 'Aisle',
    });
    const created = razorpay.orders.get(orderId);
    expect(created).toMatchObject({ amount: 27990, currency: 'INR', receipt: `aisle-group-${placed.GroupID}` });
    expect(created?.auth).toBe(`Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`);
    // Asked again, the group keeps its one Razorpay order.
    expect([...razorpay.orders.values()].filter((o) => o.receipt === `aisle-group-${placed.GroupID}`)).toHaveLength(1);
  });

  it('pays a group on Checkout’s signed answer; a tampered signature is refused naming it, someone else’s group is missing', async () => {
    const { placed, orderId } = await placeOnline(asha, [line(APPLE.id, APPLE.store, 1)]);
    const paymentId = 'pay_checkout000001';
    const signature = hmac(`${orderId}|${paymentId}`, KEYS.keySecret);
    const tampered = await verify(asha, {
      razorpay_order_id: orderId,
      razorpay_payment_id: 'pay_other',
      razorpay_signature: signature,
    });
    expect(tampered.status).toBe(400);
    expect(Object.keys(tampered.body.ModelState ?? {})).toEqual(['razorpay_signature']);
    const missing = await verify(asha, { razorpay_order_id: orderId, razorpay_payment_id: paymentId });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.ModelState ?? {})).toEqual(['razorpay_signature']);
    const answer = { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature };
    expect((await verify(ravi, answer)).status).toBe(404);
    expect(await statusesOf(placed.GroupID)).toEqual(['AwaitingPayment/Pending']);
    const paid = await verify(asha, answer);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.Status).toBe('Paid');
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
    // The webhook of the same payment afterwards changes nothing.
    const captured = paymentEvent('payment.captured', orderId, paymentId, paise(placed.OrderTotal));
    expect((await webhook(captured, hmac(captured, KEYS.webhookSecret), 'evt_after_checkout')).status).toBe(200);
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
  });

  it('applies a signed payment.captured once per event id; a replay changes nothing; a tampered body is refused', async () => {
    const { placed, orderId } = await placeOnline(asha, [line(APPLE.id, APPLE.store, 1)]);
    const body = paymentEvent('payment.captured', orderId, 'pay_hook000000001', paise(placed.OrderTotal));
    const signature = hmac(body, KEYS.webhookSecret);
    const tampered = body.replace('"captured"', '"captured" ');
    expect((await webhook(tampered, signature, 'evt_tampered')).status).toBe(400);
    expect((await webhook(body, undefined, 'evt_unsigned')).status).toBe(400);
    expect((await webhook(body, hmac(body, 'another-secret'), 'evt_wrong_secret')).status).toBe(400);
    expect(await statusesOf(placed.GroupID)).toEqual(['AwaitingPayment/Pending']);
    const first = await webhook(body, signature, 'evt_captured_1');
    expect(first).toEqual({ status: 200, body: { Event: 'payment.captured', Applied: true } });
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
    const events = await eventsOf(placed.GroupID);
    const mails = await t.db.db.selectFrom('mail_queue').select('id').execute();
    const replay = await webhook(body, signature, 'evt_captured_1');
    expect(replay).toEqual({ status: 200, body: { Event: 'payment.captured', Applied: false } });
    expect(await eventsOf(placed.GroupID)).toBe(events);
    expect(await t.db.db.selectFrom('mail_queue').select('id').execute()).toHaveLength(mails.length);
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
    // A payment of an order this shop did not create is answered, not applied.
    const stranger = paymentEvent('payment.captured', 'order_not_ours', 'pay_x', 100);
    expect((await webhook(stranger, hmac(stranger, KEYS.webhookSecret), 'evt_stranger')).body.Applied).toBe(false);
  });

  it('keeps a group waiting after payment.failed; a later capture pays it', async () => {
    const { placed, orderId } = await placeOnline(asha, [line(APPLE.id, APPLE.store, 1)]);
    const failed = paymentEvent('payment.failed', orderId, 'pay_fail000000001', paise(placed.OrderTotal));
    expect((await webhook(failed, hmac(failed, KEYS.webhookSecret), 'evt_failed_1')).body.Applied).toBe(true);
    expect(await statusesOf(placed.GroupID)).toEqual(['AwaitingPayment/Failed']);
    const captured = paymentEvent('payment.captured', orderId, 'pay_ok0000000002', paise(placed.OrderTotal));
    expect((await webhook(captured, hmac(captured, KEYS.webhookSecret), 'evt_captured_2')).body.Applied).toBe(true);
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/Paid']);
  });

  it('asks Razorpay before letting a hold go: a payment captured without a word is applied, not cancelled', async () => {
    const { placed, orderId } = await placeOnline(ravi, [line(APPLE.id, APPLE.store, 1)]);
    razorpay.payments.set(orderId, [
      { id: 'pay_failed_first', status: 'failed', amount: paise(placed.OrderTotal) },
      { id: 'pay_quiet0000001', status: 'captured', amount: paise(placed.OrderTotal) },
    ]);
    await expect
      .poll(() => statusesOf(placed.GroupID), { timeout: (HOLD_SECONDS + 6) * 1000, interval: 200 })
      .toEqual(['Placed/Paid']);
    const row = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('group_id', '=', placed.GroupID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider_payment_id: 'pay_quiet0000001', released_at: null });
  });

  it('refunds a paid Online order cancelled by its shopper through Razorpay; refund.processed marks it, once', async () => {
    const { placed, orderId } = await placeOnline(asha, [line(APPLE.id, APPLE.store, 2)]);
    const body = paymentEvent('payment.captured', orderId, 'pay_refund0000001', paise(placed.OrderTotal));
    await webhook(body, hmac(body, KEYS.webhookSecret), 'evt_captured_refund');
    const cancelled = await t.call<OrderDto & Err>('POST', `/api/Order/Cancel/${placed.OrderID}`, {
      token: asha.token,
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.Payment).toEqual({ Method: 'Online', Status: 'Refunded' });
    expect(cancelled.body.Refunds).toEqual([
      { Amount: placed.OrderTotal, At: expect.any(String), Status: 'Pending', Reason: 'order cancelled' },
    ]);
    const asked = razorpay.refunds.filter((r) => r.paymentId === 'pay_refund0000001');
    expect(asked).toEqual([
      { paymentId: 'pay_refund0000001', amount: paise(placed.OrderTotal), id: expect.any(String) },
    ]);
    const refundId = asked[0]?.id ?? '';
    const processed = JSON.stringify({
      entity: 'event',
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: {
            id: refundId,
            entity: 'refund',
            amount: paise(placed.OrderTotal),
            payment_id: 'pay_refund0000001',
            status: 'processed',
          },
        },
      },
    });
    const signature = hmac(processed, KEYS.webhookSecret);
    expect((await webhook(processed, signature, 'evt_refund_1')).body).toEqual({
      Event: 'refund.processed',
      Applied: true,
    });
    expect((await webhook(processed, signature, 'evt_refund_1')).body).toEqual({
      Event: 'refund.processed',
      Applied: false,
    });
    const after = await read(asha, placed.OrderID);
    expect(after.body.Refunds.map((r) => r.Status)).toEqual(['Processed']);
    expect(after.body.Payment.Status).toBe('Refunded');
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['actor_email', 'detail'])
      .where('action', '=', 'payment.refunded')
      .where('target', '=', `order:${placed.OrderID}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_email).toBe('asha@aisle.test');
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({
      method: 'Online',
      amountPaise: paise(placed.OrderTotal),
      refundId,
    });
  });

  it('refunds one store’s order of a paid Test group cancelled by staff at once: PartlyRefunded, with its credit note', async () => {
    const placed = await place(asha, [line(APPLE.id, APPLE.store, 1), line(SOAP.id, SOAP.store, 2)], 'Test');
    const paid = await t.call<GroupPaymentDto>('POST', `/api/Payment/Test/${placed.GroupID}`, {
      token: asha.token,
      json: { Outcome: 'approve' },
    });
    expect(paid.body.Status).toBe('Paid');
    const soap = placed.Orders.find((o) => o.OrderItems[0]?.ItemID === SOAP.id) as OrderDto;
    const moved = await t.call<OrderDto & Err>('PUT', `/api/Order/Status/${soap.OrderID}`, {
      token: staff.token,
      json: { Status: 'Cancelled' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.Refunds).toEqual([
      { Amount: soap.OrderTotal, At: expect.any(String), Status: 'Processed', Reason: 'order cancelled' },
    ]);
    expect(await statusesOf(placed.GroupID)).toContain('Cancelled/PartlyRefunded');
    expect(await statusesOf(placed.GroupID)).toContain('Placed/PartlyRefunded');
    const other = placed.Orders.find((o) => o.OrderID !== soap.OrderID) as OrderDto;
    expect((await read(asha, other.OrderID)).body.Refunds).toEqual([]);
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('group_id', '=', placed.GroupID)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'PartlyRefunded', refunded: paise(soap.OrderTotal) });
    // The cancel credited the order's invoice: a credit note in its store's series, numbered after the commit.
    await numberInvoices(t.db.db);
    const docs = await t.db.db
      .selectFrom('invoices')
      .select(['kind', 'number'])
      .where('order_id', '=', soap.OrderID)
      .orderBy('id')
      .execute();
    expect(docs.map((d) => d.kind)).toEqual(['Invoice', 'CreditNote']);
    // Credit notes run in a series of their own per store: C<store>/<year>/<seq>.
    expect(docs[1]?.number).toMatch(new RegExp(`^C${SOAP.store}/`));
  });

  it('gives back what packing took off a paid Test order, through the pack call: PartlyRefunded, once', async () => {
    const placed = await place(asha, [line(APPLE.id, APPLE.store, 3)], 'Test');
    const paid = await t.call<GroupPaymentDto>('POST', `/api/Payment/Test/${placed.GroupID}`, {
      token: asha.token,
      json: { Outcome: 'approve' },
    });
    expect(paid.body.Status).toBe('Paid');
    const id = placed.OrderID;
    for (const Status of ['Confirmed', 'Packing']) {
      const moved = await t.call<OrderDto & Err>('PUT', `/api/Order/Status/${id}`, {
        token: staff.token,
        json: { Status },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const packed = await t.call<OrderDto & Err>('POST', `/api/Order/Pack/${id}`, {
      token: staff.token,
      json: { Lines: [{ ItemID: APPLE.id, Outcome: 'Short', Qty: 1 }] },
    });
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    const less = paise(placed.OrderTotal) - paise(packed.body.OrderTotal);
    expect(less).toBeGreaterThan(0);
    expect(packed.body.Refunds).toEqual([
      { Amount: less / 100, At: expect.any(String), Status: 'Processed', Reason: 'packed for less' },
    ]);
    expect(packed.body.Payment.Status).toBe('PartlyRefunded');
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('group_id', '=', placed.GroupID)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'PartlyRefunded', refunded: less });
    // Read again: the one refund, not a second.
    expect((await read(asha, id)).body.Refunds).toHaveLength(1);
  });

  it('numbers the credit notes of paid orders cancelled gap-free in their store’s series', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await place(ravi, [line(APPLE.id, APPLE.store, 1)], 'Test');
      await t.call('POST', `/api/Payment/Test/${placed.GroupID}`, { token: ravi.token, json: { Outcome: 'approve' } });
      ids.push(placed.OrderID);
    }
    await Promise.all(ids.map((id) => t.call('POST', `/api/Order/Cancel/${id}`, { token: ravi.token })));
    await numberInvoices(t.db.db);
    const notes = await t.db.db
      .selectFrom('invoices')
      .select(['seq', 'fiscal_year'])
      .where('kind', '=', 'CreditNote')
      .where('store_id', '=', APPLE.store)
      .orderBy('seq')
      .execute();
    const seqs = notes.map((n) => Number(n.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const refunds = await Promise.all(ids.map(async (id) => (await read(ravi, id)).body.Refunds.map((r) => r.Status)));
    expect(refunds).toEqual([['Processed'], ['Processed'], ['Processed']]);
  });

  it('refunds a line shorted at packing through Razorpay (refundDifference): PartlyRefunded, never more than was paid', async () => {
    const { placed, orderId } = await placeOnline(asha, [line(APPLE.id, APPLE.store, 3), line(SOAP.id, SOAP.store, 1)]);
    const paymentId = `pay_short_${dialect}`;
    const body = paymentEvent('payment.captured', orderId, paymentId, 0);
    await webhook(body, hmac(body, KEYS.webhookSecret), `evt_short_${dialect}`);
    const apples = placed.Orders.find((o) => o.OrderItems[0]?.ItemID === APPLE.id) as OrderDto;
    const by = { actorId: staff.id, actorEmail: 'sita@aisle.test', ip: '' };
    await expect(refundDifference(ctx(), apples.OrderID, 0, 'short', by)).rejects.toThrow(/amountPaise/);
    // One apple short: Rs 113.40 back through Razorpay.
    expect(await refundDifference(ctx(), apples.OrderID, 11340, 'one apple short at packing', by)).toEqual({
      refunded: 11340,
    });
    expect(razorpay.refunds.filter((r) => r.paymentId === paymentId).map((r) => r.amount)).toEqual([11340]);
    expect(await statusesOf(placed.GroupID)).toEqual(['Placed/PartlyRefunded', 'Placed/PartlyRefunded']);
    const read1 = await read(asha, apples.OrderID);
    expect(read1.body.Refunds).toEqual([
      { Amount: 113.4, At: expect.any(String), Status: 'Pending', Reason: 'one apple short at packing' },
    ]);
    // Asked for more than is left of the order: only what is left goes back.
    const rest = paise(apples.OrderTotal) - 11340;
    expect(await refundDifference(ctx(), apples.OrderID, 1_000_000, 'all removed', by)).toEqual({ refunded: rest });
    expect(await refundDifference(ctx(), apples.OrderID, 100, 'nothing left', by)).toEqual({ refunded: 0 });
    const payment = await t.db.db
      .selectFrom('payments')
      .selectAll()
      .where('group_id', '=', placed.GroupID)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'PartlyRefunded', refunded: paise(apples.OrderTotal) });
    // Each part refund has its credit note against the invoice, taxes split as the invoice's,
    // numbered in the store's credit-note series; together they credit the invoice to the paisa.
    await numberInvoices(t.db.db);
    const docs = await t.db.db
      .selectFrom('invoices')
      .select(['kind', 'number', 'total', 'credits', 'document'])
      .where('order_id', '=', apples.OrderID)
      .orderBy('id')
      .execute();
    expect(docs.map((d) => [d.kind, Number(d.total)])).toEqual([
      ['Invoice', paise(apples.OrderTotal)],
      ['CreditNote', 11340],
      ['CreditNote', rest],
    ]);
    const [invoice, first] = docs.map((d) => JSON.parse(d.document) as TaxInvoice);
    expect(first?.against).toBe(docs[0]?.number);
    const firstTotals = first?.totals as TaxInvoice['totals'];
    expect(firstTotals.taxable + firstTotals.cgst + firstTotals.sgst + firstTotals.igst).toBe(11340);
    expect(firstTotals.taxable).toBe(taxableOf(11340, invoice?.lines[0]?.rateBps ?? 0));
    expect(docs[1]?.number).toMatch(new RegExp(`^C${APPLE.store}/`));
    const pdf = await t.app.request(`/api/Order/Invoice/${apples.OrderID}`, {
      headers: { Authorization: `Bearer ${asha.token}` },
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain(`Credit note number: ${docs[1]?.number}`);
    expect(words).toContain('Credited: Rs 113.40');
    // Cancelled now, nothing more is credited: the invoice was credited in full by the two.
    await t.call('PUT', `/api/Order/Status/${apples.OrderID}`, { token: staff.token, json: { Status: 'Cancelled' } });
    expect(
      await t.db.db.selectFrom('invoices').select('id').where('order_id', '=', apples.OrderID).execute(),
    ).toHaveLength(3);
    // An order paid on delivery is refunded nothing: it charges less.
    const cod = await place(ravi, [line(APPLE.id, APPLE.store, 1)], 'OnDelivery');
    expect(await refundDifference(ctx(), cod.OrderID, 5000, 'short', by)).toEqual({ refunded: 0 });
    expect((await read(ravi, cod.OrderID)).body.Refunds).toEqual([]);
  });

  it('refunds a paid cancel later when Razorpay was down at the cancel: the sweep’s pass takes it over', async () => {
    const { placed, orderId } = await placeOnline(ravi, [line(APPLE.id, APPLE.store, 1)]);
    const paymentId = `pay_down_${dialect}`;
    const body = paymentEvent('payment.captured', orderId, paymentId, 0);
    await webhook(body, hmac(body, KEYS.webhookSecret), `evt_down_${dialect}`);
    razorpay.down = true;
    try {
      const cancelled = await t.call<OrderDto & Err>('POST', `/api/Order/Cancel/${placed.OrderID}`, {
        token: ravi.token,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ Status: 'Cancelled', Payment: { Status: 'Paid' }, Refunds: [] });
    } finally {
      razorpay.down = false;
    }
    // Not yet: the cancel's own call may still be under way for a few minutes.
    expect(await refundMissed(ctx(), new Date())).toBe(0);
    expect(await refundMissed(ctx(), new Date(Date.now() + 6 * 60_000))).toBe(1);
    expect(razorpay.refunds.filter((r) => r.paymentId === paymentId).map((r) => r.amount)).toEqual([
      paise(placed.OrderTotal),
    ]);
    const after = await read(ravi, placed.OrderID);
    expect(after.body.Payment.Status).toBe('Refunded');
    expect(after.body.Refunds.map((r) => [r.Amount, r.Reason])).toEqual([[placed.OrderTotal, 'order cancelled']]);
    // Once: the next pass finds nothing left.
    expect(await refundMissed(ctx(), new Date(Date.now() + 6 * 60_000))).toBe(0);
  });

  it('cancels an order paid on delivery without a refund: it simply charges less', async () => {
    const placed = await place(ravi, [line(APPLE.id, APPLE.store, 1)], 'OnDelivery');
    const cancelled = await t.call<OrderDto>('POST', `/api/Order/Cancel/${placed.OrderID}`, { token: ravi.token });
    expect(cancelled.body).toMatchObject({
      Status: 'Cancelled',
      Payment: { Method: 'OnDelivery', Status: 'Pending' },
      Refunds: [],
    });
  });

  it('answers 404 for Razorpay calls when the shop has no Razorpay keys', async () => {
    const bare = await createAuthTestApp(dialect, { payments: paymentMethods({ paymentsTest: true }) });
    try {
      const methods = await bare.call<PaymentMethodsDto>('GET', '/api/Payment/Methods');
      expect(methods.body.Methods).toEqual(['OnDelivery', 'Test']);
      const body = paymentEvent('payment.captured', 'order_x', 'pay_x', 100);
      const res = await bare.app.request('/api/Payment/Razorpay/Webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': hmac(body, KEYS.webhookSecret) },
        body,
      });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
