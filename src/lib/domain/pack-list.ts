/**
 * The packing screen's list (issue 33, item 3): a store's orders in Packing for one
 * delivery slot, each with its lines in shelf order, and what a scanned ProductCode
 * marks. Pure functions, no I/O.
 */
import type { Substitution } from './substitutions.ts';

/** One line to pack: the item asked, where it sits, and what the shopper allows instead. */
export interface PackLineDto {
  ItemID: number;
  ProductCode: string | null;
  ItemTitle: string;
  Size: string;
  Qty: number;
  SectionID: number | null;
  SectionTitle: string;
  /** Rupees per unit as ordered. */
  SellingPrice: number;
  Substitution: Substitution;
  /** The chosen item's title when the shopper named one; null otherwise. */
  SubstituteTitle: string | null;
}

/** One order to pack, its lines in shelf order. */
export interface PackOrderDto {
  OrderID: number;
  CustomerName: string;
  Lines: PackLineDto[];
}

/** `GET /api/Order/PackList`: one store's orders in Packing for one slot (or those without one). */
export interface PackListDto {
  StoreID: number;
  StoreTitle: string;
  SlotID: number | null;
  Start: string | null;
  End: string | null;
  Orders: PackOrderDto[];
}

/** Shelf order: section by section (no section last), then title, then ItemID. */
export function shelfOrder<T extends Pick<PackLineDto, 'SectionID' | 'ItemTitle' | 'ItemID'>>(
  lines: readonly T[],
): T[] {
  const shelf = (l: T) => l.SectionID ?? Number.MAX_SAFE_INTEGER;
  return [...lines].sort(
    (a, b) => shelf(a) - shelf(b) || a.ItemTitle.localeCompare(b.ItemTitle) || a.ItemID - b.ItemID,
  );
}

/** What a scanned code finds: the next unmarked line of that product, in the order shown or, failing that, another order's. */
export type ScanResult =
  | { kind: 'here'; itemId: number }
  | { kind: 'other-order'; orderId: number; itemId: number }
  | { kind: 'done'; itemId: number }
  | { kind: 'unknown' };

/**
 * The line a scanned `code` marks packed in order `current`: its next line of that product
 * not marked yet; else the first other order that still needs it; else, when the product
 * is on the list but every line of it is marked, `done`; else `unknown`. Codes match
 * trimmed and case-insensitively, as scanners and thumbs type them.
 */
export function scanCode(
  orders: readonly PackOrderDto[],
  current: number,
  marked: ReadonlySet<string>,
  code: string,
): ScanResult {
  const wanted = code.trim().toLowerCase();
  if (wanted === '') return { kind: 'unknown' };
  const matches = (l: PackLineDto) => (l.ProductCode ?? '').trim().toLowerCase() === wanted;
  const open = (o: PackOrderDto) => o.Lines.find((l) => matches(l) && !marked.has(lineKey(o.OrderID, l.ItemID)));
  const here = orders.find((o) => o.OrderID === current);
  const mine = here === undefined ? undefined : open(here);
  if (mine !== undefined) return { kind: 'here', itemId: mine.ItemID };
  for (const o of orders) {
    if (o.OrderID === current) continue;
    const l = open(o);
    if (l !== undefined) return { kind: 'other-order', orderId: o.OrderID, itemId: l.ItemID };
  }
  const any = orders.flatMap((o) => o.Lines).find(matches);
  return any === undefined ? { kind: 'unknown' } : { kind: 'done', itemId: any.ItemID };
}

/** The key of one order's line in a set of marked lines. */
export function lineKey(orderId: number, itemId: number): string {
  return `${orderId}:${itemId}`;
}
