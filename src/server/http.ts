import type { Context } from 'hono';
import { ID_MAX, ID_RULE, readId } from '../lib/domain/ids.ts';
import { AppError } from './errors.ts';

/** Default list query of spec §3/§7. */
export const DEFAULT_PAGE = 0;
export const DEFAULT_LIMIT = 20;
/** The largest page the API serves; the site build pages through with it. */
export const MAX_LIMIT = 1000;

export interface Paging<C extends string> {
  page: number;
  limit: number;
  offset: number;
  sort: { column: C; direction: 'asc' | 'desc' };
  /** Lower-cased text to search for; empty means no filter. */
  filter: string;
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
  const rawSort = (queryValue(c, 'sort') ?? '').trim();
  if (rawSort !== '') {
    const m = /^(-)?([A-Za-z_]+)(?:[\s:]+(asc|desc))?$/i.exec(rawSort);
    const field = m?.[2]?.toLowerCase();
    const entry = Object.entries(sortable).find(([name]) => name.toLowerCase() === field);
    if (m === null || entry === undefined) {
      throw AppError.invalidField(
        'sort',
        `must name one of ${Object.keys(sortable).join(', ')}, optionally with asc or desc`,
      );
    }
    const desc = m[1] === '-' || m[3]?.toLowerCase() === 'desc';
    sort = { column: entry[1], direction: desc ? 'desc' : 'asc' };
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

/**
 * A route parameter that names a row by id (see `ids.ts`): a 400 naming it when
 * it is not a whole number from 1 up, a 404 when it is one beyond the id range
 * (no row can have it, on either engine: it is an unknown id).
 */
export function idParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  const r = /^\d+$/.test(raw) ? readId(raw) : ({ kind: 'malformed' } as const);
  if (r.kind === 'ok') return r.id;
  if (r.kind === 'out-of-range') {
    throw new AppError(404, 'not_found', `Nothing has the id ${raw} (${name}): ids run from 1 to ${ID_MAX}.`, {
      modelState: { [name]: [`${name} ${ID_RULE}.`] },
    });
  }
  throw AppError.invalidField(name, ID_RULE);
}

/** `%text%` for a case-insensitive LIKE, with the wildcard characters escaped. */
export function likePattern(filter: string): string {
  return `%${filter.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Wire flag from the database's 0/1. */
export const flag = (v: number): boolean => v !== 0;

/** A query parameter's value, its name matched case-insensitively (as ASP.NET model binding did). */
export function queryValue(c: Context, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(c.req.query())) {
    if (key.toLowerCase() === lower) return value;
  }
  return undefined;
}

/** An optional query parameter that must be an id (see `ids.ts`) when given, or a 400 naming it. */
export function idQuery(c: Context, name: string): number | undefined {
  const r = readId(queryValue(c, name));
  if (r.kind === 'missing') return undefined;
  if (r.kind !== 'ok') throw AppError.invalidField(name, ID_RULE);
  return r.id;
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An optional ISO-8601 time in the query (`2026-01-01T00:00:00Z`, an offset such
 * as `+05:30`, or a bare date meaning midnight UTC), answered in the stored form
 * (`toISOString()`, which compares as text in time order), or a 400 naming it.
 */
export function isoTimeQuery(c: Context, name: string): string | undefined {
  // An unencoded `+` in a query string arrives as a space.
  const raw = (queryValue(c, name) ?? '').trim().replace(/ (\d{2}:\d{2})$/, '+$1');
  if (raw === '') return undefined;
  const m = ISO_TIME.exec(raw);
  const [y, mo, d, h, mi, s] = (m?.slice(1, 7) ?? []).map((v) => Number(v ?? 0));
  const day = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1));
  const valid =
    m !== null &&
    day.getUTCFullYear() === y &&
    day.getUTCMonth() + 1 === mo &&
    day.getUTCDate() === d &&
    (h ?? 0) <= 23 &&
    (mi ?? 0) <= 59 &&
    (s ?? 0) <= 59 &&
    !Number.isNaN(Date.parse(raw));
  if (!valid) {
    throw AppError.invalidField(name, 'must be an ISO-8601 time such as 2026-01-01T00:00:00Z');
  }
  return new Date(raw).toISOString();
}
