/**
 * The shop's security headers and the `_headers` file (the format Netlify and
 * Cloudflare Pages read) that carries them, with the cache headers, beside the
 * built site. The build writes the file; `npm run serve` answers with it, so a
 * CDN and the shop's own server send the same policy.
 */

/** Inline `<script>` and `<style>` elements the built pages carry, as CSP sources (`'sha256-…'`). */
export interface InlineHashes {
  script: readonly string[];
  style: readonly string[];
}

/** How many pages of a site carry each inline hash (see `InlineHashSet`). */
export interface InlineCounts {
  script: Record<string, number>;
  style: Record<string, number>;
}

/**
 * The most bytes the site's Content-Security-Policy may take. The site's own
 * code emits a handful of inline scripts and styles (about 600 bytes of
 * policy); a policy past this limit means something other than the shop's
 * code is being hashed, and it would break clients and proxies (Node's fetch
 * refuses headers over 16 kB, nginx's default proxy buffer is 4 kB), so the
 * build refuses to write it.
 */
export const CSP_MAX_BYTES = 4096;

export interface PolicyOptions {
  inline: InlineHashes;
  /** Origins the browser may call besides the site's own (the API's, when `PUBLIC_API_URL` puts it elsewhere). */
  connect?: readonly string[];
  /** A provider's checkout the page may run (`RAZORPAY_CHECKOUT`): only the pay page's policy has one. */
  checkout?: CheckoutOrigins;
}

/** The origins a payment provider's checkout script needs: its script, its frames, its calls. */
export interface CheckoutOrigins {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
}

/**
 * Razorpay Checkout (issue 32): `checkout.js` from checkout.razorpay.com, which opens its
 * payment form in a frame from api.razorpay.com and reports to both. Allowed on the pay page
 * alone (`PAY_PAGE_PATH`), where the Online method opens it; every other page keeps the
 * site-wide policy.
 */
export const RAZORPAY_CHECKOUT: CheckoutOrigins = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/** The page where a group placed with a method that holds is paid (`/app/pay?group=…`). */
export const PAY_PAGE_PATH = '/app/pay';

/**
 * The site's Content-Security-Policy: only its own scripts and styles plus the
 * inline ones it was built with (by hash), its own images and API, no plugins,
 * no framing, no `<base>`. `'wasm-unsafe-eval'` lets the search index's
 * WebAssembly run; it allows no JavaScript eval.
 */
export function contentSecurityPolicy(opts: PolicyOptions): string {
  const sorted = (list: readonly string[]) => [...new Set(list)].sort();
  const checkout = opts.checkout;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...(checkout?.script ?? []), ...sorted(opts.inline.script)]],
    ['style-src', ["'self'", ...sorted(opts.inline.style)]],
    // `blob:`: the staff forms preview a chosen picture before it is uploaded (issue 35).
    ['img-src', ["'self'", 'blob:', 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...sorted([...(opts.connect ?? []), ...(checkout?.connect ?? [])])]],
    ...(checkout === undefined ? [] : ([['frame-src', ["'self'", ...checkout.frame]]] as [string, string[]][])),
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
  const bytes = Buffer.byteLength(policy);
  if (bytes > CSP_MAX_BYTES) {
    throw new Error(
      `The Content-Security-Policy would be ${bytes} bytes (${opts.inline.script.length} script and ` +
        `${opts.inline.style.length} style hashes), over the limit of ${CSP_MAX_BYTES}: the pages carry more ` +
        "inline scripts or styles than the shop's code emits.",
    );
  }
  return policy;
}

/** Browser features no page of the shop uses, switched off. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The headers every site page is sent with. */
export function siteSecurityHeaders(opts: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}

/**
 * HTTP Strict Transport Security for a shop served over https (`SITE_URL`):
 * browsers that saw it go to https for a year without trying plain HTTP first.
 * Nothing for an http `SITE_URL` (a browser ignores it there anyway). Subdomains
 * are left out: the shop does not know what else runs under its domain.
 */
export function transportSecurityHeaders(siteUrl: string | undefined): Record<string, string> {
  return siteUrl?.trim().toLowerCase().startsWith('https:') === true
    ? { 'Strict-Transport-Security': 'max-age=31536000' }
    : {};
}

/** The headers of API answers and content images: JSON and pictures run no scripts and are never framed. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/**
 * API paths (lower-cased, as routed) whose answers are one person's: tokens, account
 * forms and codes, profiles, carts and orders. They are sent with
 * `Cache-Control: no-store`, so no browser or proxy cache keeps them.
 */
const PERSONAL_API_PATHS = /^\/(token|accountapi|api\/(account|user|employee|cart|cartitem|order|stockalert))(\/|$)/;

/** `Cache-Control: no-store` for a personal API answer (`PERSONAL_API_PATHS`), else nothing. */
export function personalAnswerHeaders(path: string): Record<string, string> {
  return PERSONAL_API_PATHS.test(path) ? { 'Cache-Control': 'no-store' } : {};
}

/**
 * The site's policy when the built site carries no `_headers` file (a site built
 * by an older version): the same policy without inline hashes, so inline
 * scripts stay blocked until the site is rebuilt.
 */
export const DEFAULT_SITE_HEADERS: Readonly<Record<string, string>> = siteSecurityHeaders({
  inline: { script: [], style: [] },
});

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const HOUR = 'public, max-age=3600';

/**
 * How long a site file may be cached: fingerprinted files (Astro's `/_astro/`,
 * the search index's chunks) for a year; pages, data files and the search
 * index's entry points must be revalidated; other static files (pictures,
 * favicon) for an hour.
 */
export function cacheControlFor(urlPath: string, ext: string): string {
  if (urlPath.startsWith('/_astro/') || /^\/pagefind(-\d+)?\/(fragment|index)\//.test(urlPath)) return IMMUTABLE;
  if (/^\/pagefind(-\d+)?\//.test(urlPath)) return REVALIDATE;
  if (ext === '.html' || ext === '.xml' || ext === '.txt' || ext === '') return REVALIDATE;
  return HOUR;
}

/** One rule of a `_headers` file: a path (exact, or ending in `*` for everything under it) and its headers. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** The rules as a `_headers` file. */
export function formatHeaders(rules: readonly HeaderRule[], comment = ''): string {
  const head = comment === '' ? '' : `${comment.replace(/^/gm, '# ')}\n`;
  return (
    head +
    rules
      .map(
        (r) =>
          `${r.path}\n${Object.entries(r.headers)
            .map(([k, v]) => `  ${k}: ${v}\n`)
            .join('')}`,
      )
      .join('')
  );
}

/**
 * Reads a `_headers` file: a path line starting with `/`, then indented
 * `Name: value` lines. Comments and blank lines are skipped, as are lines
 * that fit neither form.
 */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      const path = raw.trim();
      current = path.startsWith('/') && !path.includes(' ') ? { path, headers: {} } : undefined;
      if (current !== undefined) rules.push(current);
      continue;
    }
    const colon = raw.indexOf(':');
    if (current === undefined || colon < 1) continue;
    const name = raw.slice(0, colon).trim();
    const value = raw.slice(colon + 1).trim();
    if (/^[A-Za-z0-9-]+$/.test(name) && value !== '') current.headers[name] = value;
  }
  return rules;
}

/** True when a `_headers` path matches a URL path: exactly (a trailing slash aside), or under a `/*` prefix. */
export function headerPathMatches(rulePath: string, urlPath: string): boolean {
  if (rulePath.endsWith('*')) return urlPath.startsWith(rulePath.slice(0, -1));
  const bare = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return bare(rulePath) === bare(urlPath);
}

/** The headers of every rule matching `urlPath`, later rules overriding earlier ones. */
export function headersFor(rules: readonly HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (headerPathMatches(rule.path, urlPath)) Object.assign(out, rule.headers);
  }
  return out;
}
