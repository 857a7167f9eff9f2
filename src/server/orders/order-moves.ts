// What every change of an order's status writes besides the status itself, in the
// move's transaction: its row in the order's history, its audit entry and the mail
// telling the customer. Staff moves, the customer's cancel, an undo and an Admin's
// reopen all come through here, so each change is recorded and mailed exactly once.
import type { Kysely } from 'kysely';
import type { OrderDto, OrderMoveKind, OrderStatusName } from '../../lib/domain/orders.ts';
import { PAYMENT_NOT_RECEIVED } from '../../lib/domain/payments.ts';
import { type AuditInput, writeAudit } from '../audit.ts';
import { DELETED_EMAIL_DOMAIN } from '../auth/accounts.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail } from '../mail-queue.ts';
import { orderStatusMail } from '../mail-templates.ts';

/** One change of status, as the move made it. */
export interface StatusChange {
  /** The order as it stands after the move (read in the move's transaction). */
  order: OrderDto;
  from: OrderStatusName;
  kind: OrderMoveKind;
  at: string;
  /** An Admin's reason for a reopen; '' otherwise. */
  reason?: string;
  /** Units put back in stock (positive) or taken out again (negative). */
  stockChange?: number;
  /** The audit entry's further facts (stock and slot places moved, undo, reopen). */
  detail?: Record<string, unknown>;
  /** The order whose tax invoices the mail carries (a Delivered order's, `invoices.ts`). */
  attachInvoicesOf?: number | undefined;
  /** The move that ends packing (issue 33): its mail lists what packing changed. */
  packed?: boolean;
}

/**
 * Records a change of status in the caller's transaction: the `order_moves` row
 * (`GET /api/Order/History/{id}`, the customer's timeline), the `order.status` audit
 * entry and one `order.status` mail to the customer naming the new status and slot
 * (sent after commit). An account deleted since keeps no mail address, so it gets no mail.
 */
export async function recordStatusChange(
  trx: Kysely<Database>,
  change: StatusChange,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
): Promise<void> {
  const { order, from, kind, at } = change;
  await trx
    .insertInto('order_moves')
    .values({
      order_id: order.OrderID,
      at,
      from_status: from,
      to_status: order.Status,
      actor_id: audit.actorId,
      actor_email: audit.actorEmail.slice(0, 254),
      kind,
      reason: change.reason ?? '',
      stock_change: change.stockChange ?? 0,
    })
    .execute();
  const customer = await trx.selectFrom('users').select('email').where('id', '=', order.CustomerID).executeTakeFirst();
  if (customer !== undefined && !customer.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)) {
    const mail = orderStatusMail(order, siteUrl, {
      byCustomer: kind === 'CustomerCancel',
      again: kind === 'Undo',
      packed: change.packed === true,
      unpaid: change.reason === PAYMENT_NOT_RECEIVED,
    });
    await enqueueMail(
      trx,
      [{ to: customer.email, kind: 'order.status', ...mail, attachInvoicesOf: change.attachInvoicesOf }],
      at,
    );
  }
  await writeAudit(trx, {
    ...audit,
    action: 'order.status',
    target: `order:${order.OrderID}`,
    detail: { from, to: order.Status, ...change.detail },
    at,
  });
}
