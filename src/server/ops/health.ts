import { type Kysely, sql } from 'kysely';
import { pendingMigrations } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';

/** How long a readiness check waits for the database before it calls it down. */
export const READY_TIMEOUT_MS = 2_000;
/** A database found current is checked for new migrations again after this long. */
const MIGRATIONS_RECHECK_MS = 30_000;

/** What `GET /readyz` reports: PascalCase, like every answer of the API. */
export interface Readiness {
  Ready: boolean;
  /** `up`, or `down` when the database did not answer `select 1` in time. */
  Database: 'up' | 'down';
  /** `current`, `pending` (migrations this code needs have not run) or `unknown` (the database is down). */
  Migrations: 'current' | 'pending' | 'unknown';
  /** The migrations not yet run, when `Migrations` is `pending`. */
  Pending: string[];
  /** Why the process is not ready, for people; empty when it is. */
  Message: string;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The readiness check behind `GET /readyz` (and `aisle_db_up`): the database answers a
 * query within `READY_TIMEOUT_MS` and has run every migration this code knows. Checks
 * asked for while one runs share it, so a load balancer polling many times a second
 * costs the database one query at a time.
 */
export function createReadinessCheck(db: Kysely<Database>, timeoutMs = READY_TIMEOUT_MS): () => Promise<Readiness> {
  let running: Promise<Readiness> | undefined;
  let currentUntil = 0;

  async function check(): Promise<Readiness> {
    try {
      await withTimeout(sql`select 1`.execute(db), timeoutMs, 'The database');
    } catch (err) {
      currentUntil = 0;
      return {
        Ready: false,
        Database: 'down',
        Migrations: 'unknown',
        Pending: [],
        Message: `The database is not answering: ${err instanceof Error ? err.message : String(err)}.`,
      };
    }
    if (Date.now() < currentUntil) {
      return { Ready: true, Database: 'up', Migrations: 'current', Pending: [], Message: '' };
    }
    let pending: string[];
    try {
      pending = await withTimeout(pendingMigrations(db), timeoutMs, 'The migration table');
    } catch (err) {
      return {
        Ready: false,
        Database: 'up',
        Migrations: 'unknown',
        Pending: [],
        Message: `The database's migrations could not be read: ${err instanceof Error ? err.message : String(err)}.`,
      };
    }
    if (pending.length > 0) {
      return {
        Ready: false,
        Database: 'up',
        Migrations: 'pending',
        Pending: pending,
        Message: `The database has not run ${pending.length} migration(s) this version needs (${pending.join(', ')}); run "npm run db:migrate" or restart the shop, which migrates on start.`,
      };
    }
    currentUntil = Date.now() + MIGRATIONS_RECHECK_MS;
    return { Ready: true, Database: 'up', Migrations: 'current', Pending: [], Message: '' };
  }

  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}
