/**
 * What the staff home (issue 35) shows, decided from the staff calls' answers:
 * which stores have orders to confirm and to pack, and which items are short of stock.
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

type Lines = readonly { OrderItems: readonly { StoreID: number }[] }[];

/** A store's work on the home: orders to confirm (Placed) and to pack (Confirmed, and Packing begun). */
export interface StoreWork {
  storeId: number;
  toConfirm: number;
  confirmed: number;
  packing: number;
}

/**
 * Each store's orders to confirm (`placed`) and to pack (`confirmed` and `packing`, the
 * statuses of issue 31's way to the door), the stores with most work first (then by id).
 */
export function workByStore(orders: { placed: Lines; confirmed: Lines; packing: Lines }): StoreWork[] {
  const work = new Map<number, StoreWork>();
  const add = (list: Lines, key: 'toConfirm' | 'confirmed' | 'packing') => {
    for (const { storeId, orders: n } of ordersByStore(list)) {
      const row = work.get(storeId) ?? { storeId, toConfirm: 0, confirmed: 0, packing: 0 };
      work.set(storeId, { ...row, [key]: n });
    }
  };
  add(orders.placed, 'toConfirm');
  add(orders.confirmed, 'confirmed');
  add(orders.packing, 'packing');
  const all = (w: StoreWork) => w.toConfirm + w.confirmed + w.packing;
  return [...work.values()].sort((a, b) => all(b) - all(a) || a.storeId - b.storeId);
}

/** The items of `items` (read least stock first) at or below `LOW_STOCK_UNITS`. */
export function shortOfStock<T extends { Availability: number }>(items: readonly T[]): T[] {
  return items.filter((item) => item.Availability <= LOW_STOCK_UNITS);
}
