import { singularOf, wordsOf } from './search-words.ts';

/** The results page (`/app/search?q=…&page=n`, contract "Pages beyond spec section 2"), the navigation's search form's `action`. */
export const RESULTS_PAGE = '/app/search';

/** One store's shelf line of a product found by the search (its title and size are the hit's). */
export interface SearchStoreDto {
  ItemID: number;
  DbID: number;
  StoreID: number;
  StoreTitle: string;
  /** Rupees. */
  SellingPrice: number;
  /** Units in stock. */
  Availability: number;
  /** Percent off the unit price. */
  Discount: number;
  /** Rupees off the unit price. */
  FlatDiscount: number;
  /** GST in percent. */
  Gst: number;
  ItemUpdatedTime: string;
  /** The store's most units of one item in an order. */
  MaxQtyPerItem: number;
  /** Rupees, before discounts. */
  UnitPrice: number;
}

/** A line as the search reads it: the store's, with what the hit shows of it. */
export interface SearchLine extends SearchStoreDto {
  ItemTitle: string;
  Size: string;
}

/**
 * One product of `GET /api/Search`: the fields of its best store's line (in stock, then
 * cheapest), and `Stores`, every store it is in (in stock first, then by price). Its
 * picture is that line's, `/content/{StoreID}/Item/{ItemID}/ti.png`.
 */
export interface SearchHitDto extends SearchLine {
  Stores: SearchStoreDto[];
}

export interface SearchAnswer {
  /** Products found (each once, however many stores hold it). */
  Total: number;
  Hits: SearchHitDto[];
}

/** A store's line the search found, with its score and product key. */
export interface SearchCandidate {
  score: number;
  key: string;
  store: SearchLine;
}

/**
 * What makes two stores' lines one product: the title's words in the singular and the
 * size's words (the demo catalogue has no product codes shared across stores).
 */
export function productKeyOf(title: string, size: string): string {
  return `${wordsOf(title).map(singularOf).join(' ')}|${wordsOf(size).join(' ')}`;
}

const inStock = (s: SearchStoreDto) => (s.Availability > 0 ? 1 : 0);

function storeOrder(a: SearchStoreDto, b: SearchStoreDto): number {
  return inStock(b) - inStock(a) || a.SellingPrice - b.SellingPrice || a.StoreID - b.StoreID || a.ItemID - b.ItemID;
}

/**
 * Lines grouped into products, ordered in stock (in any store) first, then by score,
 * then fewer words in the title, then title and size; the `page`th `limit` of them.
 */
export function searchPage(candidates: readonly SearchCandidate[], page: number, limit: number): SearchAnswer {
  const groups = new Map<string, { score: number; stores: SearchLine[] }>();
  for (const c of candidates) {
    const g = groups.get(c.key);
    if (g === undefined) groups.set(c.key, { score: c.score, stores: [c.store] });
    else {
      g.stores.push(c.store);
      if (c.score > g.score) g.score = c.score;
    }
  }
  const products = [...groups.values()].map((g) => {
    const stores = g.stores.sort(storeOrder);
    const best = stores[0] as SearchLine;
    return { score: g.score, best, stores, words: wordsOf(best.ItemTitle).length };
  });
  products.sort(
    (a, b) =>
      inStock(b.best) - inStock(a.best) ||
      b.score - a.score ||
      a.words - b.words ||
      a.best.ItemTitle.localeCompare(b.best.ItemTitle) ||
      a.best.Size.localeCompare(b.best.Size) ||
      a.best.ItemID - b.best.ItemID,
  );
  const start = (page - 1) * limit;
  return {
    Total: products.length,
    Hits: products.slice(start, start + limit).map((p) => ({
      ...p.best,
      Stores: p.stores.map((l) => ({
        ItemID: l.ItemID,
        DbID: l.DbID,
        StoreID: l.StoreID,
        StoreTitle: l.StoreTitle,
        SellingPrice: l.SellingPrice,
        Availability: l.Availability,
        Discount: l.Discount,
        FlatDiscount: l.FlatDiscount,
        Gst: l.Gst,
        ItemUpdatedTime: l.ItemUpdatedTime,
        MaxQtyPerItem: l.MaxQtyPerItem,
        UnitPrice: l.UnitPrice,
      })),
    })),
  };
}
