const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };

/** The shortest schedule accepted: a rebuild more often than this would mostly wait on the last one. */
export const MIN_INTERVAL_MS = 10_000;

/**
 * Reads a schedule interval: a number and a unit, `s`, `m` or `h` (`30s`,
 * `5m`, `1.5h`), at least 10 seconds. Null for anything else.
 */
export function parseInterval(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([smh])\s*$/i.exec(text);
  if (m === null) return null;
  const ms = Number(m[1]) * (UNITS[(m[2] as string).toLowerCase()] as number);
  return Number.isFinite(ms) && ms >= MIN_INTERVAL_MS ? Math.round(ms) : null;
}

/** How often `npm run rebuild -- --watch` asks the change feed whether the catalogue changed (PostgreSQL). */
export const WATCH_POLL_MS = 100;

/**
 * `--watch` asks the feed as soon as the database is written (`database-writes.ts`: SQLite's file,
 * PostgreSQL's notice), and besides only this often: a guard, should a notice ever not come.
 */
export const WATCH_FALLBACK_MS = 2_000;

/**
 * The guard's interval: `AISLE_WATCH_FALLBACK_MS` (whole milliseconds, at least `WATCH_POLL_MS`)
 * when set, else `WATCH_FALLBACK_MS`. Set longer, the notices alone make changes live.
 */
export function watchFallbackMs(env: NodeJS.ProcessEnv = process.env): number {
  const ms = Number(env.AISLE_WATCH_FALLBACK_MS ?? '');
  return Number.isSafeInteger(ms) && ms >= WATCH_POLL_MS ? ms : WATCH_FALLBACK_MS;
}

/** Set (to `1`) in the environment of the long-lived rebuilding process its parent runs. */
export const WARM_CHILD_ENV = 'AISLE_REBUILD_WARM';

/** The long-lived rebuilding process ends with this code to be started again (new code, or after a full build). */
export const RELOAD_EXIT = 75;
