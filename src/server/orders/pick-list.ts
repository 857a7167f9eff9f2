// The packer's pick list (issue 31, item 4): the items of one store's open orders for one
// delivery slot, summed across the orders and put in shelf order by `pickLines`.
import { type Kysely, sql } from 'kysely';
import { type PickListDto, pickLines } from '../../lib/domain/order-board.ts';
import { OPEN_ORDER_STATUSES } from '../../lib/domain/orders.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * The pick list of store `storeId` for slot `slotId`, or (null) for the store's open orders
 * that hold no slot there: the lines that store packs of every order still under way
 * (OPEN_ORDER_STATUSES: not delivered or cancelled). A 404 names an unknown store, or a
 * slot that is not one of the store's.
 */
export async function findPickList(db: Kysely<Database>, storeId: number, slotId: number | null): Promise<PickListDto> {
  const store = await db.selectFrom('stores').select(['id', 'title']).where('id', '=', storeId).executeTakeFirst();
  if (store === undefined) throw AppError.notFound(`Store ${storeId} does not exist.`);
  const slot =
    slotId === null
      ? null
      : await db
          .selectFrom('delivery_slots')
          .select(['id', 'starts_at', 'ends_at'])
          .where('id', '=', slotId)
          .where('store_id', '=', storeId)
          .executeTakeFirst();
  if (slot === undefined) throw AppError.notFound(`Slot ${slotId} is not a delivery slot of store ${storeId}.`);
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .leftJoin('items as i', 'i.id', 'l.item_id')
    .leftJoin('sections as s', 's.id', 'i.section_id')
    .select([
      'o.id as orderId',
      'l.item_id as itemId',
      'l.title',
      'l.size',
      'l.qty',
      'i.product_code as productCode',
      'i.section_id as sectionId',
      's.title as sectionTitle',
    ])
    .where('l.store_id', '=', storeId)
    .where('o.status', 'in', [...OPEN_ORDER_STATUSES])
    .where((eb) => {
      const held = eb
        .selectFrom('order_slots as os')
        .select(sql.lit(1).as('one'))
        .whereRef('os.order_id', '=', 'o.id')
        .where('os.store_id', '=', storeId);
      return slot === null ? eb.not(eb.exists(held)) : eb.exists(held.where('os.slot_id', '=', slot.id));
    })
    .orderBy('o.id')
    .orderBy('l.id')
    .execute();
  const lines = pickLines(
    rows.map((r) => ({
      ...r,
      productCode: r.productCode ?? null,
      sectionId: r.sectionId ?? null,
      sectionTitle: r.sectionTitle ?? '',
    })),
  );
  return {
    StoreID: store.id,
    StoreTitle: store.title,
    SlotID: slot?.id ?? null,
    Start: slot?.starts_at ?? null,
    End: slot?.ends_at ?? null,
    OrderIDs: [...new Set(rows.map((r) => r.orderId))],
    Units: lines.reduce((n, l) => n + l.Qty, 0),
    Lines: lines,
  };
}
