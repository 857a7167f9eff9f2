import { LIST_TURNS } from '../../lib/domain/list-rules.ts';
import { AppError } from '../errors.ts';

/** How many public lists run at once, how many may wait, and what a refusal asks. */
export interface ListTurnLimits {
  running: number;
  waiting: number;
  retryAfterSeconds: number;
}

/** Public list requests take turns through this (see `createListTurns`). */
export interface ListTurns {
  /**
   * Runs `work` (one public list request) in its turn. When `limits.waiting`
   * lists already wait, throws a 503 `AppError` with `Retry-After` at once.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Lists running and waiting now. */
  load(): { running: number; waiting: number };
}

/** The message of a refused list: the shop is busy, not the caller at fault. */
export const LISTS_BUSY_MESSAGE = 'The shop is answering many list requests just now';

/**
 * A gate for public lists. On the SQLite driver every query runs on the event
 * loop, so a burst of list requests would otherwise run back to back while
 * single reads (an item page's `Item/Read`) wait behind all of them. Every
 * turn starts from `setImmediate`, after the loop has taken in the requests
 * that arrived meanwhile (the single reads run at once, between two lists),
 * and at most `limits.running` lists run at a time. On PostgreSQL the same gate
 * keeps lists from holding every pooled connection.
 */
export function createListTurns(limits: ListTurnLimits): ListTurns {
  let running = 0;
  const waiting: (() => void)[] = [];
  let pumping = false;
  const pump = () => {
    if (pumping) return;
    pumping = true;
    setImmediate(() => {
      pumping = false;
      while (running < limits.running && waiting.length > 0) {
        running++;
        waiting.shift()?.();
      }
    });
  };
  return {
    async run(work) {
      if (waiting.length >= limits.waiting) {
        throw new AppError(
          503,
          'unavailable',
          `${LISTS_BUSY_MESSAGE}; try again in ${limits.retryAfterSeconds} seconds.`,
          { headers: { 'Retry-After': String(limits.retryAfterSeconds) } },
        );
      }
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        pump();
      });
      try {
        return await work();
      } finally {
        running--;
        pump();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

const byDatabase = new WeakMap<object, ListTurns>();

/** The gate of one database handle (what the lists contend for), made on first use with `LIST_TURNS`. */
export function listTurnsOf(db: object): ListTurns {
  let turns = byDatabase.get(db);
  if (turns === undefined) {
    turns = createListTurns(LIST_TURNS);
    byDatabase.set(db, turns);
  }
  return turns;
}
