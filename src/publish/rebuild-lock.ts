import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteFolders } from './site-folders.ts';

/**
 * The rebuild lock of a site: one rebuild at a time per site folder, a lock file in
 * `buildsDir` naming its process, taken over when that process is gone.
 */

function lockFile(folders: SiteFolders): string {
  return join(folders.buildsDir, 'lock');
}

/**
 * Who holds the lock: a process id, what it does (`rebuild`, or `standby` for a background
 * copy) and, where the system tells it, when that process started (`processStamp`), so a lock
 * whose process died and whose id was since given to another process counts as stale.
 */
function lockHolder(file: string): { pid: number; purpose: string; stamp: string | undefined; text: string } | null {
  try {
    const text = readFileSync(file, 'utf8');
    const [pid, purpose = 'rebuild', stamp] = text.trim().split(/\s+/);
    return { pid: Number(pid), purpose, stamp, text };
  } catch {
    return null;
  }
}

/** The lock file's text for process `pid` doing `purpose`. */
function lockText(pid: number, purpose: string): string {
  const stamp = processStamp(pid);
  return stamp === undefined ? `${pid} ${purpose}` : `${pid} ${purpose} ${stamp}`;
}

/**
 * When process `pid` started, as `{boot id}/{start time in clock ticks}` (Linux `/proc`): the
 * same process always gives the same stamp, another process given the same id (after a
 * `kill -9` and many processes since, or a reboot) another one. Undefined where `/proc` is missing.
 */
export function processStamp(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); fields are counted after the command name, which may hold spaces.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return start === undefined ? undefined : `${boot}/${start}`;
  } catch {
    return undefined;
  }
}

/** Whether the lock's holder still runs: its process is alive and, when the lock has a stamp, it is the same process. */
function holderRuns(holder: { pid: number; stamp: string | undefined }): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || holder.pid === process.pid || !isAlive(holder.pid)) {
    return false;
  }
  if (holder.stamp === undefined) return true;
  const now = processStamp(holder.pid);
  return now === undefined || now === holder.stamp;
}

/**
 * Removes a stale lock without removing a fresh one another process took meanwhile: the file is
 * moved aside first and deleted only when it is still the stale text; otherwise it is put back.
 */
function takeOverStaleLock(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  let moved = '';
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    // gone: nothing to put back
  }
  if (moved !== staleText) {
    try {
      linkSync(aside, file);
    } catch (err) {
      // EEXIST: yet another process holds the lock now; the one moved aside lost it to that one.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  rmSync(aside, { force: true });
}

/** Another process is rebuilding this site: this rebuild was not started (a watching rebuild tries again). */
export class SiteBusy extends Error {
  override name = 'SiteBusy';
}

/** How long a rebuild waits for the standby copy the last full build left running. */
const STANDBY_WAIT_MS = 30 * 60 * 1000;

/**
 * One rebuild at a time per site: the lock is held while a rebuild runs and
 * taken over from a process that died. A rebuild that finds another rebuild
 * running fails at once. (A full build writes its standby copy as it goes, so
 * nothing runs on after it; a background standby copy left running by an
 * earlier version, whose lock says `standby`, is waited for: `onWait` is told once.)
 */
export async function acquireLock(folders: SiteFolders, onWait?: (message: string) => void): Promise<() => void> {
  mkdirSync(folders.buildsDir, { recursive: true });
  const file = lockFile(folders);
  const mine = lockText(process.pid, 'rebuild');
  const until = Date.now() + STANDBY_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      return () => releaseLock(folders, process.pid);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = lockHolder(file);
    if (holder === null) continue;
    if (!holderRuns(holder)) {
      // The holder died (killed mid-way), or its id now names another process: its lock is stale.
      takeOverStaleLock(file, holder.text);
      continue;
    }
    if (holder.purpose !== 'standby' || Date.now() > until) {
      throw new SiteBusy(
        `Another rebuild of ${folders.siteDir} is running (process ${holder.pid}); this one was not started. ` +
          'Wait for it to finish.',
      );
    }
    if (!told) {
      onWait?.(`Build: waiting for the standby copy of the last build to finish (process ${holder.pid}) ...`);
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Gives the lock up if `pid` holds it. */
export function releaseLock(folders: SiteFolders, pid: number): void {
  const file = lockFile(folders);
  if (lockHolder(file)?.pid === pid) rmSync(file, { force: true });
}

/** True while a process with this id runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
