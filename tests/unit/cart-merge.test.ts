import { describe, expect, it } from 'vitest';
import { cartCount, EMPTY_CART_STATE, MAX_CART_QTY, quantityOf, removeLine } from '../../src/lib/domain/cart.ts';
import { type MergeableLine, mergeCartLines } from '../../src/lib/domain/cart-sync.ts';

const l = (ItemID: number, StoreID: number, Qty: number, Staus: MergeableLine['Staus'] = 'added'): MergeableLine => ({
  ItemID,
  StoreID,
  Qty,
  Staus,
});

describe('mergeCartLines (guest cart into an account cart)', () => {
  it('keeps every line of both carts, account lines first', () => {
    const merged = mergeCartLines([l(1, 1, 2, 'loaded'), l(2, 1, 1, 'loaded')], [l(3, 2, 4), l(4, 1, 1)]);
    expect(merged.map((x) => [x.ItemID, x.StoreID, x.Qty])).toEqual([
      [1, 1, 2],
      [2, 1, 1],
      [3, 2, 4],
      [4, 1, 1],
    ]);
  });

  it('keeps the larger quantity of a line both hold (same ItemID and StoreID)', () => {
    const merged = mergeCartLines([l(1, 1, 2, 'loaded'), l(2, 1, 5, 'loaded')], [l(1, 1, 3), l(2, 1, 4)]);
    expect(merged.map((x) => [x.ItemID, x.Qty, x.Staus])).toEqual([
      [1, 3, 'loaded'],
      [2, 5, 'loaded'],
    ]);
  });

  it('treats the same ItemID in another store as another line', () => {
    const merged = mergeCartLines([l(1, 1, 2, 'loaded')], [l(1, 2, 1)]);
    expect(merged).toHaveLength(2);
  });

  it('leaves out lines at 0 and deleted lines, and clamps quantities', () => {
    const merged = mergeCartLines([l(1, 1, 0, 'modified'), l(2, 1, 3, 'deleted')], [l(3, 1, 5000), l(4, 1, 0)]);
    expect(merged).toEqual([l(3, 1, MAX_CART_QTY)]);
  });

  it('keeps a weighed line above 999 g whole, in its steps (issue 33)', () => {
    const loose = { ...l(5, 1, 1500), Step: 250 };
    expect(mergeCartLines([], [loose])).toEqual([loose]);
    // Off its step (an old device's line): down to the step below; never above 100 kg.
    expect(mergeCartLines([], [{ ...loose, Qty: 1600 }])[0]?.Qty).toBe(1500);
    expect(mergeCartLines([], [{ ...loose, Qty: 250_000 }])[0]?.Qty).toBe(100_000);
  });

  it('does not change its inputs, and an empty guest cart changes nothing', () => {
    const account = [l(1, 1, 2, 'loaded')];
    const guest = [l(1, 1, 9)];
    mergeCartLines(account, guest);
    expect(account[0]?.Qty).toBe(2);
    expect(mergeCartLines(account, [])).toEqual(account);
    expect(mergeCartLines([], guest)).toEqual(guest);
  });
});

describe('cartCount', () => {
  it('adds up the units of the lines that count', () => {
    expect(cartCount(EMPTY_CART_STATE)).toBe(0);
    const cart = { CustomerID: 0, CustomerName: '', CartID: 0, CartItems: [] as never[] };
    const lines = [
      { ...l(1, 1, 2), Staus: 'added' },
      { ...l(2, 1, 3), Staus: 'deleted' },
      { ...l(3, 1, 1), Staus: 'modified' },
    ];
    expect(cartCount({ cart: { ...cart, CartItems: lines as never[] }, isDirty: true })).toBe(3);
  });
});

describe('removeLine and quantityOf', () => {
  const item = (ItemID: number, Staus: 'added' | 'loaded') => ({
    ItemID,
    ItemTitle: `Item ${ItemID}`,
    Staus,
    StoreID: 1,
    Qty: 2,
    Availability: 10,
    Size: '',
    UnitPrice: 10,
    Discount: 0,
    FlatDiscount: 0,
    Gst: 0,
    SellingPrice: 10,
    StoreName: '1',
    ItemUpdatedTime: '2026-01-01T00:00:00.000Z',
    MaxQtyPerItem: 20,
  });
  const state = {
    cart: { CustomerID: 3, CustomerName: '', CartID: 3, CartItems: [item(1, 'added'), item(2, 'loaded')] },
    isDirty: false,
  };

  it('drops an added line and marks a saved one deleted, which then counts for nothing', () => {
    const once = removeLine(state, 1, 1);
    expect(once.cart?.CartItems.map((l) => l.ItemID)).toEqual([2]);
    const twice = removeLine(once, 2, 1);
    expect(twice.cart?.CartItems[0]?.Staus).toBe('deleted');
    expect(twice.isDirty).toBe(true);
    expect(quantityOf(twice, 2, 1)).toBe(0);
    expect(cartCount(twice)).toBe(0);
    expect(removeLine(twice, 2, 1)).toBe(twice);
    expect(removeLine(state, 9, 1)).toBe(state);
  });
});
