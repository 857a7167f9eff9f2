import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { redirectPages } from '../lib/catalogue/redirect-pages.ts';
import { siteOrigin } from '../lib/catalogue/site-url.ts';
import { sitemapFiles } from '../lib/catalogue/sitemap.ts';
import { type Changes, sameAsFile } from './change-set.ts';
import { headersFile, type InlineHashSet } from './deploy-files.ts';
import { PROJECT_ROOT } from './project-root.ts';
import type { Run } from './run.ts';
import { isSearched, shardCount } from './search-index.ts';
import type { SiteManifest } from './site-folders.ts';

/** The files derived from the pages: `_headers`, redirect pages, sitemaps, search files. */

export function connectSources(): string[] {
  const api = process.env.PUBLIC_API_URL?.trim();
  if (api === undefined || api === '') return [];
  try {
    return [new URL(api).origin];
  } catch {
    return [];
  }
}

export function publicEntries(): Set<string> {
  const dir = join(PROJECT_ROOT, 'public');
  if (!existsSync(dir)) return new Set();
  return new Set(readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name)));
}

export function topLevel(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
}

export function headersText(top: Iterable<string>, inline: InlineHashSet): string {
  return headersFile({
    inline: inline.toJSON(),
    connect: connectSources(),
    topLevel: [...top],
    publicEntries: publicEntries(),
    siteUrl: siteOrigin(),
  });
}

/**
 * How many of the catalogue's pages are searched (item and section pages). After items were only
 * edited in place the pages are the live build's, so its manifest's count holds, and the page list
 * need not be parsed for it.
 */
export function searchedPages(run: Run, before: Pick<SiteManifest, 'searchedPages'> | null): number {
  if (run.scoped && before?.searchedPages !== undefined) return before.searchedPages;
  let searched = 0;
  for (const path of run.pages.paths()) if (isSearched(path)) searched++;
  return searched;
}

/** The number of search shards the catalogue's searched pages take. */
export function searchShards(searched: number): number {
  return shardCount(searched);
}

/** The redirect pages that changed with `_redirects` or with the set of pages. */
export function addRedirectPages(
  run: Run,
  liveDir: string,
  before: SiteManifest,
  staticPages: string[],
  changes: Changes,
): void {
  const oldText = existsSync(join(liveDir, '_redirects')) ? readFileSync(join(liveDir, '_redirects'), 'utf8') : '';
  const fresh = changes.get('_redirects');
  const newText = fresh === undefined || fresh === null ? oldText : fresh.toString('utf8');
  const oldStatic = new Set(before.staticPages);
  const newStatic = new Set(staticPages);
  const oldPages = redirectPages(oldText, run.site, (p) => before.pages.has(p) || oldStatic.has(p));
  const newPages = redirectPages(newText, run.site, (p) => run.pages.has(p) || newStatic.has(p));
  for (const [rel, html] of newPages) {
    if (oldPages.get(rel) === html) continue;
    changes.set(rel, Buffer.from(html));
    // A redirect page has no compressed forms (see `redirect-writer.ts`); a page it replaces had.
    changes.set(`${rel}.br`, null);
    changes.set(`${rel}.gz`, null);
  }
  for (const rel of oldPages.keys()) {
    if (!newPages.has(rel) && !changes.has(rel)) changes.set(rel, null);
  }
}

export async function addSitemap(run: Run, liveDir: string, staticPages: string[], changes: Changes): Promise<void> {
  const files = sitemapFiles(run.site, [...run.pages.paths(), ...staticPages]);
  const names = new Set(files.map((f) => f.name));
  for (const f of files) {
    const data = Buffer.from(f.content);
    if (!(await sameAsFile(join(liveDir, f.name), data))) changes.set(f.name, data);
  }
  for (const name of readdirSync(liveDir)) {
    if (/^sitemap-\d+\.xml$/.test(name) && !names.has(name)) changes.set(name, null);
  }
}

/** `_headers` when its policy or its list of top-level entries changes with `changes`. */
export async function addHeaders(liveDir: string, inline: InlineHashSet, changes: Changes): Promise<void> {
  const top = new Set(topLevel(liveDir));
  for (const [rel, data] of changes) {
    const parts = rel.split('/');
    if (parts.length === 1) {
      if (data === null) top.delete(rel);
      else top.add(rel);
    } else if (data !== null) {
      top.add(`${parts[0]}/`);
    }
  }
  const data = Buffer.from(headersText(top, inline));
  if (!(await sameAsFile(join(liveDir, '_headers'), data))) changes.set('_headers', data);
}
