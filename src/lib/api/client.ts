import { type $Fetch, ofetch } from 'ofetch';
import { toServiceError } from './errors.ts';

export interface ApiClientOptions {
  baseURL: string;
  /**
   * Read before each request; a token adds `Authorization: Bearer {token}` (spec §7),
   * unless the request names its own (the second factor's setup token does).
   */
  token?: () => string | null | undefined;
  /** Retries for idempotent reads (the build uses a few; the browser none). */
  retry?: number;
}

/** The typed HTTP client over ofetch; failures surface as ServiceError (spec §8). */
export function createApiClient(opts: ApiClientOptions): $Fetch {
  return ofetch.create({
    baseURL: opts.baseURL,
    retry: opts.retry ?? 0,
    retryDelay: 250,
    timeout: 60_000,
    onRequest({ options }) {
      const token = opts.token?.();
      const headers = new Headers(options.headers);
      if (token && !headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${token}`);
        options.headers = headers;
      }
    },
    onResponseError({ error, response }) {
      throw toServiceError({
        status: response.status,
        message: error?.message ?? response.statusText,
        data: response._data,
      });
    },
    onRequestError({ error }) {
      throw toServiceError({ status: 0, message: error.message });
    },
  });
}

/** Query values as spec §7 sends them: text, objects as JSON, null and undefined left out. */
export function toQuery(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}

/** The build's page size: the API's maximum. */
export const BATCH_LIMIT = 1000;
