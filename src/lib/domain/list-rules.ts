/**
 * What a public (anonymous or shopper) list request may ask for, so that its
 * cost is bounded whatever the query string: offsets stay within a window,
 * counts stop at a cap, text filters only where the spec needs them, and the
 * rest of a table is read by keyset (`after`, the `Link: rel="next"` header).
 * Staff (Employee, Admin) lift these rules. Pure: the server maps a `ListRuleBreak`
 * to a 400 naming the field.
 */

/** Public pages reach only this far into a list by `page` × `limit`; beyond it, `after` walks on. */
export const PUBLIC_ROW_WINDOW = 10_000;

/** Public counts stop here; a list with more answers this number and `X-Total-Count-Exact: false`. */
export const PUBLIC_COUNT_CAP = 10_000;

/** Public lists running at once (per database) and waiting for a turn; one more waiting is refused with a 503. */
export const LIST_TURNS = { running: 1, waiting: 256, retryAfterSeconds: 2 } as const;

/** Who is asking for a list: staff lift the public rules. */
export type ListCaller = 'public' | 'staff';

/** The parts of a list request the rules look at. */
export interface ListRequest {
  page: number;
  limit: number;
  /** The (lower-cased) text filter; empty for none. */
  filter: string;
  /** Whether an `after` cursor came with the request. */
  after: boolean;
  /** Whether `updatedSince` came with the request. */
  updatedSince: boolean;
  /** Whether the sort was asked for (`sort=`), or is the list's default. */
  sortGiven: boolean;
  /** Whether the sort is the list's updated-time field. */
  sortByUpdatedTime: boolean;
}

/** What a list allows its public callers beyond paging. */
export interface ListPolicy {
  /** Whether `filter` (a `LIKE '%…%'` over titles) is open to the public: only for small tables. */
  publicTextFilter: boolean;
  /** The field name of the list's updated time, for messages (`ItemUpdatedTime`). */
  updatedTimeField: string;
}

/** A rule a request breaks: the query parameter and the rule, as a 400's ModelState says them. */
export interface ListRuleBreak {
  field: string;
  rule: string;
}

/**
 * The first rule `request` breaks for `caller`, or `null`. Staff break only
 * the rule shared by everyone (`after` reads from the cursor on, so `page` must be 0).
 */
export function listRuleBreak(request: ListRequest, caller: ListCaller, policy: ListPolicy): ListRuleBreak | null {
  if (request.after && request.page !== 0) {
    return {
      field: 'page',
      rule: 'must be 0 or left out when after is given (after already says where the page starts)',
    };
  }
  if (caller === 'staff') return null;
  if (!request.after && request.page * request.limit + request.limit > PUBLIC_ROW_WINDOW) {
    return {
      field: 'page',
      rule:
        `must keep page × limit within the first ${PUBLIC_ROW_WINDOW.toLocaleString('en-US')} rows of a public list; ` +
        'to read further, follow the Link header (rel="next", an after= cursor)',
    };
  }
  if (request.filter !== '' && !policy.publicTextFilter) {
    return { field: 'filter', rule: 'is for staff only on this list; sign in as an employee to search it' };
  }
  if (request.updatedSince && request.sortGiven && !request.sortByUpdatedTime) {
    return {
      field: 'sort',
      rule: `must be ${policy.updatedTimeField} (or left out) with updatedSince on a public list`,
    };
  }
  return null;
}

/** A value a keyset cursor holds: one per ordering column (a sort column, then the tiebreak). */
export type CursorValue = string | number;

/** The type each ordering column has, so a cursor from another list or sort is refused, not compared. */
export type CursorType = 'int' | 'text';

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The `after` cursor of the row with ordering `values`, under the sort `sortKey`
 * (`title:asc`): opaque text (base64url of JSON) to put in the next page's link.
 */
export function encodeCursor(sortKey: string, values: readonly CursorValue[]): string {
  return toBase64Url(JSON.stringify([sortKey, ...values]));
}

/** The longest cursor accepted: a title of 200 characters and a few numbers fit several times over. */
export const MAX_CURSOR_LENGTH = 2048;

/**
 * The ordering values of an `after` cursor made for `sortKey` with columns of
 * `types`, or the rule it breaks (for a 400 naming `after`).
 */
export function decodeCursor(
  raw: string,
  sortKey: string,
  types: readonly CursorType[],
): { values: CursorValue[] } | { rule: string } {
  const invalid = { rule: 'must be the after= value of a Link header this list sent' };
  if (raw.length > MAX_CURSOR_LENGTH) return invalid;
  const text = fromBase64Url(raw);
  if (text === null) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== types.length + 1) return invalid;
  const [key, ...values] = parsed as unknown[];
  if (key !== sortKey) return { rule: `was made for another sort; start again without after for sort ${sortKey}` };
  const ok = values.every((v, i) =>
    types[i] === 'int' ? typeof v === 'number' && Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 1000,
  );
  return ok ? { values: values as CursorValue[] } : invalid;
}

/**
 * The link to the next page: `url` (path and query of this request) with
 * `after` set to `cursor` and `page` taken out, query names matched case-insensitively.
 */
export function nextPageLink(pathAndQuery: string, cursor: string): string {
  const url = new URL(pathAndQuery, 'http://list.invalid');
  for (const name of [...url.searchParams.keys()]) {
    const lower = name.toLowerCase();
    if (lower === 'page' || lower === 'after') url.searchParams.delete(name);
  }
  url.searchParams.set('after', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** The target of a `Link` header's `rel="next"`, or `null` (RFC 8288; other relations ignored). */
export function nextLinkTarget(header: string | null): string | null {
  if (header === null) return null;
  for (const part of header.split(',')) {
    const open = part.indexOf('<');
    const close = part.indexOf('>', open + 1);
    if (open === -1 || close === -1) continue;
    const params = part.slice(close + 1).split(';');
    const isNext = params.some((p) => {
      const [name, value] = p.split('=');
      return (
        name?.trim().toLowerCase() === 'rel' &&
        (value ?? '').trim().replaceAll('"', '').toLowerCase().split(/\s+/).includes('next')
      );
    });
    if (isNext) return part.slice(open + 1, close).trim();
  }
  return null;
}
