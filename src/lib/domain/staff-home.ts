/**
 * What the staff home (issue 35) shows, decided from the staff calls' answers:
 * which stores have orders to pack, and which items are short of stock.
 */

/**
 * An item is short of stock at this many units or fewer. The catalogue keeps no
 * reorder level per item (spec §3 has none), so the home uses one line for all.
 */
export const LOW_STOCK_UNITS = 5;

/** How many of `orders` have lines packed by each store, most first (then by store id). */
export function ordersByStore(
  orders: readonly { OrderItems: readonly { StoreID: number }[] }[],
): { storeId: number; orders: number }[] {
  const counts = new Map<number, number>();
  for (const order of orders) {
    for (const storeId of new Set(order.OrderItems.map((line) => line.StoreID))) {
      counts.set(storeId, (counts.get(storeId) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([storeId, n]) => ({ storeId, orders: n }))
    .sort((a, b) => b.orders - a.orders || a.storeId - b.storeId);
}

/** The items of `items` (read least stock first) at or below `LOW_STOCK_UNITS`. */
export function shortOfStock<T extends { Availability: number }>(items: readonly T[]): T[] {
  return items.filter((item) => item.Availability <= LOW_STOCK_UNITS);
}
