import { hash as oneShot } from 'node:crypto';
import { APP_REWRITES, catalogueRedirects, formatRedirects } from '../domain/redirects.ts';
import { buildChannel } from './build-channel.ts';
import { bookItems, type Catalogue, itemHomes, itemsWithPages, rowKey, sectionItems } from './catalogue.ts';
import { INDEX_PATHS, redirectSources, siteLandings } from './landings.ts';
import { paths } from './views.ts';

/** The catalogue's page routes: each has a `getStaticPaths` in `src/pages`. */
export type CatalogueRoute =
  | 'category'
  | 'home'
  | 'stores'
  | 'storeBooks'
  | 'storeSection'
  | 'book'
  | 'item'
  | 'redirects';

/** One page of the catalogue: its route, its address, its route parameters and its cache key. */
export interface CataloguePage {
  route: CatalogueRoute;
  /** The URL path (`/app/section/12/3`; `/_redirects` for the redirects file). */
  path: string;
  params: Record<string, string>;
  /**
   * A digest of every row the page shows (and of the site-wide navigation): equal
   * keys mean equal pages, as long as the site's code is the same.
   */
  key: string;
}

const digests = new WeakMap<object, string>();

function hash(text: string): string {
  return oneShot('sha1', text, 'base64url');
}

/**
 * A row's digest, from all of its fields. Update times alone are not enough:
 * an order lowers an item's stock without touching `ItemUpdatedTime`, and the
 * item's pages show whether it is in stock.
 */
function digest(row: object | undefined): string {
  if (row === undefined) return '-';
  let d = digests.get(row);
  if (d === undefined) {
    d = hash(JSON.stringify(row));
    digests.set(row, d);
  }
  return d;
}

/**
 * What every page shows besides its own rows: the navigation's landing links
 * and the footer's year (a page built on 31 December differs from one built a
 * day later).
 */
export function siteKey(cat: Catalogue, now: Date = new Date()): string {
  return hash(`${now.getFullYear()}|${JSON.stringify(siteLandings(cat))}`);
}

const keyOf = (parts: readonly string[]) => hash(parts.join('|'));

/** Every page of one route, with its key computed only when `wanted(path)` holds. */
function routePages(cat: Catalogue, route: CatalogueRoute, site: string, wanted: (path: string) => boolean) {
  const pages: CataloguePage[] = [];
  const add = (path: string, params: Record<string, string>, parts: () => string[]) => {
    if (wanted(path)) pages.push({ route, path, params, key: keyOf([route, site, ...parts()]) });
  };
  const categoryOf = (categoryId: number) => cat.categoryById.get(categoryId);
  const storeRows = () => cat.stores.map(digest);
  // The indexes and the home pages name every category's, or every store's, sections.
  const everything = () => [...cat.categories.map(digest), ...storeRows(), '#', ...cat.sections.map(digest)];
  const storesWithSections = (stores: readonly { StoreID: number }[]) =>
    stores.flatMap((s) => [digest(s), ...(cat.sectionsByStore.get(s.StoreID) ?? []).map(digest), '#']);
  switch (route) {
    case 'category':
      add(INDEX_PATHS.categories, { catid: 'all' }, everything);
      for (const c of cat.categories) {
        add(paths.category(c.CategoryID), { catid: String(c.CategoryID) }, () => [
          ...cat.categories.map(digest),
          ...storesWithSections(cat.storesByCategory.get(c.CategoryID) ?? []),
        ]);
      }
      break;
    case 'home':
    case 'stores':
    case 'storeBooks':
      if (route === 'stores') add(INDEX_PATHS.stores, { cid: 'all' }, everything);
      for (const s of cat.stores) {
        const path =
          route === 'home'
            ? paths.home(s.StoreID)
            : route === 'stores'
              ? paths.stores(s.StoreID)
              : paths.storeBooks(s.StoreID);
        add(path, { cid: String(s.StoreID) }, () => [
          digest(s),
          digest(categoryOf(s.CategoryID)),
          ...(route === 'storeBooks' ? [] : storeRows()),
          ...(cat.sectionsByStore.get(s.StoreID) ?? []).map(digest),
          ...(route === 'home' ? ['#', ...everything()] : []),
        ]);
      }
      break;
    case 'storeSection':
    case 'book':
      for (const s of cat.sections) {
        const path = route === 'book' ? paths.book(s.SectionID, s.DbID) : paths.storeSection(s.SectionID, s.DbID);
        add(path, { bid: String(s.SectionID), dbid: String(s.DbID) }, () => {
          const store = cat.storeById.get(s.StoreID);
          return [
            digest(s),
            digest(store),
            digest(store === undefined ? undefined : categoryOf(store.CategoryID)),
            ...(cat.sectionsByStore.get(s.StoreID) ?? []).map(digest),
            '#',
            ...(route === 'book' ? bookItems(cat, s) : sectionItems(cat, s)).map(digest),
          ];
        });
      }
      break;
    case 'item': {
      const homes = itemHomes(cat);
      for (const i of itemsWithPages(cat)) {
        add(paths.item(i.ItemID, i.DbID), { sid: String(i.ItemID), dbid: String(i.DbID) }, () => {
          const store = cat.storeById.get(i.StoreID);
          return [
            digest(i),
            digest(store),
            digest(store === undefined ? undefined : categoryOf(store.CategoryID)),
            digest(homes.get(rowKey(i.ItemID, i.DbID))),
          ];
        });
      }
      break;
    }
    case 'redirects':
      add('/_redirects', { file: '_redirects' }, () => [hash(redirectsText(cat))]);
      break;
  }
  return pages;
}

/** The site's `_redirects` file for this catalogue. */
export function redirectsText(cat: Catalogue): string {
  let text = redirectTexts.get(cat);
  if (text === undefined) {
    text = formatRedirects(catalogueRedirects(redirectSources(cat)), APP_REWRITES);
    redirectTexts.set(cat, text);
  }
  return text;
}

// A rebuild needs the text for the file's key and for the redirect pages (about 1 s at 100,000 items).
const redirectTexts = new WeakMap<Catalogue, string>();

export const CATALOGUE_ROUTES: readonly CatalogueRoute[] = [
  'category',
  'home',
  'stores',
  'storeBooks',
  'storeSection',
  'book',
  'item',
  'redirects',
];

/** Every catalogue page of the site, with its key, in route order. */
export function cataloguePages(cat: Catalogue, now: Date = new Date()): CataloguePage[] {
  const site = siteKey(cat, now);
  return CATALOGUE_ROUTES.flatMap((route) => routePages(cat, route, site, () => true));
}

/**
 * The catalogue pages among `wanted` with their keys. A catalogue holding only
 * the rows those pages show (a rebuild after a few items changed reads no more)
 * gives them the keys the whole catalogue gives.
 */
export function cataloguePagesAt(cat: Catalogue, wanted: ReadonlySet<string>, now: Date = new Date()): CataloguePage[] {
  const site = siteKey(cat, now);
  return CATALOGUE_ROUTES.flatMap((route) => routePages(cat, route, site, (path) => wanted.has(path)));
}

/**
 * Limits the coming build's catalogue pages to `paths` (`null`: every page).
 * The incremental rebuild (`src/publish`) renders only the pages whose keys
 * changed; it passes a promise so that Astro can bundle the site while the
 * rebuild still reads the catalogue and works out which pages those are.
 */
export function shareOnlyPages(paths: Promise<readonly string[]> | null): void {
  buildChannel().onlyPages = paths === null ? null : paths.then((p) => new Set(p));
}

/**
 * `getStaticPaths()` of a catalogue route: its pages' parameters with their
 * cache keys (Astro's `cacheKey`), limited to the pages the rebuild named
 * (`shareOnlyPages`), if it did.
 */
export async function staticPathsOf(
  cat: Catalogue,
  route: CatalogueRoute,
): Promise<{ params: Record<string, string>; cacheKey: string }[]> {
  const only = (await buildChannel().onlyPages) ?? null;
  return routePages(cat, route, siteKey(cat), only === null ? () => true : (path) => only.has(path)).map((p) => ({
    params: p.params,
    cacheKey: p.key,
  }));
}
