import {
  type CategoryDto,
  type ItemDto,
  orderByCustomOrder,
  parseCustomOrder,
  type SectionDto,
  type StoreDto,
} from '../domain/catalogue.ts';

/** The public catalogue as the API lists it. */
export interface CatalogueRows {
  categories: CategoryDto[];
  stores: StoreDto[];
  /** Published sections; each is also a book (BookID = SectionID). */
  sections: SectionDto[];
  items: ItemDto[];
}

/** The catalogue with the lookups the pages need; every list in sidebar order (by id). */
export interface Catalogue extends CatalogueRows {
  categoryById: Map<number, CategoryDto>;
  storeById: Map<number, StoreDto>;
  storesByCategory: Map<number, StoreDto[]>;
  sectionsByStore: Map<number, SectionDto[]>;
  /** By `rowKey(SectionID, DbID)`. */
  sectionByKey: Map<string, SectionDto>;
  /** By `rowKey(ItemID, DbID)`. */
  itemByKey: Map<string, ItemDto>;
  /** The items filed in each section, by `rowKey(SectionID, DbID)`, in ItemID order. */
  filedItems: Map<string, ItemDto[]>;
  /** Each section's CustomOrder as item ids, `null` when its JSON was invalid (and ignored). */
  customOrders: Map<string, number[] | null>;
}

/** The key of a row that lives in a store database. */
export function rowKey(id: number, dbId: number): string {
  return `${id}/${dbId}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

const byNumber =
  <T>(...keys: ((row: T) => number)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const d = key(a) - key(b);
      if (d !== 0) return d;
    }
    return 0;
  };

/** The catalogue indexed but for its items: what `withItems` completes. */
export type IndexedFrame = Omit<Catalogue, 'items' | 'itemByKey' | 'filedItems'>;

/**
 * Indexes the rows (sorting them by id, so pages do not depend on the order the
 * API answered in). An invalid CustomOrder is reported through `warn` once and
 * then ignored (spec §8).
 */
export function indexCatalogue(rows: CatalogueRows, warn: (message: string) => void = () => {}): Catalogue {
  return withItems(indexFrame(rows, warn), rows.items);
}

/**
 * Indexes the categories, stores and sections (as `indexCatalogue`), once for any number of
 * item sets: a long-lived rebuild indexes its kept frame once, not each run.
 */
export function indexFrame(
  rows: Omit<CatalogueRows, 'items'>,
  warn: (message: string) => void = () => {},
): IndexedFrame {
  const categories = [...rows.categories].sort(byNumber((c) => c.CategoryID));
  const stores = [...rows.stores].sort(byNumber((s) => s.StoreID));
  const sections = [...rows.sections].sort(
    byNumber(
      (s) => s.StoreID,
      (s) => s.SectionID,
      (s) => s.DbID,
    ),
  );

  const storesByCategory = new Map<number, StoreDto[]>();
  for (const s of stores) push(storesByCategory, s.CategoryID, s);
  const sectionsByStore = new Map<number, SectionDto[]>();
  const sectionByKey = new Map<string, SectionDto>();
  const customOrders = new Map<string, number[] | null>();
  for (const s of sections) {
    const key = rowKey(s.SectionID, s.DbID);
    push(sectionsByStore, s.StoreID, s);
    sectionByKey.set(key, s);
    const order = parseCustomOrder(s.CustomOrder ?? '');
    if (order === null) {
      warn(
        `Section ${s.SectionID} in database ${s.DbID} ("${s.SectionTitle}") has a CustomOrder that is not a list of ` +
          'item ids; it is ignored and the items show in ItemID order.',
      );
    }
    customOrders.set(key, order);
  }
  return {
    categories,
    stores,
    sections,
    categoryById: new Map(categories.map((c) => [c.CategoryID, c])),
    storeById: new Map(stores.map((s) => [s.StoreID, s])),
    storesByCategory,
    sectionsByStore,
    sectionByKey,
    customOrders,
  };
}

/** An indexed frame with `rows` as its items (sorted by id); the frame is shared, never changed. */
export function withItems(frame: IndexedFrame, rows: readonly ItemDto[]): Catalogue {
  const items = [...rows].sort(
    byNumber(
      (i) => i.ItemID,
      (i) => i.DbID,
    ),
  );
  const itemByKey = new Map<string, ItemDto>();
  const filedItems = new Map<string, ItemDto[]>();
  for (const i of items) {
    itemByKey.set(rowKey(i.ItemID, i.DbID), i);
    if (i.SectionID !== null) push(filedItems, rowKey(i.SectionID, i.DbID), i);
  }
  return { ...frame, items, itemByKey, filedItems };
}

/**
 * A section page's items (as `/api/Section/ReadSectionWithList` answers them):
 * the items filed in the section, those its CustomOrder lists first and in that order.
 */
export function sectionItems(cat: Catalogue, section: SectionDto): ItemDto[] {
  const key = rowKey(section.SectionID, section.DbID);
  return orderByCustomOrder(cat.filedItems.get(key) ?? [], cat.customOrders.get(key) ?? []);
}

/**
 * A book page's items (as `/api/Book/Read` answers them): the items its
 * CustomOrder lists, from the book's database and in that order; or, when the
 * list is empty or invalid, the items filed in the section.
 */
export function bookItems(cat: Catalogue, section: SectionDto): ItemDto[] {
  const key = rowKey(section.SectionID, section.DbID);
  const order = cat.customOrders.get(key);
  if (order === null || order === undefined || order.length === 0) return cat.filedItems.get(key) ?? [];
  const seen = new Set<number>();
  const listed: ItemDto[] = [];
  for (const id of order) {
    if (seen.has(id)) continue;
    seen.add(id);
    const item = cat.itemByKey.get(rowKey(id, section.DbID));
    if (item !== undefined) listed.push(item);
  }
  return listed;
}

/** Every (item, book) pair a page shows: the pairs the item aliases `/section/{sid}/{bid}` exist for. */
export function* bookItemPairs(cat: Catalogue): Generator<{ itemId: number; bookId: number; dbId: number }> {
  for (const section of cat.sections) {
    const ids = new Set<number>();
    for (const item of [...sectionItems(cat, section), ...bookItems(cat, section)]) {
      if (ids.has(item.ItemID)) continue;
      ids.add(item.ItemID);
      yield { itemId: item.ItemID, bookId: section.SectionID, dbId: section.DbID };
    }
  }
}

/**
 * Where a catalogue keeps its `itemHomes`: on the catalogue itself, under a registered symbol,
 * because a rebuild runs two copies of this module (its own bundle's, for the page keys, and the
 * kept renderer's, for the pages) over one shared catalogue, and each would otherwise walk every
 * section's list again (about 20 ms of a one-item rebuild at 100,000 items).
 */
const HOMES = Symbol.for('aisle.item-homes');

/**
 * The published section each item page leads back to, by `rowKey(ItemID, DbID)`:
 * the item's own section when it is published, else the first book that lists it.
 * Only items a published section or book shows are in it (computed once per catalogue).
 */
export function itemHomes(cat: Catalogue): Map<string, SectionDto> {
  const holder = cat as Catalogue & { [HOMES]?: Map<string, SectionDto> };
  let map = holder[HOMES];
  if (map !== undefined) return map;
  map = new Map();
  for (const section of cat.sections) {
    for (const item of cat.filedItems.get(rowKey(section.SectionID, section.DbID)) ?? []) {
      map.set(rowKey(item.ItemID, item.DbID), section);
    }
  }
  for (const section of cat.sections) {
    for (const item of bookItems(cat, section)) {
      const key = rowKey(item.ItemID, item.DbID);
      if (!map.has(key)) map.set(key, section);
    }
  }
  // Not enumerable: a spread or a copy of the catalogue does not take it along.
  Object.defineProperty(holder, HOMES, { value: map });
  return map;
}

/**
 * The items that get a detail page, in ItemID order: those a published section or
 * book shows. Items of sections staff have not published stay off the public site.
 */
export function itemsWithPages(cat: Catalogue): ItemDto[] {
  const map = itemHomes(cat);
  return cat.items.filter((i) => map.has(rowKey(i.ItemID, i.DbID)));
}
