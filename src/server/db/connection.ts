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
 * holds Kysely's one connection (`db.connection()`): see `orders/place-order-sqlite.ts`.
 */
const sqliteBehind = new WeakMap<Kysely<Database>, SqliteDatabase>();

/** The PostgreSQL pool behind a Kysely instance that `openDb` made (see `orders/place-order.ts`). */
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
}): Db {
  const url = opts.databaseUrl;
  if (url !== undefined && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolMax ?? DEFAULT_POOL_MAX });
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
