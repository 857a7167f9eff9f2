import { type Kysely, type SqlBool, sql } from 'kysely';
import {
  CUSTOMER_CANCELLABLE,
  canCustomerCancel,
  canMoveOrder,
  ORDER_MOVES,
  ORDER_STATUS_NAMES,
  type OrderDto,
} from '../../lib/domain/orders.ts';
import type { AuditInput } from '../audit.ts';
import { releaseStockAlerts } from '../catalogue/stock-alerts.ts';
import { moveStock } from '../catalogue/stock-ledger.ts';
import { isDeadlock } from '../db/errors.ts';
import { type ListQuery, paginate } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database, OrderLine, OrderStatus } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { markPaidOnDelivery } from '../payments/on-delivery.ts';
import { withRefunds } from '../payments/refund-rows.ts';
import { returnGroupCouponUse } from './coupon-step.ts';
import { withGroupOrders } from './group-reads.ts';
import { syncInvoices } from './invoices.ts';
import { toOrderDto, withSlots } from './order-dtos.ts';
import { recordStatusChange } from './order-moves.ts';
import { findSlotsByOrder, ordersWithSlots, returnSlotPlaces } from './slot-places.ts';

/** Sortable fields of order lists (spec field names → columns). */
export const ORDER_SORTABLE = {
  OrderID: 'o.id',
  CustomerID: 'o.user_id',
  CustomerName: 'u.full_name',
  Status: 'o.status',
  OrderTotal: 'o.total',
  CreatedTime: 'o.created_at',
  UpdatedTime: 'o.updated_at',
} as const;
export type OrderSortColumn = (typeof ORDER_SORTABLE)[keyof typeof ORDER_SORTABLE];

/** Which orders a list shows: one customer's (or everyone's when `userId` is undefined), optionally of one status. */
export interface OrderScope {
  userId: number | undefined;
  status: OrderStatus | undefined;
  /** Only orders delivered to this city (case-insensitive), when given. */
  city?: string | undefined;
  /** Only orders whose PIN code starts with this, when given. */
  postalCode?: string | undefined;
  /** Only orders with a line packed by this store (issue 35: orders say where they are packed). */
  storeId?: number | undefined;
  /** Only orders placed at or after this time (ISO-8601 UTC), when given: the board's Today. */
  placedFrom?: string | undefined;
  /** Only orders placed before this time (ISO-8601 UTC), when given. */
  placedBefore?: string | undefined;
}

/** The orders of a scope, whatever their status: what the list and the counts share. */
function scopedOrders(db: Kysely<Database>, scope: Omit<OrderScope, 'status'>) {
  let query = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id');
  if (scope.userId !== undefined) query = query.where('o.user_id', '=', scope.userId);
  if (scope.city !== undefined && scope.city !== '') {
    query = query.where(sql<SqlBool>`lower(${sql.ref('o.delivery_city')}) = ${scope.city.toLowerCase()}`);
  }
  if (scope.postalCode !== undefined && scope.postalCode !== '') {
    query = query.where('o.delivery_postal_code', 'like', `${scope.postalCode}%`);
  }
  const storeId = scope.storeId;
  if (storeId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_lines as sl')
          .select(sql.lit(1).as('one'))
          .whereRef('sl.order_id', '=', 'o.id')
          .where('sl.store_id', '=', storeId),
      ),
    );
  }
  if (scope.placedFrom !== undefined) query = query.where('o.created_at', '>=', scope.placedFrom);
  if (scope.placedBefore !== undefined) query = query.where('o.created_at', '<', scope.placedBefore);
  return query;
}

/** How many orders of a scope are in each status (the board's status buttons), in one query. */
export async function countOrdersByStatus(
  db: Kysely<Database>,
  scope: Omit<OrderScope, 'status'>,
): Promise<Record<OrderStatus, number>> {
  const rows = await scopedOrders(db, scope)
    .select(['o.status', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .groupBy('o.status')
    .execute();
  const counts = Object.fromEntries(ORDER_STATUS_NAMES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/**
 * One page of orders with their lines, in three queries whatever the page size
 * (orders, count, the page's lines). `paging.filter` matches the customer's name,
 * the status, any line's item title or store, or the delivery name, phone, address
 * lines, city and PIN code.
 */
export async function findOrdersPage(
  db: Kysely<Database>,
  scope: OrderScope,
  paging: ListQuery<OrderSortColumn>,
): Promise<{ orders: OrderDto[]; total: number }> {
  let query = scopedOrders(db, scope);
  if (scope.status !== undefined) query = query.where('o.status', '=', scope.status);
  if (paging.filter !== '') {
    const f = paging.filter;
    query = query.where((eb) =>
      eb.or([
        containsText('u.full_name', f),
        containsText('o.status', f),
        containsText('o.delivery_full_name', f),
        containsText('o.delivery_phone', f),
        containsText('o.delivery_line1', f),
        containsText('o.delivery_line2', f),
        containsText('o.delivery_city', f),
        containsText('o.delivery_postal_code', f),
        eb.exists(
          eb
            .selectFrom('order_lines as l')
            .select(sql.lit(1).as('one'))
            .whereRef('l.order_id', '=', 'o.id')
            .where(containsText('l.title', f)),
        ),
        // A store's name finds the orders it packs a line of.
        eb.exists(
          eb
            .selectFrom('order_lines as fl')
            .innerJoin('stores as fs', 'fs.id', 'fl.store_id')
            .select(sql.lit(1).as('one'))
            .whereRef('fl.order_id', '=', 'o.id')
            .where(containsText('fs.title', f)),
        ),
      ]),
    );
  }
  const { rows, total } = await paginate(query, paging, (q) =>
    q
      .selectAll('o')
      .select('u.full_name as customer_name')
      .orderBy(paging.sort.column, paging.sort.direction)
      .orderBy('o.id', 'desc'),
  );
  const lines = await findLinesByOrder(
    db,
    rows.map((r) => r.id),
  );
  const orders = rows.map((r) => toOrderDto(r, r.customer_name, lines.get(r.id) ?? []));
  return { orders: await withRefunds(db, await withGroupOrders(db, await ordersWithSlots(db, orders))), total };
}

/** The lines of several orders in one query, each order's in the order they were placed. */
export async function findLinesByOrder(
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

/** One order with its customer's name and lines, or undefined. */
export async function findOrder(db: Kysely<Database>, id: number): Promise<OrderDto | undefined> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.full_name as customer_name')
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const lines = await findLinesByOrder(db, [id]);
  const slots = await findSlotsByOrder(db, [id]);
  const [order] = await withRefunds(
    db,
    await withGroupOrders(db, [
      withSlots(toOrderDto(row, row.customer_name, lines.get(id) ?? []), slots.get(id) ?? []),
    ]),
  );
  return order;
}

/** The rule a refused move breaks: where an order in `from` may go. */
export function moveRule(from: OrderStatus): string {
  const next = ORDER_MOVES[from];
  return next.length === 0 ? `a ${from} order is final` : `a ${from} order can only move to ${next.join(' or ')}`;
}

/**
 * Who moves an order: staff, by the rules of ORDER_MOVES, its customer cancelling it
 * (`customerId`), or its payment (`payments/`: paid, or its hold ended, with a `reason`).
 */
export type Mover = { kind: 'staff' } | { kind: 'customer'; customerId: number } | { kind: 'payment'; reason: string };

/**
 * Moves an order to `to` by ORDER_MOVES (Placed → Confirmed → Packing →
 * OutForDelivery → Delivered; Cancelled from any but Delivered) in one transaction
 * with its history row, audit entry and mail (`recordStatusChange`); cancelling puts
 * every line's quantity back in stock and gives its slot places back. The update is
 * conditional on the status read, so two staff moving the same order at once cannot
 * both succeed (nor return the stock or the slot place twice). 404 for an unknown order, 409 for a move the rules forbid.
 */
export function moveOrder(
  db: Kysely<Database>,
  id: number,
  to: OrderStatus,
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl = 'http://127.0.0.1:4321',
): Promise<OrderDto> {
  return transition(db, id, to, at, audit, siteUrl, { kind: 'staff' });
}

/**
 * The customer's own cancel (`POST /api/Order/Cancel/{OrderID}`): staff's move to
 * Cancelled, with its stock returned, status mail and audit entry, allowed to the
 * order's customer while it is in CUSTOMER_CANCELLABLE. Someone else's order is a
 * 404 (its existence is none of the caller's business); one past that, a 409.
 */
export function cancelOwnOrder(
  db: Kysely<Database>,
  customerId: number,
  id: number,
  at: string,
  audit: Pick<AuditInput, 'actorEmail' | 'ip'>,
  siteUrl: string,
): Promise<OrderDto> {
  return transition(db, id, 'Cancelled', at, { ...audit, actorId: customerId }, siteUrl, {
    kind: 'customer',
    customerId,
  });
}

/** The one way an order changes status (see `moveOrder`); a deadlock PostgreSQL detects is retried. */
async function transition(
  db: Kysely<Database>,
  id: number,
  to: OrderStatus,
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
  by: Mover,
  attempt = 1,
): Promise<OrderDto> {
  try {
    await db.transaction().execute((trx) => moveWithin(trx, id, to, at, audit, siteUrl, by));
  } catch (err) {
    if (isDeadlock(err) && attempt < 3) return transition(db, id, to, at, audit, siteUrl, by, attempt + 1);
    throw err;
  }
  const order = await findOrder(db, id);
  if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
  return order;
}

/**
 * One order's move inside the caller's transaction (see `moveOrder`): the rules, the
 * conditional update, the stock and slot places a cancel returns, the customer's mail and
 * the audit entry. A bulk move (`order-bulk.ts`) runs it for each of its orders.
 */
export async function moveWithin(
  trx: Kysely<Database>,
  id: number,
  to: OrderStatus,
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
  by: Mover,
): Promise<void> {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'status', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (order === undefined || (by.kind === 'customer' && order.user_id !== by.customerId)) {
    throw AppError.notFound(`Order ${id} does not exist.`);
  }
  if (by.kind === 'customer' && !canCustomerCancel(order.status)) {
    throw AppError.conflict(
      `Order ${id} is ${order.status} and can no longer be cancelled here: an order can be cancelled by its ` +
        `customer only while it is ${CUSTOMER_CANCELLABLE.join(' or ')}. Contact the shop about it.`,
    );
  }
  if (!canMoveOrder(order.status, to)) {
    throw AppError.conflict(`Order ${id} is ${order.status} and cannot move to ${to}: ${moveRule(order.status)}.`);
  }
  const moved = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', order.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) {
    throw AppError.conflict(`Order ${id} changed while it was being moved to ${to}: reload it and try again.`);
  }
  // Sent out without the packing call: every line goes as asked (Packed), so the order,
  // its invoice and the sales report agree on what was sent.
  if (order.status === 'Packing' && to === 'OutForDelivery') await packAsAsked(trx, id);
  let returned = 0;
  let slotPlaces = 0;
  let couponReturned: string | undefined;
  if (to === 'Cancelled') {
    // A packed line gives back what was sent (issue 33): the replacement, or the units found.
    const sent = await trx
      .selectFrom('order_lines')
      .select(['item_id', 'qty', 'sent_item_id', 'sent_qty'])
      .where('order_id', '=', id)
      .execute();
    const lines = sent
      .map((l) => ({ item_id: l.sent_item_id ?? l.item_id, qty: l.sent_qty ?? l.qty }))
      .filter((l) => l.qty > 0)
      .sort((a, b) => a.item_id - b.item_id);
    // Item id order, as placing an order locks them, so the two never deadlock.
    for (const line of lines) {
      await moveStock(trx, line.item_id, line.qty, {
        reason: 'cancellation',
        accountId: audit.actorId,
        orderId: id,
        at,
      });
      returned += line.qty;
    }
    slotPlaces = await returnSlotPlaces(trx, id);
    couponReturned = await returnGroupCouponUse(trx, id);
    // Stock came back: shoppers waiting for these items hear about it.
    await releaseStockAlerts(
      trx,
      lines.map((l) => l.item_id),
      at,
      siteUrl,
    );
  }
  // Paid at the door: the order is paid once staff mark it Delivered.
  if (to === 'Delivered') await markPaidOnDelivery(trx, id, at);
  const invoices = await syncInvoices(trx, id, to, at);
  const movedOrder = await findOrder(trx, id);
  if (movedOrder === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
  await recordStatusChange(
    trx,
    {
      order: movedOrder,
      from: order.status,
      kind: by.kind === 'customer' ? 'CustomerCancel' : 'Move',
      at,
      ...(by.kind === 'payment' ? { reason: by.reason } : {}),
      stockChange: returned,
      attachInvoicesOf: invoices.attachInvoicesOf,
      detail: {
        unitsReturnedToStock: returned,
        ...(slotPlaces > 0 ? { slotPlacesReturned: slotPlaces } : {}),
        ...(couponReturned === undefined ? {} : { couponUseReturned: couponReturned }),
        ...(by.kind === 'customer' ? { by: 'customer' } : {}),
        ...(by.kind === 'payment' ? { by: 'payment', reason: by.reason } : {}),
      },
    },
    audit,
    siteUrl,
  );
}

/** Marks every line of order `id` not packed yet as Packed: the asked item, units and price sent. */
async function packAsAsked(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .updateTable('order_lines')
    .set((eb) => ({
      pack_outcome: 'Packed',
      sent_item_id: eb.ref('item_id'),
      sent_title: eb.ref('title'),
      sent_size: eb.ref('size'),
      sent_qty: eb.ref('qty'),
      sent_price: eb.ref('selling_price'),
    }))
    .where('order_id', '=', id)
    .where('pack_outcome', 'is', null)
    .execute();
}
