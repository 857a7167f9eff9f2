import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  emptyTrash,
  handOverLock,
  linkCopy,
  nextBuildDir,
  readManifest,
  releaseLock,
  type SiteFolders,
  siteFolders,
  writeManifest,
} from './site-folders.ts';

interface StandbyJob {
  siteDir: string;
  live: string;
  standby: string;
  buildId: string;
}

/**
 * Makes the standby copy of a build a full build just published, in a detached
 * process that takes over the rebuild lock: the full build's command ends as
 * soon as the site is live, and the next rebuild waits for the copy (a minute
 * or two at 100,000 items, a few seconds at 20,000). The job also deletes the
 * builds the full build put in the trash. Returns the job's process id.
 */
export function startStandbyCopy(folders: SiteFolders, live: string, buildId: string): number | undefined {
  const job: StandbyJob = { siteDir: folders.siteDir, live, standby: nextBuildDir(folders), buildId };
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(job)], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  if (child.pid !== undefined) handOverLock(folders, child.pid, 'standby');
  return child.pid;
}

function run(job: StandbyJob): void {
  const folders = siteFolders(job.siteDir);
  try {
    linkCopy(job.live, job.standby);
    const manifest = readManifest(folders, job.live);
    // The lock kept the live build as it was; a manifest of another build means a copy not to trust.
    if (manifest?.buildId === job.buildId) writeManifest(folders, job.standby, manifest);
    else rmSync(job.standby, { recursive: true, force: true });
  } catch {
    // Without a manifest the next rebuild makes the copy itself.
    rmSync(job.standby, { recursive: true, force: true });
  } finally {
    releaseLock(folders, process.pid);
  }
  emptyTrash(folders, { detached: false });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run(JSON.parse(process.argv[2] ?? '{}') as StandbyJob);
}
