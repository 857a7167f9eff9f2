import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { parseRedirects, parseRewrites, type RedirectStatus, type RewriteRule } from '../lib/domain/redirects.ts';
import { routingPath } from './api-shell.ts';
import {
  answerSiteFile,
  type Found,
  fileAt,
  loadSiteFile,
  pickVariant,
  resolveSiteFile,
  type SiteFile,
  SiteFileCache,
} from './site-files.ts';
import {
  API_SECURITY_HEADERS,
  cacheControlFor,
  DEFAULT_SITE_HEADERS,
  type HeaderRule,
  headersFor,
  parseHeaders,
} from './site-headers.ts';

// The operator's calls (`routes/ops.ts`) are the API's too, at the root.
const API_OR_CONTENT = /^\/(api|token|accountapi|content)(\/|$)|^\/(metrics|healthz|readyz)\/?$/i;
/** The cache key of the site's 404 page (no URL path contains a NUL). */
const NOT_FOUND_KEY = '\x204';

type Redirects = Map<string, { to: string; status: RedirectStatus }>;

interface SiteRules {
  redirects: Redirects;
  rewrites: RewriteRule[];
  headers: HeaderRule[];
}

const NO_HEADERS_FILE: HeaderRule[] = [{ path: '/*', headers: { ...DEFAULT_SITE_HEADERS } }];

/**
 * The built site's `_redirects` and `_headers` rules, read again whenever
 * either file changes (a rebuild swaps in a new site while the server runs);
 * looked at no more than once a second, and at once when the site folder is
 * a link that now points at another build. A site without `_headers` gets the
 * default security headers.
 */
function rulesReader(): (siteDir: string) => Promise<SiteRules> {
  let rules: SiteRules = { redirects: new Map(), rewrites: [], headers: NO_HEADERS_FILE };
  let seen = '';
  let checkedAt = 0;
  let checkedDir = '';
  const stampOf = (f: Found | null) => (f === null ? '-' : f.stamp);
  const textOf = async (f: Found | null) => (f === null ? null : readFile(f.file, 'utf8').catch(() => null));
  return async (siteDir) => {
    const now = Date.now();
    if (now - checkedAt < 1000 && siteDir === checkedDir) return rules;
    checkedAt = now;
    checkedDir = siteDir;
    const [redirectsFile, headersFile] = await Promise.all([
      fileAt(join(siteDir, '_redirects')),
      fileAt(join(siteDir, '_headers')),
    ]);
    const stamp = `${stampOf(redirectsFile)}|${stampOf(headersFile)}`;
    if (stamp !== seen) {
      seen = stamp;
      const [redirectsText, headersText] = await Promise.all([textOf(redirectsFile), textOf(headersFile)]);
      rules = {
        redirects: redirectsText === null ? new Map() : parseRedirects(redirectsText),
        rewrites: redirectsText === null ? [] : parseRewrites(redirectsText),
        headers: headersText === null ? NO_HEADERS_FILE : parseHeaders(headersText),
      };
    }
    return rules;
  };
}

/**
 * The API's answer with the API's security headers (those it set itself are kept).
 * `createApp` already adds them, so its answers pass through untouched.
 */
async function withApiHeaders(response: Response | Promise<Response>): Promise<Response> {
  const res = await response;
  if (res.headers.has('content-security-policy')) return res;
  const headers = new Headers(res.headers);
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

function redirectResponse(
  c: Context,
  rule: { to: string; status: RedirectStatus },
  siteHeaders: Record<string, string>,
): Response {
  const search = new URL(c.req.url).search;
  const location = search !== '' && !rule.to.includes('?') ? rule.to + search : rule.to;
  return new Response(null, {
    status: rule.status,
    headers: {
      ...siteHeaders,
      Location: location,
      // A landing (302) follows the catalogue, so caches must ask again; an alias (301) is stable for a day.
      'Cache-Control': rule.status === 302 ? 'public, max-age=0, must-revalidate' : 'public, max-age=86400',
    },
  });
}

/**
 * One server for the whole shop: the API (spec §7 and content images) and the
 * pre-rendered site from `siteDir`, with `404.html` for anything else. The
 * site's `_redirects` rules are answered as HTTP redirects before any file, and its
 * `/prefix/* /page 200` lines serve that page for every path under the prefix.
 */
export function createSiteServer(opts: { api: Hono; siteDir: string }): Hono {
  const { api, siteDir } = opts;
  const rules = rulesReader();
  const files = new SiteFileCache();
  // A cached file is checked against the disk at most once a second.
  async function fresh(key: string, now: number): Promise<SiteFile | undefined> {
    const entry = files.get(key);
    if (entry === undefined || now - entry.checkedAt < 1000) return entry;
    const found = await fileAt(entry.file);
    if (found !== null && found.stamp === entry.stamp) {
      entry.checkedAt = now;
      return entry;
    }
    files.delete(key);
    return undefined;
  }
  const app = new Hono({ getPath: (req) => routingPath(req.url) });
  app.all('*', async (c) => {
    const path = c.req.path;
    if (API_OR_CONTENT.test(path)) return withApiHeaders(api.fetch(c.req.raw, c.env));
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json({ Message: `${c.req.method} is not allowed on site pages.` }, 405, {
        Allow: 'GET, HEAD',
        ...API_SECURITY_HEADERS,
      });
    }
    // The site folder may be a link that a rebuild points at a new build: every
    // file of one answer comes from the build it pointed at when the answer began.
    let root: string;
    try {
      root = realpathSync.native(siteDir);
    } catch {
      root = siteDir;
    }
    const siteRules = await rules(root);
    files.use(root, siteRules);
    const { redirects, rewrites, headers } = siteRules;
    const rule = redirects.get(path);
    if (rule !== undefined) return redirectResponse(c, rule, headersFor(headers, path));
    const now = Date.now();
    let entry = await fresh(path, now);
    if (entry === undefined) {
      const rewrite = rewrites.find((r) => path.startsWith(r.prefix));
      // `/app/home` and `/app/home/` both serve the folder's index.html.
      const found = await resolveSiteFile(root, rewrite?.to ?? path);
      if (found !== null) {
        const base = { 'Cache-Control': cacheControlFor(path, extname(found.file)), ...headersFor(headers, path) };
        const loaded = await loadSiteFile(found, 200, base, now);
        if (loaded !== null) {
          files.set(path, loaded);
          entry = loaded;
        }
      }
    }
    if (entry !== undefined) return answerSiteFile(entry, { method: c.req.method, header: (n) => c.req.header(n) });
    // Every unknown path shares one cached 404 page; its headers follow the path's rules.
    let notFound = await fresh(NOT_FOUND_KEY, now);
    if (notFound === undefined) {
      const found = await fileAt(join(root, '404.html'));
      const loaded = found === null ? null : await loadSiteFile(found, 404, {}, now);
      if (loaded !== null) {
        files.set(NOT_FOUND_KEY, loaded);
        notFound = loaded;
      }
    }
    if (notFound === undefined) return c.text('Page not found', 404, headersFor(headers, path));
    const variant = pickVariant(notFound, c.req.header('accept-encoding') ?? '');
    return new Response(c.req.method === 'HEAD' ? null : variant.body, {
      status: 404,
      headers: { ...variant.headers, ...headersFor(headers, path), 'Cache-Control': 'no-store' },
    });
  });
  // API calls skip the site's router: they go straight to the API's own.
  const siteFetch = app.fetch;
  app.fetch = (request, env, ctx) =>
    API_OR_CONTENT.test(pathOf(request.url))
      ? withApiHeaders(api.fetch(request, env, ctx))
      : siteFetch(request, env, ctx);
  return app;
}

/** The path of a request URL, without query or fragment. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  let end = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch, start);
    if (i !== -1 && i < end) end = i;
  }
  return url.slice(start, end);
}
