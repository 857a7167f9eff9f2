// How Razorpay tells the outcome of a group's payment (issue 32, item 1): Checkout's answer
// in the shopper's browser (`POST /api/Payment/Razorpay/Verify`, signed with the key
// secret), the webhooks (`POST /api/Payment/Razorpay/Webhook`, the raw body signed with the
// webhook secret, applied once per `X-Razorpay-Event-Id`), and the reconciliation that asks
// Razorpay about a group still waiting before its hold is let go. All end in
// `applyPaymentOutcome`, whose claim keeps a payment paid once however many tell it.
import type { Kysely } from 'kysely';
import type { Database, Payment } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field } from '../http/input.ts';
import { methodsOf } from './payment-choice.ts';
import { findPayment, type PaymentContext, paymentActor } from './payment-context.ts';
import { applyPaymentOutcome } from './payment-outcomes.ts';
import { type GroupPaymentDto, paymentContext, readGroupPayment } from './payments.ts';
import { razorpayOf, signatureMatches } from './razorpay.ts';

function razorpayIn(methods: PaymentContext['methods']) {
  const razorpay = razorpayOf(methods.Online);
  if (razorpay === undefined) throw AppError.notFound('The Online payment method is not offered by this shop.');
  return razorpay;
}

function textField(body: Record<string, unknown>, name: string): string {
  const raw = field(body, name);
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 200) {
    throw AppError.invalidField(name, 'is required: the text Razorpay Checkout answered, up to 200 characters');
  }
  return raw.trim();
}

function paymentOfOrder(db: Kysely<Database>, orderId: string): Promise<Payment | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_order_id', '=', orderId)
    .where('method', '=', 'Online')
    .executeTakeFirst();
}

/**
 * `POST /api/Payment/Razorpay/Verify`: Checkout's answer (`razorpay_order_id`,
 * `razorpay_payment_id`, `razorpay_signature`) for the caller's own group. The signature is
 * the HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time;
 * a match marks the group paid (once). 400 naming `razorpay_signature` when it does not match,
 * 404 for an order id not of the caller's groups or without the Online method.
 */
export async function verifyCheckout(
  deps: AppDeps,
  userId: number,
  body: Record<string, unknown>,
  at: Date,
): Promise<GroupPaymentDto> {
  const { keys } = razorpayIn(methodsOf(deps));
  const orderId = textField(body, 'razorpay_order_id');
  const paymentId = textField(body, 'razorpay_payment_id');
  const signature = textField(body, 'razorpay_signature');
  const payment = await paymentOfOrder(deps.db, orderId);
  if (payment === undefined) throw AppError.notFound(`Razorpay order ${orderId} is not one of this shop's.`);
  // Someone else's group is answered as missing, as `readGroupPayment` does.
  await readGroupPayment(deps, userId, payment.group_id);
  if (!signatureMatches(`${orderId}|${paymentId}`, signature, keys.keySecret)) {
    throw AppError.invalidField('razorpay_signature', 'must be the HMAC-SHA256 of order_id|payment_id with the key');
  }
  await applyPaymentOutcome(paymentContext(deps), {
    groupId: payment.group_id,
    eventId: `razorpay:checkout:${paymentId}`,
    outcome: 'paid',
    providerPaymentId: paymentId,
    at: at.toISOString(),
  });
  return readGroupPayment(deps, userId, payment.group_id);
}

/** What a webhook did: `Applied` false for a repeat, an event the shop does not act on, or a group not of this shop. */
export interface WebhookAnswer {
  Event: string;
  Applied: boolean;
}

type Entity = Record<string, unknown>;

function entityOf(event: Entity, kind: 'payment' | 'refund'): Entity {
  const payload = event.payload as Record<string, { entity?: Entity }> | undefined;
  const entity = payload?.[kind]?.entity;
  if (entity === undefined || typeof entity.id !== 'string') {
    throw AppError.badRequest(`The webhook's payload.${kind}.entity has no id.`);
  }
  return entity;
}

/** Records an event of a payment once; false when it was recorded before. */
async function recordOnce(trx: Kysely<Database>, paymentId: number, eventId: string, outcome: string, at: string) {
  const row = await trx
    .insertInto('payment_events')
    .values({ payment_id: paymentId, event_id: eventId, outcome, detail: '{}', at })
    .onConflict((oc) => oc.columns(['payment_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `refund.processed`: the refund's row is `Processed`. A refund the shop did not ask for (made
 * on Razorpay's dashboard) is recorded as one, and the payment's refunded amount grows.
 */
async function refundProcessed(ctx: PaymentContext, entity: Entity, eventId: string, at: string): Promise<boolean> {
  const paymentId = String(entity.payment_id ?? '');
  const amount = Number(entity.amount);
  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('provider_payment_id', '=', paymentId)
    .where('method', '=', 'Online')
    .executeTakeFirst();
  if (payment === undefined || !Number.isInteger(amount) || amount <= 0) return false;
  const refundId = String(entity.id);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await recordOnce(trx, payment.id, eventId, 'refund.processed', at))) return false;
    const known = await trx
      .updateTable('payment_refunds')
      .set({ status: 'Processed', processed_at: at })
      .where('payment_id', '=', payment.id)
      .where('provider_refund_id', '=', refundId)
      .executeTakeFirst();
    if (Number(known.numUpdatedRows) > 0) return true;
    const current = await trx.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    const refunded = Math.min(current.amount, current.refunded + amount);
    const status = refunded >= current.amount ? 'Refunded' : 'PartlyRefunded';
    await trx
      .insertInto('payment_refunds')
      .values({
        payment_id: payment.id,
        order_id: null,
        amount,
        status: 'Processed',
        reason: 'refunded on Razorpay',
        provider_refund_id: refundId,
        by: paymentActor('Online').actorEmail,
        at,
        processed_at: at,
      })
      .execute();
    await trx.updateTable('payments').set({ refunded, status, updated_at: at }).where('id', '=', payment.id).execute();
    await trx
      .updateTable('orders')
      .set({ payment_status: status })
      .where((eb) => eb.or([eb('id', '=', payment.group_id), eb('group_id', '=', payment.group_id)]))
      .execute();
    return true;
  });
}

/**
 * `POST /api/Payment/Razorpay/Webhook`: the raw body's HMAC-SHA256 with the webhook secret
 * must be `X-Razorpay-Signature` (400 otherwise: nothing is read from a body that does not
 * match). `payment.captured` pays the group, `payment.failed` marks it failed (it keeps
 * waiting while its hold lasts), `refund.processed` marks the refund processed; each once
 * per event id (`X-Razorpay-Event-Id`), so a replay changes nothing. Other events, and
 * payments of orders this shop did not create, are answered 200 with `Applied: false`.
 */
export async function receiveWebhook(
  deps: AppDeps,
  raw: string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
  at: Date,
): Promise<WebhookAnswer> {
  const { keys } = razorpayIn(methodsOf(deps));
  if (signature === undefined || signature.trim() === '') {
    throw AppError.badRequest('X-Razorpay-Signature is required: the HMAC-SHA256 of the body with the webhook secret.');
  }
  if (!signatureMatches(raw, signature.trim(), keys.webhookSecret)) {
    throw AppError.badRequest('X-Razorpay-Signature does not match the body: the webhook was refused.');
  }
  let event: Entity;
  try {
    event = JSON.parse(raw) as Entity;
  } catch {
    throw AppError.badRequest('The webhook body is not JSON.');
  }
  const name = typeof event.event === 'string' ? event.event : '';
  const when = at.toISOString();
  const ctx = paymentContext(deps);
  if (name === 'refund.processed') {
    const entity = entityOf(event, 'refund');
    const eventId = `razorpay:${eventIdHeader ?? `${name}:${String(entity.id)}`}`;
    return { Event: name, Applied: await refundProcessed(ctx, entity, eventId, when) };
  }
  if (name !== 'payment.captured' && name !== 'payment.failed') return { Event: name, Applied: false };
  const entity = entityOf(event, 'payment');
  const payment = await paymentOfOrder(deps.db, String(entity.order_id ?? ''));
  if (payment === undefined) return { Event: name, Applied: false };
  const applied = await applyPaymentOutcome(ctx, {
    groupId: payment.group_id,
    eventId: `razorpay:${eventIdHeader ?? `${name}:${String(entity.id)}`}`,
    outcome: name === 'payment.captured' ? 'paid' : 'failed',
    providerPaymentId: String(entity.id),
    at: when,
  });
  return { Event: name, Applied: applied.applied };
}

/**
 * Asks Razorpay about one group still waiting for an online payment (its order's payments)
 * and applies what it finds: a captured payment pays it, payments that all failed mark it
 * failed. Nothing for a group of another method, paid already, or without a Razorpay order.
 * Answers whether it found it paid.
 */
export async function reconcileGroup(ctx: PaymentContext, groupId: number, at: string): Promise<boolean> {
  const razorpay = razorpayOf(ctx.methods.Online);
  if (razorpay === undefined) return false;
  const payment = await findPayment(ctx.db, groupId);
  if (
    payment === undefined ||
    payment.method !== 'Online' ||
    payment.provider_order_id === null ||
    payment.released_at !== null ||
    (payment.status !== 'Pending' && payment.status !== 'Failed')
  ) {
    return false;
  }
  const found = await razorpay.api.orderPayments(payment.provider_order_id);
  const captured = found.find((p) => p.status === 'captured');
  if (captured !== undefined) {
    await applyPaymentOutcome(ctx, {
      groupId,
      eventId: `razorpay:reconciled:${captured.id}:captured`,
      outcome: 'paid',
      providerPaymentId: captured.id,
      at,
    });
    return true;
  }
  const failed = found.filter((p) => p.status === 'failed');
  if (failed.length > 0 && failed.length === found.length && payment.status === 'Pending') {
    const last = failed[failed.length - 1] as { id: string };
    await applyPaymentOutcome(ctx, {
      groupId,
      eventId: `razorpay:reconciled:${last.id}:failed`,
      outcome: 'failed',
      at,
    });
  }
  return false;
}

/**
 * The reconciliation job's pass: every online group still waiting whose hold ends by `before`
 * (or has ended), asked about once. Answers how many were found paid. A group Razorpay
 * cannot be asked about now is left to the hold's end (logged).
 */
export async function reconcileWaiting(ctx: PaymentContext, before: string, at: string): Promise<number> {
  if (razorpayOf(ctx.methods.Online) === undefined) return 0;
  const rows = await ctx.db
    .selectFrom('payments')
    .select('group_id')
    .where('method', '=', 'Online')
    .where('status', 'in', ['Pending', 'Failed'])
    .where('released_at', 'is', null)
    .where('provider_order_id', 'is not', null)
    .where('hold_until', '<=', before)
    .orderBy('hold_until')
    .limit(500)
    .execute();
  let paid = 0;
  for (const { group_id } of rows) {
    try {
      if (await reconcileGroup(ctx, group_id, at)) paid++;
    } catch (err) {
      ctx.log({ level: 'error', msg: 'razorpay reconciliation failed', groupId: group_id, error: String(err) });
    }
  }
  return paid;
}
