import type { PageKey, PageKeys } from './page-keys.ts';
import { isSearched, shardOf } from './search-index.ts';
import type { SiteManifest } from './site-folders.ts';

/**
 * The rebuild's decisions, as pure functions of what it knows: the live build's manifest,
 * the code, the change feed and the catalogue's page keys. `rebuild.ts` and
 * `incremental-build.ts` only carry them out (read, render, write, switch).
 */

/** What a rebuild knows before it reads anything. */
export interface StartFacts {
  /** `--full` was asked for. */
  full: boolean;
  /** What serves the site now: a build with a manifest, a folder of unknown origin, or nothing. */
  live: 'build' | 'folder' | 'none';
  /** The live build's manifest (null: none, or unreadable). */
  before: Pick<SiteManifest, 'code' | 'changeCursor' | 'builtAt'> | null;
  /** This code's fingerprint. */
  code: string;
  /** A compiled renderer of this code is kept from its last full build. */
  keptRenderer: boolean;
  now: Date;
}

/** How a rebuild starts: render everything (and why), or compare page keys, reading only what the feed says changed. */
export type StartPlan =
  | { kind: 'full'; reason: string }
  | {
      kind: 'compare';
      /** Ask the change feed what changed since this cursor and read only those items' pages; null: read everything. */
      feedSince: string | null;
    };

export function planStart(facts: StartFacts): StartPlan {
  const { before } = facts;
  if (facts.full) return { kind: 'full', reason: 'a full build was asked for' };
  if (facts.live === 'none') return { kind: 'full', reason: 'there is no earlier build' };
  if (before === null) {
    return { kind: 'full', reason: 'the live site has no build manifest (it was built by an older version)' };
  }
  if (before.code !== facts.code) {
    return { kind: 'full', reason: "the site's code or build settings changed since the last build" };
  }
  // A page shows the year in its footer: the first rebuild of a year reads everything.
  const sameYear = new Date(before.builtAt).getFullYear() === facts.now.getFullYear();
  const feedSince =
    before.changeCursor != null && sameYear && facts.keptRenderer ? (before.changeCursor as string) : null;
  return { kind: 'compare', feedSince };
}

/** What an incremental rebuild renders, removes and indexes again. */
export interface PagePlan {
  /** The pages whose keys changed (new pages included): rendered. */
  changed: PageKey[];
  /** The live pages the catalogue no longer has: removed. */
  removed: string[];
  /** The catalogue pages kept as they are live. */
  reused: number;
  /** The search shards made again (all of them when the live index is stale or the shard count changed). */
  reindex: number[];
  /** Anything to render, remove or index at all. */
  nothingToDo: boolean;
}

export interface PageFacts {
  before: Pick<SiteManifest, 'pages' | 'searchIndexedAt' | 'searchShards'>;
  /** Every catalogue page of this rebuild with its key. */
  pages: PageKeys;
  /**
   * After only items edited in place (the feed said so): the pages whose keys changed, every
   * other page being the live build's; then nothing is removed. Unset: compare every page.
   */
  changed?: PageKey[] | undefined;
  /** The number of search shards the pages call for. */
  shards: number;
}

export function planPages(facts: PageFacts): PagePlan {
  const { before, pages, shards } = facts;
  const changed = facts.changed ?? [...pages].filter((p) => before.pages.get(p.path) !== p.key);
  const removed = facts.changed !== undefined ? [] : before.pages.paths().filter((p) => !pages.has(p));
  const redirects = (has: boolean) => (has ? 1 : 0);
  const reused =
    pages.size - redirects(pages.has('/_redirects')) - changed.filter((p) => p.path !== '/_redirects').length;
  const stale = new Set([...changed.map((p) => p.path), ...removed].filter(isSearched).map((p) => shardOf(p, shards)));
  const allShards = before.searchIndexedAt === null || before.searchShards !== shards;
  const reindex = allShards ? Array.from({ length: shards }, (_, i) => i) : [...stale].sort((a, b) => a - b);
  return {
    changed,
    removed,
    reused,
    reindex,
    nothingToDo: changed.length === 0 && removed.length === 0 && reindex.length === 0,
  };
}
