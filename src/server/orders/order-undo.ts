import type { Kysely } from 'kysely';
import type { OrderDto } from '../../lib/domain/orders.ts';
import { type AuditInput, writeAudit } from '../audit.ts';
import type { Database, OrderStatus } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { syncInvoices } from './invoices.ts';
import { findOrder } from './orders.ts';
import { takeSlotPlacesAgain } from './slot-places.ts';

/** How long after a move staff may undo it (issue 35: "moves have a 10-second Undo"). */
export const UNDO_WINDOW_MS = 10_000;

/** The most a reason for reopening a delivered order may hold. */
export const REOPEN_REASON_MAX_LENGTH = 500;

type Audit = Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>;

interface StatusMove {
  from?: unknown;
  to?: unknown;
  by?: unknown;
  undo?: unknown;
}

/**
 * Undoes the last move of an order, back to `to`, within `UNDO_WINDOW_MS` of it: allowed only
 * when the order's latest move (its audit entry) went from `to` to the status it has now, was
 * made by staff (a customer's own cancel is theirs) and was not itself an undo. Undoing a
 * cancel takes its units out of stock again, or is a 409 naming the item short of stock.
 * One transaction, conditional on the status read, with its own audit entry (`undo: true`);
 * no mail: the customer keeps the mail of the move as it stands now.
 */
export async function undoOrderMove(
  db: Kysely<Database>,
  id: number,
  to: OrderStatus,
  at: string,
  audit: Audit,
): Promise<OrderDto> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
    const last = await trx
      .selectFrom('audit_log')
      .select(['at', 'detail'])
      .where('target', '=', `order:${id}`)
      .where('action', '=', 'order.status')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const move = (last === undefined ? {} : JSON.parse(last.detail)) as StatusMove;
    const age = last === undefined ? Number.POSITIVE_INFINITY : Date.parse(at) - Date.parse(last.at);
    if (move.to !== order.status || move.from !== to || move.undo === true || move.by === 'customer') {
      throw AppError.conflict(
        `Order ${id} is ${order.status}, and its last move was not from ${to} by staff: only the last move can be undone.`,
      );
    }
    if (!(age <= UNDO_WINDOW_MS)) {
      throw AppError.conflict(
        `Order ${id} moved to ${order.status} more than ${UNDO_WINDOW_MS / 1000} seconds ago: it can no longer be undone.`,
      );
    }
    await setStatus(trx, id, order.status, to, at);
    await syncInvoices(trx, id, to, at);
    let taken = 0;
    let slotPlaces = 0;
    if (order.status === 'Cancelled') {
      taken = await takeStockAgain(trx, id);
      slotPlaces = await takeSlotPlacesAgain(trx, id);
    }
    await writeAudit(trx, {
      ...audit,
      action: 'order.status',
      target: `order:${id}`,
      detail: {
        from: order.status,
        to,
        undo: true,
        ...(taken > 0 ? { unitsTakenFromStock: taken } : {}),
        ...(slotPlaces > 0 ? { slotPlacesTaken: slotPlaces } : {}),
      },
      at,
    });
  });
  return foundOrder(db, id);
}

/**
 * An Admin moves a Delivered order back to Packed (a delivery that did not arrive, say),
 * with the reason kept in the audit log. 409 for an order that is not Delivered.
 */
export async function reopenDeliveredOrder(
  db: Kysely<Database>,
  id: number,
  reason: string,
  at: string,
  audit: Audit,
): Promise<OrderDto> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
    if (order.status !== 'Delivered') {
      throw AppError.conflict(`Order ${id} is ${order.status}: only a Delivered order can be moved back to Packed.`);
    }
    await setStatus(trx, id, 'Delivered', 'Packed', at);
    await writeAudit(trx, {
      ...audit,
      action: 'order.status',
      target: `order:${id}`,
      detail: { from: 'Delivered', to: 'Packed', reopened: true, reason },
      at,
    });
  });
  return foundOrder(db, id);
}

async function setStatus(trx: Kysely<Database>, id: number, from: OrderStatus, to: OrderStatus, at: string) {
  const moved = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) {
    throw AppError.conflict(`Order ${id} changed while it was being moved to ${to}: reload it and try again.`);
  }
}

/** A cancel undone: each line's units come out of stock again (item id order, as placing an order locks them). */
async function takeStockAgain(trx: Kysely<Database>, id: number): Promise<number> {
  const lines = await trx
    .selectFrom('order_lines')
    .select(['item_id', 'qty', 'title'])
    .where('order_id', '=', id)
    .orderBy('item_id')
    .execute();
  let taken = 0;
  for (const line of lines) {
    const done = await trx
      .updateTable('items')
      .set((eb) => ({ stock: eb('stock', '-', line.qty) }))
      .where('id', '=', line.item_id)
      .where('stock', '>=', line.qty)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      throw AppError.conflict(
        `The cancel of order ${id} cannot be undone: ${line.title} has fewer than ${line.qty} in stock now.`,
      );
    }
    taken += line.qty;
  }
  return taken;
}

async function foundOrder(db: Kysely<Database>, id: number): Promise<OrderDto> {
  const order = await findOrder(db, id);
  if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
  return order;
}
