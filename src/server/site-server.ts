import { createHash } from 'node:crypto';
import { type FileHandle, open, readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { parseRedirects, parseRewrites, type RedirectStatus, type RewriteRule } from '../lib/domain/redirects.ts';
import { routingPath } from './app.ts';
import {
  API_SECURITY_HEADERS,
  cacheControlFor,
  DEFAULT_SITE_HEADERS,
  type HeaderRule,
  headersFor,
  parseHeaders,
} from './site-headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.pf_meta': 'application/octet-stream',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

const API_OR_CONTENT = /^\/(api|token|accountapi|content)(\/|$)/i;

interface Found {
  file: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

async function fileAt(path: string): Promise<Found | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { file: path, size: s.size, mtimeMs: s.mtimeMs, ino: s.ino } : null;
  } catch {
    return null;
  }
}

/** A file opened for answering: what was opened is what is sent, whatever a rebuild renames meanwhile. */
async function openFile(path: string): Promise<{ handle: FileHandle; found: Found } | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    const s = await handle.stat();
    if (s.isFile()) return { handle, found: { file: path, size: s.size, mtimeMs: s.mtimeMs, ino: s.ino } };
  } catch {
    // Answered as missing below.
  }
  await handle.close();
  return null;
}

/** Maps a URL path to a file of the built site: `/a/b` → `a/b`, `a/b/index.html` or `a/b.html`. */
async function resolveSiteFile(siteDir: string, urlPath: string): Promise<Found | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = normalize(decoded).replace(/^([/\\])+/, '');
  const base = join(siteDir, rel);
  // normalize() resolved any `..`; anything that still escapes the site folder is refused.
  if (base !== siteDir && !base.startsWith(siteDir + sep)) return null;
  return (
    (await fileAt(base)) ??
    (await fileAt(join(base, 'index.html'))) ??
    (extname(base) === '' ? fileAt(`${base}.html`) : null)
  );
}

function etagOf(f: Found, encoding: string): string {
  const h = createHash('sha1').update(`${f.ino}:${f.size}:${f.mtimeMs}:${encoding}`).digest('base64url').slice(0, 16);
  return `"${h}"`;
}

/**
 * Answers one file, preferring a pre-compressed `.br` / `.gz` sibling the
 * client accepts, with the site's `_headers` for the path (a 404 is never cached).
 */
async function sendFile(
  c: Context,
  found: Found,
  status: 200 | 404,
  urlPath: string,
  siteHeaders: Record<string, string>,
): Promise<Response> {
  const ext = extname(found.file);
  const headers = new Headers({
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(urlPath, ext),
  });
  for (const [name, value] of Object.entries(siteHeaders)) headers.set(name, value);
  if (status === 404) headers.set('Cache-Control', 'no-store');
  const candidates: { file: string; encoding: string }[] = [];
  if (COMPRESSIBLE.has(ext)) {
    headers.set('Vary', 'Accept-Encoding');
    const accept = c.req.header('accept-encoding') ?? '';
    if (accept.includes('br')) candidates.push({ file: `${found.file}.br`, encoding: 'br' });
    if (accept.includes('gzip')) candidates.push({ file: `${found.file}.gz`, encoding: 'gzip' });
  }
  candidates.push({ file: found.file, encoding: 'identity' });
  for (const candidate of candidates) {
    const opened = await openFile(candidate.file);
    if (opened === null) continue;
    const { handle, found: body } = opened;
    try {
      if (candidate.encoding !== 'identity') headers.set('Content-Encoding', candidate.encoding);
      const etag = etagOf(body, candidate.encoding);
      headers.set('ETag', etag);
      if (status === 200 && c.req.header('if-none-match') === etag) {
        return new Response(null, { status: 304, headers });
      }
      headers.set('Content-Length', String(body.size));
      const data = c.req.method === 'HEAD' ? null : await handle.readFile();
      return new Response(data, { status, headers });
    } finally {
      await handle.close();
    }
  }
  return new Response('Page not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

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
  const stampOf = (f: Found | null) => (f === null ? '-' : `${f.ino}:${f.size}:${f.mtimeMs}`);
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
    const root = await realpath(siteDir).catch(() => siteDir);
    const { redirects, rewrites, headers } = await rules(root);
    const rule = redirects.get(path);
    if (rule !== undefined) return redirectResponse(c, rule, headersFor(headers, path));
    const rewrite = rewrites.find((r) => path.startsWith(r.prefix));
    const found = await resolveSiteFile(root, rewrite?.to ?? path);
    if (found !== null) {
      // `/app/home` and `/app/home/` both serve the folder's index.html.
      return sendFile(c, found, 200, path, headersFor(headers, path));
    }
    const notFound = await fileAt(join(root, '404.html'));
    if (notFound !== null) return sendFile(c, notFound, 404, path, headersFor(headers, path));
    return c.text('Page not found', 404, headersFor(headers, path));
  });
  return app;
}
