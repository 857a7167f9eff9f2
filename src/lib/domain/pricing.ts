/**
 * The shop's pricing rules, shared by the API (which stores SellingPrice), the
 * static pages and the cart. All amounts are integer paise, rates basis points.
 */
import { measuredLineTotal, type SoldBy } from './measure.ts';

/** A line as the order's rules price it: its store, selling price (paise), quantity and how it counts. */
export interface PricedLine {
  store_id: number;
  selling_price: number;
  qty: number;
  sold_by: SoldBy;
}

export interface PriceFields {
  unitPrice: number;
  /** Percent discount in basis points. */
  discountBps: number;
  /** Flat discount in paise, taken after the percent discount. */
  flatDiscount: number;
  gstBps: number;
}

/**
 * What the customer pays for one unit, GST included:
 * (unit price − percent discount − flat discount, never below 0) + GST on that.
 */
export function sellingPrice(p: PriceFields): number {
  const discounted = Math.max(0, Math.round((p.unitPrice * (10_000 - p.discountBps)) / 10_000) - p.flatDiscount);
  return Math.round((discounted * (10_000 + p.gstBps)) / 10_000);
}

/** The struck-through price of spec §9: unit price plus GST percent. */
export function priceInclGst(unitPrice: number, gstBps: number): number {
  return Math.round((unitPrice * (10_000 + gstBps)) / 10_000);
}

/**
 * Cart line total (spec §9): selling price × quantity, exact in paise; for an item sold by
 * weight or volume the price is per kg or litre and the quantity in g or ml, rounded half
 * up to the paisa once per line (`measuredLineTotal`).
 */
export function lineTotal(sellingPricePaise: number, qty: number, soldBy: SoldBy): number {
  return measuredLineTotal(sellingPricePaise, qty, soldBy);
}

/** True when the struck-through price is worth showing (the item is actually discounted). */
export function hasDiscount(p: PriceFields): boolean {
  return sellingPrice(p) < priceInclGst(p.unitPrice, p.gstBps);
}
