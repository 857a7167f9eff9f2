// The refunds of a payment as rows (`payment_refunds`, migration 0410): written in the
// refund's transaction, marked processed when the provider says so, and read onto the
// orders they were made for (`Refunds` of an order's answer).
import type { Kysely } from 'kysely';
import { paiseToRupees } from '../../lib/domain/money.ts';
import type { OrderDto } from '../../lib/domain/orders.ts';
import type { Database, Payment } from '../db/schema.ts';

/** Who asked for a refund, as the audit log names them. */
export interface RefundActor {
  actorId: number | null;
  actorEmail: string;
  ip: string;
}

/** A refund's order (null: the whole group) and who asked for it (default: the method itself). */
export interface RefundOptions {
  orderId?: number | null | undefined;
  by?: RefundActor | undefined;
  /** More to write in the refund's transaction (a part refund's credit note). */
  also?: ((trx: Kysely<Database>) => Promise<unknown>) | undefined;
}

/** Writes a refund's row; a provider refund id told twice is one row. */
export async function recordRefund(
  trx: Kysely<Database>,
  payment: Payment,
  refund: {
    orderId: number | null;
    amount: number;
    reason: string;
    refundId: string;
    refundStatus?: 'Pending' | 'Processed' | undefined;
    at: string;
  },
  by: RefundActor,
): Promise<void> {
  const status = refund.refundStatus ?? 'Processed';
  await trx
    .insertInto('payment_refunds')
    .values({
      payment_id: payment.id,
      order_id: refund.orderId,
      amount: refund.amount,
      status,
      reason: refund.reason,
      provider_refund_id: refund.refundId,
      by: by.actorEmail,
      at: refund.at,
      processed_at: status === 'Processed' ? refund.at : null,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'provider_refund_id']).doNothing())
    .execute();
}

/** Orders with their refunds: an order's own, and its group's whole refunds on the group's first order. */
export async function withRefunds(db: Kysely<Database>, orders: OrderDto[]): Promise<OrderDto[]> {
  if (orders.length === 0) return orders;
  const groupIds = [...new Set(orders.map((o) => o.GroupID))];
  const rows = await db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['r.order_id', 'p.group_id', 'r.amount', 'r.at', 'r.status', 'r.reason'])
    .where('p.group_id', 'in', groupIds)
    .orderBy('r.id')
    .execute();
  if (rows.length === 0) return orders;
  return orders.map((o) => ({
    ...o,
    Refunds: rows
      .filter((r) => (r.order_id ?? r.group_id) === o.OrderID)
      .map((r) => ({ Amount: paiseToRupees(r.amount), At: r.at, Status: r.status, Reason: r.reason })),
  }));
}
