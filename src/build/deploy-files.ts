import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  cacheControlFor,
  formatHeaders,
  type HeaderRule,
  HOUR,
  IMMUTABLE,
  type InlineHashes,
  REVALIDATE,
  siteSecurityHeaders,
} from '../server/site-headers.ts';
import { isShardDir } from './search-index.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files a browser downloads as text: each gets `.br` and `.gz` siblings. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(extname(file));
}

/**
 * The `.br` and `.gz` forms of one file. Pages and sitemaps (many, each read
 * once by a CDN) get brotli 5 and gzip 6, within a few per cent of the best at
 * a fraction of the time; scripts and styles (few, downloaded by every visitor)
 * get the maximum, brotli 11 and gzip 9.
 */
export async function compressed(file: string, data: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const page = ['.html', '.xml', '.txt'].includes(extname(file));
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: page ? 5 : 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: page ? 6 : 9 }),
  ]);
  return { br, gz };
}

/**
 * Runs `work` over `items` with `limit` at a time. node:zlib compresses on the
 * libuv thread pool, so a few at a time keep every core busy without threads of
 * our own.
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  onDone?: (done: number) => void,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
      done++;
      onDone?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export const COMPRESS_CONCURRENCY = Math.max(4, availableParallelism() * 2);

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi;
const EXECUTABLE_TYPE = /^\s*$|^(module|text\/javascript|application\/javascript)$/i;

/** A CSP hash source for an inline element's text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The inline scripts and styles of one HTML page, as CSP hash sources. Scripts
 * with a `src`, and data blocks (`application/ld+json`), run nothing inline and
 * need none.
 */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const script: string[] = [];
  const style: string[] = [];
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    script.push(cspHash(m[2] ?? ''));
  }
  for (const m of html.matchAll(INLINE_STYLE)) style.push(cspHash(m[2] ?? ''));
  return { script, style };
}

/** Collects inline hashes across pages, each once. */
export class InlineHashSet {
  readonly script = new Set<string>();
  readonly style = new Set<string>();

  constructor(from?: InlineHashes) {
    for (const h of from?.script ?? []) this.script.add(h);
    for (const h of from?.style ?? []) this.style.add(h);
  }

  add(html: string): void {
    const found = inlineHashes(html);
    for (const h of found.script) this.script.add(h);
    for (const h of found.style) this.style.add(h);
  }

  toJSON(): InlineHashes {
    return { script: [...this.script].sort(), style: [...this.style].sort() };
  }
}

/** Every file under `root`, relative (`app/home/1/index.html`), skipping folders `skip` says to. */
export function listFiles(root: string, skip: (rel: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (skip(childRel)) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), childRel);
      else if (entry.isFile()) out.push(childRel);
    }
  };
  walk(root, '');
  return out;
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `rels` under `root`
 * (a build folder nobody serves yet), collecting the inline hashes of the
 * HTML pages into `hashes` as it reads them.
 */
export async function compressInPlace(
  root: string,
  rels: readonly string[],
  hashes: InlineHashSet | null,
  onDone?: (done: number) => void,
): Promise<void> {
  await eachLimited(
    rels.filter(isCompressible),
    COMPRESS_CONCURRENCY,
    async (rel) => {
      const file = join(root, rel);
      const data = await readFile(file);
      if (hashes !== null && rel.endsWith('.html')) hashes.add(data.toString('utf8'));
      const { br, gz } = await compressed(rel, data);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    },
    onDone,
  );
}

/**
 * The `_headers` file of a built site: the security headers for every path,
 * then cache headers by path, written so that no two rules that match one path
 * set the same header (CDNs differ in how they merge such rules). `topLevel`
 * lists the site's top-level entries (`app/`, `favicon.svg`, …; folders end
 * in `/`), `publicEntries` those copied from `public/`. The search shards'
 * entry files (`/pagefind/pagefind.js`, …) get the hosts' default, which
 * revalidates; their chunks are fingerprinted and immutable.
 */
export function headersFile(opts: {
  inline: InlineHashes;
  connect: readonly string[];
  topLevel: readonly string[];
  publicEntries: ReadonlySet<string>;
}): string {
  const rules: HeaderRule[] = [
    { path: '/*', headers: siteSecurityHeaders({ inline: opts.inline, connect: opts.connect }) },
    { path: '/', headers: { 'Cache-Control': REVALIDATE } },
    { path: '/_astro/*', headers: { 'Cache-Control': IMMUTABLE } },
  ];
  for (const entry of [...opts.topLevel].sort()) {
    const name = entry.replace(/\/$/, '');
    if (isShardDir(name)) {
      rules.push({ path: `/${name}/fragment/*`, headers: { 'Cache-Control': IMMUTABLE } });
      rules.push({ path: `/${name}/index/*`, headers: { 'Cache-Control': IMMUTABLE } });
      continue;
    }
    if (['_astro', '_headers', '_redirects', 'index.html'].includes(name)) continue;
    if (entry.endsWith('/')) {
      // Folders from public/ hold pictures and such; the others hold pages.
      const value = opts.publicEntries.has(entry) ? HOUR : REVALIDATE;
      rules.push({ path: `/${name}/*`, headers: { 'Cache-Control': value } });
      if (value === REVALIDATE) rules.push({ path: `/${name}`, headers: { 'Cache-Control': value } });
    } else {
      rules.push({ path: `/${name}`, headers: { 'Cache-Control': cacheControlFor(`/${name}`, extname(name)) } });
    }
  }
  return formatHeaders(
    rules,
    'Security and cache headers of the Aisle site (Netlify and Cloudflare Pages format), written by the build.\n' +
      'Pages are revalidated; fingerprinted files are immutable. npm run serve sends the same.',
  );
}

/** Writes files (with their `.br` and `.gz`) into a build folder nobody serves yet. */
export async function writeCompressed(
  dir: string,
  files: ReadonlyMap<string, string>,
  onDone?: (done: number) => void,
): Promise<void> {
  await eachLimited(
    [...files],
    COMPRESS_CONCURRENCY,
    async ([rel, text]) => {
      const file = join(dir, rel);
      await mkdir(dirname(file), { recursive: true });
      const data = Buffer.from(text);
      const { br, gz } = await compressed(rel, data);
      await Promise.all([writeFile(file, data), writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    },
    onDone,
  );
}
