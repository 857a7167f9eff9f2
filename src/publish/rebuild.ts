import { createApiClient } from '../lib/api/client.ts';
import { buildStats, resetBuildStats } from '../lib/catalogue/build-stats.ts';
import { type Catalogue, indexCatalogue } from '../lib/catalogue/catalogue.ts';
import { readCatalogue } from '../lib/catalogue/load.ts';
import { cataloguePages, cataloguePagesAt } from '../lib/catalogue/site-pages.ts';
import { siteOrigin } from '../lib/catalogue/site-url.ts';
import type { ItemDto } from '../lib/domain/catalogue.ts';
import type { Config } from '../server/config.ts';
import { keepFrame, prepareKeptFrame, readChanges, readScopedCatalogue } from './catalogue-changes.ts';
import { type Api, reachable, startApi } from './catalogue-source.ts';
import { codeFingerprint } from './code-fingerprint.ts';
import { DiskFull, diskFullMessage, isDiskFull } from './disk-full.ts';
import { incrementalBuild } from './incremental-build.ts';
import type { KeptItems } from './kept-items.ts';
import { hasKeptRenderer, keptRendererDir } from './kept-renderer.ts';
import { type PageKey, PageKeys } from './page-keys.ts';
import { planStart } from './plan.ts';
import { createReporter, formatDuration, type Reporter } from './progress.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { type PublishLock, takePublishLock } from './publish-lock.ts';
import { acquireLock } from './rebuild-lock.ts';
import {
  deferred,
  keptPageRenderer,
  type PageRenderer,
  removeDeadScratch,
  removeScratch,
  scratchDir,
  startLeanBuild,
} from './renderer.ts';
import { NeedsFullBuild, pageCount, type RebuildResult, type Run } from './run.ts';
import { compileSite } from './site-compiler.ts';
import {
  liveSite,
  readManifest,
  removeUnfinishedBuilds,
  type SiteFolders,
  type SiteManifest,
  siteFolders,
} from './site-folders.ts';

/**
 * The rebuild, as an orchestrator over parts with one job each: the catalogue
 * source (`catalogue-source.ts`), the renderer (`renderer.ts`), the change set
 * and the switch (`change-set.ts`, `site-folders.ts`), the derived files
 * (`derived-files.ts`, `deploy-files.ts`, `search-index.ts`), and the two ways
 * of publishing (`full-build.ts`, `incremental-build.ts`).
 */

export type { RebuildResult } from './run.ts';

/** A rebuild whose page count falls by more than this share refuses to publish unless forced. */
export const MAX_PAGE_DROP = 0.2;

export interface RebuildOptions {
  /** Render every page, whatever the last build did (`--full`). */
  full?: boolean;
  /** Publish even when the page count falls sharply (`--force`). */
  force?: boolean;
  /**
   * Queued by an API process ("Publish now"): when another process's build holds
   * the publish lock, throw `PublishBusy` at once instead of waiting for it.
   */
  queued?: boolean;
  reporter?: Reporter;
  /** The API, when the caller started it already (`startApi`: the command starts it before loading this). */
  api?: Promise<Api>;
  /** A long-lived process's items of earlier runs (`warm-rebuilds.ts`), brought up to date by the change feed. */
  keptItems?: KeptItems;
}

/** The rebuild would publish far fewer pages than are live: nothing was published. */
export class PublishRefused extends Error {
  override name = 'PublishRefused';
}
/**
 * Rebuilds the static site from the API (`config.apiUrl`, or one started
 * in-process over the configured database) and publishes it atomically.
 *
 * With an earlier build of the same code, only the pages whose cache keys
 * changed are rendered (one lean Astro build limited to them); their files,
 * the redirect pages, sitemap and headers that changed, and the removed pages'
 * deletions are applied to the standby copy of the live build, which then goes
 * live; the search index follows in a second switch. Otherwise (or with
 * `full`) every page is rendered into a new folder that goes live when
 * complete. Either way the live site is never changed in place: an interrupted
 * rebuild leaves it serving as it was.
 *
 * Throws `PublishRefused` when the new site would have more than 20 % fewer
 * pages than the live one (unless `force`), `DiskFull` when a disk it writes to
 * is full, and a plain Error when the API cannot be reached; the live site is
 * unchanged in each case. A failed rebuild removes the build folders it left
 * unfinished before it lets go of the site's lock.
 */
export async function rebuildSite(config: Config, opts: RebuildOptions = {}): Promise<RebuildResult> {
  const folders = siteFolders(config.siteDir);
  const liveBefore = liveDirOf(folders);
  try {
    return await rebuildLocked(config, folders, opts);
  } catch (err) {
    if (!isDiskFull(err)) throw err;
    const switched = liveDirOf(folders) !== liveBefore;
    throw new DiskFull(diskFullMessage(err, folders.buildsDir, folders.siteDir, switched), { cause: err });
  }
}

function liveDirOf(folders: SiteFolders): string | undefined {
  const live = liveSite(folders);
  return live.kind === 'none' ? undefined : live.dir;
}

async function rebuildLocked(config: Config, folders: SiteFolders, opts: RebuildOptions): Promise<RebuildResult> {
  const reporter = opts.reporter ?? createReporter();
  const started = performance.now();
  // The content a successful build shows is the catalogue as of its start.
  const startedAt = new Date().toISOString();
  // The API (started here, in a thread of its own, unless API_URL names one) gets ready meanwhile.
  const apiStarting = opts.api ?? startApi(config, (line) => reporter.log(line));
  apiStarting.catch(() => {});
  const stopApi = async () => (await apiStarting.catch(() => null))?.stop();
  // One build at a time across every API process of the database, then one per site folder.
  let publishing: PublishLock;
  let release: () => void;
  try {
    publishing = await takePublishLock(config, {
      wait: opts.queued !== true,
      log: (line) => reporter.log(line),
      claim: async () => (await apiStarting).claimRequest(),
    });
  } catch (err) {
    await stopApi();
    throw err;
  }
  try {
    release = await acquireLock(folders, (line) => reporter.log(line));
  } catch (err) {
    await publishing.release();
    await stopApi();
    throw err;
  }
  try {
    resetBuildStats();
    removeDeadScratch();
    const live = liveSite(folders);
    const before = live.kind === 'build' ? readManifest(folders, live.dir) : null;
    const code = codeFingerprint(PROJECT_ROOT);
    const plan = planStart({
      full: opts.full === true,
      live: live.kind,
      before,
      code,
      keptRenderer: hasKeptRenderer(code),
      now: new Date(),
    });
    let reason = plan.kind === 'full' ? plan.reason : '';

    const catalogueRead = deferred<Catalogue>();
    // The renderer of the changed pages gets ready while the API starts and the catalogue is read:
    // the last full build's compiled renderer when it is kept, else a lean Astro build.
    const renderer =
      reason === '' && before !== null ? pageRenderer(reporter, code, catalogueRead.promise, before.staticPages) : null;
    renderer?.catch(() => {});
    // The frame the live build kept (5.5 MB of JSON at 100,000 items) is parsed and indexed while the API's thread
    // starts, rather than once it answers: the changed items' rows are all the feed's answer then waits for.
    if (plan.kind === 'compare' && plan.feedSince !== null) prepareKeptFrame(folders.manifestsDir, before?.frame);
    let run: Run;
    let api: Api | undefined;
    let compiled: string[] | undefined;
    let client: ReturnType<typeof createApiClient> | undefined;
    try {
      api = await apiStarting;
      // Presses of "Publish now" until the claim are served by this build: it reads the catalogue after it.
      await publishing.claimed;
      // An API elsewhere (API_URL) is asked once first, for a clear error; the in-process one has just said it listens.
      if (config.apiUrl !== undefined) await reachable(api.url);
      reporter.step('api');
      client = createApiClient({ baseURL: api.url, retry: 2 });
      // The change feed first, before anything is read: what changed since the live build's catalogue,
      // and the cursor this build's manifest keeps.
      const feedSince = plan.kind === 'compare' ? plan.feedSince : null;
      const inPlace = feedSince !== null;
      const feed = await readChanges(client, feedSince);
      const scoped = inPlace && feed !== null && !feed.ReadEverything;
      opts.keptItems?.advance(feedSince, feed?.Cursor ?? null, scoped ? feed.Items : null);
      if (reason !== '') {
        // A full build is due: Astro compiles the site in a child process of its own before the
        // catalogue is read here, so that the two never hold their memory at the same time.
        removeScratch('full');
        compiled = await compileSite(
          { outDir: scratchDir('full'), keep: keptRendererDir(code), apiUrl: api.url },
          reporter,
        );
      }
      const read =
        scoped && before !== null
          ? await readChangedPages(
              client,
              feed.Items,
              before,
              { frameDir: folders.manifestsDir, items: opts.keptItems },
              reporter,
            )
          : null;
      const catalogue = read?.catalogue ?? (await readWhole(client, reporter));
      catalogueRead.resolve(catalogue);
      reporter.step('catalogue');
      // A whole read keeps its frame for the rebuilds that follow; a scoped one shows the kept frame.
      const frame = read !== null ? read.frame : keepFrame(folders.manifestsDir, catalogue);
      const pages = read?.pages ?? PageKeys.of(cataloguePages(catalogue));
      run = {
        config,
        folders,
        reporter,
        catalogue,
        code,
        site: siteOrigin(),
        started,
        pages,
        ...(read !== null ? { changed: read.changed } : {}),
        changeCursor: feed?.Cursor ?? null,
        scoped: read !== null,
        frame,
      };
      checkPageCount(run, before, opts.force === true);
    } catch (err) {
      catalogueRead.reject(err);
      await (await renderer?.catch(() => null))?.abandon();
      await stopApi();
      throw err;
    }
    try {
      let result: RebuildResult | undefined;
      if (renderer !== null && live.kind === 'build' && before !== null) {
        try {
          result = await incrementalBuild(run, live.dir, before, await renderer);
        } catch (err) {
          if (!(err instanceof NeedsFullBuild)) throw err;
          reason = err.message;
          // A scoped run read only the rows of the changed pages: every page needs the whole catalogue.
          if (run.scoped && client !== undefined) {
            const { changed: _changed, ...rest } = run;
            const catalogue = await readWhole(client, reporter);
            run = {
              ...rest,
              catalogue,
              pages: PageKeys.of(cataloguePages(catalogue)),
              scoped: false,
              frame: keepFrame(folders.manifestsDir, catalogue),
            };
          }
        }
      }
      if (result === undefined) {
        reporter.log(`Build: rendering every page: ${reason}.`);
        // The full build's parts (Pagefind, the redirect writer) are loaded only when it runs.
        const { fullBuild } = await import('./full-build.ts');
        // Compiled already, the full build reads nothing more from the API: its thread's memory goes.
        if (compiled !== undefined) await api.idle();
        result = await fullBuild(run, before, reason, compiled ?? api.url);
      }
      await api.markBuilt(startedAt);
      return result;
    } finally {
      await api.stop();
    }
  } catch (err) {
    // Still under the lock: the unfinished folders go now (a full disk gets its room back).
    try {
      removeUnfinishedBuilds(folders, liveDirOf(folders));
    } catch (cleanup) {
      reporter.log(`Build: could not remove the unfinished build folders: ${(cleanup as Error).message}`);
    }
    throw err;
  } finally {
    await stopApi();
    release();
    await publishing.release();
  }
}
/**
 * After items were only edited in place: the rows their pages show, and every live page with the
 * keys of those pages computed again (the rest are unchanged by definition). Null when the pages
 * that show them are not the ones the live build has for them (the feed and the site disagree):
 * then the whole catalogue is read.
 */
async function readChangedPages(
  client: ReturnType<typeof createApiClient>,
  changed: ItemDto[],
  before: SiteManifest,
  kept: { frameDir: string; items: KeptItems | undefined },
  reporter: Reporter,
): Promise<{ catalogue: Catalogue; pages: PageKeys; changed: PageKey[]; frame: string | undefined } | null> {
  if (changed.length === 0) {
    reporter.log('Catalogue: nothing changed since the last build (change feed).');
    return {
      catalogue: indexCatalogue({ categories: [], stores: [], sections: [], items: [] }),
      pages: before.pages,
      changed: [],
      frame: before.frame,
    };
  }
  const { catalogue, candidates, frameId } = await readScopedCatalogue(
    client,
    changed,
    { frameDir: kept.frameDir, frameId: before.frame, ...(kept.items === undefined ? {} : { items: kept.items }) },
    (line) => reporter.log(line),
  );
  const keys = new Map(cataloguePagesAt(catalogue, candidates).map((p) => [p.path, p.key]));
  for (const path of candidates) {
    if (keys.has(path) !== before.pages.has(path)) {
      reporter.log(
        `Catalogue: the page ${path} ${keys.has(path) ? 'is new' : 'is gone'} though only items were edited in place; reading the whole catalogue.`,
      );
      return null;
    }
  }
  return {
    catalogue,
    pages: before.pages.withKeys(keys),
    changed: [...keys].filter(([path, key]) => before.pages.get(path) !== key).map(([path, key]) => ({ path, key })),
    frame: frameId,
  };
}

/** The whole public catalogue, read from the API (each request counted in the build's figures). */
function readWhole(client: ReturnType<typeof createApiClient>, reporter: Reporter): Promise<Catalogue> {
  const stats = buildStats();
  return readCatalogue(client, {
    onRequest: () => {
      stats.apiRequests++;
    },
    log: (line) => reporter.log(line),
  });
}

/** The last full build's compiled renderer when it is kept for this code; else a lean build, started now. */
async function pageRenderer(
  reporter: Reporter,
  code: string,
  catalogue: Promise<Catalogue>,
  staticPages: readonly string[],
): Promise<PageRenderer> {
  const kept = hasKeptRenderer(code) ? await keptPageRenderer(reporter, code, catalogue, staticPages) : null;
  return kept ?? startLeanBuild(reporter, catalogue, staticPages.length);
}

function checkPageCount(run: Run, manifest: SiteManifest | null, force: boolean): void {
  if (manifest === null) return;
  const before = pageCount(manifest);
  const after = run.pages.size - (run.pages.has('/_redirects') ? 1 : 0) + manifest.staticPages.length;
  if (before === 0 || after >= before * (1 - MAX_PAGE_DROP)) return;
  const drop = Math.round((1 - after / before) * 100);
  const message =
    `Not published: the catalogue now gives ${after} pages, ${drop} % fewer than the ${before} of the live site ` +
    `(a rebuild publishes a drop of at most ${MAX_PAGE_DROP * 100} %). The live site is unchanged. ` +
    'If sections or items were removed on purpose, run the rebuild again with --force.';
  if (!force) throw new PublishRefused(message);
  run.reporter.log(`Build: publishing although the page count falls by ${drop} % (--force).`);
}
/** A one-line account of a rebuild for the end of the log. */
export function summaryLine(r: RebuildResult): string {
  const what =
    r.mode === 'unchanged'
      ? 'Nothing changed since the last build'
      : `${r.mode === 'full' ? 'Full build' : 'Incremental rebuild'}: ${r.rendered} pages rendered, ` +
        `${r.reused} reused, ${r.removed} removed`;
  const search = r.searchSeconds === null ? '' : `; search index ${formatDuration(r.searchSeconds)}`;
  return `Rebuild: ${what}; live after ${formatDuration(r.liveSeconds)}${search}; ${formatDuration(r.seconds)} in all (${r.pages} pages).`;
}
