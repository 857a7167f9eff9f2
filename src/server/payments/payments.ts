// The Payment resource (`routes/payment.ts`): which methods the shop offers, a group's
// payment for its shopper, the test method's answers and the shop's settings (the
// pay-on-delivery cap, how long an unpaid online order holds).
import type { Kysely } from 'kysely';
import { paiseToRupees, rupeesToPaise } from '../../lib/domain/money.ts';
import type { OrderPaymentDto, PaymentMethod } from '../../lib/domain/order-groups.ts';
import type { OrderDto } from '../../lib/domain/orders.ts';
import { HOLD_MINUTES, isHoldMinutes, TEST_OUTCOMES, type TestOutcome } from '../../lib/domain/payments.ts';
import { writeAudit } from '../audit.ts';
import type { Database } from '../db/schema.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field } from '../http/input.ts';
import { findOrder } from '../orders/orders.ts';
import { releaseHold } from './holds.ts';
import { offeredMethods, type PaymentStartDto } from './methods.ts';
import { handlerOf, holdOverrideOf, methodsOf } from './payment-choice.ts';
import { findPayment, groupOrders, type PaymentContext } from './payment-context.ts';
import { applyPaymentOutcome } from './payment-outcomes.ts';

/** `GET /api/Payment/Methods`: what the cart's review may offer. */
export interface PaymentMethodsDto {
  Methods: PaymentMethod[];
  /** How long an unpaid online order holds its stock and slot places, seconds. */
  HoldSeconds: number;
  /** The most an order may come to when paid on delivery, rupees (a store may allow less). */
  OnDeliveryMax: number;
}

/** A group's payment as its shopper reads it, with its orders. */
export type GroupPaymentDto = PaymentStartDto & {
  Status: OrderPaymentDto['Status'];
  /** The test method's late answer: the orders taken again, or the money refunded at once. */
  Late?: 'TakenAgain' | 'Refunded' | undefined;
  Orders: OrderDto[];
};

/** The payment code's view of the app. */
export function paymentContext(deps: AppDeps): PaymentContext {
  return { db: deps.db, methods: methodsOf(deps), siteUrl: siteUrlOf(deps), log: deps.log, mailQueue: deps.mailQueue };
}

/** The shop's one settings row: the pay-on-delivery cap (paise) and the hold length (minutes). */
async function settingsRow(db: Kysely<Database>): Promise<{ onDeliveryMax: number; holdMinutes: number }> {
  const row = await db
    .selectFrom('payment_settings')
    .select(['on_delivery_max', 'hold_minutes'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    onDeliveryMax: Number(row?.on_delivery_max ?? 0),
    holdMinutes: Number(row?.hold_minutes ?? HOLD_MINUTES.default),
  };
}

/** The methods offered now, the hold's length and the shop's pay-on-delivery cap. */
export async function listPaymentMethods(deps: AppDeps): Promise<PaymentMethodsDto> {
  const row = await settingsRow(deps.db);
  return {
    Methods: offeredMethods(methodsOf(deps)),
    HoldSeconds: holdOverrideOf(deps) ?? row.holdMinutes * 60,
    OnDeliveryMax: paiseToRupees(row.onDeliveryMax),
  };
}

/** A group's payment and orders for `userId`, its shopper; 404 for anyone else's or an unknown group. */
export async function readGroupPayment(deps: AppDeps, userId: number, groupId: number): Promise<GroupPaymentDto> {
  const payment = await findPayment(deps.db, groupId);
  const orders = await groupOrders(deps.db, groupId);
  if (payment === undefined || orders[0]?.user_id !== userId) {
    throw AppError.notFound(`Order group ${groupId} does not exist.`);
  }
  const handler = methodsOf(deps)[payment.method];
  const started = handler === undefined ? null : await handler.start(deps.db, payment);
  const read = await Promise.all(orders.map((o) => findOrder(deps.db, o.id)));
  return {
    GroupID: groupId,
    Method: payment.method,
    Amount: paiseToRupees(payment.amount),
    HoldUntil: payment.released_at === null ? payment.hold_until : null,
    PayUrl: started?.PayUrl ?? null,
    Provider: started?.Provider ?? {},
    Status: payment.status,
    Orders: read.filter((o): o is OrderDto => o !== undefined),
  };
}

function parseOutcome(body: Record<string, unknown>): TestOutcome {
  const raw = field(body, 'Outcome');
  if (typeof raw !== 'string' || !(TEST_OUTCOMES as readonly string[]).includes(raw)) {
    throw AppError.invalidField('Outcome', `must be one of ${TEST_OUTCOMES.join(', ')}`);
  }
  return raw as TestOutcome;
}

/**
 * `POST /api/Payment/Test/{GroupID}`: the test method answers for the shopper: approve
 * (paid), decline or fail (failed: the orders keep waiting while the hold lasts, and a
 * retry may approve), or late (the hold is let go first, then the money comes). Only when
 * the test method is on (404 otherwise); only the group's shopper (404 for anyone else);
 * 409 for a group paid another way or no longer open.
 */
export async function answerTestPayment(
  deps: AppDeps,
  userId: number,
  groupId: number,
  body: Record<string, unknown>,
  at: Date,
): Promise<GroupPaymentDto> {
  const test = handlerOf(deps, 'Test');
  if (!test.offered()) throw AppError.notFound('The Test payment method is not offered by this shop.');
  const outcome = parseOutcome(body);
  const current = await readGroupPayment(deps, userId, groupId);
  if (current.Method !== 'Test') {
    throw AppError.conflict(`Order group ${groupId} is paid by ${current.Method}, not by the Test method.`);
  }
  if (current.Status === 'Paid' || current.Status === 'Refunded' || current.Status === 'PartlyRefunded') {
    throw AppError.conflict(`Order group ${groupId} is ${current.Status} already: there is nothing left to pay.`);
  }
  const ctx = paymentContext(deps);
  const when = at.toISOString();
  if (outcome === 'late') await releaseHold(ctx, groupId, when, { now: true });
  else if (current.HoldUntil === null) {
    throw AppError.conflict(`The hold of order group ${groupId} has ended: its orders were cancelled. Order again.`);
  }
  const eventId = `test:${outcome}:${crypto.randomUUID()}`;
  const applied = await applyPaymentOutcome(ctx, {
    groupId,
    eventId,
    outcome: outcome === 'approve' || outcome === 'late' ? 'paid' : 'failed',
    providerPaymentId: outcome === 'approve' || outcome === 'late' ? eventId : undefined,
    at: when,
  });
  const after = await readGroupPayment(deps, userId, groupId);
  if (applied.late === undefined) return after;
  return { ...after, Late: applied.late === 'taken-again' ? 'TakenAgain' : 'Refunded' };
}

/** `GET`/`PUT /api/Payment/Settings`: the shop's pay-on-delivery cap and hold length. */
export interface PaymentSettingsDto {
  /** The most an order may come to when paid on delivery, rupees (0: no pay on delivery). */
  OnDeliveryMax: number;
  /** How long an unpaid online order holds its stock and slot places, minutes (1–120). */
  HoldMinutes: number;
  /** The operator's `PAYMENT_HOLD_SECONDS`, which applies instead of `HoldMinutes` while set; else null. */
  HoldSecondsOverride: number | null;
}

/** `GET /api/Payment/Settings` (Employee): the shop's pay-on-delivery cap (rupees) and hold length. */
export async function readPaymentSettings(
  deps: Pick<AppDeps, 'db' | 'paymentHoldSeconds'>,
): Promise<PaymentSettingsDto> {
  const row = await settingsRow(deps.db);
  return {
    OnDeliveryMax: paiseToRupees(row.onDeliveryMax),
    HoldMinutes: row.holdMinutes,
    HoldSecondsOverride: holdOverrideOf(deps),
  };
}

/** The largest pay-on-delivery cap accepted: Rs 10,00,000. */
const ON_DELIVERY_MAX_LIMIT = 100_000_000;

function parseOnDeliveryMax(raw: unknown): number {
  const paise = typeof raw === 'number' && Number.isFinite(raw) ? rupeesToPaise(raw) : Number.NaN;
  if (!Number.isInteger(paise) || paise < 0 || paise > ON_DELIVERY_MAX_LIMIT || paise / 100 !== raw) {
    throw AppError.invalidField(
      'OnDeliveryMax',
      'must be rupees from 0 to 10,00,000, paise exact (0: no pay on delivery)',
    );
  }
  return paise;
}

function parseHoldMinutes(raw: unknown): number {
  if (!isHoldMinutes(raw)) {
    throw AppError.invalidField(
      'HoldMinutes',
      `must be whole minutes from ${HOLD_MINUTES.min} to ${HOLD_MINUTES.max}: how long an unpaid online order holds its items and slot`,
    );
  }
  return raw;
}

/**
 * `PUT /api/Payment/Settings` (Employee): `OnDeliveryMax` in rupees (0 turns pay on delivery
 * off) and `HoldMinutes` (1–120), either or both; a field left out keeps its value; audited.
 */
export async function updatePaymentSettings(
  deps: Pick<AppDeps, 'db' | 'paymentHoldSeconds'>,
  act: { actorId: number; actorEmail: string; ip: string; at: string },
  body: Record<string, unknown>,
): Promise<PaymentSettingsDto> {
  const rawCap = field(body, 'OnDeliveryMax');
  const rawHold = field(body, 'HoldMinutes');
  // Nothing to change names the older field, as this call did before it took a hold length.
  const cap = rawCap === undefined && rawHold !== undefined ? undefined : parseOnDeliveryMax(rawCap);
  const hold = rawHold === undefined ? undefined : parseHoldMinutes(rawHold);
  await deps.db.transaction().execute(async (trx) => {
    const before = await settingsRow(trx);
    await trx
      .updateTable('payment_settings')
      .set({
        on_delivery_max: cap ?? before.onDeliveryMax,
        hold_minutes: hold ?? before.holdMinutes,
        updated_at: act.at,
      })
      .where('id', '=', 1)
      .execute();
    await writeAudit(trx, {
      actorId: act.actorId,
      actorEmail: act.actorEmail,
      ip: act.ip,
      action: 'payment.settings',
      target: 'payment-settings',
      detail: {
        onDeliveryMaxBefore: before.onDeliveryMax,
        onDeliveryMax: cap ?? before.onDeliveryMax,
        holdMinutesBefore: before.holdMinutes,
        holdMinutes: hold ?? before.holdMinutes,
      },
      at: act.at,
    });
  });
  return readPaymentSettings(deps);
}
