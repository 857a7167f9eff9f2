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

/** Pagefind's own module (`pagefind.js`): the fallback when its worker cannot start. */
interface PagefindModule {
  options(opts: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(indexPath: string, opts?: Record<string, unknown>): Promise<void>;
  search(term: string, opts?: Record<string, unknown>): Promise<{ results: SearchHit[] } | null>;
  debouncedSearch(term: string, opts?: Record<string, unknown>, ms?: number): Promise<{ results: SearchHit[] } | null>;
}

/** What the box and the results page ask of the index: every hit for a term, best first. */
interface SearchIndex {
  /** `debounceMs`: wait for typing to pause; null when a later search overtook this one. */
  search(term: string, debounceMs?: number): Promise<SearchHit[] | null>;
}

const BASE_PATH = '/pagefind/';
const MODULE_URL = `${BASE_PATH}pagefind.js`;
const WORKER_URL = `${BASE_PATH}pagefind-worker.js`;
const SHARDS_URL = `${BASE_PATH}shards.json`;
/** Words of context around the match in an excerpt. */
const EXCERPT_WORDS = 24;
const OPTIONS = { baseUrl: '/', excerptLength: EXCERPT_WORDS };

function shardPaths(): Promise<string[]> {
  return fetch(SHARDS_URL).then((res) => (res.ok ? (res.json() as Promise<string[]>) : []));
}

/**
 * Pagefind run in its own web worker (`pagefind-worker.js`, which Pagefind's module
 * would start anyway), spoken to with the worker's messages (`{ id, instanceId, method,
 * args }` answered by `{ id, result | error }`). The page thus loads none of Pagefind's
 * module (`pagefind.js`, 13 kB gzip): searching, decompressing and the WebAssembly all
 * run off the main thread. Pagefind is pinned in package-lock.json; the search e2e specs
 * fail if a new version answers otherwise.
 */
async function workerIndex(): Promise<SearchIndex> {
  const worker = new Worker(WORKER_URL);
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.addEventListener('error', () => {
    fail(new Error('The search worker stopped.'));
    worker.terminate();
  });
  worker.addEventListener('message', (e: MessageEvent<{ id: string; result?: unknown; error?: string }>) => {
    const p = pending.get(e.data.id);
    if (p === undefined) return;
    pending.delete(e.data.id);
    if (e.data.error === undefined) p.resolve(e.data.result);
    else p.reject(new Error(e.data.error));
  });
  const call = <T>(method: string, args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = `m${next++}`;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, instanceId: 'aisle', method, args });
    });
  // A hit's fragment stays in the worker until the hit is gone.
  const release = new FinalizationRegistry<string>((dataId) => void call('releaseData', [dataId]).catch(() => {}));
  const language = (document.documentElement.lang || 'unknown').toLowerCase();
  const [shards] = await Promise.all([
    shardPaths(),
    call('init', [{ ...OPTIONS, basePath: BASE_PATH, language, primary: true }]),
  ]);
  await Promise.all(shards.map((path) => call('mergeIndex', [path, { baseUrl: '/' }])));
  return {
    async search(term, debounceMs) {
      const found = await call<{ results: { id: string; data: string }[] } | null>(
        debounceMs === undefined ? 'search' : 'debouncedSearch',
        debounceMs === undefined ? [term, {}] : [term, {}, debounceMs],
      );
      if (found === null) return null;
      return found.results.map((r) => {
        const hit: SearchHit = { id: r.id, data: () => call<SearchHitData>('getData', [r.data]) };
        release.register(hit, r.data);
        return hit;
      });
    },
  };
}

/** Pagefind's module on the main thread, for a browser where its worker cannot start. */
async function moduleIndex(): Promise<SearchIndex> {
  // A path the bundler must leave alone: the index is written after the site is built.
  const url = MODULE_URL;
  const mod = (await import(/* @vite-ignore */ url)) as PagefindModule;
  await mod.options({ ...OPTIONS, noWorker: true });
  const shards = await shardPaths();
  await mod.init();
  await Promise.all(shards.map((path) => mod.mergeIndex(path, { baseUrl: '/' })));
  return {
    async search(term, debounceMs) {
      const found = debounceMs === undefined ? await mod.search(term) : await mod.debouncedSearch(term, {}, debounceMs);
      return found === null ? null : found.results;
    },
  };
}

let loading: Promise<SearchIndex> | undefined;

/**
 * The search index, started once, on first use: in Pagefind's worker, or in the page
 * when the worker cannot start. All shards are merged at once: each loads its entry and
 * metadata files, and one after the other they would cost a round trip each.
 */
export function searchIndex(): Promise<SearchIndex> {
  loading ??= (typeof Worker === 'function' ? workerIndex() : Promise.reject(new Error('no workers'))).catch(
    (err: unknown) => {
      console.warn(`Search runs in the page: ${(err as Error).message}`);
      return moduleIndex();
    },
  );
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Every hit for `term`, best first; `debounced` waits for typing to pause (answers null when overtaken). */
export async function searchAll(term: string, debounced = false): Promise<SearchHit[] | null> {
  return (await searchIndex()).search(term, debounced ? 150 : undefined);
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
