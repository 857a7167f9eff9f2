import { describe, expect, it } from 'vitest';
import { LOW_STOCK_UNITS, ordersByStore, shortOfStock, workByStore } from '../../src/lib/domain/staff-home.ts';

const order = (...stores: number[]) => ({ OrderItems: stores.map((StoreID) => ({ StoreID })) });

describe('the staff home', () => {
  it('counts an order once for each store that packs one of its lines, most first', () => {
    expect(ordersByStore([order(2, 2, 5), order(5), order(1), order(5, 2), order(1)])).toEqual([
      { storeId: 5, orders: 3 },
      { storeId: 1, orders: 2 },
      { storeId: 2, orders: 2 },
    ]);
    expect(ordersByStore([])).toEqual([]);
    expect(ordersByStore([order()])).toEqual([]);
  });

  it('counts orders to confirm (Placed) apart from orders to pack (Confirmed, Packing), busiest store first', () => {
    expect(
      workByStore({
        placed: [order(1), order(1), order(2)],
        confirmed: [order(2), order(3)],
        packing: [order(3), order(3)],
      }),
    ).toEqual([
      { storeId: 3, toConfirm: 0, confirmed: 1, packing: 2 },
      { storeId: 1, toConfirm: 2, confirmed: 0, packing: 0 },
      { storeId: 2, toConfirm: 1, confirmed: 1, packing: 0 },
    ]);
    expect(workByStore({ placed: [], confirmed: [], packing: [] })).toEqual([]);
  });

  it('keeps the items at or below the low-stock line', () => {
    const items = [0, 1, LOW_STOCK_UNITS, LOW_STOCK_UNITS + 1, 40].map((Availability, i) => ({
      ItemID: i,
      Availability,
    }));
    expect(shortOfStock(items).map((i) => i.ItemID)).toEqual([0, 1, 2]);
  });
});
