import type { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase } from 'kysely';

type Param = null | number | bigint | string | Uint8Array;

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SqliteDialect
 * expects from better-sqlite3, so the project needs no native addon.
 */
export function kyselySqlite(db: DatabaseSync): SqliteDatabase {
  return {
    close: () => db.close(),
    prepare(sql) {
      const stmt = db.prepare(sql);
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
    },
  };
}
