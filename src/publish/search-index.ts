/** The URL paths the search covers: items and sections (their content is marked `data-pagefind-body`). */
export const isSearched = (path: string) => path.startsWith('/app/section/') || path.startsWith('/app/store-section/');

/** Parts of a searched page that are not its content: navigation, share links, islands' controls. */
const EXCLUDED = ['nav', '[data-share]', 'astro-island', '.sr-only', '[hidden]'];

/**
 * Pagefind holds a whole index in memory while it writes it: about 70 kB a
 * page (measured: 5,000 item pages, 360–390 MB; 2,500 pages, 170–200 MB;
 * 23,500 pages, 1.4 GB), far more than the index it writes. The index is
 * therefore split into shards of at most this many pages, made one after the
 * other (each in a Pagefind process of its own) and merged again in the
 * browser (`mergeIndex`), so one Pagefind run stays bounded however large the
 * catalogue grows: 1 shard up to 2,500 searched pages, 50 at 100,000 items,
 * 100 at 250,000 (where a build's whole process tree must stay under 1.5 GiB,
 * issue 30). A shard is also the unit a rebuild re-indexes, so small shards
 * make a small change searchable sooner. `AISLE_SEARCH_SHARD_PAGES` overrides it.
 */
export function shardPages(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.AISLE_SEARCH_SHARD_PAGES);
  return Number.isSafeInteger(n) && n > 0 ? n : 2_500;
}

/**
 * Shard counts: the divisors of 100, so that a page's shard (its first id
 * modulo the count) depends on the id's last two digits only and a glob over
 * the folder names finds a shard's pages. A page never moves while the count
 * stays, and the counts of one digit (1, 2, 5, 10) put each page where they
 * always did.
 */
const SHARD_COUNTS = [1, 2, 5, 10, 20, 25, 50, 100] as const;

/** How many shards `pages` searched pages take (at most 100: beyond 100 × `perShard` pages they grow instead). */
export function shardCount(pages: number, perShard = shardPages()): number {
  return SHARD_COUNTS.find((n) => pages <= n * perShard) ?? 100;
}

/** The shard of a searched page: its first id modulo the count. */
export function shardOf(path: string, count: number): number {
  const id = /^\/app\/(?:section|store-section)\/(\d+)/.exec(path)?.[1] ?? '0';
  return Number(id.slice(-2)) % count;
}

/** The folder of a shard in the site: `pagefind` for the first (which lists the others), `pagefind-{n}` for the rest. */
export function shardDir(shard: number): string {
  return shard === 0 ? 'pagefind' : `pagefind-${shard}`;
}

/** True for a site folder that holds a search shard. */
export const isShardDir = (name: string) => /^pagefind(-\d+)?$/.test(name);

/** The list of the other shards, in the first one: the search box merges them into its results. */
export const SHARDS_FILE = 'shards.json';

/**
 * The pages of one shard, as a glob over the built site: by the first id's last
 * digit while the count divides 10 (`*{1,6}`: ids ending in 1 or 6), else by its
 * last two digits (`{3,*03,*23,…}` for shard 3 of 20: the id 3 itself, and ids
 * ending in 03, 23, …).
 */
export function shardGlob(shard: number, count: number): string {
  const folders = 'app/{section,store-section}';
  if (10 % count === 0) {
    const digits = Array.from({ length: 10 }, (_, d) => d).filter((d) => d % count === shard);
    const last = digits.length === 10 ? '' : digits.length === 1 ? String(digits[0]) : `{${digits.join(',')}}`;
    return `${folders}/*${last}/*/index.html`;
  }
  const names = Array.from({ length: 100 }, (_, r) => r)
    .filter((r) => r % count === shard)
    .flatMap((r) => (r < 10 ? [String(r), `*0${r}`] : [`*${r}`]));
  return `${folders}/{${names.join(',')}}/*/index.html`;
}

/**
 * The files of a shard the site serves. Pagefind writes its own search UIs into
 * every index (`pagefind-ui.js`, `pagefind-component-ui.js`, their styles,
 * `pagefind-highlight.js`: about 500 kB, compressed at brotli 11 like any script);
 * the search box uses none of them. A merged shard (every one but the first) is
 * read by the first one's code and WebAssembly, so it needs only its entry file,
 * metadata, word index, filters and fragments. At 50 shards that is 550 files and
 * about a minute of compression a build does not make.
 */
export function isServedFile(file: string, shard: number): boolean {
  if (/^pagefind-(?:component-|modular-)?ui\.(?:js|css)$|^pagefind-highlight\.js$/.test(file)) return false;
  if (shard === 0) return true;
  return file === 'pagefind-entry.json' || file.endsWith('.pf_meta') || /^(?:index|fragment|filter)\//.test(file);
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
      for (const f of out.files) if (isServedFile(f.path, shard)) files.set(`${shardDir(shard)}/${f.path}`, f.content);
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
