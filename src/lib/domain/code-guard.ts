/**
 * How many wrong codes an account may enter: access codes and password-reset
 * codes together, whatever code was current, so asking for a new code never
 * buys new guesses. A 6-digit code and 10 wrong tries a day give a guesser a
 * 1-in-100,000 chance a day, against about 0.7 % with 5 tries a code and a new
 * code every minute. Pure: the server keeps the times and locks the row.
 */

/** Wrong codes an account may enter within `CODE_FAILURE_WINDOW_MS`. */
export const CODE_FAILURE_LIMIT = 10;
/** The sliding window the wrong codes are counted in. */
export const CODE_FAILURE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type CodeTryDecision = { allowed: true } | { allowed: false; until: number };

/** The times (ms) among `failures` that still count at `now`, oldest first. */
function counting(failures: readonly number[], now: number): number[] {
  // A time after `now` (another process's clock a little ahead) still counts.
  return failures.filter((at) => at > now - CODE_FAILURE_WINDOW_MS).sort((a, b) => a - b);
}

/**
 * Whether a code may be tried at `now`, given the times (ms) of the account's
 * wrong codes: allowed while fewer than `CODE_FAILURE_LIMIT` fall within the
 * last `CODE_FAILURE_WINDOW_MS`; otherwise `until`, the moment enough of them
 * have left the window for one more try.
 */
export function decideCodeTry(failures: readonly number[], now: number): CodeTryDecision {
  const recent = counting(failures, now);
  if (recent.length < CODE_FAILURE_LIMIT) return { allowed: true };
  const oldestThatBlocks = recent[recent.length - CODE_FAILURE_LIMIT] ?? now;
  return { allowed: false, until: oldestThatBlocks + CODE_FAILURE_WINDOW_MS };
}

/**
 * The times to keep after one more wrong code at `now`: those still in the
 * window, oldest first, at most `CODE_FAILURE_LIMIT` (older ones can no longer
 * decide anything, since tries stop at the limit).
 */
export function withCodeFailure(failures: readonly number[], now: number): number[] {
  return [...counting(failures, now), now].sort((a, b) => a - b).slice(-CODE_FAILURE_LIMIT);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A moment as people read it in messages and mail, in UTC and rounded up to
 * the minute, so the time named is never before the moment itself:
 * `3 March 2026, 14:05 UTC`.
 */
export function formatUtcMinute(at: number): string {
  const d = new Date(Math.ceil(at / 60_000) * 60_000);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}
