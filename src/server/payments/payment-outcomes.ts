// Outcomes of a group's payment, whichever method told them, applied once per event id:
// paid (orders waiting for it are Placed; a success after the hold was let go takes the
// stock and slot places again if it can, else the money goes back at once), failed (the
// orders keep waiting until the hold ends, so the shopper may try again), and refunds.
import type { Kysely } from 'kysely';
import type { PaymentStatus } from '../../lib/domain/order-groups.ts';
import { writeAudit } from '../audit.ts';
import type { Database, Payment } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { syncInvoices } from '../orders/invoices.ts';
import { recordStatusChange } from '../orders/order-moves.ts';
import { setStatus, takeStockAgain } from '../orders/order-undo.ts';
import { findOrder, moveWithin } from '../orders/orders.ts';
import { takeSlotPlacesAgain } from '../orders/slot-places.ts';
import { findPayment, groupOrders, type PaymentContext, paymentActor } from './payment-context.ts';
import { type RefundOptions, recordRefund } from './refund-rows.ts';

/** An outcome as a method tells it: `eventId` makes it count once (a provider's event id, or one of ours). */
export interface PaymentOutcomeInput {
  groupId: number;
  eventId: string;
  outcome: 'paid' | 'failed';
  providerPaymentId?: string | undefined;
  at: string;
}

/** What applying an outcome did: `applied` false when its event id was applied before. */
export interface AppliedOutcome {
  applied: boolean;
  /** For a success after the hold was let go: taken again, or refunded at once. */
  late?: 'taken-again' | 'refunded';
}

/** Records the event once; false when it was recorded before. */
async function recordEvent(
  trx: Kysely<Database>,
  paymentId: number,
  eventId: string,
  outcome: string,
  at: string,
  detail: Record<string, unknown> = {},
): Promise<boolean> {
  const row = await trx
    .insertInto('payment_events')
    .values({ payment_id: paymentId, event_id: eventId, outcome, detail: JSON.stringify(detail), at })
    .onConflict((oc) => oc.columns(['payment_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

async function setOrdersPayment(trx: Kysely<Database>, groupId: number, status: PaymentStatus, only?: string) {
  let q = trx
    .updateTable('orders')
    .set({ payment_status: status })
    .where((eb) => eb.or([eb('id', '=', groupId), eb('group_id', '=', groupId)]));
  if (only !== undefined) q = q.where('status', '=', only as 'AwaitingPayment');
  await q.execute();
}

/**
 * Applies one outcome of a group's payment, once per `eventId` (a repeat changes nothing).
 * Paid: the payment is `Paid` and every order of the group still `AwaitingPayment` moves to
 * `Placed` (history, audit, mail). When the hold was let go before the money came (its
 * orders Cancelled with "payment not received"), the orders take their stock and slot
 * places again if there are enough, else the money is refunded at once through the method.
 * Failed: the payment is `Failed`; the orders keep waiting until the hold ends.
 * 404 for a group without a payment.
 */
export async function applyPaymentOutcome(ctx: PaymentContext, input: PaymentOutcomeInput): Promise<AppliedOutcome> {
  const { groupId, eventId, outcome, at } = input;
  const payment = await findPayment(ctx.db, groupId);
  if (payment === undefined) throw AppError.notFound(`Order group ${groupId} has no payment.`);
  const actor = paymentActor(payment.method);
  const settled = await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, payment.id, eventId, outcome, at))) return { applied: false, late: false };
    if (outcome === 'failed') {
      await trx
        .updateTable('payments')
        .set({ status: 'Failed', updated_at: at })
        .where('id', '=', payment.id)
        .where('status', 'in', ['Pending', 'Failed'])
        .execute();
      await setOrdersPayment(trx, groupId, 'Failed', 'AwaitingPayment');
      return { applied: true, late: false };
    }
    // The one claim of the money: a second success (another event id) finds it Paid.
    const claimed = await trx
      .updateTable('payments')
      .set({ status: 'Paid', provider_payment_id: input.providerPaymentId ?? null, updated_at: at })
      .where('id', '=', payment.id)
      .where('status', 'in', ['Pending', 'Failed'])
      .returning(['released_at'])
      .executeTakeFirst();
    if (claimed === undefined) return { applied: true, late: false };
    let waiting = 0;
    for (const order of await groupOrders(trx, groupId)) {
      if (order.status !== 'AwaitingPayment') continue;
      await moveWithin(trx, order.id, 'Placed', at, actor, ctx.siteUrl, {
        kind: 'payment',
        reason: 'payment received',
      });
      waiting++;
    }
    await setOrdersPayment(trx, groupId, 'Paid');
    // Nothing was waiting: the hold was let go (or the shopper cancelled) before the money came.
    return { applied: true, late: waiting === 0 };
  });
  void ctx.mailQueue?.kick();
  if (!settled.applied) return { applied: false };
  if (!settled.late) return { applied: true };
  const paid = (await findPayment(ctx.db, groupId)) as Payment;
  if (paid.released_at !== null && (await takeAgain(ctx, paid, at))) return { applied: true, late: 'taken-again' };
  await refundGroup(ctx, paid, paid.amount, at, 'paid after its orders were cancelled');
  return { applied: true, late: 'refunded' };
}

/**
 * A success after the hold was let go: every order the release cancelled goes back to
 * `Placed`, taking its stock (ledger rows) and slot places again, all in one transaction,
 * or none (false) when an item is short or a slot is full now.
 */
async function takeAgain(ctx: PaymentContext, payment: Payment, at: string): Promise<boolean> {
  const actor = paymentActor(payment.method);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const order of await groupOrders(trx, payment.group_id)) {
        if (order.status !== 'Cancelled') continue;
        await setStatus(trx, order.id, 'Cancelled', 'Placed', at);
        await syncInvoices(trx, order.id, 'Placed', at);
        const taken = await takeStockAgain(trx, order.id, { reason: 'order', accountId: null, at });
        const slotPlaces = await takeSlotPlacesAgain(trx, order.id);
        const moved = await findOrder(trx, order.id);
        if (moved === undefined) throw AppError.notFound(`Order ${order.id} does not exist.`);
        await recordStatusChange(
          trx,
          {
            order: moved,
            from: 'Cancelled',
            kind: 'Move',
            at,
            reason: 'payment received late',
            stockChange: -taken,
            detail: { by: 'payment', latePayment: true, unitsTakenFromStock: taken, slotPlacesTaken: slotPlaces },
          },
          actor,
          ctx.siteUrl,
        );
      }
    });
  } catch (err) {
    if (err instanceof AppError && err.status === 409) return false;
    throw err;
  }
  void ctx.mailQueue?.kick();
  return true;
}

/**
 * Gives `amount` paise of a paid group back through the method it was paid with, once:
 * the payment is `Refunded` (or `PartlyRefunded`), its orders say so, and the audit log
 * keeps the refund with the provider's id and the reason.
 */
export async function refundGroup(
  ctx: PaymentContext,
  payment: Payment,
  amount: number,
  at: string,
  reason: string,
  options: RefundOptions = {},
): Promise<void> {
  const handler = ctx.methods[payment.method];
  if (handler === undefined) throw new Error(`no ${payment.method} method to refund group ${payment.group_id} with`);
  const { refundId, status: refundStatus } = await handler.refund(payment, amount);
  const actor = options.by ?? paymentActor(payment.method);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, payment.id, `refund:${refundId}`, 'refunded', at, { amount, reason }))) return;
    await recordRefund(
      trx,
      payment,
      { orderId: options.orderId ?? null, amount, reason, refundId, refundStatus, at },
      actor,
    );
    await options.also?.(trx);
    // Read again in the transaction: two refunds of one group add up.
    const current = await trx.selectFrom('payments').select('refunded').where('id', '=', payment.id).executeTakeFirst();
    const refunded = (current?.refunded ?? payment.refunded) + amount;
    const status: PaymentStatus = refunded >= payment.amount ? 'Refunded' : 'PartlyRefunded';
    await trx.updateTable('payments').set({ status, refunded, updated_at: at }).where('id', '=', payment.id).execute();
    await setOrdersPayment(trx, payment.group_id, status);
    await writeAudit(trx, {
      ...actor,
      action: 'payment.refunded',
      target: `order:${options.orderId ?? payment.group_id}`,
      detail: { method: payment.method, groupId: payment.group_id, amountPaise: amount, refundId, reason },
      at,
    });
  });
}
