import * as pagefind from 'pagefind';

/** The pages the search covers: items and sections (their content is marked `data-pagefind-body`). */
export const SEARCHED_PAGES = 'app/{section,store-section}/**/*.html';

/** Parts of a searched page that are not its content: navigation, share links, islands' controls. */
const EXCLUDED = ['nav', '[data-share]', 'astro-island', '.sr-only', '[hidden]'];

export interface SearchIndex {
  /** Pages indexed. */
  pages: number;
  /** The files of the `pagefind/` folder, by path inside it. */
  files: Map<string, Uint8Array>;
}

/**
 * Indexes the item and section pages of a built site with Pagefind and returns
 * the index's files (not written: the caller puts them into the build it is
 * about to publish). Pagefind runs as a child process of its own.
 */
export async function buildSearchIndex(siteRoot: string): Promise<SearchIndex> {
  const created = await pagefind.createIndex({ forceLanguage: 'en', excludeSelectors: EXCLUDED });
  const { index } = created;
  if (index === undefined) throw new Error(`Pagefind could not start: ${created.errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: siteRoot, glob: SEARCHED_PAGES });
    if (added.errors.length > 0) throw new Error(`Pagefind could not index the pages: ${added.errors.join('; ')}`);
    const out = await index.getFiles();
    if (out.errors.length > 0) throw new Error(`Pagefind could not write its index: ${out.errors.join('; ')}`);
    return { pages: added.page_count, files: new Map(out.files.map((f) => [f.path, f.content])) };
  } finally {
    await index.deleteIndex().catch(() => {});
    await pagefind.close();
  }
}
