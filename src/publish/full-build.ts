import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redirectsText } from '../lib/catalogue/site-pages.ts';
import { sitemapFiles } from '../lib/catalogue/sitemap.ts';
import { compressInPlace, InlineHashSet, isCompressible, listFiles, writeCompressed } from './deploy-files.ts';
import { headersText, searchShards, topLevel, writeSearchFiles } from './derived-files.ts';
import { dropOtherRenderers, keepRendererIn, keptRendererDir } from './kept-renderer.ts';
import { writeRedirectPagesInWorker } from './redirect-writer.ts';
import { runAstro, scratchDir } from './renderer.ts';
import { type RebuildResult, type Run, seconds } from './run.ts';
import { buildSearchIndex } from './search-index.ts';
import {
  movePath,
  nextBuildDir,
  publish,
  type SiteManifest,
  staleBuilds,
  trashBuilds,
  writeManifest,
} from './site-folders.ts';
import { startStandbyCopy } from './standby-copy.ts';

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

/**
 * Renders every page into a new build folder and publishes it when complete.
 * The two cores are kept busy: the redirect pages (which need only the
 * catalogue) are written while Astro renders, and the search index is made
 * while the pages are compressed.
 */
export async function fullBuild(run: Run, before: SiteManifest | null, reason: string): Promise<RebuildResult> {
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
  // The compiled renderer is kept for the incremental rebuilds of the same code (see `kept-renderer.ts`).
  const kept = keptRendererDir(run.code);
  keepRendererIn(kept);
  let rendered: string[];
  try {
    rendered = await runAstro(reporter, scratch, Promise.resolve(run.catalogue), null, Promise.resolve(expected));
  } finally {
    keepRendererIn(null);
  }
  dropOtherRenderers(kept);
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
  reporter.step('live');

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
