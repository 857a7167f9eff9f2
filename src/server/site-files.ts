import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { COMPRESSIBLE_EXTENSIONS } from '../lib/domain/compressible.ts';

/**
 * The built site's files, answered from memory. A file is read once, with its
 * pre-compressed `.br` / `.gz` siblings, and its answer headers (type, caching,
 * the `_headers` rules of its path, a strong ETag from its bytes) are computed
 * once; after that an answer is a map look-up. Entries are checked against the
 * disk at most once a second, dropped when the site folder points at another
 * build, and the least recently used go first past `budgetBytes`. Files larger
 * than `maxFileBytes` are read from disk for each answer.
 */

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

export type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  encoding: Encoding;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The headers of a full 200 (or 404) answer. */
  headers: Record<string, string>;
}

export interface SiteFile {
  /** The original's path on disk. */
  file: string;
  /** The best first: br, gzip, identity (only those on disk). */
  variants: Variant[];
  status: 200 | 404;
  stamp: string;
  checkedAt: number;
  bytes: number;
}

export interface Found {
  file: string;
  stamp: string;
  size: number;
}

export async function fileAt(path: string): Promise<Found | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { file: path, size: s.size, stamp: `${s.ino}:${s.size}:${s.mtimeMs}` } : null;
  } catch {
    return null;
  }
}

/** Maps a URL path to a file of the built site: `/a/b` → `a/b`, `a/b/index.html` or `a/b.html`. */
export async function resolveSiteFile(siteDir: string, urlPath: string): Promise<Found | null> {
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

function etagOf(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Reads a file and its compressed siblings and computes every answer's headers. */
export async function loadSiteFile(
  found: Found,
  status: 200 | 404,
  baseHeaders: Record<string, string>,
  now: number,
): Promise<SiteFile | null> {
  const ext = extname(found.file);
  const compressible = COMPRESSIBLE_EXTENSIONS.has(ext);
  const wanted: { file: string; encoding: Encoding }[] = compressible
    ? [
        { file: `${found.file}.br`, encoding: 'br' },
        { file: `${found.file}.gz`, encoding: 'gzip' },
      ]
    : [];
  wanted.push({ file: found.file, encoding: 'identity' });
  const variants: Variant[] = [];
  for (const w of wanted) {
    const read = await readFile(w.file).catch(() => null);
    if (read === null) continue;
    const body = read as Uint8Array<ArrayBuffer>;
    const etag = etagOf(body);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      ...baseHeaders,
      ETag: etag,
      'Content-Length': String(body.length),
    };
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (w.encoding !== 'identity') headers['Content-Encoding'] = w.encoding;
    if (status === 200) headers['Accept-Ranges'] = 'bytes';
    variants.push({ encoding: w.encoding, body, etag, headers });
  }
  if (!variants.some((v) => v.encoding === 'identity')) return null;
  return {
    file: found.file,
    variants,
    status,
    stamp: found.stamp,
    checkedAt: now,
    bytes: variants.reduce((n, v) => n + v.body.length, 0),
  };
}

/**
 * The content codings an `Accept-Encoding` header accepts (RFC 9110 §12.5.3):
 * each listed coding whose `q` is not 0, lower-cased. Read by splitting and
 * trimming, in time linear in the header (a regex over it backtracked).
 */
export function acceptedEncodings(acceptEncoding: string): Set<string> {
  const accepted = new Set<string>();
  let start = 0;
  while (start <= acceptEncoding.length) {
    const comma = acceptEncoding.indexOf(',', start);
    const end = comma === -1 ? acceptEncoding.length : comma;
    const entry = acceptEncoding.slice(start, end);
    start = end + 1;
    const semi = entry.indexOf(';');
    const coding = (semi === -1 ? entry : entry.slice(0, semi)).trim().toLowerCase();
    if (coding === '') continue;
    const q = semi === -1 ? undefined : qValue(entry.slice(semi + 1));
    if (q === undefined || q > 0) accepted.add(coding);
  }
  return accepted;
}

/** The `q` of an entry's parameters (`q=0.5;x=y`), or undefined when it has none. */
function qValue(params: string): number | undefined {
  for (const param of params.split(';')) {
    const p = param.trim();
    if (p.length > 1 && (p[0] === 'q' || p[0] === 'Q') && p[1] === '=') return Number(p.slice(2).trim());
  }
  return undefined;
}

/** The variant to send for an `Accept-Encoding` header: br, then gzip, then the original. */
export function pickVariant(entry: SiteFile, acceptEncoding: string): Variant {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const v of entry.variants) {
    if (v.encoding === 'identity' || accepted.has(v.encoding)) return v;
  }
  return entry.variants[entry.variants.length - 1] as Variant;
}

/** True when an `If-None-Match` list names `etag` (weak comparison, `*` matches anything). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type RangeResult =
  | { kind: 'full' }
  | { kind: 'partial'; start: number; end: number }
  | { kind: 'unsatisfiable' };

/**
 * One byte range of `Range: bytes=…` (RFC 9110 §14): `a-b`, `a-` or `-n`. Several
 * ranges, other units and malformed headers are answered with the whole file,
 * as the RFC allows; a range starting past the end cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return { kind: 'full' };
  // Split and trimmed, not matched: a regex with `\s*` on both sides of `=` backtracked quadratically.
  const eq = header.indexOf('=');
  if (eq === -1 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'full' };
  const spec = header.slice(eq + 1);
  const dash = spec.indexOf('-');
  if (dash === -1) return { kind: 'full' };
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();
  const digits = /^\d*$/;
  if (!digits.test(first) || !digits.test(last) || (first === '' && last === '')) return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** Answers a cached file: conditional requests (304), byte ranges (206/416), HEAD. */
export function answerSiteFile(
  entry: SiteFile,
  req: { method: string; header(name: string): string | undefined },
): Response {
  const variant = pickVariant(entry, req.header('accept-encoding') ?? '');
  const head = req.method === 'HEAD';
  if (entry.status === 200) {
    const ifNoneMatch = req.header('if-none-match');
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, variant.etag)) {
      const { 'Content-Length': _length, ...headers } = variant.headers;
      return new Response(null, { status: 304, headers });
    }
    const ifRange = req.header('if-range');
    const range = ifRange === undefined || ifRange.trim() === variant.etag ? req.header('range') : undefined;
    const size = variant.body.length;
    const r = parseRange(range, size);
    if (r.kind === 'unsatisfiable') {
      const { ETag: _etag, 'Content-Length': _length, ...headers } = variant.headers;
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    }
    if (r.kind === 'partial') {
      const part = variant.body.subarray(r.start, r.end + 1);
      return new Response(head ? null : part, {
        status: 206,
        headers: {
          ...variant.headers,
          'Content-Length': String(part.length),
          'Content-Range': `bytes ${r.start}-${r.end}/${size}`,
        },
      });
    }
  }
  return new Response(head ? null : variant.body, { status: entry.status, headers: variant.headers });
}

/** An LRU of loaded site files for one build, with a byte budget. */
export class SiteFileCache {
  private entries = new Map<string, SiteFile>();
  private bytes = 0;
  private root = '';
  private generation: unknown;
  readonly budgetBytes: number;
  readonly maxFileBytes: number;

  constructor(budgetBytes = 128 * 2 ** 20, maxFileBytes = 4 * 2 ** 20) {
    this.budgetBytes = budgetBytes;
    this.maxFileBytes = maxFileBytes;
  }

  /** Drops everything when the site folder now points at another build, or its rules changed. */
  use(root: string, generation: unknown): void {
    if (root === this.root && generation === this.generation) return;
    this.root = root;
    this.generation = generation;
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string): SiteFile | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: SiteFile): void {
    this.delete(key);
    if (entry.bytes > this.maxFileBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, e] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= e.bytes;
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (e === undefined) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}
