import type { Kysely } from 'kysely';
import { clampQty, qtyLimitText } from '../../lib/domain/cart.ts';
import { priceBase } from '../../lib/domain/measure.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** One line of a past order as it can be bought today. */
export interface AgainLine {
  ItemID: number;
  StoreID: number;
  ItemTitle: string;
  /** The quantity ordered then. */
  Ordered: number;
  /** The quantity that can go into the cart now (0: none). */
  Add: number;
  /** Why less than `Ordered` can be added; '' when all of it can. */
  Reason: string;
  /** The item as it is today, for the cart line (prices of today); null when it is no longer sold. */
  item: Item | null;
  /** The most of the item one order may hold (its store's limit); 0 when it is no longer sold. */
  maxQtyPerItem: number;
}

/**
 * The lines of order `orderId` (the caller's own, or 404) with today's
 * catalogue rows: what can go into the cart again, at today's prices, and why a
 * line cannot (no longer sold, not for sale at the moment, out of stock, fewer
 * in stock than were ordered, more than its store sells in one order).
 */
export async function orderAgainLines(db: Kysely<Database>, userId: number, orderId: number): Promise<AgainLine[]> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
  const lines = await db
    .selectFrom('order_lines')
    .select(['item_id', 'store_id', 'title', 'qty'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const items =
    lines.length === 0
      ? []
      : await db
          .selectFrom('items')
          .innerJoin('stores', 'stores.id', 'items.store_id')
          .selectAll('items')
          .select('stores.max_qty_per_item')
          .where(
            'items.id',
            'in',
            lines.map((l) => l.item_id),
          )
          .execute();
  const byId = new Map(items.map(({ max_qty_per_item, ...i }) => [i.id, { item: i, max: max_qty_per_item }]));
  return lines.map((l) => {
    const found = byId.get(l.item_id);
    const base = { ItemID: l.item_id, StoreID: l.store_id, ItemTitle: l.title, Ordered: l.qty };
    if (found === undefined || found.item.store_id !== l.store_id) {
      return { ...base, Add: 0, Reason: 'it is no longer sold', item: null, maxQtyPerItem: 0 };
    }
    const { item, max } = found;
    const sold = { item, maxQtyPerItem: max };
    if (item.hidden === 1) return { ...base, Add: 0, Reason: 'it is not for sale at the moment', ...sold };
    if (item.stock === 0) return { ...base, Add: 0, Reason: 'it is out of stock', ...sold };
    // A weighed line counts g or ml in the item's steps, and the store's limit is per kg or litre (issue 33).
    const most = max * priceBase(item.sold_by);
    const add = clampQty(Math.min(l.qty, item.stock), most, item.sold_by === 'ByUnit' ? 1 : item.step);
    const reason =
      add === l.qty
        ? ''
        : add < item.stock
          ? `its store sells ${qtyLimitText(most, item.sold_by)}`
          : `only ${item.stock} ${item.stock === 1 ? 'is' : 'are'} in stock`;
    return { ...base, ItemTitle: item.title, Add: add, Reason: reason, ...sold };
  });
}
