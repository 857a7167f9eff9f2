import { describe, expect, it } from 'vitest';
import {
  type CartDto,
  type CartItemDto,
  type CartLineItem,
  type CartState,
  cartItemFromItem,
  changeQuantity,
  clampQty,
  EMPTY_CART_STATE,
  grandTotal,
  lineTotal,
  loadedFromServer,
  MAX_CART_QTY,
  qtyLimitText,
  quantityOf,
  refreshItem,
} from '../../src/lib/domain/cart.ts';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-02-01T00:00:00.000Z';

function item(id: number, storeId: number, over: Partial<CartLineItem> = {}): CartLineItem {
  return {
    ItemID: id,
    StoreID: storeId,
    DbID: storeId,
    SectionID: 1,
    ItemTitle: `Item ${id}`,
    ItemMetaDescription: '',
    ItemContent: '',
    ItemHidden: false,
    Availability: 10,
    Size: '1 kg',
    UnitPrice: 100,
    Discount: 10,
    FlatDiscount: 0,
    Gst: 5,
    SellingPrice: 94.5,
    ItemUpdatedTime: T0,
    MaxQtyPerItem: MAX_CART_QTY,
    ...over,
  };
}

const apple = item(1, 1, { ItemTitle: 'Apple' });
const pear = item(2, 1, { ItemTitle: 'Pear', SellingPrice: 20 });
const customer = { id: 7, fullName: 'Asha Kumar' };

function stateWith(lines: CartItemDto[], isDirty = false): CartState {
  return { cart: { CustomerID: 7, CustomerName: 'Asha Kumar', CartID: 7, CartItems: lines }, isDirty };
}

describe('changeQuantity (spec §4)', () => {
  it('creates the cart for the customer with the item added and marks it dirty when there is none', () => {
    const next = changeQuantity(EMPTY_CART_STATE, apple, 2, customer);
    expect(next.isDirty).toBe(true);
    expect(next.cart).toEqual({
      CustomerID: 7,
      CustomerName: 'Asha Kumar',
      CartID: 7,
      CartItems: [cartItemFromItem(apple, 2, 'added')],
    });
    expect(next.cart?.CartItems[0]).toMatchObject({ Staus: 'added', Qty: 2, StoreName: '1', SellingPrice: 94.5 });
  });

  it('needs a customer to create a cart, and creates none for a quantity of 0', () => {
    expect(() => changeQuantity(EMPTY_CART_STATE, apple, 1)).toThrow(/no customer/);
    expect(changeQuantity(EMPTY_CART_STATE, apple, 0, customer)).toBe(EMPTY_CART_STATE);
  });

  it.each(['loaded', 'modified'] as const)('turns a %s line into modified with the new quantity', (status) => {
    const start = stateWith([cartItemFromItem(apple, 3, status)]);
    const next = changeQuantity(start, apple, 5);
    expect(next.cart?.CartItems).toEqual([{ ...cartItemFromItem(apple, 5, 'modified') }]);
    expect(next.isDirty).toBe(true);
  });

  it('keeps a loaded line at 0 as modified (the server drops it on save)', () => {
    const next = changeQuantity(stateWith([cartItemFromItem(apple, 3, 'loaded')]), apple, 0);
    expect(next.cart?.CartItems).toEqual([cartItemFromItem(apple, 0, 'modified')]);
  });

  it('updates the quantity of an added line and keeps it added', () => {
    const next = changeQuantity(stateWith([cartItemFromItem(apple, 1, 'added')], true), apple, 4);
    expect(next.cart?.CartItems).toEqual([cartItemFromItem(apple, 4, 'added')]);
  });

  it('removes an added line whose quantity becomes 0', () => {
    const start = stateWith([cartItemFromItem(apple, 1, 'added'), cartItemFromItem(pear, 2, 'loaded')]);
    const next = changeQuantity(start, apple, 0);
    expect(next.cart?.CartItems.map((l) => l.ItemID)).toEqual([2]);
    expect(next.isDirty).toBe(true);
  });

  it('appends an item not yet in the cart as added, after the existing lines', () => {
    const start = stateWith([cartItemFromItem(apple, 1, 'loaded')]);
    const next = changeQuantity(start, pear, 3);
    expect(next.cart?.CartItems.map((l) => [l.ItemID, l.Staus, l.Qty])).toEqual([
      [1, 'loaded', 1],
      [2, 'added', 3],
    ]);
    expect(changeQuantity(start, pear, 0)).toBe(start);
  });

  it('refreshes the price fields of a line whose update time differs, keeping quantity and status', () => {
    const start = stateWith([cartItemFromItem(apple, 3, 'loaded')]);
    const repriced = { ...apple, UnitPrice: 200, SellingPrice: 189, Availability: 4, ItemUpdatedTime: T1 };
    const next = changeQuantity(start, repriced, 5);
    expect(next.cart?.CartItems[0]).toEqual(cartItemFromItem(repriced, 5, 'modified'));
    // A refresh alone (same quantity) keeps the status and does not make the cart dirty.
    const same = refreshItem(start, repriced);
    expect(same.cart?.CartItems[0]).toEqual(cartItemFromItem(repriced, 3, 'loaded'));
    expect(same.isDirty).toBe(false);
    expect(refreshItem(start, apple)).toBe(start);
  });

  it('leaves lines with the same update time as they are, even when other fields differ', () => {
    const start = stateWith([cartItemFromItem(apple, 3, 'loaded')]);
    const next = changeQuantity(start, { ...apple, SellingPrice: 1 }, 4);
    expect(next.cart?.CartItems[0]?.SellingPrice).toBe(94.5);
  });

  it('matches lines by ItemID and StoreID together', () => {
    const otherStore = item(1, 2, { ItemTitle: 'Apple (store 2)' });
    const start = stateWith([cartItemFromItem(apple, 1, 'loaded')]);
    const next = changeQuantity(start, otherStore, 2);
    expect(next.cart?.CartItems.map((l) => [l.ItemID, l.StoreID, l.Qty, l.Staus])).toEqual([
      [1, 1, 1, 'loaded'],
      [1, 2, 2, 'added'],
    ]);
    expect(quantityOf(next, 1, 2)).toBe(2);
    expect(quantityOf(next, 1, 1)).toBe(1);
  });

  it('never goes below 0 and never above the cart maximum', () => {
    const start = stateWith([cartItemFromItem(apple, 2, 'loaded')]);
    expect(changeQuantity(start, apple, -5).cart?.CartItems[0]?.Qty).toBe(0);
    expect(changeQuantity(start, apple, 5000).cart?.CartItems[0]?.Qty).toBe(MAX_CART_QTY);
    expect(clampQty(Number.NaN)).toBe(0);
    expect(clampQty(2.7)).toBe(2);
    expect(changeQuantity(EMPTY_CART_STATE, apple, -1, customer)).toBe(EMPTY_CART_STATE);
  });

  it('never goes above the item’s most per order, its store’s limit, however it is asked', () => {
    const limited = { ...apple, MaxQtyPerItem: 20 };
    const start = stateWith([cartItemFromItem(limited, 19, 'loaded')]);
    expect(changeQuantity(start, limited, 21).cart?.CartItems[0]?.Qty).toBe(20);
    expect(changeQuantity(start, limited, 5000).cart?.CartItems[0]?.Qty).toBe(20);
    expect(changeQuantity(EMPTY_CART_STATE, limited, 40, customer).cart?.CartItems[0]).toMatchObject({
      Qty: 20,
      MaxQtyPerItem: 20,
    });
    // A line above a limit staff lowered comes down to it with the next change.
    const over = stateWith([cartItemFromItem(limited, 25, 'loaded')]);
    expect(changeQuantity(over, limited, 24).cart?.CartItems[0]?.Qty).toBe(20);
    expect(clampQty(7, 5)).toBe(5);
    expect(clampQty(Number.POSITIVE_INFINITY, 5)).toBe(5);
    expect(clampQty(3, 5000)).toBe(3);
    expect(clampQty(5000, 5000)).toBe(MAX_CART_QTY);
    expect(clampQty(4, Number.NaN)).toBe(4);
    expect(qtyLimitText(20)).toBe('at most 20 per order');
  });

  it('returns the same state when the quantity does not change, and never mutates its input', () => {
    const start = stateWith([cartItemFromItem(apple, 2, 'loaded')]);
    const frozen = JSON.stringify(start);
    expect(changeQuantity(start, apple, 2)).toBe(start);
    changeQuantity(start, apple, 9);
    changeQuantity(start, pear, 1);
    expect(JSON.stringify(start)).toBe(frozen);
  });

  it('shows a hidden item as unavailable', () => {
    expect(cartItemFromItem({ ...apple, ItemHidden: true }, 1, 'added').Availability).toBe(0);
  });
});

describe('loadedFromServer and quantityOf', () => {
  it('marks every line loaded and the cart clean', () => {
    const cart: CartDto = stateWith([cartItemFromItem(apple, 1, 'added'), cartItemFromItem(pear, 2, 'modified')])
      .cart as CartDto;
    const state = loadedFromServer(cart);
    expect(state.isDirty).toBe(false);
    expect(state.cart?.CartItems.map((l) => l.Staus)).toEqual(['loaded', 'loaded']);
    expect(cart.CartItems[0]?.Staus).toBe('added');
  });

  it('answers 0 for an item that is not in the cart or when there is no cart', () => {
    expect(quantityOf(EMPTY_CART_STATE, 1, 1)).toBe(0);
    expect(quantityOf(stateWith([cartItemFromItem(apple, 3, 'loaded')]), 2, 1)).toBe(0);
  });
});

describe('totals (spec §9)', () => {
  it('multiplies selling price by quantity exactly, to 2 decimals', () => {
    expect(lineTotal({ SellingPrice: 0.1, Qty: 3 })).toBe(0.3);
    expect(lineTotal({ SellingPrice: 19.99, Qty: 3 })).toBe(59.97);
    expect(lineTotal({ SellingPrice: 113.4, Qty: 7 })).toBe(793.8);
    expect(lineTotal({ SellingPrice: 94.5, Qty: 0 })).toBe(0);
  });

  it('sums the line totals without float drift and ignores deleted lines', () => {
    const lines = [
      { ...cartItemFromItem(apple, 1, 'loaded'), SellingPrice: 0.1 },
      { ...cartItemFromItem(pear, 1, 'loaded'), SellingPrice: 0.2 },
    ];
    expect(grandTotal({ CartItems: lines })).toBe(0.3);
    const withDeleted = [...lines, { ...cartItemFromItem(item(3, 1), 5, 'deleted'), SellingPrice: 10 }];
    expect(grandTotal({ CartItems: withDeleted })).toBe(0.3);
    expect(grandTotal(null)).toBe(0);
  });
});
