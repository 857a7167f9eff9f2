import type { Kysely } from 'kysely';
import { type OrderDto, REOPENED_STATUS } from '../../lib/domain/orders.ts';
import type { AuditInput } from '../audit.ts';
import { moveStock, type StockSource } from '../catalogue/stock-ledger.ts';
import type { Database, OrderStatus } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { syncInvoices } from './invoices.ts';
import { lastOrderMove } from './order-history.ts';
import { recordStatusChange } from './order-moves.ts';
import { findOrder } from './orders.ts';
import { takeSlotPlacesAgain } from './slot-places.ts';

/** How long after a move staff may undo it (issue 35: "moves have a 10-second Undo"). */
export const UNDO_WINDOW_MS = 10_000;

/** The most a reason for reopening a delivered order may hold. */
export const REOPEN_REASON_MAX_LENGTH = 500;

type Audit = Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>;

/**
 * Undoes the last move of an order, back to `to`, within `UNDO_WINDOW_MS` of it: allowed only
 * when the order's latest move (its `order_moves` row) went from `to` to the status it has now,
 * was made by staff (a customer's own cancel is theirs) and was not itself an undo. Undoing a
 * cancel takes its units and slot places again, or is a 409 naming the item short of stock or
 * the full slot. One transaction, conditional on the status read, recorded as a move of kind
 * `Undo` (history, audit entry with `undo: true`, and a mail: the customer hears of every change).
 */
export async function undoOrderMove(
  db: Kysely<Database>,
  id: number,
  to: OrderStatus,
  at: string,
  audit: Audit,
  siteUrl: string,
): Promise<OrderDto> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
    const last = await lastOrderMove(trx, id);
    const age = last === undefined ? Number.POSITIVE_INFINITY : Date.parse(at) - Date.parse(last.at);
    if (
      last === undefined ||
      last.to_status !== order.status ||
      last.from_status !== to ||
      last.kind === 'Undo' ||
      last.kind === 'CustomerCancel'
    ) {
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
    if (order.status === 'OutForDelivery' && to === 'Packing') await unpackAsAsked(trx, id);
    await syncInvoices(trx, id, to, at);
    let taken = 0;
    let slotPlaces = 0;
    if (order.status === 'Cancelled') {
      taken = await takeStockAgain(trx, id, { reason: 'order', accountId: audit.actorId, at });
      slotPlaces = await takeSlotPlacesAgain(trx, id);
    }
    await recordStatusChange(
      trx,
      {
        order: await foundOrder(trx, id),
        from: order.status,
        kind: 'Undo',
        at,
        stockChange: -taken,
        detail: {
          undo: true,
          ...(taken > 0 ? { unitsTakenFromStock: taken } : {}),
          ...(slotPlaces > 0 ? { slotPlacesTaken: slotPlaces } : {}),
        },
      },
      audit,
      siteUrl,
    );
  });
  return foundOrder(db, id);
}

/**
 * An Admin moves a Delivered order back to REOPENED_STATUS (a delivery that did not arrive,
 * say), with the reason kept in its history and the audit log, and a mail to the customer.
 * 409 for an order that is not Delivered.
 */
export async function reopenDeliveredOrder(
  db: Kysely<Database>,
  id: number,
  reason: string,
  at: string,
  audit: Audit,
  siteUrl: string,
): Promise<OrderDto> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
    if (order.status !== 'Delivered') {
      throw AppError.conflict(
        `Order ${id} is ${order.status}: only a Delivered order can be moved back to ${REOPENED_STATUS}.`,
      );
    }
    await setStatus(trx, id, 'Delivered', REOPENED_STATUS, at);
    await recordStatusChange(
      trx,
      {
        order: await foundOrder(trx, id),
        from: 'Delivered',
        kind: 'Reopen',
        at,
        reason,
        detail: { reopened: true, reason },
      },
      audit,
      siteUrl,
    );
  });
  return foundOrder(db, id);
}

/**
 * Back in Packing after a move out of it: lines all sent as asked (what a plain move marks,
 * and nothing of stock or invoice moved for them) are to be packed again, so their marks go.
 * An order packed with a short or a replacement keeps what was sent.
 */
async function unpackAsAsked(trx: Kysely<Database>, id: number): Promise<void> {
  const lines = await trx.selectFrom('order_lines').select('pack_outcome').where('order_id', '=', id).execute();
  if (!lines.every((l) => l.pack_outcome === 'Packed')) return;
  await trx
    .updateTable('order_lines')
    .set({
      pack_outcome: null,
      sent_item_id: null,
      sent_title: null,
      sent_size: null,
      sent_qty: null,
      sent_price: null,
    })
    .where('order_id', '=', id)
    .execute();
}

/** Moves an order from `from` to `to`, conditional on `from`; a 409 when it changed meanwhile. */
export async function setStatus(trx: Kysely<Database>, id: number, from: OrderStatus, to: OrderStatus, at: string) {
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
export async function takeStockAgain(
  trx: Kysely<Database>,
  id: number,
  source: StockSource & { at: string },
): Promise<number> {
  // A packed line takes again what was sent (issue 33): the replacement, or the units found.
  const rows = await trx
    .selectFrom('order_lines')
    .select(['item_id', 'qty', 'title', 'sent_item_id', 'sent_qty', 'sent_title'])
    .where('order_id', '=', id)
    .execute();
  const lines = rows
    .map((l) => ({ item_id: l.sent_item_id ?? l.item_id, qty: l.sent_qty ?? l.qty, title: l.sent_title ?? l.title }))
    .filter((l) => l.qty > 0)
    .sort((a, b) => a.item_id - b.item_id);
  let taken = 0;
  for (const line of lines) {
    const left = await moveStock(trx, line.item_id, -line.qty, { ...source, orderId: id }, true);
    if (left === undefined) {
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
