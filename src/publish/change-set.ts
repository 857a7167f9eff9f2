import { link, mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { COMPRESS_CONCURRENCY, compressed, eachLimited, isCompressible } from './deploy-files.ts';
import { type Run, seconds } from './run.ts';
import {
  dropManifest,
  linkCopy,
  manifestBuildId,
  nextBuildDir,
  publish,
  type SiteManifest,
  staleBuilds,
  writeManifest,
} from './site-folders.ts';

/** A change set (files to write or delete in a build folder) and the switch that publishes it through the standby copy. */

/** Changes to a build folder: new contents by relative file, `null` for a file to delete. */
export type Changes = Map<string, Buffer | null>;

export async function sameAsFile(file: string, data: Buffer): Promise<boolean> {
  try {
    return (await readFile(file)).equals(data);
  } catch {
    return false;
  }
}

/**
 * Adds the `.br` / `.gz` siblings of every changed compressible file to
 * `changes`, but for a file whose siblings the change set decided already (a
 * redirect page, which has none).
 */
export async function addCompressed(changes: Changes): Promise<void> {
  const entries = [...changes].filter(([rel]) => isCompressible(rel) && !changes.has(`${rel}.br`));
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

export async function removeEmptyParents(root: string, file: string): Promise<void> {
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
export async function applyChanges(root: string, changes: Changes, linkFrom?: string): Promise<void> {
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
export function standbyOf(run: Run, liveDir: string, buildId: string): string {
  for (const dir of staleBuilds(run.folders, [liveDir])) {
    if (/site-\d+$/.test(dir) && manifestBuildId(run.folders, dir) === buildId) return dir;
  }
  const started = performance.now();
  const dir = nextBuildDir(run.folders);
  run.reporter.log('Build: making a standby copy of the live site (the last rebuild did not finish its own) ...');
  linkCopy(liveDir, dir);
  run.reporter.log(`Build: standby copy made in ${seconds(started).toFixed(1)} s.`);
  return dir;
}

/**
 * Applies `changes` to the standby, publishes it, then brings the old live
 * build up to date with hard links so it is the next standby. The manifest of
 * a folder is dropped while the folder changes: a folder without one is never
 * trusted as a copy of the live build.
 */
export async function switchTo(
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
  try {
    await applyChanges(live, changes, standby);
    writeManifest(run.folders, live, manifest);
  } catch (err) {
    // The new build is live: a failure here (a full disk) only costs the next rebuild a fresh standby copy.
    run.reporter.log(
      `Build: the previous build could not be made the next standby (${(err as Error).message}); ` +
        'the next rebuild copies the live site again.',
    );
  }
  return { current: standby, standby: live };
}
