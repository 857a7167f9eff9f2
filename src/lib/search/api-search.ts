/**
 * The API's search (`GET /api/Search`, issue 34) as the navigation's box and the results
 * page call it: one request a search, a page of products each once with its stores. A
 * site served without its API (the deploy folder on a static host) has no such call:
 * the first answer that is not the API's JSON (a 404, a page of HTML) makes `apiSearch`
 * answer null for the rest of the page's life, and the callers search the site's
 * Pagefind index instead (`pagefind.ts`).
 */
import type { SearchAnswer } from '../domain/search-results.ts';

/** The API's origin: the site's own unless the build was pointed elsewhere (`PUBLIC_API_URL`, as `lib/api`). */
function apiBase(): string {
  const env: Record<string, unknown> = import.meta.env ?? {};
  const configured = env.PUBLIC_API_URL;
  return typeof configured === 'string' ? configured.replace(/\/+$/, '') : '';
}

/** The API search takes a query with a word of 2 letters or digits (else it answers 400). */
export function searchable(term: string): boolean {
  return /[\p{L}\p{N}]{2}/u.test(term);
}

let absent = false;

/** Whether this page already found the site without its search API. */
export function apiAbsent(): boolean {
  return absent;
}

/**
 * A page of products for `term` (`page` from 1, `limit` 1 to 50), or null when the site
 * has no search API. Throws when the API failed or could not be reached (the caller says
 * search is not available); a query without a word to search answers no hits.
 */
export async function apiSearch(
  term: string,
  page: number,
  limit: number,
  signal?: AbortSignal,
): Promise<SearchAnswer | null> {
  if (absent) return null;
  if (!searchable(term)) return { Total: 0, Hits: [] };
  const query = new URLSearchParams({ q: term, page: String(page), limit: String(limit) });
  const res = await fetch(`${apiBase()}/api/Search?${query.toString()}`, {
    headers: { Accept: 'application/json' },
    ...(signal === undefined ? {} : { signal }),
  });
  const json = (res.headers.get('content-type') ?? '').includes('application/json');
  if (res.status === 404 || res.status === 405 || res.status === 501 || (res.ok && !json)) {
    absent = true;
    return null;
  }
  if (res.status === 400) return { Total: 0, Hits: [] };
  if (!res.ok) throw new Error(`The search answered ${res.status}.`);
  return (await res.json()) as SearchAnswer;
}

/** A store line's item page, as the site links it. */
export function itemHref(line: { ItemID: number; DbID: number }): string {
  return `/app/section/${line.ItemID}/${line.DbID}`;
}
