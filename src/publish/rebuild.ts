import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { createApiClient } from '../lib/api/client.ts';
import { buildStats, resetBuildStats } from '../lib/catalogue/build-stats.ts';
import type { Catalogue } from '../lib/catalogue/catalogue.ts';
import { readCatalogue, shareCatalogue } from '../lib/catalogue/load.ts';
import { pageFile, redirectPages } from '../lib/catalogue/redirect-pages.ts';
import { renderedLine } from '../lib/catalogue/site-integration.ts';
import { type CataloguePage, cataloguePages, redirectsText, shareOnlyPages } from '../lib/catalogue/site-pages.ts';
import { siteOrigin } from '../lib/catalogue/site-url.ts';
import { sitemapFiles } from '../lib/catalogue/sitemap.ts';
import { silentLogger } from '../server/app.ts';
import { recordBuild } from '../server/catalogue/site-state.ts';
import type { Config } from '../server/config.ts';
import { createConfiguredApp, listen, openMigratedDb } from '../server/runtime.ts';
import { codeFingerprint } from './code-fingerprint.ts';
import {
  COMPRESS_CONCURRENCY,
  compressed,
  compressInPlace,
  eachLimited,
  headersFile,
  InlineHashSet,
  isCompressible,
  listFiles,
  writeCompressed,
} from './deploy-files.ts';
import { createReporter, formatDuration, type Phase, type Reporter } from './progress.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { writeRedirectPagesInWorker } from './redirect-writer.ts';
import { buildSearchIndex, isSearched, isShardDir, shardCount, shardOf } from './search-index.ts';
import {
  acquireLock,
  dropManifest,
  emptyTrash,
  isAlive,
  linkCopy,
  liveSite,
  movePath,
  nextBuildDir,
  publish,
  readManifest,
  type SiteFolders,
  type SiteManifest,
  siteFolders,
  staleBuilds,
  trashBuilds,
  writeManifest,
} from './site-folders.ts';
import { startStandbyCopy } from './standby-copy.ts';

/** A rebuild whose page count falls by more than this share refuses to publish unless forced. */
export const MAX_PAGE_DROP = 0.2;

export interface RebuildOptions {
  /** Render every page, whatever the last build did (`--full`). */
  full?: boolean;
  /** Publish even when the page count falls sharply (`--force`). */
  force?: boolean;
  reporter?: Reporter;
}

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

/** The rebuild would publish far fewer pages than are live: nothing was published. */
export class PublishRefused extends Error {
  override name = 'PublishRefused';
}

/** A lean build turned out not to match the live site's code: the rebuild renders everything instead. */
class NeedsFullBuild extends Error {}

interface Api {
  url: string;
  markBuilt(startedAt: string): Promise<void>;
  stop(): Promise<void>;
}

async function startApi(config: Config, log: (line: string) => void): Promise<Api> {
  if (config.apiUrl !== undefined) {
    log(`Build: reading the API at ${config.apiUrl}`);
    return { url: config.apiUrl, markBuilt: async () => {}, stop: async () => {} };
  }
  const db = await openMigratedDb(config);
  try {
    const server = await listen(createConfiguredApp(config, db, silentLogger), '127.0.0.1', 0);
    log(`Build: API started in-process at ${server.url}`);
    return {
      url: server.url,
      markBuilt: (startedAt) =>
        recordBuild(db.db, { status: 'succeeded', startedAt, finishedAt: new Date().toISOString(), logTail: '' }),
      stop: async () => {
        await server.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

async function reachable(apiUrl: string): Promise<void> {
  try {
    const res = await fetch(new URL('/api/Category/ReadAll?limit=1', apiUrl), { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
  } catch (err) {
    const why =
      (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message;
    throw new Error(
      `The API at ${apiUrl} cannot be reached (${why}); nothing was rebuilt and the live site is unchanged.`,
      { cause: err },
    );
  }
}

/** What one rebuild works with. */
interface Run {
  config: Config;
  folders: SiteFolders;
  reporter: Reporter;
  catalogue: Catalogue;
  code: string;
  site: string;
  started: number;
  pages: CataloguePage[];
  pageSet: Set<string>;
}

const catalogueFile = (path: string) => (path === '/_redirects' ? '_redirects' : pageFile(path));
const seconds = (since: number) => (performance.now() - since) / 1000;

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(err: unknown): void } {
  let resolve: (value: T) => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Whoever needs the value awaits it; a failure nobody awaited yet is not an unhandled one.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * A lean Astro build started before the rebuild knows which pages changed:
 * Vite bundles the site while the API starts and the catalogue is read.
 */
interface LeanBuild {
  /** Renders these catalogue pages (and the pages without keys); resolves to the paths Astro rendered. */
  render(paths: readonly string[]): Promise<string[]>;
  /** Lets the build end with no catalogue page to render, and forgets it. */
  abandon(): Promise<void>;
  scratch: string;
}

function startLeanBuild(reporter: Reporter, catalogue: Promise<Catalogue>, staticPages: number): LeanBuild {
  const scratch = scratchDir('lean');
  const only = deferred<readonly string[]>();
  let abandoned = false;
  // An abandoned build shows no progress: it renders nothing anyone asked for.
  const total = only.promise.then((paths) => {
    if (abandoned) throw new Error('abandoned');
    return paths.filter((p) => p !== '/_redirects').length + staticPages;
  });
  const result = runAstro(reporter, scratch, catalogue, only.promise, total);
  result.catch(() => {});
  return {
    scratch,
    render(paths) {
      only.resolve(paths);
      return result;
    },
    async abandon() {
      abandoned = true;
      only.resolve([]);
      await result.catch(() => {});
      rmSync(scratch, { recursive: true, force: true });
    },
  };
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
 * pages than the live one (unless `force`), and a plain Error when the API
 * cannot be reached; the live site is unchanged in both cases.
 */
export async function rebuildSite(config: Config, opts: RebuildOptions = {}): Promise<RebuildResult> {
  const reporter = opts.reporter ?? createReporter();
  const started = performance.now();
  // The content a successful build shows is the catalogue as of its start.
  const startedAt = new Date().toISOString();
  const folders = siteFolders(config.siteDir);
  const release = await acquireLock(folders, (line) => reporter.log(line));
  try {
    resetBuildStats();
    removeDeadScratch();
    const live = liveSite(folders);
    const before = live.kind === 'build' ? readManifest(folders, live.dir) : null;
    const code = codeFingerprint(PROJECT_ROOT);
    let reason = '';
    if (opts.full === true) reason = 'a full build was asked for';
    else if (live.kind === 'none') reason = 'there is no earlier build';
    else if (before === null) reason = 'the live site has no build manifest (it was built by an older version)';
    else if (before.code !== code) reason = "the site's code or build settings changed since the last build";

    const catalogueRead = deferred<Catalogue>();
    const lean =
      reason === '' && before !== null
        ? startLeanBuild(reporter, catalogueRead.promise, before.staticPages.length)
        : null;
    let run: Run;
    let api: Api | undefined;
    try {
      api = await startApi(config, (line) => reporter.log(line));
      await reachable(api.url);
      const stats = buildStats();
      const catalogue = await readCatalogue(createApiClient({ baseURL: api.url, retry: 2 }), {
        onRequest: () => {
          stats.apiRequests++;
        },
        log: (line) => reporter.log(line),
      });
      catalogueRead.resolve(catalogue);
      const pages = cataloguePages(catalogue);
      run = {
        config,
        folders,
        reporter,
        catalogue,
        code,
        site: siteOrigin(),
        started,
        pages,
        pageSet: new Set(pages.map((p) => p.path)),
      };
      checkPageCount(run, before, opts.force === true);
    } catch (err) {
      catalogueRead.reject(err);
      await lean?.abandon();
      await api?.stop();
      throw err;
    }
    try {
      let result: RebuildResult | undefined;
      if (lean !== null && live.kind === 'build' && before !== null) {
        try {
          result = await incrementalBuild(run, live.dir, before, lean);
        } catch (err) {
          if (!(err instanceof NeedsFullBuild)) throw err;
          reason = err.message;
        }
      }
      if (result === undefined) {
        reporter.log(`Build: rendering every page: ${reason}.`);
        result = await fullBuild(run, before, reason);
      }
      await api.markBuilt(startedAt);
      return result;
    } finally {
      await api.stop();
    }
  } finally {
    release();
  }
}

function pageCount(m: Pick<SiteManifest, 'pages' | 'staticPages'>): number {
  return Object.keys(m.pages).filter((p) => p !== '/_redirects').length + m.staticPages.length;
}

function checkPageCount(run: Run, manifest: SiteManifest | null, force: boolean): void {
  if (manifest === null) return;
  const before = pageCount(manifest);
  const after = run.pages.filter((p) => p.path !== '/_redirects').length + manifest.staticPages.length;
  if (before === 0 || after >= before * (1 - MAX_PAGE_DROP)) return;
  const drop = Math.round((1 - after / before) * 100);
  const message =
    `Not published: the catalogue now gives ${after} pages, ${drop} % fewer than the ${before} of the live site ` +
    `(a rebuild publishes a drop of at most ${MAX_PAGE_DROP * 100} %). The live site is unchanged. ` +
    'If sections or items were removed on purpose, run the rebuild again with --force.';
  if (!force) throw new PublishRefused(message);
  run.reporter.log(`Build: publishing although the page count falls by ${drop} % (--force).`);
}

/**
 * Runs `astro build` into `outDir` over `catalogue`, limited to the catalogue
 * pages `only` names (every page when null); shows the rendering's progress
 * once the number of pages to render (`total`) is known. Resolves to the paths
 * of the pages Astro rendered.
 */
async function runAstro(
  reporter: Reporter,
  outDir: string,
  catalogue: Promise<Catalogue>,
  only: Promise<readonly string[]> | null,
  total: Promise<number>,
): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  const stats = buildStats();
  stats.pagesRendered = 0;
  stats.renderedPaths = [];
  shareCatalogue(catalogue);
  shareOnlyPages(only);
  stats.orchestrated = true;
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  let phase: Phase | undefined;
  let timer: NodeJS.Timeout | undefined;
  total.then(
    (n) => {
      stats.pagesRendered = 0;
      phase = reporter.phase('rendering', n, 'pages');
      timer = setInterval(() => phase?.update(stats.pagesRendered), 100);
    },
    () => {},
  );
  try {
    const { build } = await import('astro');
    // A lean build skips Astro's type generation (`sync`): it changes no page, and the
    // full builds and `astro check` keep the types up to date. The option is internal
    // to Astro's build (the version is pinned); the public type does not list it.
    const internal = { sync: only === null } as Parameters<typeof build>[1];
    await build({ root: PROJECT_ROOT, outDir, logLevel: 'warn' }, internal);
  } finally {
    clearInterval(timer);
    phase?.update(stats.pagesRendered);
    phase?.end();
    stats.orchestrated = false;
    shareCatalogue(null);
    shareOnlyPages(null);
  }
  reporter.log(renderedLine(stats.renderedPaths.length, stats.apiRequests));
  return stats.renderedPaths;
}

/** Astro's own scratch folders go inside the project (see ARCHITECTURE.md "Rebuilds"). */
function scratchDir(kind: 'full' | 'lean'): string {
  return join(PROJECT_ROOT, '.astro', `site-${kind}-${process.pid}`);
}

/** Removes scratch folders of rebuilds that died (any process id no longer running). */
function removeDeadScratch(): void {
  const dir = join(PROJECT_ROOT, '.astro');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const m = /^site-(full|lean)-(\d+)/.exec(name);
    if (m === null) continue;
    const pid = Number(m[2]);
    const alive = pid === process.pid || isAlive(pid);
    if (!alive) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function connectSources(): string[] {
  const api = process.env.PUBLIC_API_URL?.trim();
  if (api === undefined || api === '') return [];
  try {
    return [new URL(api).origin];
  } catch {
    return [];
  }
}

function publicEntries(): Set<string> {
  const dir = join(PROJECT_ROOT, 'public');
  if (!existsSync(dir)) return new Set();
  return new Set(readdirSync(dir, { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name)));
}

function topLevel(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
}

function headersText(top: Iterable<string>, inline: InlineHashSet): string {
  return headersFile({
    inline: inline.toJSON(),
    connect: connectSources(),
    topLevel: [...top],
    publicEntries: publicEntries(),
  });
}

/** The number of search shards the catalogue's searched pages take. */
function searchShards(run: Run): number {
  return shardCount(run.pages.filter((p) => isSearched(p.path)).length);
}

async function writeSearchFiles(root: string, files: Map<string, Uint8Array>): Promise<void> {
  await eachLimited([...files], COMPRESS_CONCURRENCY, async ([name, content]) => {
    const file = join(root, name);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
    if (isCompressible(name)) {
      const { br, gz } = await compressed(name, Buffer.from(content));
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }
  });
}

/**
 * Moves everything under `from` into `to`, folder by folder: a folder only one
 * side has moves in one rename. A file both have is `from`'s (a page Astro
 * rendered wins over a redirect page written for the same path), and the
 * other's compressed forms go with it.
 */
function mergeInto(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (!existsSync(dst)) {
      movePath(src, dst);
    } else if (entry.isDirectory() && statSync(dst).isDirectory()) {
      mergeInto(src, dst);
    } else {
      rmSync(dst, { recursive: true, force: true });
      rmSync(`${dst}.br`, { force: true });
      rmSync(`${dst}.gz`, { force: true });
      movePath(src, dst);
    }
  }
}

/**
 * Renders every page into a new build folder and publishes it when complete.
 * The two cores are kept busy: the redirect pages (which need only the
 * catalogue) are written while Astro renders, and the search index is made
 * while the pages are compressed.
 */
async function fullBuild(run: Run, before: SiteManifest | null, reason: string): Promise<RebuildResult> {
  const { folders, reporter } = run;
  const scratch = scratchDir('full');
  const dir = nextBuildDir(folders);
  mkdirSync(dir, { recursive: true });
  const redirectsWritten = writeRedirectPagesInWorker({
    dir,
    redirectsText: redirectsText(run.catalogue),
    site: run.site,
    pages: [...run.pageSet],
  });
  // Settled now, awaited below: a failed render must not leave the write's failure unhandled.
  redirectsWritten.catch(() => {});
  const expected = run.pages.length - 1 + (before?.staticPages.length ?? 0);
  const rendered = await runAstro(reporter, scratch, Promise.resolve(run.catalogue), null, Promise.resolve(expected));
  const redirectCount = await redirectsWritten;
  const astroFiles = listFiles(scratch);
  mergeInto(scratch, dir);
  rmSync(scratch, { recursive: true, force: true });
  const staticPages = rendered.filter((p) => !run.pageSet.has(p)).sort();
  const sitemap = new Map(sitemapFiles(run.site, [...run.pageSet, ...staticPages]).map((f) => [f.name, f.content]));
  reporter.log(`Build: ${redirectCount} redirect pages written.`);

  const inline = new InlineHashSet();
  const searchStarted = performance.now();
  let searchSeconds = 0;
  const shards = searchShards(run);
  const searchIndexed = buildSearchIndex(dir, shards, { sink: (files) => writeSearchFiles(dir, files) }).then(
    (search) => {
      searchSeconds = seconds(searchStarted);
      reporter.log(
        `Build: search index of ${search.pages} pages (${shards} ${shards === 1 ? 'shard' : 'shards'}) ` +
          `written in ${searchSeconds.toFixed(1)} s.`,
      );
    },
  );
  searchIndexed.catch(() => {});
  const toCompress = astroFiles.filter(isCompressible).length + sitemap.size;
  const phase = reporter.phase('compressing', toCompress, 'files');
  await writeCompressed(dir, sitemap);
  await compressInPlace(dir, astroFiles, inline, (n) => phase.update(sitemap.size + n));
  phase.end();
  reporter.log(`Build: ${toCompress} files compressed (brotli and gzip).`);
  await searchIndexed;
  writeFileSync(join(dir, '_headers'), headersText(topLevel(dir), inline));

  const removed = before === null ? 0 : Object.keys(before.pages).filter((p) => !run.pageSet.has(p)).length;
  const builtAt = new Date().toISOString();
  const manifest: SiteManifest = {
    version: 1,
    buildId: randomUUID(),
    code: run.code,
    builtAt,
    pages: Object.fromEntries(run.pages.map((p) => [p.path, p.key])),
    staticPages,
    inline: inline.toJSON(),
    inlineCounts: inline.counts(),
    searchIndexedAt: builtAt,
    searchShards: shards,
  };
  writeManifest(folders, dir, manifest);
  publish(folders, dir);
  const liveSeconds = seconds(run.started);
  const rendering = rendered.length;
  reporter.log(
    `Build: site written to ${run.config.siteDir} in ${liveSeconds.toFixed(1)} s ` +
      `(${rendering} rendered, 0 reused, ${removed} removed).`,
  );

  // The old builds go, and a standby copy of the new one is made for the next incremental
  // rebuild, both in the background: the site is live already.
  trashBuilds(folders, staleBuilds(folders, [dir]));
  const job = startStandbyCopy(folders, dir, manifest.buildId);
  reporter.log(
    job === undefined
      ? 'Build: the standby copy could not be started; the next rebuild makes it.'
      : `Build: making the standby copy for the next rebuild in the background (process ${job}).`,
  );
  return {
    mode: 'full',
    reason,
    rendered: rendering,
    reused: 0,
    removed,
    pages: run.pages.length - 1 + staticPages.length,
    liveSeconds,
    searchSeconds,
    seconds: seconds(run.started),
    siteDir: run.config.siteDir,
  };
}

/** Changes to a build folder: new contents by relative file, `null` for a file to delete. */
type Changes = Map<string, Buffer | null>;

async function sameAsFile(file: string, data: Buffer): Promise<boolean> {
  try {
    return (await readFile(file)).equals(data);
  } catch {
    return false;
  }
}

/** Adds the `.br` / `.gz` siblings of every changed compressible file to `changes`. */
async function addCompressed(changes: Changes): Promise<void> {
  const entries = [...changes].filter(([rel]) => isCompressible(rel));
  await eachLimited(entries, COMPRESS_CONCURRENCY, async ([rel, data]) => {
    if (data === null) {
      changes.set(`${rel}.br`, null);
      changes.set(`${rel}.gz`, null);
      return;
    }
    const { br, gz } = await compressed(rel, data);
    changes.set(`${rel}.br`, br);
    changes.set(`${rel}.gz`, gz);
  });
}

async function removeEmptyParents(root: string, file: string): Promise<void> {
  for (let dir = dirname(file); dir !== root && dir.startsWith(root + sep); dir = dirname(dir)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
  }
}

/**
 * Applies `changes` to a build folder nobody is served from: each new file is
 * written beside its place and renamed over it (never written in place: the
 * file may be a hard link shared with the live build). With `linkFrom`, new
 * files are hard links to that folder's (already changed) files instead.
 */
async function applyChanges(root: string, changes: Changes, linkFrom?: string): Promise<void> {
  const tmpSuffix = `.tmp-${process.pid}`;
  const writes = [...changes].filter(([, data]) => data !== null);
  const deletes = [...changes].filter(([, data]) => data === null).map(([rel]) => rel);
  await eachLimited(deletes, 16, async (rel) => {
    const file = join(root, rel);
    await rm(file, { force: true });
    await removeEmptyParents(root, file);
  });
  await eachLimited(writes, 16, async ([rel, data]) => {
    const file = join(root, rel);
    const tmp = file + tmpSuffix;
    await mkdir(dirname(file), { recursive: true });
    await rm(tmp, { force: true });
    if (linkFrom !== undefined) await link(join(linkFrom, rel), tmp);
    else await writeFile(tmp, data as Buffer);
    await rename(tmp, file);
  });
}

/** The standby copy of `liveDir` (same build id), made again when a rebuild was interrupted. */
function standbyOf(run: Run, liveDir: string, buildId: string): string {
  for (const dir of staleBuilds(run.folders, [liveDir])) {
    if (/site-\d+$/.test(dir) && readManifest(run.folders, dir)?.buildId === buildId) return dir;
  }
  const started = performance.now();
  const dir = nextBuildDir(run.folders);
  run.reporter.log('Build: making a standby copy of the live site (the last rebuild did not finish its own) ...');
  linkCopy(liveDir, dir);
  run.reporter.log(`Build: standby copy made in ${seconds(started).toFixed(1)} s.`);
  return dir;
}

/** Renders only the pages whose keys changed and publishes them through the standby copy. */
async function incrementalBuild(
  run: Run,
  liveDir: string,
  before: SiteManifest,
  lean: LeanBuild,
): Promise<RebuildResult> {
  const { folders, reporter } = run;
  const changed = run.pages.filter((p) => before.pages[p.path] !== p.key);
  const removed = Object.keys(before.pages).filter((p) => !run.pageSet.has(p));
  const reused = run.pages.filter((p) => p.path !== '/_redirects' && before.pages[p.path] === p.key).length;
  // Only the search shards holding a changed page are made again; all of them when the
  // last index is stale (an interrupted rebuild) or the number of shards changes.
  const shards = searchShards(run);
  const staleShards = new Set(
    [...changed.map((p) => p.path), ...removed].filter(isSearched).map((path) => shardOf(path, shards)),
  );
  const allShards = before.searchIndexedAt === null || before.searchShards !== shards;
  const refreshSearch = allShards || staleShards.size > 0;
  const reindex = allShards ? Array.from({ length: shards }, (_, i) => i) : [...staleShards];
  if (changed.length === 0 && removed.length === 0) await lean.abandon();
  if (changed.length === 0 && removed.length === 0 && !refreshSearch) {
    const liveSeconds = seconds(run.started);
    reporter.log(`Build: site written to ${run.config.siteDir} in ${liveSeconds.toFixed(1)} s (nothing changed).`);
    return {
      mode: 'unchanged',
      reason: '',
      rendered: 0,
      reused,
      removed: 0,
      pages: pageCount(before),
      liveSeconds,
      searchSeconds: null,
      seconds: liveSeconds,
      siteDir: run.config.siteDir,
    };
  }
  const changes: Changes = new Map();
  let rendered: string[] = [];
  let staticPages = before.staticPages;
  // The policy follows the pages: each hash with the number of live pages carrying it (counted over the
  // whole site by the full build, or now when the live build's manifest predates the counts), then the
  // changed pages' old hashes out and new ones in, so a hash no page carries any more goes.
  const inline =
    before.inlineCounts !== undefined ? new InlineHashSet(before.inlineCounts) : await InlineHashSet.ofSite(liveDir);
  if (changed.length > 0 || removed.length > 0) {
    const { scratch } = lean;
    reporter.log(`Build: ${changed.length} pages changed and ${removed.length} removed since the last build.`);
    try {
      rendered = await lean.render(changed.map((p) => p.path));
      const liveAssets = new Set(existsSync(join(liveDir, '_astro')) ? readdirSync(join(liveDir, '_astro')) : []);
      const assets = existsSync(join(scratch, '_astro')) ? readdirSync(join(scratch, '_astro')) : [];
      const foreign = assets.filter((a) => !liveAssets.has(a));
      if (foreign.length > 0) {
        throw new NeedsFullBuild(`the built scripts or styles differ from the live site's (${foreign[0]})`);
      }
      staticPages = rendered.filter((p) => !run.pageSet.has(p)).sort();
      for (const p of changed) {
        const rel = catalogueFile(p.path);
        changes.set(rel, await readFile(join(scratch, rel)));
      }
      // Pages without a key (login, cart, 404, …) and public files: kept unless their bytes changed.
      const catalogueFiles = new Set(run.pages.map((p) => catalogueFile(p.path)));
      for (const rel of listFiles(scratch, (r) => r === '_astro')) {
        if (catalogueFiles.has(rel)) continue;
        const data = await readFile(join(scratch, rel));
        if (!(await sameAsFile(join(liveDir, rel), data))) changes.set(rel, data);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    for (const path of removed) {
      const rel = catalogueFile(path);
      if (!changes.has(rel)) changes.set(rel, null);
    }
    // Redirect pages follow `_redirects` and the set of pages; the sitemap follows the set of pages.
    const pageSetChanged =
      removed.length > 0 ||
      changed.some((p) => !(p.path in before.pages)) ||
      staticPages.join('\n') !== before.staticPages.join('\n');
    if (pageSetChanged || changes.has('_redirects')) addRedirectPages(run, liveDir, before, staticPages, changes);
    if (pageSetChanged) await addSitemap(run, liveDir, staticPages, changes);
    for (const [rel, data] of changes) {
      if (!rel.endsWith('.html')) continue;
      const old = await readFile(join(liveDir, rel), 'utf8').catch(() => null);
      if (old !== null) inline.remove(old);
      if (data !== null) inline.add(data.toString('utf8'));
    }
  }
  const manifest: SiteManifest = {
    version: 1,
    buildId: randomUUID(),
    code: run.code,
    builtAt: new Date().toISOString(),
    pages: Object.fromEntries(run.pages.map((p) => [p.path, p.key])),
    staticPages,
    inline: inline.toJSON(),
    inlineCounts: inline.counts(),
    searchIndexedAt: refreshSearch ? null : before.searchIndexedAt,
    searchShards: refreshSearch ? null : shards,
  };

  // 1. The changed pages go live through the standby copy; the old live build becomes the standby.
  let standby = standbyOf(run, liveDir, before.buildId);
  let current = liveDir;
  const pagesChanged = changes.size;
  if (changes.size > 0) {
    await addHeaders(liveDir, inline, changes);
    await addCompressed(changes);
    ({ standby, current } = await switchTo(run, current, standby, changes, manifest));
  }
  const liveSeconds = seconds(run.started);
  reporter.log(
    `Build: site written to ${run.config.siteDir} in ${liveSeconds.toFixed(1)} s ` +
      `(${rendered.length} rendered, ${reused} reused, ${removed.length} removed; ${pagesChanged} files changed).`,
  );

  // 2. The search index of the new pages follows, through the standby again.
  let searchSeconds: number | null = null;
  if (refreshSearch) {
    const searchStarted = performance.now();
    reporter.log(
      `Build: indexing the item and section pages for search (${reindex.length} of ${shards} ` +
        `${shards === 1 ? 'shard' : 'shards'}) ...`,
    );
    const search = await buildSearchIndex(current, shards, { only: reindex });
    const searchChanges: Changes = new Map();
    // The files of the shards made again, and of shards beyond the new count, that the new index does not have.
    const oldFiles = new Set<string>();
    for (const name of readdirSync(current).filter(isShardDir)) {
      const shard = name === 'pagefind' ? 0 : Number(name.slice('pagefind-'.length));
      if (!reindex.includes(shard) && shard < shards) continue;
      for (const f of listFiles(join(current, name))) if (!/\.(br|gz)$/.test(f)) oldFiles.add(`${name}/${f}`);
    }
    for (const [name, content] of search.files) {
      const data = Buffer.from(content);
      if (!(await sameAsFile(join(current, name), data))) searchChanges.set(name, data);
      oldFiles.delete(name);
    }
    for (const name of oldFiles) searchChanges.set(name, null);
    const indexed = {
      ...manifest,
      buildId: randomUUID(),
      searchIndexedAt: new Date().toISOString(),
      searchShards: shards,
    };
    if (searchChanges.size > 0) {
      await addCompressed(searchChanges);
      await addHeaders(current, inline, searchChanges);
    }
    ({ standby, current } = await switchTo(run, current, standby, searchChanges, indexed));
    searchSeconds = seconds(searchStarted);
    reporter.log(
      `Build: search index of ${search.pages} pages (${reindex.length} of ${shards} ${shards === 1 ? 'shard' : 'shards'}) ` +
        `live in ${searchSeconds.toFixed(1)} s.`,
    );
  }
  trashBuilds(folders, staleBuilds(folders, [current, standby]));
  emptyTrash(folders, { detached: true });
  return {
    mode: 'incremental',
    reason: '',
    rendered: rendered.length,
    reused,
    removed: removed.length,
    pages: pageCount(manifest),
    liveSeconds,
    searchSeconds,
    seconds: seconds(run.started),
    siteDir: run.config.siteDir,
  };
}

/**
 * Applies `changes` to the standby, publishes it, then brings the old live
 * build up to date with hard links so it is the next standby. The manifest of
 * a folder is dropped while the folder changes: a folder without one is never
 * trusted as a copy of the live build.
 */
async function switchTo(
  run: Run,
  live: string,
  standby: string,
  changes: Changes,
  manifest: SiteManifest,
): Promise<{ current: string; standby: string }> {
  dropManifest(run.folders, standby);
  await applyChanges(standby, changes);
  writeManifest(run.folders, standby, manifest);
  publish(run.folders, standby);
  dropManifest(run.folders, live);
  await applyChanges(live, changes, standby);
  writeManifest(run.folders, live, manifest);
  return { current: standby, standby: live };
}

/** The redirect pages that changed with `_redirects` or with the set of pages. */
function addRedirectPages(
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
  const oldPages = redirectPages(oldText, run.site, (p) => p in before.pages || oldStatic.has(p));
  const newPages = redirectPages(newText, run.site, (p) => run.pageSet.has(p) || newStatic.has(p));
  for (const [rel, html] of newPages) {
    if (oldPages.get(rel) !== html) changes.set(rel, Buffer.from(html));
  }
  for (const rel of oldPages.keys()) {
    if (!newPages.has(rel) && !changes.has(rel)) changes.set(rel, null);
  }
}

async function addSitemap(run: Run, liveDir: string, staticPages: string[], changes: Changes): Promise<void> {
  const files = sitemapFiles(run.site, [...run.pageSet, ...staticPages]);
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
async function addHeaders(liveDir: string, inline: InlineHashSet, changes: Changes): Promise<void> {
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
