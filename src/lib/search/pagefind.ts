/**
 * The browser's handle on the site's search index (Pagefind, written under
 * /pagefind/ by the build; a large catalogue's index is split into shards that
 * are merged here, see src/publish/search-index.ts). Loaded once, on first use,
 * by the navigation's search box and by the search results page alike.
 */

import { RESULTS_PAGE } from '../domain/search-results.ts';

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

/** Every hit for a term, best first; with `debounceMs`, null when a later search overtook this one. */
type Search = (term: string, debounceMs?: number) => Promise<SearchHit[] | null>;

/** What Pagefind's module and its worker answer a search with (a worker's `data` is the id of a hit's data). */
type Found<D> = { results: { id: string; data: D }[] } | null;

const BASE_PATH = '/pagefind/';
/** Words of context around the match in an excerpt. */
const OPTIONS = { baseUrl: '/', excerptLength: 24 };

function shardPaths(): Promise<string[]> {
  return fetch(`${BASE_PATH}shards.json`).then((res) => (res.ok ? (res.json() as Promise<string[]>) : []));
}

/**
 * Pagefind in its own web worker (`pagefind-worker.js`, which Pagefind's module would
 * start anyway), spoken to with the worker's messages (`{ id, instanceId, method, args }`,
 * answered by `{ id, result | error }`), so the page loads none of Pagefind's module
 * (`pagefind.js`, 13 kB gzip): searching, decompressing and the WebAssembly run off the
 * main thread. Pagefind is pinned in package-lock.json; tests/e2e/search.spec.ts fails if
 * a new version answers otherwise. All shards are merged at once: one after the other
 * they would cost a round trip each.
 */
async function inWorker(): Promise<Search> {
  const worker = new Worker(`${BASE_PATH}pagefind-worker.js`);
  const waiting = new Map<number, [(v: unknown) => void, (e: Error) => void]>();
  let next = 0;
  worker.onerror = () => {
    for (const [, fail] of waiting.values()) fail(new Error('The search worker stopped.'));
    waiting.clear();
    worker.terminate();
  };
  worker.onmessage = ({ data }: MessageEvent<{ id: number; result?: unknown; error?: string }>) => {
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error === undefined) w?.[0](data.result);
    else w?.[1](new Error(data.error));
  };
  const call = <T>(method: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      waiting.set(++next, [resolve as (v: unknown) => void, reject]);
      worker.postMessage({ id: next, instanceId: 'aisle', method, args });
    });
  // A hit's data stays in the worker until the hit is collected.
  const gone = new FinalizationRegistry<string>((id) => void call('releaseData', id).catch(() => {}));
  const language = (document.documentElement.lang || 'unknown').toLowerCase();
  const [shards] = await Promise.all([
    shardPaths(),
    call('init', { ...OPTIONS, basePath: BASE_PATH, language, primary: true }),
  ]);
  await Promise.all(shards.map((path) => call('mergeIndex', path, { baseUrl: '/' })));
  return async (term, ms) => {
    const found = await (ms === undefined
      ? call<Found<string>>('search', term, {})
      : call<Found<string>>('debouncedSearch', term, {}, ms));
    return (
      found?.results.map((r) => {
        const hit: SearchHit = { id: r.id, data: () => call('getData', r.data) };
        gone.register(hit, r.data);
        return hit;
      }) ?? null
    );
  };
}

/** Pagefind's module in the page, for a browser where its worker cannot start. */
async function inPage(): Promise<Search> {
  // A path the bundler must leave alone: the index is written after the site is built.
  const url = `${BASE_PATH}pagefind.js`;
  const pf = await import(/* @vite-ignore */ url);
  await pf.options({ ...OPTIONS, noWorker: true });
  const shards = await shardPaths();
  await pf.init();
  await Promise.all(shards.map((path) => pf.mergeIndex(path, { baseUrl: '/' })));
  return async (term, ms) => {
    const found: Found<() => Promise<SearchHitData>> = await (ms === undefined
      ? pf.search(term)
      : pf.debouncedSearch(term, {}, ms));
    return found?.results ?? null;
  };
}

let loading: Promise<Search> | undefined;

/** The search index, started once, on first use: in Pagefind's worker, or in the page when the worker cannot start. */
export function searchIndex(): Promise<Search> {
  loading ??= inWorker().catch((err: Error) => {
    console.warn(`Search runs in the page: ${err.message}`);
    return inPage();
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Every hit for `term`, best first; `debounced` waits for typing to pause (answers null when overtaken). */
export async function searchAll(term: string, debounced = false): Promise<SearchHit[] | null> {
  return (await searchIndex())(term, debounced ? 150 : undefined);
}

/** The address of the results page for `term`, optionally at page `page` (1-based). */
export function resultsPageUrl(term: string, page = 1): string {
  const q = new URLSearchParams({ q: term });
  if (page > 1) q.set('page', String(page));
  return `${RESULTS_PAGE}?${q.toString()}`;
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
