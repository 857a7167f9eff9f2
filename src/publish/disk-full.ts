import { existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A rebuild stopped because a disk it writes to is full (or the user's quota is used up). Its
 * message says which folder's disk, how much room is left, that the live site is as it was, and
 * what to do; the rebuild's command prints it after `rebuild failed:`, and "Publish now" shows it.
 */
export class DiskFull extends Error {
  override name = 'DiskFull';
}

const NO_SPACE = /\b(ENOSPC|EDQUOT)\b|no space left on device|disk quota exceeded/i;

/**
 * Whether `err` (or an error it wraps) is a full disk. Errors from the page writers' threads and
 * from Pagefind arrive as text only, so the text is read as well as the code.
 */
export function isDiskFull(err: unknown): boolean {
  for (let e = err, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    if (typeof message === 'string' && NO_SPACE.test(message)) return true;
    if (typeof e === 'string') return NO_SPACE.test(e);
    e = cause;
  }
  return false;
}

/** The path a file-system error names, when it names one. */
function pathOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    const { path, message, cause } = e as { path?: unknown; message?: unknown; cause?: unknown };
    if (typeof path === 'string') return path;
    const quoted = typeof message === 'string' ? /(?:ENOSPC|EDQUOT)[^']*'([^']+)'/.exec(message)?.[1] : undefined;
    if (quoted !== undefined) return quoted;
    e = cause;
  }
  return undefined;
}

const MB = 1024 * 1024;

/** Free and total bytes of the file system holding `path` (its nearest existing folder), or null. */
export function diskSpace(path: string): { free: number; total: number } | null {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  try {
    const s = statfsSync(at);
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
  } catch {
    return null;
  }
}

/**
 * What to tell the operator about a full disk: the folder the failed write was in (else
 * `fallbackDir`, the site's builds), the room left on its disk, and what to do.
 */
export function diskFullMessage(
  err: unknown,
  fallbackDir: string,
  liveSite: string,
  /** Whether this rebuild had switched the live site already (its search index failed after). */
  switched = false,
): string {
  const path = pathOf(err);
  const folder = path !== undefined ? dirname(path) : fallbackDir;
  const space = diskSpace(folder);
  const room = space === null ? '' : `: ${(space.free / MB).toFixed(1)} MB free of ${(space.total / MB).toFixed(0)} MB`;
  const detail = err instanceof Error ? err.message.split('\n', 1)[0] : String(err);
  return (
    `The disk holding ${folder} is full${room} (${detail}). ` +
    (switched
      ? `The changed pages of ${liveSite} are live, but its search index is not up to date; `
      : `Nothing was published: the live site ${liveSite} is unchanged and still serving; `) +
    'what this rebuild had written unfinished was removed. ' +
    'Free some space on that disk (or point SITE_DIR at a larger one) and run the rebuild again.'
  );
}
