/**
 * The browser's handle on the site's search index (Pagefind, written under
 * /pagefind/ by the build; a large catalogue's index is split into shards that
 * are merged here, see src/publish/search-index.ts). Loaded once, on first use,
 * by the navigation's search box and by the search results page alike.
 */

/** What the item and section pages hand Pagefind as metadata (src/components/SearchMeta.astro). */
export interface SearchHitMeta {
  title?: string;
  kind?: string;
  image?: string;
  store?: string;
  size?: string;
  price?: string;
  before?: string;
  /** JSON of the stepper's share of the item. */
  item?: string;
}

export interface SearchHitData {
  url: string;
  excerpt: string;
  meta: SearchHitMeta;
}

export interface SearchHit {
  id: string;
  data(): Promise<SearchHitData>;
}

interface Pagefind {
  options(opts: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(indexPath: string, opts?: Record<string, unknown>): Promise<void>;
  search(term: string, opts?: Record<string, unknown>): Promise<{ results: SearchHit[] } | null>;
  debouncedSearch(term: string, opts?: Record<string, unknown>, ms?: number): Promise<{ results: SearchHit[] } | null>;
}

const INDEX_URL = '/pagefind/pagefind.js';
const SHARDS_URL = '/pagefind/shards.json';
/** Words of context around the match in an excerpt. */
const EXCERPT_WORDS = 24;

let loading: Promise<Pagefind> | undefined;

/** The search index's module, fetched once, on first use. */
export function searchIndex(): Promise<Pagefind> {
  loading ??= (async () => {
    // A path the bundler must leave alone: the index is written after the site is built.
    const url = INDEX_URL;
    const mod = (await import(/* @vite-ignore */ url)) as Pagefind;
    await mod.options({ baseUrl: '/', excerptLength: EXCERPT_WORDS });
    const shards = await fetch(SHARDS_URL).then((res) => (res.ok ? (res.json() as Promise<string[]>) : []));
    await mod.init();
    // All shards at once: each loads its entry and metadata files, and one after the other they
    // would cost a round trip each (twenty or more on a large catalogue's index).
    await Promise.all(shards.map((path) => mod.mergeIndex(path, { baseUrl: '/' })));
    return mod;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Every hit for `term`, best first; `debounced` waits for typing to pause (answers null when overtaken). */
export async function searchAll(term: string, debounced = false): Promise<SearchHit[] | null> {
  const index = await searchIndex();
  const found = debounced ? await index.debouncedSearch(term, {}, 150) : await index.search(term);
  return found === null ? null : found.results;
}

/** The address of the results page for `term`, optionally at page `page` (1-based). */
export function resultsPageUrl(term: string, page = 1): string {
  const q = new URLSearchParams({ q: term });
  if (page > 1) q.set('page', String(page));
  return `/app/search?${q.toString()}`;
}

/** A hit's page address as the site links it (no trailing slash). */
export function hitHref(url: string): string {
  return url.replace(/(?<=.)\/$/, '');
}

/**
 * The excerpt as text with the matched words marked: parts alternate between
 * plain and marked. Pagefind escapes the page text and wraps matches in `<mark>`;
 * nothing of it is ever parsed as HTML.
 */
export function excerptParts(excerpt: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let marked = false;
  for (const part of excerpt.split(/(<mark>|<\/mark>)/)) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part !== '') parts.push({ text: decodeEntities(part), marked });
  }
  return parts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#?[a-z0-9]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return whole;
  });
}
