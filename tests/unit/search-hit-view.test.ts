import { describe, expect, it } from 'vitest';
import { changeQuantity, EMPTY_CART_STATE, GUEST_CUSTOMER } from '../../src/lib/domain/cart.ts';
import { decodeCartState } from '../../src/lib/domain/cart-storage.ts';
import type { SearchStoreDto } from '../../src/lib/domain/search-results.ts';
import { cartSourceOf, pricesOf, storesNote } from '../../src/page-scripts/search-hit-view.ts';

// A product of the API's search as the box and the results page show it (issue 34).

const line: SearchStoreDto = {
  ItemID: 41,
  DbID: 3,
  StoreID: 7,
  StoreTitle: 'Green Basket, Indiranagar',
  SellingPrice: 85.5,
  UnitPrice: 90,
  Availability: 6,
  Discount: 5,
  FlatDiscount: 0,
  Gst: 5,
  ItemUpdatedTime: '2026-02-03T04:05:06.000Z',
  MaxQtyPerItem: 4,
};

const product = { ItemTitle: 'Nandgaon Malai Paneer', Size: '200 g' };

describe('a search hit as shown', () => {
  it('writes its price as the cards do, with the price before a discount incl. GST', () => {
    expect(pricesOf(line)).toEqual({ selling: 'Rs 85.50', before: 'Rs 94.50' });
    expect(pricesOf({ ...line, Discount: 0, Gst: 0, SellingPrice: 90 })).toEqual({ selling: 'Rs 90', before: null });
  });

  it('says how many stores have it only when more than one does', () => {
    expect(storesNote(3)).toBe('in 3 stores');
    expect(storesNote(1)).toBe('');
  });

  it('gives its stepper a cart line the stored cart keeps, with the store’s order limit', () => {
    const state = changeQuantity(
      EMPTY_CART_STATE,
      { ...cartSourceOf(line, product), DbID: 0, SectionID: null, ItemMetaDescription: '', ItemContent: '' },
      9,
      GUEST_CUSTOMER,
    );
    // Read back as the next page reads local storage: a line missing a field would be dropped.
    const kept = decodeCartState(JSON.stringify(state));
    expect(kept.cart?.CartItems).toHaveLength(1);
    expect(kept.cart?.CartItems[0]).toMatchObject({ ItemID: 41, StoreID: 7, Qty: 4, Gst: 5, Discount: 5 });
  });
});
