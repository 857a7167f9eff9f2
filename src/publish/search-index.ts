/** The URL paths the search covers: items and sections (their content is marked `data-pagefind-body`). */
export const isSearched = (path: string) => path.startsWith('/app/section/') || path.startsWith('/app/store-section/');

/** Parts of a searched page that are not its content: navigation, share links, islands' controls. */
const EXCLUDED = ['nav', '[data-share]', 'astro-island', '.sr-only', '[hidden]'];

/**
 * Pagefind holds a whole index in memory while it writes it: about 35 kB a
 * page, 3.3 GB for the 94,000 searched pages of a 100,000-item catalogue. The
 * index is therefore split into shards of at most this many pages (up to 10
 * shards; beyond that they grow), made one after the other and merged again in
 * the browser (`mergeIndex`). A shard is also the unit a rebuild re-indexes, so
 * small shards make a small change searchable sooner. `AISLE_SEARCH_SHARD_PAGES`
 * overrides it.
 */
export function shardPages(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.AISLE_SEARCH_SHARD_PAGES);
  return Number.isSafeInteger(n) && n > 0 ? n : 5_000;
}

/** Shard counts that split pages by the last digit of their first id, so a page never moves while the count stays. */
const SHARD_COUNTS = [1, 2, 5, 10] as const;

/** How many shards `pages` searched pages take (at most 10: beyond that the shards grow instead). */
export function shardCount(pages: number, perShard = shardPages()): number {
  return SHARD_COUNTS.find((n) => pages <= n * perShard) ?? 10;
}

/** The shard of a searched page: its first id's last digit modulo the count. */
export function shardOf(path: string, count: number): number {
  const id = /^\/app\/(?:section|store-section)\/(\d+)/.exec(path)?.[1] ?? '0';
  return Number(id.at(-1)) % count;
}

/** The folder of a shard in the site: `pagefind` for the first (which lists the others), `pagefind-{n}` for the rest. */
export function shardDir(shard: number): string {
  return shard === 0 ? 'pagefind' : `pagefind-${shard}`;
}

/** True for a site folder that holds a search shard. */
export const isShardDir = (name: string) => /^pagefind(-\d+)?$/.test(name);

/** The list of the other shards, in the first one: the search box merges them into its results. */
export const SHARDS_FILE = 'shards.json';

/** The pages of one shard, as a glob over the built site (`*{1,6}`: first ids ending in 1 or 6). */
export function shardGlob(shard: number, count: number): string {
  const digits = Array.from({ length: 10 }, (_, d) => d).filter((d) => d % count === shard);
  const last = digits.length === 10 ? '' : digits.length === 1 ? String(digits[0]) : `{${digits.join(',')}}`;
  return `app/{section,store-section}/*${last}/*/index.html`;
}

export interface SearchIndex {
  /** Pages indexed. */
  pages: number;
  /** The files of the shards made, by path inside the site (`pagefind/pagefind.js`, `pagefind-3/index/…`). */
  files: Map<string, Uint8Array>;
}

/**
 * Indexes the item and section pages of a built site with Pagefind, as
 * `count` shards, making only the shards listed in `only` (all by default),
 * one at a time, each in a Pagefind process of its own. Returns their files
 * (not written: the caller puts them into the build it is about to publish),
 * or hands each shard's files to `sink` as soon as they are made and keeps
 * none of them.
 */
export async function buildSearchIndex(
  siteRoot: string,
  count: number,
  opts: { only?: Iterable<number>; sink?: (files: Map<string, Uint8Array>) => Promise<void> } = {},
): Promise<SearchIndex> {
  const all = new Map<string, Uint8Array>();
  let pages = 0;
  const only = opts.only ?? Array.from({ length: count }, (_, i) => i);
  for (const shard of [...new Set(only)].sort((a, b) => a - b)) {
    const files = opts.sink === undefined ? all : new Map<string, Uint8Array>();
    const pagefind = await import('pagefind');
    const created = await pagefind.createIndex({ forceLanguage: 'en', excludeSelectors: EXCLUDED });
    const { index } = created;
    if (index === undefined) throw new Error(`Pagefind could not start: ${created.errors.join('; ')}`);
    try {
      const added = await index.addDirectory({ path: siteRoot, glob: shardGlob(shard, count) });
      if (added.errors.length > 0) throw new Error(`Pagefind could not index the pages: ${added.errors.join('; ')}`);
      const out = await index.getFiles();
      if (out.errors.length > 0) throw new Error(`Pagefind could not write its index: ${out.errors.join('; ')}`);
      pages += added.page_count;
      for (const f of out.files) files.set(`${shardDir(shard)}/${f.path}`, f.content);
    } finally {
      await index.deleteIndex().catch(() => {});
      await pagefind.close();
    }
    if (shard === 0) {
      const others = Array.from({ length: count - 1 }, (_, i) => `/${shardDir(i + 1)}/`);
      files.set(`${shardDir(0)}/${SHARDS_FILE}`, new TextEncoder().encode(`${JSON.stringify(others)}\n`));
    }
    await opts.sink?.(files);
  }
  return { pages, files: all };
}
