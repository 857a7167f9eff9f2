import { sanitizeContent } from '../content/sanitize.ts';
import type { CategoryDto, ItemDto, SectionDto, StoreDto } from '../domain/catalogue.ts';
import { bookItems, type Catalogue, itemHomes, rowKey, sectionItems } from './catalogue.ts';
import {
  bookCard,
  type CardView,
  type ItemCardView,
  itemCard,
  metaDescription,
  type NavEntry,
  navEntries,
  type PriceView,
  paths,
  priceView,
  sectionCard,
  storeCard,
  storeQtyLimit,
} from './views.ts';

// Kept apart so that the rebuild's own code (page keys, redirect pages) loads no HTML sanitizer.
export { INDEX_PATHS, siteLandings } from './landings.ts';

/** A page's crumbs, last one the page itself. */
export interface Crumb {
  href: string;
  label: string;
}

function storeEntries(cat: Catalogue, current: number | undefined, href: (id: number) => string): NavEntry[] {
  return navEntries(
    cat.stores,
    (s) => ({ href: href(s.StoreID), label: s.StoreTitle, hidden: s.StoreHidden }),
    (s) => s.StoreID === current,
  );
}

function sectionEntries(
  cat: Catalogue,
  storeId: number,
  current: string | undefined,
  href: (sectionId: number, dbId: number) => string,
): NavEntry[] {
  return navEntries(
    cat.sectionsByStore.get(storeId) ?? [],
    (s) => ({ href: href(s.SectionID, s.DbID), label: s.SectionTitle, hidden: s.SectionHidden }),
    (s) => rowKey(s.SectionID, s.DbID) === current,
  );
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not in the catalogue the build read.`);
  return value;
}

function storeCrumbs(cat: Catalogue, store: StoreDto): Crumb[] {
  const category = cat.categoryById.get(store.CategoryID);
  return [
    ...(category === undefined ? [] : [{ href: paths.category(category.CategoryID), label: category.CategoryTitle }]),
    { href: paths.stores(store.StoreID), label: store.StoreTitle },
  ];
}

export interface StorePage {
  store: StoreDto;
  category: CategoryDto | undefined;
  description: string;
  sidebar: NavEntry[];
  cards: CardView[];
  crumbs: Crumb[];
}

/** `/app/home/{cid}` and `/app/stores/{cid}`: a store's sections as cards, the stores in the sidebar. */
export function storePage(cat: Catalogue, storeId: number, kind: 'home' | 'stores'): StorePage {
  const store = must(cat.storeById.get(storeId), `Store ${storeId}`);
  return {
    store,
    category: cat.categoryById.get(store.CategoryID),
    description: metaDescription(
      store.StoreDescription,
      `Shop ${store.StoreTitle}: fresh produce, treats and household essentials.`,
    ),
    sidebar: storeEntries(cat, storeId, kind === 'home' ? paths.home : paths.stores),
    cards: (cat.sectionsByStore.get(storeId) ?? []).map(sectionCard),
    crumbs: storeCrumbs(cat, store),
  };
}

export interface CategoryPage {
  category: CategoryDto;
  description: string;
  sidebar: NavEntry[];
  /** Its sections across its stores, by name. */
  aisles: AisleGroup[];
  /** Its stores by city. */
  cities: CityGroup[];
}

/** `/app/categories/{catid}`: the categories in the sidebar, the chosen one's aisles across stores and its stores by city. */
export function categoryPage(cat: Catalogue, categoryId: number): CategoryPage {
  const category = must(cat.categoryById.get(categoryId), `Category ${categoryId}`);
  const stores = cat.storesByCategory.get(categoryId) ?? [];
  return {
    category,
    description: metaDescription(
      stores.length === 0
        ? ''
        : `${category.CategoryTitle} at Aisle: ${stores
            .filter((s) => !s.StoreHidden)
            .map((s) => s.StoreTitle)
            .join(', ')}.`,
      `${category.CategoryTitle} at Aisle super stores.`,
    ),
    sidebar: navEntries(
      cat.categories,
      (c) => ({ href: paths.category(c.CategoryID), label: c.CategoryTitle, hidden: false }),
      (c) => c.CategoryID === categoryId,
    ),
    aisles: categoryAisles(cat, categoryId),
    cities: storesByCity(cat, stores),
  };
}

export interface SectionPage {
  section: SectionDto;
  store: StoreDto | undefined;
  description: string;
  content: string;
  sidebar: NavEntry[];
  items: ItemCardView[];
  crumbs: Crumb[];
}

function sectionLike(cat: Catalogue, sectionId: number, dbId: number, kind: 'section' | 'book'): SectionPage {
  const key = rowKey(sectionId, dbId);
  const section = must(cat.sectionByKey.get(key), `Section ${sectionId} in database ${dbId}`);
  const store = cat.storeById.get(section.StoreID);
  const items = kind === 'section' ? sectionItems(cat, section) : bookItems(cat, section);
  return {
    section,
    store,
    description: metaDescription(
      section.SectionMetaDescription,
      `${section.SectionTitle}${store === undefined ? '' : ` at ${store.StoreTitle}`}.`,
    ),
    content: sanitizeContent(section.SectionContent),
    sidebar: sectionEntries(cat, section.StoreID, key, kind === 'section' ? paths.storeSection : paths.book),
    items: items.map((item) => itemCard(item, storeQtyLimit(cat.storeById.get(item.StoreID)))),
    crumbs: [
      ...(store === undefined ? [] : storeCrumbs(cat, store)),
      {
        href: kind === 'section' ? paths.storeSection(sectionId, dbId) : paths.book(sectionId, dbId),
        label: section.SectionTitle,
      },
    ],
  };
}

/** `/app/store-section/{bid}/{dbid}`: a published section and its items, its store's sections in the sidebar. */
export function storeSectionPage(cat: Catalogue, sectionId: number, dbId: number): SectionPage {
  return sectionLike(cat, sectionId, dbId, 'section');
}

/** `/app/book/{bid}/{dbid}`: a published section read as a book, its items in CustomOrder order. */
export function bookPage(cat: Catalogue, bookId: number, dbId: number): SectionPage {
  return sectionLike(cat, bookId, dbId, 'book');
}

export interface ItemPage {
  item: ItemDto;
  store: StoreDto | undefined;
  section: SectionDto | undefined;
  description: string;
  content: string;
  price: PriceView;
  card: ItemCardView;
  crumbs: Crumb[];
}

/**
 * `/app/section/{sid}/{dbid}`: one item (sid is the ItemID), with crumbs back to
 * its store and section. There is one such page per item, so it carries no sidebar.
 */
export function itemPage(cat: Catalogue, itemId: number, dbId: number): ItemPage {
  const item = must(cat.itemByKey.get(rowKey(itemId, dbId)), `Item ${itemId} in database ${dbId}`);
  const store = cat.storeById.get(item.StoreID);
  const section = itemHomes(cat).get(rowKey(itemId, dbId));
  return {
    item,
    store,
    section,
    description: metaDescription(
      item.ItemMetaDescription,
      `${item.ItemTitle}${item.Size ? `, ${item.Size}` : ''}${store === undefined ? '' : ` at ${store.StoreTitle}`}.`,
    ),
    content: sanitizeContent(item.ItemContent),
    price: priceView(item),
    card: itemCard(item, storeQtyLimit(store)),
    crumbs: [
      ...(store === undefined ? [] : storeCrumbs(cat, store)),
      ...(section === undefined
        ? []
        : [{ href: paths.storeSection(section.SectionID, section.DbID), label: section.SectionTitle }]),
      { href: paths.item(item.ItemID, item.DbID), label: item.ItemTitle },
    ],
  };
}

export interface StoreBooksPage {
  store: StoreDto;
  description: string;
  cards: CardView[];
}

/** `/store/{cid}`: a store's published sections as book cards with a "Read" link. */
export function storeBooksPage(cat: Catalogue, storeId: number): StoreBooksPage {
  const store = must(cat.storeById.get(storeId), `Store ${storeId}`);
  return {
    store,
    description: metaDescription(`Read the books of ${store.StoreTitle}. ${store.StoreDescription}`, store.StoreTitle),
    cards: (cat.sectionsByStore.get(storeId) ?? []).map(bookCard),
  };
}

/**
 * What the search results page suggests when nothing matches: the categories
 * (links) and a few section titles to search for instead.
 */
export function searchSuggestions(cat: Catalogue): {
  categories: { label: string; href: string }[];
  ideas: string[];
} {
  const categories = cat.categories.map((c) => ({ label: c.CategoryTitle, href: paths.category(c.CategoryID) }));
  const ideas = [
    ...new Set(cat.sections.filter((s) => !s.SectionHidden).map((s) => s.SectionTitle.split(/[\s,&]+/)[0] ?? '')),
  ]
    .filter((w) => w.length >= 3)
    .slice(0, 8);
  return { categories, ideas };
}

/**
 * A store's city (issue 37: stores grouped by city). Stores have no city field; their
 * descriptions name the place as "… in {neighbourhood}, {city}: …" (or "…, {city}."),
 * so the city is the words after the first "in …," up to the next ":", "." or ",".
 * `null` when the description names no place that way.
 */
export function storeCity(store: Pick<StoreDto, 'StoreDescription'>): string | null {
  const match = /\bin [^,:.;]{2,60}, ([A-Z][^,:.;]{1,40}?)\s*(?:[:.;,]|$)/u.exec(store.StoreDescription);
  return match?.[1]?.trim() ?? null;
}

/** The heading of the stores whose city is not known. */
export const OTHER_CITY = 'Other places';

/** The names of a store's shown sections, in sidebar order: what its card says it sells. */
function aisleNames(cat: Catalogue, storeId: number): string[] {
  return (cat.sectionsByStore.get(storeId) ?? []).filter((s) => !s.SectionHidden).map((s) => s.SectionTitle);
}

/** A store's card that names its sections ("Milk & Curd, Paneer & Cheese, …"). */
function storeCardWithAisles(cat: Catalogue, store: StoreDto): CardView {
  return { ...storeCard(store), aisles: aisleNames(cat, store.StoreID) };
}

export interface CityGroup {
  city: string;
  cards: CardView[];
}

/** Stores by city, cities in alphabetical order and the unknown ones last; stores keep their order. */
export function storesByCity(cat: Catalogue, stores: readonly StoreDto[]): CityGroup[] {
  const groups = new Map<string, CardView[]>();
  for (const store of stores) {
    const city = storeCity(store) ?? OTHER_CITY;
    const cards = groups.get(city) ?? [];
    cards.push(storeCardWithAisles(cat, store));
    groups.set(city, cards);
  }
  return [...groups]
    .sort(([a], [b]) => (a === OTHER_CITY ? 1 : b === OTHER_CITY ? -1 : a.localeCompare(b, 'en-IN')))
    .map(([city, cards]) => ({ city, cards }));
}

/** One aisle of a category: a section name and every store that has a shown section of that name. */
export interface AisleGroup {
  title: string;
  places: { href: string; store: string; city: string | null }[];
}

/** A category's sections across its stores, grouped by name ("Paneer & Cheese": the stores that have it), by name. */
export function categoryAisles(cat: Catalogue, categoryId: number): AisleGroup[] {
  const groups = new Map<string, AisleGroup>();
  for (const store of cat.storesByCategory.get(categoryId) ?? []) {
    if (store.StoreHidden) continue;
    for (const section of cat.sectionsByStore.get(store.StoreID) ?? []) {
      if (section.SectionHidden) continue;
      const title = section.SectionTitle.trim();
      const key = title.toLocaleLowerCase('en-IN');
      const group = groups.get(key) ?? { title, places: [] };
      group.places.push({
        href: paths.storeSection(section.SectionID, section.DbID),
        store: store.StoreTitle,
        city: storeCity(store),
      });
      groups.set(key, group);
    }
  }
  return [...groups.values()].sort((a, b) => a.title.localeCompare(b.title, 'en-IN'));
}

/** One category on the categories index and the front page: its link, its stores and its aisles' names. */
export interface CategoryEntry {
  href: string;
  title: string;
  stores: number;
  aisles: string[];
}

/** Every category with the names of its aisles (the categories index, `/app/categories/all`, and the front page). */
export function categoryEntries(cat: Catalogue): CategoryEntry[] {
  return cat.categories.map((c) => {
    const stores = (cat.storesByCategory.get(c.CategoryID) ?? []).filter((s) => !s.StoreHidden);
    return {
      href: paths.category(c.CategoryID),
      title: c.CategoryTitle,
      stores: stores.length,
      aisles: categoryAisles(cat, c.CategoryID).map((a) => a.title),
    };
  });
}

/**
 * The few aisles the front page shows: the first shown section of the first shown store of
 * each category, so the front page is not one aisle of one store (issue 37), at most `count`.
 */
export function frontAisles(cat: Catalogue, count = 6): SectionDto[] {
  const aisles: SectionDto[] = [];
  for (const c of cat.categories) {
    if (aisles.length >= count) break;
    const store = (cat.storesByCategory.get(c.CategoryID) ?? []).find((s) => !s.StoreHidden);
    const section = store && (cat.sectionsByStore.get(store.StoreID) ?? []).find((s) => !s.SectionHidden);
    if (section !== undefined) aisles.push(section);
  }
  return aisles;
}
