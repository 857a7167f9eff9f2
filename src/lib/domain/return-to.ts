/**
 * Where sign-in and registration send the shopper back to (issue 12): the page
 * they came from, as a path of this site only. Anything else (another origin,
 * `//host`, a scheme, backslashes, control characters) is refused, so the
 * parameter can never send anyone off-site.
 */

/** Pages that are no place to come back to after signing in: they would only ask again. */
const ACCOUNT_PAGES = /^\/(app\/(login|register)|confirm)(\/|$|\?|#)/i;

/** The longest path accepted. */
const MAX_LENGTH = 512;

/**
 * `raw` when it is a path of this site to return to (`/app/cart/my-cart`,
 * `/app/section/4/1?x=1#top`), else null.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Backslashes and control characters are read as slashes or dropped by browsers: never trusted.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://aisle.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://aisle.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return ACCOUNT_PAGES.test(path) ? null : path;
}

/** The sign-in page's address that comes back to `returnTo` (when it is a path to return to). */
export function loginPathFor(returnTo: string | null | undefined, page = '/app/login'): string {
  const back = safeReturnPath(returnTo);
  return back === null || back === '/' ? page : `${page}?returnTo=${encodeURIComponent(back)}`;
}
