import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { parseRedirects, parseRewrites, type RedirectStatus, type RewriteRule } from '../lib/domain/redirects.ts';
import { routingPath } from './app.ts';

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
}

async function fileAt(path: string): Promise<Found | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { file: path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
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

function cacheControl(urlPath: string, ext: string): string {
  // Astro fingerprints everything under /_astro/: a changed file gets a new name.
  if (urlPath.startsWith('/_astro/') || urlPath.startsWith('/pagefind/fragment/')) {
    return 'public, max-age=31536000, immutable';
  }
  if (ext === '.html' || ext === '.xml' || ext === '.txt' || ext === '') return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

function etagOf(f: Found, encoding: string): string {
  const h = createHash('sha1').update(`${f.size}:${f.mtimeMs}:${encoding}`).digest('base64url').slice(0, 16);
  return `"${h}"`;
}

/** Answers one file, preferring a pre-compressed `.br` / `.gz` sibling the client accepts. */
async function sendFile(c: Context, found: Found, status: 200 | 404, urlPath: string): Promise<Response> {
  const ext = extname(found.file);
  const headers = new Headers({
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': status === 404 ? 'no-store' : cacheControl(urlPath, ext),
    'X-Content-Type-Options': 'nosniff',
  });
  let body = found;
  let encoding = 'identity';
  if (COMPRESSIBLE.has(ext)) {
    headers.set('Vary', 'Accept-Encoding');
    const accept = c.req.header('accept-encoding') ?? '';
    for (const [enc, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!accept.includes(enc)) continue;
      const pre = await fileAt(found.file + suffix);
      if (pre !== null) {
        body = pre;
        encoding = enc;
        headers.set('Content-Encoding', enc);
        break;
      }
    }
  }
  const etag = etagOf(body, encoding);
  headers.set('ETag', etag);
  headers.set('Content-Length', String(body.size));
  if (status === 200 && c.req.header('if-none-match') === etag) {
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  const data = c.req.method === 'HEAD' ? null : await readFile(body.file);
  return new Response(data, { status, headers });
}

type Redirects = Map<string, { to: string; status: RedirectStatus }>;

interface SiteRules {
  redirects: Redirects;
  rewrites: RewriteRule[];
}

const NO_RULES: SiteRules = { redirects: new Map(), rewrites: [] };

/**
 * The built site's `_redirects` rules, read again whenever the file changes
 * (a rebuild swaps in a new site while the server runs); looked at no more than
 * once a second.
 */
function redirectsReader(siteDir: string): () => Promise<SiteRules> {
  const file = join(siteDir, '_redirects');
  let rules = NO_RULES;
  let seen = '';
  let checkedAt = 0;
  return async () => {
    const now = Date.now();
    if (now - checkedAt < 1000) return rules;
    checkedAt = now;
    const found = await fileAt(file);
    const stamp = found === null ? '' : `${found.size}:${found.mtimeMs}`;
    if (stamp !== seen) {
      seen = stamp;
      if (found === null) {
        rules = NO_RULES;
      } else {
        const text = await readFile(file, 'utf8');
        rules = { redirects: parseRedirects(text), rewrites: parseRewrites(text) };
      }
    }
    return rules;
  };
}

function redirectResponse(c: Context, rule: { to: string; status: RedirectStatus }): Response {
  const search = new URL(c.req.url).search;
  const location = search !== '' && !rule.to.includes('?') ? rule.to + search : rule.to;
  return new Response(null, {
    status: rule.status,
    headers: {
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
  const rules = redirectsReader(siteDir);
  const app = new Hono({ getPath: (req) => routingPath(req.url) });
  app.all('*', async (c) => {
    const path = c.req.path;
    if (API_OR_CONTENT.test(path)) return api.fetch(c.req.raw, c.env);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json({ Message: `${c.req.method} is not allowed on site pages.` }, 405, { Allow: 'GET, HEAD' });
    }
    const { redirects, rewrites } = await rules();
    const rule = redirects.get(path);
    if (rule !== undefined) return redirectResponse(c, rule);
    const rewrite = rewrites.find((r) => path.startsWith(r.prefix));
    const found = await resolveSiteFile(siteDir, rewrite?.to ?? path);
    if (found !== null) {
      // `/app/home` and `/app/home/` both serve the folder's index.html.
      return sendFile(c, found, 200, path);
    }
    const notFound = await fileAt(join(siteDir, '404.html'));
    if (notFound !== null) return sendFile(c, notFound, 404, path);
    return c.text('Page not found', 404);
  });
  return app;
}
