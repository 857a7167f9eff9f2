import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStats } from '../lib/catalogue/build-stats.ts';
import { shareCatalogue } from '../lib/catalogue/load.ts';
import { renderedLine } from '../lib/catalogue/site-integration.ts';
import { redirectsText, shareOnlyPages } from '../lib/catalogue/site-pages.ts';
import { sitemapFiles } from '../lib/catalogue/sitemap.ts';
import { compressInPlace, InlineHashSet, isCompressible, listFiles, writeCompressed } from './deploy-files.ts';
import { headersText, searchedPages, searchShards, topLevel } from './derived-files.ts';
import { dropOtherRenderers, keptRendererDir, loadKeptRenderer, type RenderedFile } from './kept-renderer.ts';
import { PageWriters } from './page-writer.ts';
import { writeRedirectPagesInWorker } from './redirect-writer.ts';
import { REDIRECTS_PATH, RenderThreads, renderParts, renderThreadCount } from './render-threads.ts';
import { removeScratch, scratchDir } from './renderer.ts';
import { type RebuildResult, type Run, seconds } from './run.ts';
import { buildSearchIndex, isSearched, shardOf } from './search-index.ts';
import { compileSite } from './site-compiler.ts';
import {
  emptyTrash,
  movePath,
  nextBuildDir,
  publish,
  type SiteManifest,
  staleBuilds,
  trashBuilds,
  writeManifest,
} from './site-folders.ts';
import { StandbyLinks } from './standby-links.ts';

/** The full build: every page rendered into a new build folder, published when complete. */

/**
 * Moves everything under `from` into `to`, folder by folder: a folder only one
 * side has moves in one rename. A file both have is `from`'s (a page Astro
 * rendered wins over a redirect page written for the same path), and the
 * other's compressed forms go with it.
 */
export function mergeInto(from: string, to: string): void {
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

/** CPU seconds (user and system) of this process's child processes that ended (Linux `/proc`; 0 elsewhere). */
export function endedChildrenCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime (fields 16 and 17), in clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

const cpuSecondsOf = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

/** Catalogue pages a full build names to Astro's `getStaticPaths()` at a time. */
export const PART_PAGES = 2000;

/** Pages rendered (and written) at a time: one renders while the others are compressed and written. */
const RENDER_CONCURRENCY = 8;

/**
 * The catalogue's pages in the order a full build renders them: the searched
 * pages shard by shard (so each shard can be indexed as soon as its pages are
 * written; the first shard last), then the rest.
 */
export function renderOrder(paths: readonly string[], shards: number): { shard: number | null; paths: string[] }[] {
  const groups: { shard: number | null; paths: string[] }[] = Array.from({ length: shards }, (_, shard) => ({
    shard,
    paths: [],
  }));
  const rest: string[] = [];
  for (const path of paths) {
    if (isSearched(path)) groups[shardOf(path, shards)]?.paths.push(path);
    else rest.push(path);
  }
  // The first shard's glob also matches a redirect page (`/app/store-section/0/0`): it is indexed
  // last of the shards, once the redirect pages are written, as when everything was indexed at the end.
  return [...groups.slice(1), ...groups.slice(0, 1), { shard: null, paths: rest }];
}

/**
 * Renders the catalogue's pages with the renderer the site compiler kept,
 * `PART_PAGES` at a time (Astro's `getStaticPaths()` of each route sees only
 * the part), writing each page with its `.br` and `.gz` into `dir` as soon as
 * it is rendered: on the rendering threads (`render-threads.ts`), each part
 * sent with the items its pages show, or, with one thread, on this one, each
 * page handed to the page writers' threads. `onShard(shard)` is called once
 * every page of a search shard is written. Resolves to the paths rendered.
 */
async function renderCatalogue(
  run: Run,
  writers: PageWriters,
  threads: RenderThreads | null,
  shards: number,
  onShard: (shard: number) => void,
): Promise<string[]> {
  const stats = buildStats();
  stats.pagesRendered = 0;
  const groups = renderOrder(run.pages.paths(), shards);
  const phase = run.reporter.phase('rendering', run.pages.size - 1, 'pages');
  const count = () => (threads === null ? stats.pagesRendered : threads.rendered);
  const timer = setInterval(() => phase.update(count()), 100);
  let rendered: string[];
  try {
    rendered =
      threads !== null
        ? await renderParts(threads, run.catalogue, groups, PART_PAGES, onShard, () =>
            // What the kept renderer's `/_redirects` endpoint answers, from the whole catalogue.
            writers.write(REDIRECTS_PATH.slice(1), Buffer.from(redirectsText(run.catalogue))),
          )
        : await renderHere(run, writers, groups, onShard);
  } finally {
    clearInterval(timer);
    phase.update(count());
    phase.end();
  }
  run.reporter.log(renderedLine(rendered.length, stats.apiRequests));
  return rendered;
}

/** `renderCatalogue` on this thread, each page handed to a page writer's thread as soon as it is rendered. */
async function renderHere(
  run: Run,
  writers: PageWriters,
  groups: { shard: number | null; paths: string[] }[],
  onShard: (shard: number) => void,
): Promise<string[]> {
  const renderer = await loadKeptRenderer(run.code);
  if (renderer === null) throw new Error('The site compiler did not keep its compiled renderer.');
  const rendered: string[] = [];
  // A few pages are held at a time.
  const write = async (f: RenderedFile) => {
    await writers.write(f.file, f.body);
    rendered.push(f.path);
  };
  shareCatalogue(Promise.resolve(run.catalogue));
  try {
    for (const group of groups) {
      for (let start = 0; start < group.paths.length; start += PART_PAGES) {
        const part = group.paths.slice(start, start + PART_PAGES);
        renderer.forget();
        shareOnlyPages(Promise.resolve(part));
        await renderer.render(part, RENDER_CONCURRENCY, write);
      }
      if (group.shard !== null) onShard(group.shard);
    }
  } finally {
    renderer.forget();
    shareCatalogue(null);
    shareOnlyPages(null);
  }
  return rendered;
}

/**
 * Renders every page into a new build folder and publishes it when complete,
 * with memory bounded by a part, not by the catalogue: Astro compiles the site
 * and renders the pages without keys in a child process of its own
 * (`site-compiler.ts`), then the compiled renderer it kept renders the
 * catalogue `PART_PAGES` at a time on the rendering threads (one a core), each
 * page written and compressed as it comes. Every core is kept busy: the redirect pages (which need only the
 * catalogue) are written in a worker thread, and each search shard is indexed
 * as soon as its pages are written, while the next shard's pages render.
 */
export async function fullBuild(
  run: Run,
  before: SiteManifest | null,
  reason: string,
  /** What the site compiler rendered, when the rebuild ran it already; else the API it reads. */
  compiledOrApi: string[] | string,
): Promise<RebuildResult> {
  const { folders, reporter } = run;
  const scratch = scratchDir('full');
  const dir = nextBuildDir(folders);
  mkdirSync(dir, { recursive: true });
  // The standby copy for the next rebuild is written as the build goes: every file hard-linked as it is written.
  const standby = nextBuildDir(folders);
  mkdirSync(standby, { recursive: true });
  const redirectsWritten = writeRedirectPagesInWorker({
    dir,
    standby,
    redirectsText: redirectsText(run.catalogue),
    site: run.site,
    pages: run.pages.paths(),
  });
  // Settled now, awaited below: a failed render must not leave the write's failure unhandled.
  redirectsWritten.catch(() => {});
  const kept = keptRendererDir(run.code);
  const compilerCpu = endedChildrenCpuSeconds();
  let staticRendered: string[];
  if (typeof compiledOrApi === 'string') {
    removeScratch('full');
    staticRendered = await compileSite({ outDir: scratch, keep: kept, apiUrl: compiledOrApi }, reporter);
  } else {
    staticRendered = compiledOrApi;
  }
  dropOtherRenderers(kept);
  // Run here, or by the rebuild before (then it is the only child process that ended so far).
  const compiled = endedChildrenCpuSeconds();
  const cpu = { compiler: typeof compiledOrApi === 'string' ? compiled - compilerCpu : compiled, children: compiled };

  const inline = new InlineHashSet();
  // With rendering threads, each writes its own pages: one page writer is left for the search index's files.
  const threadCount = renderThreadCount();
  const writers = new PageWriters(dir, inline, { standby, ...(threadCount > 1 ? { threads: 1 } : {}) });
  const threads =
    threadCount > 1
      ? new RenderThreads({
          code: run.code,
          dir,
          standby,
          catalogue: run.catalogue,
          threads: threadCount,
          concurrency: RENDER_CONCURRENCY,
        })
      : null;
  try {
    return await renderAndPublish(run, before, reason, {
      dir,
      standby,
      scratch,
      staticRendered,
      redirectsWritten,
      inline,
      writers,
      threads,
      cpu,
    });
  } finally {
    await threads?.close(null).catch(() => {});
    await writers.close().catch(() => {});
  }
}

async function renderAndPublish(
  run: Run,
  before: SiteManifest | null,
  reason: string,
  parts: {
    dir: string;
    standby: string;
    scratch: string;
    staticRendered: string[];
    redirectsWritten: Promise<number>;
    inline: InlineHashSet;
    writers: PageWriters;
    /** The rendering threads (null: the pages render on this thread). */
    threads: RenderThreads | null;
    /** The site compiler's CPU seconds, and the ended children's before rendering began. */
    cpu: { compiler: number; children: number };
  },
): Promise<RebuildResult> {
  const { folders, reporter } = run;
  const { dir, standby, scratch, staticRendered, redirectsWritten, inline, writers, threads } = parts;
  const mainCpu = process.threadCpuUsage();
  const searched = searchedPages(run, null);
  const shards = searchShards(searched);
  // The seconds Pagefind ran, shard after shard, mostly while later shards' pages rendered.
  let searchSeconds = 0;
  let searchPages = 0;
  let searching: Promise<void> = Promise.resolve();
  // Each shard is indexed once its pages are written (the first one also once the redirect pages are).
  const indexShard = (shard: number) => {
    searching = searching.then(async () => {
      if (shard === 0) await redirectsWritten;
      const started = performance.now();
      const search = await buildSearchIndex(dir, shards, {
        only: [shard],
        sink: (files) => writers.writeAll(files),
      });
      searchPages += search.pages;
      searchSeconds += seconds(started);
    });
    searching.catch(() => {});
  };
  const catalogueRendered = await renderCatalogue(run, writers, threads, shards, indexShard);
  // The threads hand back the inline hashes of the pages they wrote, and end: their memory is free for what follows.
  await threads?.close(inline);
  const renderCpu = cpuSecondsOf(process.threadCpuUsage(mainCpu));
  const redirectCount = await redirectsWritten;
  reporter.log(`Build: ${redirectCount} redirect pages written.`);
  const astroFiles = listFiles(scratch);
  mergeInto(scratch, dir);
  rmSync(scratch, { recursive: true, force: true });
  const rendered = [...staticRendered, ...catalogueRendered];
  const staticPages = staticRendered.filter((p) => !run.pages.has(p)).sort();
  const sitemap = new Map(
    sitemapFiles(run.site, [...run.pages.paths(), ...staticPages]).map((f) => [f.name, f.content]),
  );
  const toCompress = astroFiles.filter(isCompressible).length + sitemap.size;
  const phase = reporter.phase('compressing', toCompress, 'files');
  await writeCompressed(dir, sitemap);
  await compressInPlace(dir, astroFiles, inline, (n) => phase.update(sitemap.size + n));
  phase.end();
  reporter.log(`Build: ${toCompress} more files compressed (brotli and gzip).`);
  await searching;
  // Every page is written: the writers hand back the inline hashes of the pages they wrote.
  await writers.close();
  reporter.log(
    `Build: CPU seconds (user and system): ${
      threads === null
        ? `rendering ${renderCpu.toFixed(1)} (the main thread), page writers ${writers.cpuSeconds.toFixed(1)}`
        : `rendering and writing ${threads.cpuSeconds.toFixed(1)} (${threads.count} threads, ` +
          `heaps of at most ${threads.heapMb} MB), ` +
          `the main thread ${renderCpu.toFixed(1)}, search index writer ${writers.cpuSeconds.toFixed(1)}`
    }, Pagefind ${(endedChildrenCpuSeconds() - parts.cpu.children).toFixed(1)}, ` +
      `the site compiler ${parts.cpu.compiler.toFixed(1)}; this process ${cpuSecondsOf(process.cpuUsage()).toFixed(1)} ` +
      'in all (its threads: rendering, page writers, redirect pages, the API).',
  );
  reporter.log(
    `Build: search index of ${searchPages} pages (${shards} ${shards === 1 ? 'shard' : 'shards'}) ` +
      `written in ${searchSeconds.toFixed(1)} s.`,
  );
  writeFileSync(join(dir, '_headers'), headersText(topLevel(dir), inline));
  // What was not written by the writers goes into the standby now: Astro's files (moved in, then
  // compressed), the sitemap and `_headers`. A few hundred files, not the catalogue's million.
  const links = new StandbyLinks(dir, standby);
  for (const rel of [...astroFiles, ...sitemap.keys(), '_headers']) links.sync(rel);

  const removed = before === null ? 0 : before.pages.paths().filter((p) => !run.pages.has(p)).length;
  const builtAt = new Date().toISOString();
  const manifest: SiteManifest = {
    version: 1,
    buildId: randomUUID(),
    code: run.code,
    builtAt,
    pages: run.pages,
    staticPages,
    inline: inline.toJSON(),
    inlineCounts: inline.counts(),
    searchIndexedAt: builtAt,
    searchShards: shards,
    searchedPages: searched,
    changeCursor: run.changeCursor,
    frame: run.frame,
  };
  writeManifest(folders, dir, manifest);
  // The standby is an exact copy (the same files): the next rebuild changes it and publishes it.
  writeManifest(folders, standby, manifest);
  publish(folders, dir);
  const liveSeconds = seconds(run.started);
  const rendering = rendered.length;
  reporter.log(
    `Build: site written to ${run.config.siteDir} in ${liveSeconds.toFixed(1)} s ` +
      `(${rendering} rendered, 0 reused, ${removed} removed).`,
  );
  reporter.step('live');

  // The old builds go, deleted in the background: the site is live already, and its standby is ready.
  trashBuilds(folders, staleBuilds(folders, [dir, standby]));
  emptyTrash(folders, { detached: true });
  reporter.log('Build: the standby copy for the next rebuild was written with the build.');
  return {
    mode: 'full',
    reason,
    rendered: rendering,
    reused: 0,
    removed,
    pages: run.pages.size - 1 + staticPages.length,
    liveSeconds,
    searchSeconds,
    seconds: seconds(run.started),
    siteDir: run.config.siteDir,
  };
}
