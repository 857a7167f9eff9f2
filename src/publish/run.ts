import type { Catalogue } from '../lib/catalogue/catalogue.ts';
import { pageFile } from '../lib/catalogue/redirect-pages.ts';
import type { Config } from '../server/config.ts';
import type { PageKey, PageKeys } from './page-keys.ts';
import type { Reporter } from './progress.ts';
import type { SiteFolders, SiteManifest } from './site-folders.ts';

/** What one rebuild works with, and what it tells its caller. */

export interface RebuildResult {
  mode: 'full' | 'incremental' | 'unchanged';
  /** Why a full build was made. */
  reason: string;
  /** Pages Astro rendered. */
  rendered: number;
  /** Catalogue pages kept from the live site. */
  reused: number;
  /** Pages of rows that are gone. */
  removed: number;
  /** Catalogue pages and other pages of the new site. */
  pages: number;
  /** Seconds from the start until the new pages were live. */
  liveSeconds: number;
  /** Seconds the search index took (null when it did not need refreshing). */
  searchSeconds: number | null;
  seconds: number;
  siteDir: string;
}

/** A lean build turned out not to match the live site's code: the rebuild renders everything instead. */
export class NeedsFullBuild extends Error {}

/** What one rebuild works with. */
export interface Run {
  config: Config;
  folders: SiteFolders;
  reporter: Reporter;
  catalogue: Catalogue;
  code: string;
  site: string;
  started: number;
  /** Every catalogue page with its key. */
  pages: PageKeys;
  /**
   * After only items edited in place (`scoped`): the pages whose keys changed, every other
   * page being as the live build's. Unset: compare every page.
   */
  changed?: PageKey[];
  /** The change feed's cursor taken before the catalogue was read (null: the API has no feed). */
  changeCursor: string | null;
  /**
   * Only items were edited in place, and `catalogue` holds only the rows of the pages that show
   * them: the pages without keys (which show no item) are as live, and are not rendered again.
   */
  scoped: boolean;
  /** The id of the catalogue frame kept for this build's catalogue (`keepFrame`). */
  frame: string | undefined;
}

export const catalogueFile = (path: string) => (path === '/_redirects' ? '_redirects' : pageFile(path));
export const seconds = (since: number) => (performance.now() - since) / 1000;

export function pageCount(m: Pick<SiteManifest, 'pages' | 'staticPages'>): number {
  return m.pages.size - (m.pages.has('/_redirects') ? 1 : 0) + m.staticPages.length;
}
