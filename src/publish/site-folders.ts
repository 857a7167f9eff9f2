import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { InlineCounts, InlineHashes } from '../server/site-headers.ts';
import { PageKeys } from './page-keys.ts';
import { TRASH_DELETER } from './trash-deleter.ts';

/**
 * Where a site lives on disk. `siteDir` (`SITE_DIR`) is a symbolic link to one
 * complete build in `buildsDir` (`{SITE_DIR}-builds/site-{n}`); publishing a
 * build is one atomic rename of a new link over it, so `npm run serve` (and
 * anything else reading `SITE_DIR`) sees either the old build or the new one,
 * never a mix. Beside the live build, `buildsDir` keeps a standby copy of it
 * (hard links, so it costs folders but no file data) that the next incremental
 * rebuild changes and publishes, and a manifest per build.
 */
export interface SiteFolders {
  siteDir: string;
  buildsDir: string;
  manifestsDir: string;
}

export function siteFolders(siteDir: string): SiteFolders {
  const abs = resolve(siteDir);
  const buildsDir = `${abs}-builds`;
  return { siteDir: abs, buildsDir, manifestsDir: join(buildsDir, 'manifests') };
}

/** What a build holds, kept beside it: what an incremental rebuild compares the catalogue against. */
export interface SiteManifest {
  version: 1;
  /** Changes whenever the content changes; a standby with the live build's id is an exact copy of it. */
  buildId: string;
  /** The code the build ran (see `codeFingerprint`): a rebuild after the code changed renders everything. */
  code: string;
  builtAt: string;
  /** Every catalogue page (and `/_redirects`) with its cache key. */
  pages: PageKeys;
  /** The other pages Astro rendered (login, cart, …): re-rendered by every rebuild, kept when unchanged. */
  staticPages: string[];
  /** The inline scripts and styles of the pages, for the Content-Security-Policy. */
  inline: InlineHashes;
  /** How many pages carry each of `inline`'s hashes, so a rebuild can drop the ones no page carries any more. */
  inlineCounts?: InlineCounts;
  /** When the search index was made from this build's pages; `null` while it still indexes older ones. */
  searchIndexedAt: string | null;
  /** How many shards the search index has (see `search-index.ts`); `null` while `searchIndexedAt` is. */
  searchShards?: number | null;
  /** How many of `pages` are searched (what the shard count follows); absent in older manifests. */
  searchedPages?: number;
  /**
   * The catalogue change feed's cursor taken before this build read the catalogue
   * (`GET /api/Site/Changes`): the next rebuild asks what changed since. Absent
   * or null: the next rebuild reads the whole catalogue.
   */
  changeCursor?: string | null;
  /**
   * The catalogue frame (categories, stores, published sections) this build showed,
   * kept beside the manifests (`catalogue-changes.ts`): unchanged while the feed
   * reports only items edited in place.
   */
  frame?: string | undefined;
}

export function manifestFile(folders: SiteFolders, build: string): string {
  return join(folders.manifestsDir, `${basename(build)}.json`);
}

/** The manifest of a build folder, or null when there is none (the build is incomplete or being changed). */
export function readManifest(folders: SiteFolders, build: string): SiteManifest | null {
  try {
    const m = JSON.parse(readFileSync(manifestFile(folders, build), 'utf8')) as SiteManifest;
    if (m.version !== 1) return null;
    m.pages = PageKeys.fromJSON(m.pages, folders.manifestsDir);
    return m;
  } catch {
    return null;
  }
}

/**
 * A build's id from its manifest without parsing the page list (a few megabytes at 100,000
 * items): what telling a standby copy from a stale folder needs. Null as for `readManifest`.
 */
export function manifestBuildId(folders: SiteFolders, build: string): string | null {
  // The manifest starts with its version and build id (`writeManifest` keeps that order): its head is enough.
  const head = Buffer.alloc(256);
  let length: number;
  try {
    const fd = openSync(manifestFile(folders, build), 'r');
    try {
      length = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  const found = /^\{"version":(\d+),"buildId":"([^"\\]*)"/.exec(head.toString('utf8', 0, length));
  if (found !== null) return found[1] === '1' ? (found[2] as string) : null;
  return readManifest(folders, build)?.buildId ?? null;
}

const serialized = new WeakMap<SiteManifest, string>();

/**
 * Writes a build's manifest atomically (and durably: it is what says the build is complete).
 * Its pages go in a page list file beside it (`PageKeys.stored`), written first; the page list
 * files no manifest names any more are removed after.
 */
export function writeManifest(folders: SiteFolders, build: string, manifest: SiteManifest): void {
  mkdirSync(folders.manifestsDir, { recursive: true });
  const file = manifestFile(folders, build);
  const tmp = `${file}.tmp-${process.pid}`;
  // A switch writes the same manifest for both of its folders: it is serialized once.
  let text = serialized.get(manifest);
  if (text === undefined) {
    text = JSON.stringify({ ...manifest, pages: manifest.pages.stored(folders.manifestsDir) });
    serialized.set(manifest, text);
  }
  writeFileSync(tmp, text);
  const fd = openSync(tmp, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  removeUnusedPageLists(folders);
}

/** Removes the page list files that no manifest names (those of builds replaced or changed since). */
function removeUnusedPageLists(folders: SiteFolders): void {
  const names = readdirSync(folders.manifestsDir);
  const named = new Set<string>();
  for (const name of names) {
    if (!/^site-\d+\.json$/.test(name)) continue;
    try {
      const found = /"pages":\{"file":"(pages-[\w-]+\.tsv)"/.exec(
        readFileSync(join(folders.manifestsDir, name), 'utf8'),
      );
      if (found !== null) named.add(found[1] as string);
    } catch {
      // Removed meanwhile.
    }
  }
  for (const name of names) {
    if (/^pages-[\w-]+\.tsv$/.test(name) && !named.has(name)) rmSync(join(folders.manifestsDir, name), { force: true });
  }
}

/** Marks a build folder as being changed: without a manifest it is never published or trusted as a copy. */
export function dropManifest(folders: SiteFolders, build: string): void {
  rmSync(manifestFile(folders, build), { force: true });
}

/** The build `siteDir` points at: a folder of `buildsDir`, another folder (an older layout), or nothing. */
export type LiveSite = { kind: 'build'; dir: string } | { kind: 'folder'; dir: string } | { kind: 'none' };

export function liveSite(folders: SiteFolders): LiveSite {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(folders.siteDir);
  } catch {
    return { kind: 'none' };
  }
  if (stat.isSymbolicLink()) {
    const target = resolve(dirname(folders.siteDir), readlinkSync(folders.siteDir));
    if (!existsSync(target)) return { kind: 'none' };
    return dirname(target) === folders.buildsDir ? { kind: 'build', dir: target } : { kind: 'folder', dir: target };
  }
  return stat.isDirectory() ? { kind: 'folder', dir: folders.siteDir } : { kind: 'none' };
}

/** A new, unused build folder name in `buildsDir` (not created). */
export function nextBuildDir(folders: SiteFolders): string {
  mkdirSync(folders.buildsDir, { recursive: true });
  let n = 0;
  for (const name of readdirSync(folders.buildsDir)) {
    const m = /^site-(\d+)$/.exec(name);
    if (m !== null) n = Math.max(n, Number(m[1]));
  }
  return join(folders.buildsDir, `site-${n + 1}`);
}

/**
 * Points `siteDir` at `build` in one rename. A real folder at `siteDir` (a site
 * built before builds were kept in `buildsDir`) is first moved into `buildsDir`
 * and left for `removeStaleBuilds`.
 */
export function publish(folders: SiteFolders, build: string): void {
  const link = `${folders.siteDir}.link-${process.pid}`;
  rmSync(link, { force: true });
  symlinkSync(relative(dirname(folders.siteDir), build), link);
  try {
    const stat = lstatSync(folders.siteDir);
    if (stat.isDirectory()) renameSync(folders.siteDir, join(folders.buildsDir, `old-${process.pid}-${Date.now()}`));
  } catch {
    // Nothing there yet.
  }
  renameSync(link, folders.siteDir);
}

/** Build folders other than `keep` (and their manifests): what interrupted or superseded builds left. */
export function staleBuilds(folders: SiteFolders, keep: readonly string[]): string[] {
  if (!existsSync(folders.buildsDir)) return [];
  const kept = new Set(keep.map((k) => basename(k)));
  return readdirSync(folders.buildsDir)
    .filter((name) => name !== 'manifests' && name !== 'lock' && !name.startsWith('trash-') && !kept.has(name))
    .map((name) => join(folders.buildsDir, name));
}

/**
 * Takes build folders out of use at once: each is renamed to `trash-…`, so
 * nothing takes it for a build again, and left for `emptyTrash`. Deleting a
 * build of 100,000 pages takes minutes on a slow disk; nobody need wait for it.
 */
export function trashBuilds(folders: SiteFolders, dirs: readonly string[]): void {
  for (const [i, dir] of dirs.entries()) {
    dropManifest(folders, dir);
    try {
      renameSync(dir, join(folders.buildsDir, `trash-${process.pid}-${Date.now()}-${i}`));
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * After a failed rebuild, under its lock: deletes the build folders nothing can trust (every
 * `site-{n}` but `live` whose manifest is not the live build's: a half-written full build, a
 * standby half-changed or half-copied), the trash, and manifests half-written, so that a disk
 * the rebuild filled gets its room back at once. Answers the folders deleted.
 */
export function removeUnfinishedBuilds(folders: SiteFolders, live: string | undefined): string[] {
  if (!existsSync(folders.buildsDir)) return [];
  const liveId = live === undefined ? null : manifestBuildId(folders, live);
  const removed: string[] = [];
  for (const dir of staleBuilds(folders, live === undefined ? [] : [live])) {
    if (!/^site-\d+$/.test(basename(dir))) continue;
    if (liveId !== null && manifestBuildId(folders, dir) === liveId) continue;
    dropManifest(folders, dir);
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  emptyTrash(folders, { detached: false });
  if (existsSync(folders.manifestsDir)) {
    for (const name of readdirSync(folders.manifestsDir)) {
      if (/\.tmp-\d+$/.test(name)) rmSync(join(folders.manifestsDir, name), { force: true });
    }
  }
  return removed;
}

/** A trashed build a deleting process has claimed: `trash-….deleting-{pid}`. */
const CLAIMED = /\.deleting-(\d+)$/;

/** True while the process that claimed this trashed build (`CLAIMED`) is running. */
function claimedByLiveDeleter(name: string): boolean {
  const pid = CLAIMED.exec(name)?.[1];
  if (pid === undefined) return false;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch {
    // No such process; or (EPERM) another user's has that number now, so it is no deleter of ours.
    return false;
  }
}

/**
 * Deletes the trashed builds: here and now, or (`detached`) in a process of
 * its own that may outlive this one. That process first claims each build it deletes (a rename
 * to `….deleting-{pid}`), so a rebuild right after a full build does not start a second deletion
 * of the build the first is deleting; trash whose deleting process ended before it was done is
 * deleted again. Here and now deletes all of it, claimed or not (a full disk wants its room back).
 */
export function emptyTrash(folders: SiteFolders, opts: { detached: boolean }): void {
  if (!existsSync(folders.buildsDir)) return;
  const trash = readdirSync(folders.buildsDir)
    .filter((name) => name.startsWith('trash-'))
    .filter((name) => !opts.detached || !claimedByLiveDeleter(name))
    .map((name) => join(folders.buildsDir, name));
  if (trash.length === 0) return;
  if (!opts.detached) {
    for (const dir of trash) rmSync(dir, { recursive: true, force: true });
    return;
  }
  // At the lowest priority, and out of a rebuild's way (`TRASH_DELETER`).
  const child = spawn(process.execPath, ['-e', TRASH_DELETER, join(folders.buildsDir, 'lock'), ...trash], {
    detached: true,
    stdio: 'ignore',
  });
  child.once('error', () => {
    for (const dir of trash) rmSync(dir, { recursive: true, force: true });
  });
  child.unref();
}

/**
 * A copy of `from` at `to` made of hard links: folders are new, files are
 * shared. Files are never changed in place afterwards (a change writes a new
 * file and renames it over the link), so the copies stay independent.
 */
export function linkCopy(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  // GNU cp makes the copy several times faster than walking the tree from JavaScript.
  const cp = spawnSync('cp', ['-al', from, to], { stdio: 'pipe' });
  if (cp.status === 0) return;
  rmSync(to, { recursive: true, force: true });
  linkTree(from, to);
}

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.isDirectory()) linkTree(src, dst);
    else if (entry.isFile()) {
      linkSyncOrCopy(src, dst);
    }
  }
}

function linkSyncOrCopy(src: string, dst: string): void {
  try {
    linkSync(src, dst);
  } catch {
    // A plain copy where hard links are not possible (another file system).
    cpSync(src, dst);
  }
}

/** Moves a file or folder, copying it when it goes to another file system. */
export function movePath(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}
