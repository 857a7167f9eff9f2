import type { $Fetch } from 'ofetch';
import { toQuery } from './client.ts';

/**
 * The generic data access of spec §7, for the staff pages: create (POST), read
 * (GET), update (PUT), patch (PATCH), remove (DELETE), and a paged `list`.
 * Built on a client from `createApiClient`, so every call carries the bearer
 * token and every failure is a `ServiceError` (`Error Code: {status}` /
 * `Message: {message}`, spec §8), already logged.
 */

/** The default list query of spec §3: page 0, limit 20, sort and filter empty. */
export const DEFAULT_LIST_QUERY = { page: 0, limit: 20, sort: '', filter: '' } as const;

/** A list query: paging, plus any other parameters the call takes (`storeId`, `updatedSince`, …). */
export interface ListQuery {
  page?: number | null | undefined;
  limit?: number | null | undefined;
  /** A field of the answer, `-Field` or `Field desc` for descending. */
  sort?: string | null | undefined;
  filter?: string | null | undefined;
  [param: string]: unknown;
}

/** One page of a list, with the total the server counted over all pages (`X-Total-Count`). */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
}

/** Query and body parameters of one call: text, objects as JSON, null and undefined left out. */
export type Params = Record<string, unknown>;

export interface DataAccess {
  /** `POST path` with a JSON body (or a `FormData` body, sent as multipart/form-data). */
  create<T>(path: string, body: unknown): Promise<T>;
  /** `GET path?params`. */
  read<T>(path: string, params?: Params): Promise<T>;
  /** `PUT path` with a JSON body: replaces the row. */
  update<T>(path: string, body: unknown): Promise<T>;
  /** `PATCH path` with a JSON body: changes the fields it carries. */
  patch<T>(path: string, body: unknown): Promise<T>;
  /** `DELETE path?params`. */
  remove<T>(path: string, params?: Params): Promise<T>;
  /**
   * `GET path?page&limit&sort&filter&…`: always sends the four list parameters
   * (defaults 0, 20, '', '' for any left out or null), then the others.
   */
  list<T>(path: string, query?: ListQuery): Promise<Page<T>>;
}

/** The query a `list` sends: the four list parameters, always, then the rest (spec §7). */
export function listQuery(query: ListQuery = {}): Record<string, string> {
  const { page, limit, sort, filter, ...rest } = query;
  return toQuery({
    page: page ?? DEFAULT_LIST_QUERY.page,
    limit: limit ?? DEFAULT_LIST_QUERY.limit,
    sort: sort ?? DEFAULT_LIST_QUERY.sort,
    filter: filter ?? DEFAULT_LIST_QUERY.filter,
    ...rest,
  });
}

function bodyOf(body: unknown): BodyInit | Record<string, unknown> | unknown[] | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof FormData !== 'undefined' && body instanceof FormData) return body;
  if (typeof body === 'object') return body as Record<string, unknown> | unknown[];
  return JSON.stringify(body);
}

/** The generic data access over an API client made by `createApiClient`. */
export function createDataAccess(api: $Fetch): DataAccess {
  const send = <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown) => {
    const payload = bodyOf(body);
    return api<T>(path, { method, ...(payload === undefined ? {} : { body: payload }) });
  };
  return {
    create: (path, body) => send('POST', path, body),
    update: (path, body) => send('PUT', path, body),
    patch: (path, body) => send('PATCH', path, body),
    read: (path, params = {}) => api(path, { method: 'GET', query: toQuery(params) }),
    remove: (path, params = {}) => api(path, { method: 'DELETE', query: toQuery(params) }),
    async list<T>(path: string, query: ListQuery = {}): Promise<Page<T>> {
      const q = listQuery(query);
      const res = await api.raw<T[]>(path, { method: 'GET', query: q });
      const rows = res._data ?? [];
      const total = Number(res.headers.get('x-total-count') ?? Number.NaN);
      return {
        rows,
        total: Number.isFinite(total) ? total : rows.length,
        page: Number(q.page),
        limit: Number(q.limit),
      };
    },
  };
}
