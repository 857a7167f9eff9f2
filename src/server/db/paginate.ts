import { type Kysely, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

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

/** A list read by `readListPage`: a `ListQuery` plus the public bounds and the keyset cursor. */
export interface BoundedListQuery<C extends string> extends ListQuery<C> {
  /** The ordering values of the row the page starts after (`after=`), in `orderingColumns`' order. */
  after?: readonly (string | number)[] | undefined;
  /** Count at most this many rows (public callers); undefined counts them all. */
  countCap?: number | undefined;
}

/**
 * The columns a list is ordered by: the sort column, then the tiebreak (a
 * unique key), without repeats and without `constant` columns (those a filter
 * fixes, such as `store_id` when the list is one store's). Every one runs in the
 * sort's direction, so one index `(filter, sort, tiebreak)` serves both
 * directions and a keyset cursor is one row-value comparison.
 */
export function orderingColumns(
  sortColumn: string,
  tiebreak: readonly string[],
  constant: readonly string[] = [],
): string[] {
  const columns: string[] = [];
  for (const column of [sortColumn, ...tiebreak]) {
    if (!columns.includes(column) && !constant.includes(column)) columns.push(column);
  }
  return columns;
}

/** The rows after `values` in the ordering `orderBy` (every column in `direction`): one row-value comparison. */
function keyset(orderBy: readonly string[], values: readonly (string | number)[], direction: 'asc' | 'desc') {
  const columns = sql.join(orderBy.map((column) => sql.ref(column)));
  const after = sql.join(values.map((value) => sql.val(value)));
  return direction === 'asc' ? sql<SqlBool>`(${columns}) > (${after})` : sql<SqlBool>`(${columns}) < (${after})`;
}

/** Rows a public list reads by primary key at once before it lets other requests in. */
const LIST_SLICE_ROWS = 100;

/** Lets the requests that arrived meanwhile run (the next turn of the event loop). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * One page of a filtered query read by `orderBy` (from `orderingColumns`):
 * after the cursor `list.after` when given (a keyset read: no offset to skip),
 * with one row more than the page to tell whether another follows (then
 * `next` holds the last row's ordering values, the next page's cursor).
 * The count stops at `list.countCap` when given, over a `LIMIT cap + 1`
 * subquery, and says whether it is `exact`. The public lists read through this.
 */
export async function readListPage<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  query: SelectQueryBuilder<DB, TB, object>,
  list: BoundedListQuery<string>,
  orderBy: readonly string[],
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
): Promise<{ rows: O[]; total: number; exact: boolean; next: (string | number)[] | undefined }> {
  const direction = list.sort.direction;
  let page = select(query);
  if (list.after !== undefined) page = page.where(keyset(orderBy, list.after, direction));
  for (const column of orderBy) page = page.orderBy(sql.ref(column), direction);
  const counted =
    list.countCap === undefined
      ? query.select((eb) => eb.fn.countAll<number>().as('n'))
      : (db as unknown as Kysely<Record<string, never>>)
          .selectFrom(
            query
              .select(sql.lit(1).as('one'))
              .limit(list.countCap + 1)
              .as('capped'),
          )
          .select(sql<number>`count(*)`.as('n'));
  const count = await (counted as SelectQueryBuilder<DB, TB, { n: number }>).executeTakeFirstOrThrow();
  // On the SQLite driver each query holds the event loop: between the two, the
  // requests that arrived meanwhile (single reads) take their turn.
  await nextTurn();
  const offset = list.after === undefined ? list.offset : 0;
  let found: O[];
  if (orderBy.includes('id')) {
    // The page's ids first, from the index alone (the ordering and filter columns are all in
    // it; an offset's rows are skipped there), then the rows by primary key in slices of
    // LIST_SLICE_ROWS, the event loop taken in between: on the synchronous SQLite driver a
    // single read waits behind one slice of a list, never a whole page of 1,000 rows.
    let ids = query.select(sql.ref<number>('id').as('id'));
    if (list.after !== undefined) ids = ids.where(keyset(orderBy, list.after, direction));
    for (const column of orderBy) ids = ids.orderBy(sql.ref(column), direction);
    const wanted = (
      await ids
        .limit(list.limit + 1)
        .offset(offset)
        .execute()
    ).map((r) => Number((r as unknown as { id: unknown }).id));
    const byId = new Map<number, O>();
    for (let start = 0; start < wanted.length; start += LIST_SLICE_ROWS) {
      await nextTurn();
      const slice = wanted.slice(start, start + LIST_SLICE_ROWS);
      for (const row of await select(query).where(sql.ref('id'), 'in', slice).execute()) {
        byId.set(Number((row as unknown as { id: unknown }).id), row);
      }
    }
    found = wanted.flatMap((id) => byId.get(id) ?? []);
  } else {
    found = await page
      .limit(list.limit + 1)
      .offset(offset)
      .execute();
  }
  const n = Number((count as { n: number | string | bigint }).n);
  const capped = list.countCap !== undefined && n > list.countCap;
  const rows = found.slice(0, list.limit);
  const last = rows.at(-1) as Record<string, string | number> | undefined;
  return {
    rows,
    total: capped ? (list.countCap as number) : n,
    exact: !capped,
    next:
      found.length > list.limit && last !== undefined
        ? orderBy.map((column) => last[column] as string | number)
        : undefined,
  };
}
