import type { SelectQueryBuilder } from 'kysely';

/** Which page of a list to read, in which order, filtered on what (`parsePaging` reads it from the query string). */
export interface ListQuery<C extends string> {
  limit: number;
  offset: number;
  sort: { column: C; direction: 'asc' | 'desc' };
  /** Lower-cased text to search for; empty means no filter. */
  filter: string;
}

/**
 * One page of a filtered query and the number of rows the whole query has, read
 * together. `query` holds the table and the filters; `select` adds the columns and
 * the order (a total order, ending on a unique column, so pages never overlap).
 * Every paged list of the API reads through this.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, object>,
  slice: { limit: number; offset: number },
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; total: number }> {
  const [rows, count] = await Promise.all([
    select(query).limit(slice.limit).offset(slice.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: number | string | bigint }).n) };
}
