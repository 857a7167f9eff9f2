// The places orders hold in delivery slots, after the order is placed: read with the
// order, given back when it is cancelled, taken again when a cancel is undone.
import type { Kysely } from 'kysely';
import type { OrderDto } from '../../lib/domain/orders.ts';
import type { OrderSlotDto } from '../../lib/domain/slots.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { withSlots } from './order-dtos.ts';

/** The slots of several orders in one query, each order's in StoreID order. */
export async function findSlotsByOrder(
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<Map<number, OrderSlotDto[]>> {
  const byOrder = new Map<number, OrderSlotDto[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_slots as os')
    .innerJoin('delivery_slots as s', 's.id', 'os.slot_id')
    .select(['os.order_id', 'os.store_id', 's.id', 's.starts_at', 's.ends_at'])
    .where('os.order_id', 'in', [...orderIds])
    .orderBy('os.order_id')
    .orderBy('os.store_id')
    .execute();
  for (const r of rows) {
    const list = byOrder.get(r.order_id) ?? [];
    list.push({ StoreID: r.store_id, SlotID: r.id, Start: r.starts_at, End: r.ends_at });
    byOrder.set(r.order_id, list);
  }
  return byOrder;
}

/** Orders with the slots they hold (see `withSlots`). */
export async function ordersWithSlots(db: Kysely<Database>, orders: OrderDto[]): Promise<OrderDto[]> {
  const slots = await findSlotsByOrder(
    db,
    orders.map((o) => o.OrderID),
  );
  return orders.map((o) => withSlots(o, slots.get(o.OrderID) ?? []));
}

/**
 * A cancelled order gives its slot places back (in the cancel's transaction, after its
 * stock, in slot id order). Returns how many places came back.
 */
export async function returnSlotPlaces(trx: Kysely<Database>, orderId: number): Promise<number> {
  const held = await trx
    .selectFrom('order_slots')
    .select('slot_id')
    .where('order_id', '=', orderId)
    .orderBy('slot_id')
    .execute();
  for (const { slot_id } of held) {
    await trx
      .updateTable('delivery_slots')
      .set((eb) => ({ booked: eb('booked', '-', 1) }))
      .where('id', '=', slot_id)
      .where('booked', '>', 0)
      .execute();
  }
  return held.length;
}

/**
 * An undone cancel takes its slot places again, each only while the slot has room (the
 * same conditional update as placing an order), or is a 409 naming the full slot.
 */
export async function takeSlotPlacesAgain(trx: Kysely<Database>, orderId: number): Promise<number> {
  const held = await trx
    .selectFrom('order_slots')
    .select(['slot_id', 'store_id'])
    .where('order_id', '=', orderId)
    .orderBy('slot_id')
    .execute();
  for (const { slot_id, store_id } of held) {
    const done = await trx
      .updateTable('delivery_slots')
      .set((eb) => ({ booked: eb('booked', '+', 1) }))
      .where('id', '=', slot_id)
      .whereRef('booked', '<', 'capacity')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      throw AppError.conflict(
        `The cancel of order ${orderId} cannot be undone: its delivery slot ${slot_id} at store ${store_id} is full now.`,
        { [`Slots.${store_id}`]: [`Slots.${store_id} names slot ${slot_id}, which is full now.`] },
      );
    }
  }
  return held.length;
}
