// Refunds (issue 32, item 3): money taken for an order that will not be delivered in full
// goes back through the method it was paid with. A paid order cancelled (its shopper while
// allowed, or staff), or a line removed or shorted at packing (`refundDifference`, for
// packing to call), refunds its part: Razorpay's refund API for Online, at once for the
// test method; an order paid on delivery was not paid yet and simply charges less. Each
// refund is a row listed on its order (`Refunds`), audited, and the payment `Refunded` or
// `PartlyRefunded`; the order's credit notes come with its cancel (`orders/invoices.ts`).
import { rupeesToPaise } from '../../lib/domain/money.ts';
import type { OrderDto } from '../../lib/domain/orders.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { numberInvoices } from '../orders/invoice-numbers.ts';
import { findOrder } from '../orders/orders.ts';
import { issuePartCreditNote } from './credit-notes.ts';
import { findPayment, type PaymentContext } from './payment-context.ts';
import { refundGroup } from './payment-outcomes.ts';
import { paymentContext } from './payments.ts';
import type { RefundActor } from './refund-rows.ts';

/** What `refundDifference` gave back, paise: 0 when nothing was taken (pay on delivery, or not paid yet). */
export interface RefundDone {
  refunded: number;
}

/** Paise already refunded for an order (its own refunds). */
async function refundedFor(ctx: PaymentContext, orderId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('sum'))
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.sum ?? 0);
}

/**
 * Gives back `amountPaise` of order `orderId`'s payment through the method it was paid with,
 * as far as was taken for it (never more than the order's total less its refunds so far,
 * nor the payment's amount less what went back): for packing's removed or shorted lines,
 * and a paid order's cancel. A group paid on delivery, or not paid yet, is refunded nothing
 * (it charges less). A part refund gets its GST credit note in its transaction (`credit-notes.ts`;
 * `creditNote: false` for a cancel, whose move credited the invoices). 400 naming `amountPaise`
 * for an amount that is not a whole number above 0.
 */
export async function refundDifference(
  ctx: PaymentContext,
  orderId: number,
  amountPaise: number,
  reason: string,
  by: RefundActor,
  at: string = new Date().toISOString(),
  options: { creditNote?: boolean; paidTotal?: number } = {},
): Promise<RefundDone> {
  if (!Number.isInteger(amountPaise) || amountPaise <= 0) {
    throw AppError.invalidField('amountPaise', 'must be a whole number of paise above 0');
  }
  const order = await ctx.db
    .selectFrom('orders')
    .select(['id', 'group_id', 'total'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
  const payment = await findPayment(ctx.db, order.group_id ?? order.id);
  if (payment === undefined || payment.method === 'OnDelivery') return { refunded: 0 };
  if (payment.status !== 'Paid' && payment.status !== 'PartlyRefunded') return { refunded: 0 };
  // What the order was paid at: its total, or before packing lowered it, the total it had then.
  const paidTotal = Math.max(order.total, options.paidTotal ?? 0);
  const left = Math.min(payment.amount - payment.refunded, paidTotal - (await refundedFor(ctx, orderId)));
  const amount = Math.min(amountPaise, left);
  if (amount <= 0) return { refunded: 0 };
  // A part refund's credit note is written with the refund; a cancel credited the invoices itself.
  if (options.creditNote !== false) await numberInvoices(ctx.db, { orderId });
  await refundGroup(ctx, payment, amount, at, reason, {
    orderId,
    by,
    ...(options.creditNote === false ? {} : { also: (trx) => issuePartCreditNote(trx, orderId, amount, at) }),
  });
  return { refunded: amount };
}

/** The reason a cancelled order's refund is listed with. */
export const CANCEL_REFUND_REASON = 'order cancelled';

/**
 * After a cancel's commit: every cancelled order of `orders` that was paid (Test or Online)
 * gets back what is left of its total, and is read again with its refunds. A refund the
 * provider refuses now is logged (the order stays cancelled; staff refund it by hand).
 */
/** Why a paid order got money back when packing or weighing lowered its total. */
export const REPRICED_REFUND_REASON = 'packed for less';

/**
 * A paid order (Online or the test method) whose total packing or weighing lowered gets the
 * difference back through the method it was paid with (issue 32 item 3), after the change's
 * commit; an order paid on delivery simply charges less. `creditNote`: false when the change
 * already credited the invoice (packing issues a new one for what was sent). A refund that
 * fails is logged; the order answers as it is.
 */
export async function refundRepriced(
  deps: AppDeps,
  before: OrderDto,
  after: OrderDto,
  by: RefundActor,
  creditNote: boolean,
): Promise<OrderDto> {
  const less = rupeesToPaise(before.OrderTotal) - rupeesToPaise(after.OrderTotal);
  const paid = after.Payment.Status === 'Paid' || after.Payment.Status === 'PartlyRefunded';
  if (less <= 0 || after.Payment.Method === 'OnDelivery' || !paid) return after;
  const ctx = paymentContext(deps);
  try {
    await refundDifference(ctx, after.OrderID, less, REPRICED_REFUND_REASON, by, new Date().toISOString(), {
      creditNote,
      paidTotal: rupeesToPaise(before.OrderTotal),
    });
  } catch (err) {
    ctx.log({ level: 'error', msg: 'refund of a repriced order failed', orderId: after.OrderID, error: String(err) });
  }
  return (await findOrder(deps.db, after.OrderID)) ?? after;
}

export async function refundCancelled(deps: AppDeps, orders: OrderDto[], by: RefundActor): Promise<OrderDto[]> {
  const ctx = paymentContext(deps);
  const read: OrderDto[] = [];
  for (const order of orders) {
    const paid = order.Payment.Status === 'Paid' || order.Payment.Status === 'PartlyRefunded';
    if (order.Status !== 'Cancelled' || order.Payment.Method === 'OnDelivery' || !paid) {
      read.push(order);
      continue;
    }
    try {
      await refundDifference(
        ctx,
        order.OrderID,
        Number.MAX_SAFE_INTEGER,
        CANCEL_REFUND_REASON,
        by,
        new Date().toISOString(),
        {
          creditNote: false,
        },
      );
    } catch (err) {
      ctx.log({
        level: 'error',
        msg: 'refund of a cancelled order failed',
        orderId: order.OrderID,
        error: String(err),
      });
    }
    read.push((await findOrder(deps.db, order.OrderID)) ?? order);
  }
  return read;
}

/** How long after a cancel the sweep takes over a refund its call could not make. */
const MISSED_AFTER_MS = 5 * 60_000;

/**
 * The sweep's pass (with the hold runner's): paid orders cancelled a while ago whose refund
 * did not go through after the cancel (the provider was down) are refunded now. Answers how
 * many orders got money back.
 */
export async function refundMissed(ctx: PaymentContext, now: Date): Promise<number> {
  const before = new Date(now.getTime() - MISSED_AFTER_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('orders as o')
    .leftJoin('payment_refunds as r', 'r.order_id', 'o.id')
    .select('o.id')
    .where('o.status', '=', 'Cancelled')
    .where('o.payment_method', 'in', ['Online', 'Test'])
    .where('o.payment_status', 'in', ['Paid', 'PartlyRefunded'])
    .where('o.updated_at', '<=', before)
    .where('r.id', 'is', null)
    .orderBy('o.id')
    .limit(100)
    .execute();
  const by = paymentActorOf('sweep');
  let done = 0;
  for (const { id } of rows) {
    try {
      const { refunded } = await refundDifference(
        ctx,
        id,
        Number.MAX_SAFE_INTEGER,
        CANCEL_REFUND_REASON,
        by,
        now.toISOString(),
        {
          creditNote: false,
        },
      );
      if (refunded > 0) done++;
    } catch (err) {
      ctx.log({ level: 'error', msg: 'refund of a cancelled order failed again', orderId: id, error: String(err) });
    }
  }
  return done;
}

function paymentActorOf(what: string): RefundActor {
  return { actorId: null, actorEmail: `payment:${what}`, ip: '' };
}
