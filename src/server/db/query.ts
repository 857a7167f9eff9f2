import { type Compilable, type CompiledQuery, type Expression, type Kysely, type SqlBool, sql } from 'kysely';

/** Case-insensitive "contains" on one text column, the same on SQLite and PostgreSQL. */
export function containsText(column: string, filter: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(filter)} escape '\\'`;
}

/** The current time as stored: ISO-8601 UTC text. */
export function nowIso(): string {
  return new Date().toISOString();
}

/**
 * A query compiled once, run many times with other parameters: Kysely builds and
 * compiles the same SQL text for every call otherwise, which costs more than
 * running it on a hot path. Build `query` with sample values; pass the real ones
 * in the order its placeholders appear.
 */
export function compiledOnce<R>(query: Compilable<R>): (parameters: readonly unknown[]) => CompiledQuery<R> {
  const compiled = query.compile();
  return (parameters) => {
    if (parameters.length !== compiled.parameters.length) {
      throw new Error(`compiledOnce: ${compiled.parameters.length} parameters expected, got ${parameters.length}`);
    }
    return { ...compiled, parameters };
  };
}

/**
 * `compiledOnce` for a function that takes its database: compiled once per
 * database (SQLite and PostgreSQL write different SQL), kept while that database is.
 */
export function compiledPerDb<DB, R>(
  build: (db: Kysely<DB>) => Compilable<R>,
): (db: Kysely<DB>, parameters: readonly unknown[]) => CompiledQuery<R> {
  const byDb = new WeakMap<Kysely<DB>, (parameters: readonly unknown[]) => CompiledQuery<R>>();
  return (db, parameters) => {
    let run = byDb.get(db);
    if (run === undefined) {
      run = compiledOnce(build(db));
      byDb.set(db, run);
    }
    return run(parameters);
  };
}

/** `%text%` for a case-insensitive LIKE, with the wildcard characters escaped. */
export function likePattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
