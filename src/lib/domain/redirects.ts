/**
 * The site's redirects (spec §2): the empty and `0` paths that lead to the first
 * store, category or section, and the aliases of book and item pages outside
 * `/app`. Computed at build from the catalogue; written as a `_redirects` file in
 * the format static hosts read (`/from /to 301`) and as static redirect pages.
 */

/** 301 for an alias that always means the same page; 302 for a landing that follows the catalogue. */
export type RedirectStatus = 301 | 302;

export interface RedirectRule {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** The catalogue as far as redirects need it, every list in sidebar order. */
export interface RedirectSources {
  categories: readonly { CategoryID: number }[];
  stores: readonly { StoreID: number; StoreHidden: boolean }[];
  /** Published sections (books are these, read as books). */
  sections: readonly { SectionID: number; DbID: number; StoreID: number; SectionHidden: boolean }[];
  /** Every item a book shows, with that book: the pairs `/section/{sid}/{bid}` exists for. */
  bookItems: Iterable<{ itemId: number; bookId: number; dbId: number }>;
}

/** The first row that is not hidden, else the first row: where a `0` path lands. */
export function firstShown<T>(rows: readonly T[], isHidden: (row: T) => boolean): T | undefined {
  return rows.find((row) => !isHidden(row)) ?? rows[0];
}

/** Where each landing path goes, `undefined` when the catalogue has nothing to land on. */
export interface Landings {
  home: string | undefined;
  categories: string | undefined;
  stores: string | undefined;
  storeSection: string | undefined;
  /**
   * The front page `/`, the logo and Home (issue 37: one place): the first store's home page (the welcome,
   * the categories and a few aisles), or failing that the first section or category, or the playbook.
   */
  front: string;
}

/**
 * The targets of the landing paths. The first store is the first shown store of
 * the sidebar; the first section is the first shown section of that store (or,
 * when it has none, of any store).
 */
export function landings(src: RedirectSources): Landings {
  const store = firstShown(src.stores, (s) => s.StoreHidden);
  const category = src.categories[0];
  const shownSection = (rows: RedirectSources['sections']) => firstShown(rows, (s) => s.SectionHidden);
  const section =
    (store === undefined ? undefined : shownSection(src.sections.filter((s) => s.StoreID === store.StoreID))) ??
    shownSection(src.sections);
  const home = store === undefined ? undefined : `/app/home/${store.StoreID}`;
  const categories = category === undefined ? undefined : `/app/categories/${category.CategoryID}`;
  const stores = store === undefined ? undefined : `/app/stores/${store.StoreID}`;
  const storeSection = section === undefined ? undefined : `/app/store-section/${section.SectionID}/${section.DbID}`;
  return { home, categories, stores, storeSection, front: home ?? storeSection ?? categories ?? '/playbook' };
}

/**
 * Every redirect of the site: the landing paths (302, each straight to its final
 * page rather than through `0`), then `/book/{bid}[/{dbid}]` and
 * `/section/{sid}/{bid}[/{dbid}]` (301). A `{dbid}` left out is the book's; a
 * section id published in several databases takes the lowest DbID, as the API's
 * `/api/Book/Read/{bookId}` does. One rule per path, the first one winning.
 */
export function catalogueRedirects(src: RedirectSources): RedirectRule[] {
  const to = landings(src);
  const rules: RedirectRule[] = [];
  const seen = new Set<string>();
  const add = (from: string, target: string, status: RedirectStatus) => {
    if (seen.has(from) || from === target) return;
    seen.add(from);
    rules.push({ from, to: target, status });
  };
  add('/', to.front, 302);
  add('/app', to.front, 302);
  for (const path of ['/app/home', '/app/home/0']) add(path, to.home ?? to.front, 302);
  for (const path of ['/app/categories', '/app/categories/0']) add(path, to.categories ?? to.front, 302);
  for (const path of ['/app/stores', '/app/stores/0']) add(path, to.stores ?? to.front, 302);
  for (const path of ['/app/store-section', '/app/store-section/0/0']) add(path, to.storeSection ?? to.front, 302);

  const lowestDb = new Map<number, number>();
  for (const s of src.sections) {
    const known = lowestDb.get(s.SectionID);
    if (known === undefined || s.DbID < known) lowestDb.set(s.SectionID, s.DbID);
  }
  for (const [bookId, dbId] of [...lowestDb].sort((a, b) => a[0] - b[0])) {
    add(`/book/${bookId}`, bookPath(bookId, dbId), 301);
  }
  for (const s of src.sections) add(`/book/${s.SectionID}/${s.DbID}`, bookPath(s.SectionID, s.DbID), 301);
  for (const { itemId, bookId, dbId } of src.bookItems) {
    const target = itemPath(itemId, dbId);
    if (lowestDb.get(bookId) === dbId) add(`/section/${itemId}/${bookId}`, target, 301);
    add(`/section/${itemId}/${bookId}/${dbId}`, target, 301);
  }
  return rules;
}

/** The canonical book page. */
export function bookPath(bookId: number, dbId: number): string {
  return `/app/book/${bookId}/${dbId}`;
}

/** The canonical item detail page (spec §2 `/app/section/{sid}/{dbid}`, `sid` being the ItemID). */
export function itemPath(itemId: number, dbId: number): string {
  return `/app/section/${itemId}/${dbId}`;
}

/** The staff Items page with the editor of one item open (issue 35: "Edit" on the public item page). */
export function staffItemPath(itemId: number, dbId: number): string {
  return `/app/client-store/item?db=${dbId}&edit=${itemId}`;
}

/** A path prefix whose every page is one client-rendered page (a `/prefix/* /page 200` line). */
export interface RewriteRule {
  /** `/confirm/` for `/confirm/*`. */
  prefix: string;
  to: string;
}

/**
 * Pages that read their id from the address in the browser, so one built page
 * serves every id: `/confirm/{userid}` (spec §2) is `confirm/index.html`.
 */
export const APP_REWRITES: readonly RewriteRule[] = [{ prefix: '/confirm/', to: '/confirm/index.html' }];

/** The rules as a `_redirects` file: one `/from /to status` line each, then the `200` rewrites. */
export function formatRedirects(rules: readonly RedirectRule[], rewrites: readonly RewriteRule[] = []): string {
  return (
    rules.map((r) => `${r.from} ${r.to} ${r.status}\n`).join('') +
    rewrites.map((r) => `${r.prefix}* ${r.to} 200\n`).join('')
  );
}

/** The `/prefix/* /page 200` rewrites of a `_redirects` file, in file order. */
export function parseRewrites(text: string): RewriteRule[] {
  const rewrites: RewriteRule[] = [];
  for (const raw of text.split('\n')) {
    const [from, to, status, ...rest] = raw.replace(/#.*/, '').trim().split(/\s+/);
    if (from === undefined || to === undefined || status !== '200' || rest.length > 0) continue;
    if (!from.startsWith('/') || !from.endsWith('/*') || from.slice(0, -1).includes('*')) continue;
    if (!to.startsWith('/') || to.includes('*') || to.includes(':')) continue;
    rewrites.push({ prefix: from.slice(0, -1), to });
  }
  return rewrites;
}

/**
 * Reads a `_redirects` file into exact-path rules. Blank lines and `#` comments
 * are skipped; a line without a status means 301. Lines with placeholders,
 * splats or another status (rewrites, 404s) are left to the hosts that know
 * them; the first rule for a path wins.
 */
export function parseRedirects(text: string): Map<string, { to: string; status: RedirectStatus }> {
  const rules = new Map<string, { to: string; status: RedirectStatus }>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const [from, target, statusText, ...rest] = line.split(/\s+/);
    if (from === undefined || target === undefined || rest.length > 0) continue;
    if (!from.startsWith('/') || from.includes('*') || from.includes('/:')) continue;
    const status = statusText === undefined ? 301 : Number(statusText);
    if (status !== 301 && status !== 302) continue;
    if (!rules.has(from)) rules.set(from, { to: target, status });
  }
  return rules;
}
