/**
 * The catalogue's wire shapes: JSON field names exactly as spec §3. Shared by the
 * API (which produces them) and the site build and islands (which read them).
 * Money is rupees with up to 2 decimals, percentages are percent, flags booleans.
 */

import { idOrUndefined } from './ids.ts';
import type { SoldBy } from './measure.ts';

export interface CategoryDto {
  CategoryID: number;
  CategoryTitle: string;
  CategoryUpdatedTime: string;
}

export type StoreTypeName = 'public_store' | 'client_store' | 'edu_shopy_store';

export interface StoreDto {
  StoreID: number;
  CategoryID: number;
  StoreTitle: string;
  StoreDescription: string;
  StoreHidden: boolean;
  StoreType: StoreTypeName;
  /** The store's databases (DbID), oldest first; the first is its main catalogue. */
  DbIDs: number[];
  StoreUpdatedTime: string;
  /** The most of one item an order may hold from this store (issue 27). */
  MaxQtyPerItem: number;
  /** What its GST tax invoices print (issue 32): GSTIN and GST state code ('' until set), address. */
  Gstin: string;
  StateCode: string;
  StoreAddress: string;
}

/** A published section (spec §3 "Section (published)"). */
export interface SectionDto {
  SectionID: number;
  DbID: number;
  StoreID: number;
  SectionTitle: string;
  SectionMetaDescription: string;
  /** Rich HTML as staff wrote it: sanitize before embedding. */
  SectionContent: string;
  SectionHidden: boolean;
  /** JSON text: an array of ItemIDs in display order. */
  CustomOrder: string;
  SectionUpdatedTime: string;
}

export interface ItemDto {
  ItemID: number;
  StoreID: number;
  DbID: number;
  SectionID: number | null;
  ItemTitle: string;
  ItemMetaDescription: string;
  ItemContent: string;
  ItemHidden: boolean;
  /** Units in stock. */
  Availability: number;
  Size: string;
  UnitPrice: number;
  /** Percent. */
  Discount: number;
  FlatDiscount: number;
  /** Percent. */
  Gst: number;
  SellingPrice: number;
  ItemUpdatedTime: string;
  /** The store's own code for the item (its till's or ERP's), unique in the store; null when it has none. */
  ProductCode?: string | null;
  /** At or below this stock the item is in its store's daily low-stock mail; null when it has none. */
  ReorderLevel?: number | null;
  /** The HSN code of its tax invoice lines (4 to 8 digits), '' until set (issue 32). */
  HsnCode?: string | undefined;
  /** How it is counted (issue 33): `ByUnit`, or `ByWeight`/`ByVolume` with prices per kg or litre and Availability in g or ml. */
  SoldBy?: SoldBy | undefined;
  /** What a quantity moves by: 1 for a unit, else grams or millilitres (a line's Qty is a multiple of it). */
  Step?: number | undefined;
}

/** `GET /api/Section/ReadSectionWithList/{sectionId}/{dbId}`. */
/**
 * `GET /api/Site/Changes?since=CURSOR`: what changed in the public catalogue
 * since the cursor an earlier answer gave. `Items` are the current rows of the
 * items edited in place (price, stock, text); `ReadEverything` is true when
 * something else changed (an item added, removed or moved, a category, store
 * or published section written), when there were too many changes, or when the
 * cursor is not one of this database's: then only a whole read tells the
 * catalogue. `Cursor` is what to pass next time.
 */
export interface CatalogueChangesDto {
  Cursor: string;
  ReadEverything: boolean;
  Items: ItemDto[];
}

export interface SectionWithListDto extends SectionDto {
  items: ItemDto[];
}

/**
 * A book as listed by `GET /api/Book/ReadAll`: a published section read as a
 * book (BookID is its SectionID). `linkparams` is the path tail of its pages,
 * `{BookID}/{DbID}`.
 */
export interface BookSummaryDto {
  BookID: number;
  DbID: number;
  StoreID: number;
  BookTitle: string;
  BookMetaDescription: string;
  BookHidden: boolean;
  BookUpdatedTime: string;
  SectionTitle: string;
  SectionMetaDescription: string;
  /** Rich HTML as staff wrote it: sanitize before embedding. */
  SectionContent: string;
  /** JSON text: an array of ItemIDs in display order. */
  CustomOrder: string;
  linkparams: string;
}

/**
 * `GET /api/Book/Read/{bookId}/{dbId}` (spec §3): the book with the items its
 * CustomOrder lists, in that order (or, when the list is empty or invalid, the
 * section's items by ItemID), so one request renders a book page.
 */
export interface BookDto extends BookSummaryDto {
  items: ItemDto[];
}

/**
 * Reads a CustomOrder into item ids: a list, or JSON text of one, of ItemIDs
 * (`[3, 1, 2]`, ids as numbers or digits) or of `{ "ItemID": 3 }` objects as
 * older clients stored them; empty text is an empty list. `null` when it is
 * not such a list, so callers can refuse it (a form field) or log and ignore
 * it (a stored list, spec §8). The one CustomOrder parser: the API, the build
 * and the staff pages all read a CustomOrder through it.
 */
export function parseCustomOrder(value: unknown): number[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  const ids: number[] = [];
  for (const entry of list) {
    const raw = typeof entry === 'object' && entry !== null && 'ItemID' in entry ? entry.ItemID : entry;
    const id = idOrUndefined(raw);
    if (id === undefined) return null;
    ids.push(id);
  }
  return ids;
}

/** Orders items as CustomOrder lists them; items it does not list follow in their given order. */
export function orderByCustomOrder<T extends { ItemID: number }>(items: readonly T[], order: readonly number[]): T[] {
  const rank = new Map<number, number>();
  order.forEach((id, i) => {
    if (!rank.has(id)) rank.set(id, i);
  });
  return items
    .map((item, i) => ({ item, key: rank.get(item.ItemID) ?? order.length + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);
}
