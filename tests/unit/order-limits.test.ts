import { describe, expect, it } from 'vitest';
import { MAX_CART_QTY } from '../../src/lib/domain/cart.ts';
import { decodeCartState } from '../../src/lib/domain/cart-storage.ts';
import {
  type LineNow,
  openOrdersMessage,
  overLimitMessage,
  type Unsold,
  whyUnsold,
  withinOpenOrders,
} from '../../src/lib/domain/order-limits.ts';

const forSale: LineNow = { stock: 8, hidden: false, maxQtyPerItem: 20 };

describe('whyUnsold: why a line the stock update did not take was refused', () => {
  it.each<[string, number, LineNow | undefined, Unsold]>([
    ['no such item', 1, undefined, { kind: 'not-for-sale' }],
    ['a hidden item, even over the limit', 50, { ...forSale, hidden: true }, { kind: 'not-for-sale' }],
    ['over the store’s limit, with stock enough', 21, { ...forSale, stock: 100 }, { kind: 'over-limit', max: 20 }],
    ['over the limit and short: the limit first', 30, forSale, { kind: 'over-limit', max: 20 }],
    ['at the limit but short', 20, forSale, { kind: 'short', available: 8 }],
    ['within the limit and short', 9, forSale, { kind: 'short', available: 8 }],
    ['a limit of 1', 2, { ...forSale, maxQtyPerItem: 1 }, { kind: 'over-limit', max: 1 }],
  ])('%s', (_case, qty, now, expected) => {
    expect(whyUnsold(qty, now)).toEqual(expected);
  });

  it('names the field, the quantity, the item and the limit', () => {
    expect(overLimitMessage('CartItems[2].Qty', 25, 'Basmati Rice', 20)).toBe(
      'CartItems[2].Qty asks for 25 of Basmati Rice, but its store sells at most 20 per order.',
    );
  });
});

describe('open orders per account', () => {
  it('lets an order stand while the count, itself included, stays within the limit', () => {
    expect(withinOpenOrders(1, 10)).toBe(true);
    expect(withinOpenOrders(10, 10)).toBe(true);
    expect(withinOpenOrders(11, 10)).toBe(false);
    expect(withinOpenOrders(2, 1)).toBe(false);
  });

  it('says how many are open, the limit, and what to do', () => {
    expect(openOrdersMessage(1, 1)).toBe(
      'The order was not placed: you have 1 open order (not yet delivered or cancelled), and one account may have at most 1 at a ' +
        'time. Cancel one you no longer need on My Orders, or wait until one is delivered, then order again.',
    );
    expect(openOrdersMessage(10, 10)).toContain('you have 10 open orders');
  });
});

describe('a cart kept in the browser from before the per-order limit', () => {
  const line = {
    ItemID: 1,
    ItemTitle: 'Apple',
    Staus: 'added',
    StoreID: 1,
    Qty: 3,
    Availability: 40,
    Size: '1 kg',
    UnitPrice: 120,
    Discount: 10,
    FlatDiscount: 0,
    Gst: 5,
    SellingPrice: 113.4,
    StoreName: '1',
    ItemUpdatedTime: '2026-01-01T00:00:00.000Z',
  };
  const stored = (lines: unknown[]) =>
    JSON.stringify({ cart: { CustomerID: 0, CustomerName: '', CartID: 0, CartItems: lines }, isDirty: true });

  it('is kept, each line without a limit taking the largest quantity (the API still decides)', () => {
    const state = decodeCartState(stored([line, { ...line, ItemID: 2, MaxQtyPerItem: 12 }]));
    expect(state.isDirty).toBe(true);
    expect(state.cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.MaxQtyPerItem])).toEqual([
      [1, 3, MAX_CART_QTY],
      [2, 3, 12],
    ]);
  });

  it('is no cart when a line’s limit is not a number', () => {
    expect(decodeCartState(stored([{ ...line, MaxQtyPerItem: 'many' }])).cart).toBeNull();
  });
});
