import type { Context } from 'hono';
import { parseSort } from '../../lib/domain/list-sort.ts';
import type { ListQuery } from '../db/paginate.ts';
import { AppError } from '../errors.ts';
import { queryValue } from './input.ts';

/** Default list query of spec §3/§7. */
export const DEFAULT_PAGE = 0;
export const DEFAULT_LIMIT = 20;
/** The largest page the API serves; the site build pages through with it. */
export const MAX_LIMIT = 1000;

/** A list query with the page number it was asked for (answered in `X-Page`). */
export interface Paging<C extends string> extends ListQuery<C> {
  page: number;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw AppError.invalidField(name, `must be a whole number from ${min} to ${max}`);
  const n = Number(raw);
  if (n < min || n > max) throw AppError.invalidField(name, `must be a whole number from ${min} to ${max}`);
  return n;
}

/**
 * Reads `page`, `limit`, `sort` and `filter` (spec §7) from the query string.
 * `sortable` maps the API's field names to columns; `sort` is `Field`,
 * `-Field`, `Field desc` or `Field asc`, with the field name matched case-insensitively.
 */
export function parsePaging<C extends string>(
  c: Context,
  sortable: Record<string, C>,
  defaultSort: { column: C; direction: 'asc' | 'desc' },
): Paging<C> {
  const page = wholeNumber('page', queryValue(c, 'page'), DEFAULT_PAGE, 0, 1_000_000);
  const limit = wholeNumber('limit', queryValue(c, 'limit'), DEFAULT_LIMIT, 1, MAX_LIMIT);
  const filter = (queryValue(c, 'filter') ?? '').trim().toLowerCase();
  if (filter.length > 200) throw AppError.invalidField('filter', 'must be at most 200 characters');
  let sort = defaultSort;
  const asked = parseSort(queryValue(c, 'sort') ?? '');
  if (asked !== null) {
    const field = asked?.field.toLowerCase();
    const entry = Object.entries(sortable).find(([name]) => name.toLowerCase() === field);
    if (asked === undefined || entry === undefined) {
      throw AppError.invalidField(
        'sort',
        `must name one of ${Object.keys(sortable).join(', ')}, optionally with asc or desc`,
      );
    }
    sort = { column: entry[1], direction: asked.descending ? 'desc' : 'asc' };
  }
  return { page, limit, offset: page * limit, sort, filter };
}

/** Answers one page as a JSON array (what the original clients expect), the total in headers. */
export function pagedJson<T>(c: Context, rows: T[], total: number, paging: Paging<string>): Response {
  c.header('X-Total-Count', String(total));
  c.header('X-Page', String(paging.page));
  c.header('X-Limit', String(paging.limit));
  return c.json(rows);
}
