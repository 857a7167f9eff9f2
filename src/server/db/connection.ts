import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_POOL_MAX } from './pool-size.ts';
import type { Database } from './schema.ts';
import { startCheckpointer } from './sqlite-checkpointer.ts';
import { kyselySqlite } from './sqlite-driver.ts';

/**
 * The node:sqlite connection behind a Kysely instance that `openDb` made, with its
 * statement cache, for code that runs several statements synchronously while it
 * holds Kysely's one connection (`db.connection()`): see `orders/order-runners.ts`.
 */
const sqliteBehind = new WeakMap<Kysely<Database>, SqliteDatabase>();

/** The PostgreSQL pool behind a Kysely instance that `openDb` made (see `orders/order-runners.ts`). */
const poolBehind = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pool behind `db`, or undefined (SQLite, or not made by `openDb`). */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return poolBehind.get(db);
}

/** The synchronous SQLite connection behind `db`, or undefined (PostgreSQL, or not made by `openDb`). */
export function sqliteOf(db: Kysely<Database>): SqliteDatabase | undefined {
  return sqliteBehind.get(db);
}

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * How long a request waits for a PostgreSQL connection (a new one, or a free one of a
 * full pool) before it fails with an answer the API turns into a 503: while the server is
 * down or starting, callers get that answer instead of hanging. TCP keep-alive finds
 * connections to a server that vanished without closing them.
 */
export const PG_POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

/** Several connections can fail at once (a restart): one JSON line each, on stderr, so stdout's log stays the requests'. */
function logConnectionError(err: Error): void {
  const code = (err as { code?: unknown }).code;
  console.error(
    JSON.stringify({
      level: 'warn',
      t: new Date().toISOString(),
      msg: 'database connection lost',
      code: typeof code === 'string' ? code : undefined,
      error: err.message,
    }),
  );
}

// COUNT(*) and other int8 values arrive as text by default; ours fit in a double.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * Opens the database: PostgreSQL when `databaseUrl` is a postgres:// URL,
 * otherwise SQLite at `sqliteFile` (or `dataDir/aisle.db`).
 */
export function openDb(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  sqliteFile?: string;
  /** PostgreSQL connections at most (default 20, `DATABASE_POOL_MAX`). */
  poolMax?: number | undefined;
  /** SQLite: checkpoint the WAL on a background thread (default) instead of inside commits. */
  checkpointInBackground?: boolean;
  /**
   * PostgreSQL: called for every connection lost or refused outside a query (a restart,
   * a failover, an idle connection closed by the server). Default: a JSON line on stderr.
   */
  onConnectionError?: ((err: Error) => void) | undefined;
}): Db {
  const url = opts.databaseUrl;
  if (url !== undefined && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? DEFAULT_POOL_MAX, ...PG_POOL_TIMEOUTS });
    const onError = opts.onConnectionError ?? logConnectionError;
    // Without these a lost connection is an unhandled 'error' event and ends the process.
    // A client that is checked out (between the statements of a transaction, or while its
    // query fails) has no listener but its own, so every client keeps one for its whole
    // life and reports there, once. The pool passes on the errors of its idle clients as
    // well: heard already, so its listener only keeps the event from being unhandled. The
    // pool drops the client either way, and the next request opens a new connection.
    pool.on('connect', (client) => {
      client.on('error', onError);
    });
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolBehind.set(db, pool);
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  if (url !== undefined) {
    throw new Error(`DATABASE_URL must start with postgres:// (or be unset for SQLite), got "${url}".`);
  }
  const file = opts.sqliteFile ?? join(opts.dataDir ?? './data', 'aisle.db');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new DatabaseSync(file);
  sqlite.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;
  `);
  // Checkpoints run on a thread of their own, not inside a commit on the event loop (sqlite-checkpointer.ts).
  const checkpointer =
    file === ':memory:' || opts.checkpointInBackground === false
      ? undefined
      : startCheckpointer(file, (message) => console.error(`SQLite checkpoint failed: ${message}`));
  if (checkpointer !== undefined) sqlite.exec('PRAGMA wal_autocheckpoint = 0;');
  const database = kyselySqlite(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteBehind.set(db, database);
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
