// The packer's pick list (issue 31, item 4): the items of one store's open orders for one
// delivery slot, summed across the orders and put in shelf order by `pickLines`.
import { type Kysely, sql } from 'kysely';
import { paiseToRupees } from '../../lib/domain/money.ts';
import { type PickListDto, pickLines } from '../../lib/domain/order-board.ts';
import { OPEN_ORDER_STATUSES } from '../../lib/domain/orders.ts';
import { type PackListDto, type PackOrderDto, shelfOrder } from '../../lib/domain/pack-list.ts';
import { substitutionOf } from '../../lib/domain/substitutions.ts';
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

/**
 * The packing screen's list (issue 33, item 3): store `storeId`'s orders in Packing for
 * slot `slotId` (null: those holding no slot there), each with its lines in shelf order
 * and the shopper's substitution choice. 404 as `findPickList`.
 */
export async function findPackList(db: Kysely<Database>, storeId: number, slotId: number | null): Promise<PackListDto> {
  const pick = await findPickList(db, storeId, slotId);
  const ids = [0, ...pick.OrderIDs];
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .leftJoin('items as i', 'i.id', 'l.item_id')
    .leftJoin('sections as s', 's.id', 'i.section_id')
    .select(['o.id as orderId', 'o.delivery_full_name', 'u.full_name', 'l.item_id', 'l.title', 'l.size', 'l.qty'])
    .select(['l.selling_price', 'l.substitution', 'i.product_code', 'i.section_id', 's.title as section_title'])
    .where('o.id', 'in', ids)
    .where('o.status', '=', 'Packing')
    .where('l.store_id', '=', storeId)
    .orderBy('o.id')
    .orderBy('l.id')
    .execute();
  const chosen = [...new Set(rows.map((r) => substitutionOf(r.substitution)).filter((c) => typeof c === 'number'))];
  const titles = new Map(
    chosen.length === 0
      ? []
      : (await db.selectFrom('items').select(['id', 'title']).where('id', 'in', chosen).execute()).map((r) => [
          r.id,
          r.title,
        ]),
  );
  const orders = new Map<number, PackOrderDto>();
  for (const r of rows) {
    const order = orders.get(r.orderId) ?? {
      OrderID: r.orderId,
      CustomerName: r.delivery_full_name || r.full_name,
      Lines: [],
    };
    const choice = substitutionOf(r.substitution);
    order.Lines.push({
      ItemID: r.item_id,
      ProductCode: r.product_code ?? null,
      ItemTitle: r.title,
      Size: r.size,
      Qty: r.qty,
      SectionID: r.section_id ?? null,
      SectionTitle: r.section_title ?? '',
      SellingPrice: paiseToRupees(r.selling_price),
      Substitution: choice,
      SubstituteTitle: typeof choice === 'number' ? (titles.get(choice) ?? null) : null,
    });
    orders.set(r.orderId, order);
  }
  const { StoreID, StoreTitle, SlotID, Start, End } = pick;
  return {
    StoreID,
    StoreTitle,
    SlotID,
    Start,
    End,
    Orders: [...orders.values()].map((o) => ({ ...o, Lines: shelfOrder(o.Lines) })),
  };
}
