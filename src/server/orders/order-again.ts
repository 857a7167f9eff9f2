import type { Kysely } from 'kysely';
import { MAX_CART_QTY } from '../../lib/domain/cart.ts';
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
}

/**
 * The lines of order `orderId` (the caller's own, or 404) with today's
 * catalogue rows: what can go into the cart again, at today's prices, and why a
 * line cannot (no longer sold, not for sale at the moment, out of stock, fewer
 * in stock than were ordered).
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
          .selectAll()
          .where(
            'id',
            'in',
            lines.map((l) => l.item_id),
          )
          .execute();
  const byId = new Map(items.map((i) => [i.id, i]));
  return lines.map((l) => {
    const item = byId.get(l.item_id);
    const base = { ItemID: l.item_id, StoreID: l.store_id, ItemTitle: l.title, Ordered: l.qty };
    if (item === undefined || item.store_id !== l.store_id) {
      return { ...base, Add: 0, Reason: 'it is no longer sold', item: null };
    }
    if (item.hidden === 1) return { ...base, Add: 0, Reason: 'it is not for sale at the moment', item };
    if (item.stock === 0) return { ...base, Add: 0, Reason: 'it is out of stock', item };
    const add = Math.min(l.qty, item.stock, MAX_CART_QTY);
    return {
      ...base,
      ItemTitle: item.title,
      Add: add,
      Reason: add < l.qty ? `only ${item.stock} ${item.stock === 1 ? 'is' : 'are'} in stock` : '',
      item,
    };
  });
}
