import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type Param = null | number | bigint | string | Uint8Array;

/** How many distinct SQL texts keep a prepared statement; the least recently used go first. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect
 * expects from better-sqlite3, so the project needs no native addon.
 *
 * Each SQL text is prepared once and kept (up to `cacheSize`, least recently used
 * dropped): preparing is most of the cost of a small query. Reusing a statement is
 * safe because Kysely's SQLite driver runs one query at a time on its one connection.
 */
export function kyselySqlite(db: DatabaseSync, cacheSize = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  function wrap(stmt: StatementSync): SqliteStatement {
    return {
      // A statement that yields columns is a query; anything else is a command.
      reader: stmt.columns().length > 0,
      all: (params) => stmt.all(...(params as Param[])),
      run(params) {
        const r = stmt.run(...(params as Param[]));
        return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
      },
      iterate: (params) => stmt.iterate(...(params as Param[])),
    };
  }
  return {
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql) {
      const hit = cache.get(sql);
      if (hit !== undefined) {
        // Map order is recency order: move the hit to the end.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const stmt = wrap(db.prepare(sql));
      cache.set(sql, stmt);
      if (cache.size > cacheSize) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return stmt;
    },
  };
}
