import { type Compilable, type CompiledQuery, type Expression, type Kysely, type SqlBool, sql } from 'kysely';

/** Case-insensitive "contains" on one text column, the same on SQLite and PostgreSQL. */
export function containsText(column: string, filter: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(filter)} escape '\\'`;
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

/** Stands for the i-th argument while a query is compiled; Kysely makes it a parameter like any value. */
class Arg {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

/**
 * A query compiled once per database and shape (`key`: how many rows a VALUES
 * list has, whether an optional part is there), then run with other arguments.
 * `build` writes the query with `arg(i)` wherever the i-th argument goes; Kysely
 * turns each into a parameter, and every later call only puts `args[i]` in its
 * places, whatever order Kysely emits them in. Parameters that are not arguments
 * (constants of the query) are kept as they are.
 */
export function compiledPerShape<DB, K, R>(
  build: (db: Kysely<DB>, key: K, arg: (i: number) => never) => Compilable<R>,
): (db: Kysely<DB>, key: K, args: readonly unknown[]) => CompiledQuery<R> {
  type Slot = { arg: number } | { value: unknown };
  const byDb = new WeakMap<Kysely<DB>, Map<K, { compiled: CompiledQuery<R>; slots: Slot[]; args: number }>>();
  return (db, key, args) => {
    let shapes = byDb.get(db);
    if (shapes === undefined) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let shape = shapes.get(key);
    if (shape === undefined) {
      let highest = -1;
      const compiled = build(db, key, (i) => {
        highest = Math.max(highest, i);
        return new Arg(i) as never;
      }).compile();
      const slots = compiled.parameters.map((p): Slot => (p instanceof Arg ? { arg: p.index } : { value: p }));
      shape = { compiled, slots, args: highest + 1 };
      shapes.set(key, shape);
    }
    if (args.length !== shape.args) {
      throw new Error(`compiledPerShape: ${shape.args} arguments expected, got ${args.length}`);
    }
    const parameters = shape.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return { ...shape.compiled, parameters };
  };
}

/** `%text%` for a case-insensitive LIKE, with the wildcard characters escaped. */
export function likePattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
