import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addCompressed, type Changes, sameAsFile, standbyOf, switchTo } from './change-set.ts';
import { InlineHashSet, listFiles } from './deploy-files.ts';
import { addHeaders, addRedirectPages, addSitemap, searchedPages, searchShards } from './derived-files.ts';
import { planPages } from './plan.ts';
import type { PageRenderer } from './renderer.ts';
import { catalogueFile, pageCount, type RebuildResult, type Run, seconds } from './run.ts';
import { buildSearchIndex, isShardDir } from './search-index.ts';
import { emptyTrash, type SiteManifest, staleBuilds, trashBuilds, writeManifest } from './site-folders.ts';

/** The incremental rebuild: only the changed pages rendered, published through the standby copy. */

/** Renders only the pages whose keys changed and publishes them through the standby copy. */
export async function incrementalBuild(
  run: Run,
  liveDir: string,
  before: SiteManifest,
  renderer: PageRenderer,
): Promise<RebuildResult> {
  const { folders, reporter } = run;
  // What to render, remove and index again is decided by `planPages`; this function carries it out.
  const searched = searchedPages(run, before);
  const shards = searchShards(searched);
  const { changed, removed, reused, reindex, nothingToDo } = planPages({
    before,
    pages: run.pages,
    changed: run.changed,
    shards,
  });
  const refreshSearch = reindex.length > 0;
  if (changed.length === 0 && removed.length === 0) await renderer.abandon();
  if (nothingToDo) {
    // The live build shows the catalogue as of this cursor too: the next rebuild asks from here.
    if (run.changeCursor !== (before.changeCursor ?? null) || run.frame !== before.frame) {
      writeManifest(folders, liveDir, { ...before, changeCursor: run.changeCursor, frame: run.frame });
    }
    const liveSeconds = seconds(run.started);
    reporter.log(`Build: site written to ${run.config.siteDir} in ${liveSeconds.toFixed(1)} s (nothing changed).`);
    reporter.step('live');
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
    reporter.log(
      `Build: ${changed.length} pages changed and ${removed.length} removed since the last build ` +
        `(rendered with the ${renderer.kind === 'kept' ? "last full build's compiled renderer" : 'lean build'}).`,
    );
    const { rendered: paths, files } = await renderer.render(
      changed.map((p) => p.path),
      liveDir,
      !run.scoped,
    );
    rendered = paths;
    if (!run.scoped) staticPages = rendered.filter((p) => !run.pages.has(p)).sort();
    for (const p of changed) {
      const rel = catalogueFile(p.path);
      const data = files.get(rel);
      if (data === undefined) throw new Error(`The page ${p.path} was not rendered.`);
      changes.set(rel, data);
    }
    // Pages without a key (login, cart, 404, …) and public files: kept unless their bytes changed.
    // (Only the changed catalogue pages are rendered.)
    const catalogueFiles = new Set(changed.map((p) => catalogueFile(p.path)));
    for (const [rel, data] of files) {
      if (catalogueFiles.has(rel)) continue;
      if (!(await sameAsFile(join(liveDir, rel), data))) changes.set(rel, data);
    }
    for (const path of removed) {
      const rel = catalogueFile(path);
      if (!changes.has(rel)) changes.set(rel, null);
    }
    // Redirect pages follow `_redirects` and the set of pages; the sitemap follows the set of pages.
    const pageSetChanged =
      removed.length > 0 ||
      changed.some((p) => !before.pages.has(p.path)) ||
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
    pages: run.pages,
    staticPages,
    inline: inline.toJSON(),
    inlineCounts: inline.counts(),
    searchIndexedAt: refreshSearch ? null : before.searchIndexedAt,
    searchShards: refreshSearch ? null : shards,
    searchedPages: searched,
    changeCursor: run.changeCursor,
    frame: run.frame,
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
  reporter.step('live');

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
    reporter.step('search');
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
