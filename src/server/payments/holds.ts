// An unpaid group's hold on its stock and slot places ends: its orders still waiting are
// cancelled with "payment not received" through the one cancel path (`moveWithin`: stock
// back with its ledger rows, slot places back, one status mail each), exactly once however
// many processes try, because the release first claims the payment row by a conditional
// update (`released_at` from null) that also refuses a paid group.
import { PAYMENT_NOT_RECEIVED } from '../../lib/domain/payments.ts';
import { moveWithin } from '../orders/orders.ts';
import { groupOrders, type PaymentContext, paymentActor } from './payment-context.ts';

/**
 * Lets go of one group's hold when it has ended by `at` (or at once with `now: true`, the
 * test method's late answer): true when this call released it, false when it was paid,
 * released already, or not ended yet.
 */
export async function releaseHold(
  ctx: PaymentContext,
  groupId: number,
  at: string,
  options: { now?: boolean } = {},
): Promise<boolean> {
  const released = await ctx.db.transaction().execute(async (trx) => {
    let claim = trx
      .updateTable('payments')
      .set({ released_at: at, updated_at: at })
      .where('group_id', '=', groupId)
      .where('released_at', 'is', null)
      .where('hold_until', 'is not', null)
      .where('status', 'in', ['Pending', 'Failed']);
    if (options.now !== true) claim = claim.where('hold_until', '<=', at);
    const row = await claim.returning(['method']).executeTakeFirst();
    if (row === undefined) return false;
    for (const order of await groupOrders(trx, groupId)) {
      if (order.status !== 'AwaitingPayment') continue;
      await moveWithin(trx, order.id, 'Cancelled', at, paymentActor(row.method), ctx.siteUrl, {
        kind: 'payment',
        reason: PAYMENT_NOT_RECEIVED,
      });
    }
    return true;
  });
  if (released) {
    void ctx.mailQueue?.kick();
    ctx.log({ level: 'info', msg: 'payment hold released', groupId });
  }
  return released;
}

/** The groups whose hold ended by `at` and was not let go yet, soonest first. */
export async function endedHolds(ctx: Pick<PaymentContext, 'db'>, at: string): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('payments')
    .select('group_id')
    .where('released_at', 'is', null)
    .where('hold_until', '<=', at)
    .where('status', 'in', ['Pending', 'Failed'])
    .orderBy('hold_until')
    .limit(500)
    .execute();
  return rows.map((r) => r.group_id);
}

/** Releases every hold that ended by `at` (the sweep at start-up and now and then); answers how many this call let go. */
export async function releaseEndedHolds(ctx: PaymentContext, at: string): Promise<number> {
  let count = 0;
  for (const groupId of await endedHolds(ctx, at)) if (await releaseHold(ctx, groupId, at)) count++;
  return count;
}
