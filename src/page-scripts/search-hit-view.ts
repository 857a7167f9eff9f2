/**
 * How the navigation's box and the results page show a product the API's search found
 * (issue 34): its price as the catalogue's cards write it, its stores, and the stepper's
 * share of a store's line (what a new cart line copies, `CartItemSource`).
 */
import type { CartItemSource } from '../lib/domain/cart.ts';
import { formatRs, percentToBps, rupeesToPaise } from '../lib/domain/money.ts';
import { priceInclGst } from '../lib/domain/pricing.ts';
import type { SearchStoreDto } from '../lib/domain/search-results.ts';

/** The selling price and, when a discount lowers it, the price before (incl. GST), as the cards write them. */
export function pricesOf(line: SearchStoreDto): { selling: string; before: string | null } {
  const selling = rupeesToPaise(line.SellingPrice);
  const before = priceInclGst(rupeesToPaise(line.UnitPrice), percentToBps(line.Gst));
  return { selling: formatRs(selling), before: before > selling ? formatRs(before) : null };
}

/** "in 3 stores" for a product more than one store has; '' for one store's. */
export function storesNote(count: number): string {
  return count > 1 ? `in ${count} stores` : '';
}

/** A store's line as the stepper's `data-item` carries it: what a new cart line copies (title and size are the product's). */
export function cartSourceOf(line: SearchStoreDto, product: { ItemTitle: string; Size: string }): CartItemSource {
  return {
    ItemID: line.ItemID,
    StoreID: line.StoreID,
    ItemTitle: product.ItemTitle,
    // The search finds only items on sale: hidden items and stores are left out.
    ItemHidden: false,
    Availability: line.Availability,
    Size: product.Size,
    UnitPrice: line.UnitPrice,
    Discount: line.Discount,
    FlatDiscount: line.FlatDiscount,
    Gst: line.Gst,
    SellingPrice: line.SellingPrice,
    ItemUpdatedTime: line.ItemUpdatedTime,
    MaxQtyPerItem: line.MaxQtyPerItem,
  };
}
