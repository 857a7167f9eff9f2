import type { Context } from 'hono';
import {
  type CursorType,
  type CursorValue,
  decodeCursor,
  encodeCursor,
  type ListCaller,
  type ListPolicy,
  listRuleBreak,
  nextPageLink,
  PUBLIC_COUNT_CAP,
} from '../../lib/domain/list-rules.ts';
import { listTurnsOf } from '../db/list-turns.ts';
import { type BoundedListQuery, orderingColumns } from '../db/paginate.ts';
import { AppError } from '../errors.ts';
import { queryValue } from './input.ts';
import { type Paging, parsePaging } from './paging.ts';

/** How one public list is ordered and what it allows (`ITEM_LIST`, `STORE_LIST`, …). */
export interface PublicListSpec<C extends string> {
  sortable: Record<string, C>;
  defaultSort: { column: C; direction: 'asc' | 'desc' };
  /** The unique key that ends every ordering (`['id']`, `['section_id', 'db_id']`). */
  tiebreak: readonly C[];
  /** The type of every column the list may be ordered by, for checking cursors. */
  types: Record<C, CursorType>;
  /** The list's updated-time column: public `updatedSince` lists are ordered by it. */
  updatedColumn: C;
  policy: ListPolicy;
}

/** A parsed list request: paging with its bounds, who asked, and the columns it is ordered by. */
export interface BoundedPaging<C extends string> extends Paging<C>, BoundedListQuery<C> {
  caller: ListCaller;
  /** The ordering columns (`orderingColumns`), what `after` and the next cursor hold. */
  orderBy: string[];
  /** The type of each ordering column. */
  orderTypes: CursorType[];
}

/**
 * Reads a list request (`page`, `limit`, `sort`, `filter`, `after`) and applies
 * the public rules of `lib/domain/list-rules.ts` unless `caller` is staff
 * (`auth/middleware.ts` `listCallerOf`): 400 naming
 * the parameter and the rule for what the public may not ask. `constant` are
 * columns a filter fixes (left out of the ordering); `updatedSince` whether that
 * filter came (a public list is then ordered by its updated time).
 */
export function parseBoundedPaging<C extends string>(
  c: Context,
  caller: ListCaller,
  spec: PublicListSpec<C>,
  opts: { constant?: readonly C[]; updatedSince?: boolean } = {},
): BoundedPaging<C> {
  const paging = parsePaging(c, spec.sortable, spec.defaultSort);
  const sortGiven = (queryValue(c, 'sort') ?? '').trim() !== '';
  const rawAfter = (queryValue(c, 'after') ?? '').trim();
  const broken = listRuleBreak(
    {
      page: paging.page,
      limit: paging.limit,
      filter: paging.filter,
      after: rawAfter !== '',
      updatedSince: opts.updatedSince === true,
      sortGiven,
      sortByUpdatedTime: paging.sort.column === spec.updatedColumn,
    },
    caller,
    spec.policy,
  );
  if (broken !== null) throw AppError.invalidField(broken.field, broken.rule);
  // A public change reader walks what changed in the order it changed: over `(updated_at, …)`.
  const sort =
    caller === 'public' && opts.updatedSince === true && !sortGiven
      ? { column: spec.updatedColumn, direction: 'asc' as const }
      : paging.sort;
  const orderBy = orderingColumns(sort.column, spec.tiebreak, opts.constant ?? []);
  const orderTypes = orderBy.map((column) => spec.types[column as C]);
  let after: CursorValue[] | undefined;
  if (rawAfter !== '') {
    const decoded = decodeCursor(rawAfter, cursorKey(orderBy, sort.direction), orderTypes);
    if ('rule' in decoded) throw AppError.invalidField('after', decoded.rule);
    after = decoded.values;
  }
  return {
    ...paging,
    sort,
    caller,
    orderBy,
    orderTypes,
    after,
    countCap: caller === 'public' ? PUBLIC_COUNT_CAP : undefined,
  };
}

function cursorKey(orderBy: readonly string[], direction: 'asc' | 'desc'): string {
  return `${orderBy.join(',')}:${direction}`;
}

/**
 * Runs a public list in its turn (`db/list-turns.ts`): 503 with `Retry-After`
 * when too many wait. Staff lists run at once.
 */
export function inListTurn<T>(db: object, paging: BoundedPaging<string>, work: () => Promise<T>): Promise<T> {
  return paging.caller === 'staff' ? work() : listTurnsOf(db).run(work);
}

/**
 * Answers one page as a JSON array with `X-Total-Count` (capped for the
 * public, then `X-Total-Count-Exact: false`), `X-Page`, `X-Limit` and, when
 * more rows follow, `Link: <…after=…>; rel="next"`.
 */
export function boundedJson<T>(
  c: Context,
  rows: T[],
  page: { total: number; exact: boolean; next: readonly CursorValue[] | undefined },
  paging: BoundedPaging<string>,
): Response {
  c.header('X-Total-Count', String(page.total));
  if (!page.exact) c.header('X-Total-Count-Exact', 'false');
  c.header('X-Page', String(paging.page));
  c.header('X-Limit', String(paging.limit));
  if (page.next !== undefined) {
    const url = new URL(c.req.url);
    // PostgreSQL may answer a wide integer as text; the cursor keeps numbers as numbers.
    const values = page.next.map((v, i) => (paging.orderTypes[i] === 'int' ? Number(v) : String(v)));
    const cursor = encodeCursor(cursorKey(paging.orderBy, paging.sort.direction), values);
    c.header('Link', nextPageLink(`${url.pathname}${url.search}`, cursor));
  }
  return c.json(rows);
}
