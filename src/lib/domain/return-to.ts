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

/** A path that is safe to go to as it stands: one slash, then no backslash or control character. */
function looksLocal(raw: string): boolean {
  if (raw.length === 0 || raw.length > MAX_LENGTH) return false;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return false;
  // Backslashes and control characters are read as slashes or dropped by browsers: never trusted.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  return !/[\\\u0000-\u001f\u007f]/.test(raw);
}

/** `raw` as the browser would resolve it on this site (dot segments removed, `%2e%2e` included), or null. */
function resolved(raw: string): string | null {
  if (!looksLocal(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'https://aisle.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://aisle.invalid') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `raw` when it is a path of this site to return to (`/app/cart/my-cart`,
 * `/app/section/4/1?x=1#top`), else null. The answer is one this function
 * accepts again unchanged: a path whose resolved form could leave the site
 * (`/.//evil.example` resolves to `//evil.example`) is refused, not resolved.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const path = resolved(raw);
  if (path === null || resolved(path) !== path) return null;
  return ACCOUNT_PAGES.test(path) ? null : path;
}

/** Pages only admins open (spec §2: Roles, Employees, Endusers, Logs; and the feed keys). */
const ADMIN_PAGES = /^\/app\/edu-shopy\/(role|employee|enduser|logs|feeds)(\/|$|\?|#)/i;
/** Pages for staff (spec §6: the Company and Client areas). */
const STAFF_PAGES = /^\/app\/(edu-shopy|client-store)(\/|$|\?|#)/i;

/** The role a page of this site needs (spec §6), or null when any signed-in account may open it. */
export function roleForPath(path: string): 'Admin' | 'Employee' | null {
  if (ADMIN_PAGES.test(path)) return 'Admin';
  return STAFF_PAGES.test(path) ? 'Employee' : null;
}

/** The staff home (issue 35): the Company page, where staff land after signing in. */
export const STAFF_HOME = '/app/edu-shopy';

/**
 * Where to go after signing in: `returnTo` when it is safe and the account
 * (`holds`: whether it has a role) may open it, else the front page for a
 * shopper and the staff home for staff, so nobody lands on a page that would
 * only send them back to sign in, and staff start where their day's work is.
 */
export function afterSignInPath(returnTo: string | null | undefined, holds: (role: string) => boolean): string {
  const front = holds('Employee') || holds('Admin') ? STAFF_HOME : '/';
  const back = safeReturnPath(returnTo);
  if (back === null || back === '/') return front;
  const role = roleForPath(back);
  return role === null || holds(role) ? back : front;
}

/** The sign-in page's address that comes back to `returnTo` (when it is a path to return to). */
export function loginPathFor(returnTo: string | null | undefined, page = '/app/login'): string {
  const back = safeReturnPath(returnTo);
  return back === null || back === '/' ? page : `${page}?returnTo=${encodeURIComponent(back)}`;
}
