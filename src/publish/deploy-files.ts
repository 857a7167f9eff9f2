import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  type BrotliOptions,
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type ZlibOptions,
} from 'node:zlib';
import { COMPRESSIBLE_EXTENSIONS } from '../lib/domain/compressible.ts';
import {
  cacheControlFor,
  contentSecurityPolicy,
  formatHeaders,
  type HeaderRule,
  HOUR,
  IMMUTABLE,
  type InlineCounts,
  type InlineHashes,
  PAY_PAGE_PATH,
  RAZORPAY_CHECKOUT,
  REVALIDATE,
  siteSecurityHeaders,
  transportSecurityHeaders,
} from '../server/site-headers.ts';
import { scanInlineElements } from './inline-scan.ts';
import { isShardDir } from './search-index.ts';
import { StandbyLinks } from './standby-links.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files a browser downloads as text: each gets `.br` and `.gz` siblings. */
export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(extname(file));
}

/**
 * The `.br` and `.gz` forms of one file. Pages and sitemaps (many, each read
 * once by a CDN) get brotli 5 and gzip 5, within a few per cent of the best at
 * a fraction of the time (gzip 5 rather than 6: a third less time on an item
 * page for 0.2 % more bytes, and only clients without brotli get it); scripts
 * and styles (few, downloaded by every visitor) get the maximum, brotli 11 and
 * gzip 9.
 */
export async function compressed(file: string, data: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([brotli(data, brotliOptions(file, data)), gzipAsync(data, gzipOptions(file))]);
  return { br, gz };
}

/** `compressed`, on the calling thread (a writer thread of a full build, which has nothing else to do). */
export function compressedSync(file: string, data: Buffer): { br: Buffer; gz: Buffer } {
  return { br: brotliCompressSync(data, brotliOptions(file, data)), gz: gzipSync(data, gzipOptions(file)) };
}

const isPage = (file: string) => ['.html', '.xml', '.txt'].includes(extname(file));

/**
 * Brotli's window for a file of `size` bytes: the smallest that holds the whole
 * file (10 to 24 bits), as brotli's own one-shot call picks it; node:zlib
 * streams and keeps the default of 22 bits. At quality 5 a window of 16 bits
 * or less makes brotli use a smaller hash table: on an item page (26 kB),
 * measured on a quiet machine, a few per cent faster and a few bytes smaller.
 */
export function brotliWindow(size: number): number {
  return Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))),
  );
}

function brotliOptions(file: string, data: Buffer): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: isPage(file) ? 5 : 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindow(data.length),
    },
  };
}

/**
 * Pages get memLevel 9 (zlib's largest hash table; node:zlib's default is 8):
 * at level 5 the same bytes, within a byte, in about 4 % less time. Scripts and
 * styles keep the default: at level 9 the larger table made a few of them larger.
 */
const gzipOptions = (file: string): ZlibOptions => (isPage(file) ? { level: 5, memLevel: 9 } : { level: 9 });

/**
 * Writes files with their `.br` and `.gz` into a build folder nobody serves yet,
 * synchronously: for threads that only write (a full build's page writers, the
 * redirect-page worker), where blocking calls cost about half the CPU of
 * promise-based ones (no thread-pool hand-offs). Folders it made are remembered.
 */
export class FolderWriter {
  readonly #made = new Set<string>();
  readonly #standby: StandbyLinks | null;
  readonly dir: string;

  /** A writer into `dir` that also hard-links each file it writes into `standby` when one is named. */
  constructor(dir: string, standby?: string) {
    this.dir = dir;
    this.#standby = standby === undefined ? null : new StandbyLinks(dir, standby);
  }

  /** Writes `rel`, with its `.br` and `.gz` when it is compressible and `compress` is not false. */
  write(rel: string, data: Buffer, compress = true): void {
    const file = join(this.dir, rel);
    const parent = dirname(file);
    if (!this.#made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      this.#made.add(parent);
    }
    writeFileSync(file, data);
    this.#standby?.link(rel);
    if (!compress || !isCompressible(rel)) return;
    const { br, gz } = compressedSync(rel, data);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    this.#standby?.link(`${rel}.br`);
    this.#standby?.link(`${rel}.gz`);
  }
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

const EXECUTABLE_TYPE = /^\s*$|^(module|text\/javascript|application\/javascript)$/i;

/** A CSP hash source for an inline element's text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The inline scripts and styles of one HTML page, as CSP hash sources, found
 * as a browser's tokenizer finds them (`inline-scan.ts`): only the text of
 * `<script>` and `<style>` elements counts, never text that merely looks like
 * one inside an attribute value, a title or a comment, so nothing staff type
 * can add to the policy. Scripts with a `src`, and data blocks
 * (`application/ld+json`), run nothing inline and need none.
 */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const script: string[] = [];
  const style: string[] = [];
  for (const el of scanInlineElements(html)) {
    if (el.kind === 'style') style.push(cspHash(el.text));
    else if (!el.attrs.has('src') && EXECUTABLE_TYPE.test(el.attrs.get('type') ?? '')) script.push(cspHash(el.text));
  }
  return { script, style };
}

/**
 * The inline hashes of a whole site, with how many pages carry each, so a
 * rebuild that replaces or deletes pages can take theirs away: a hash no page
 * carries any more leaves the policy.
 */
export class InlineHashSet {
  readonly script = new Map<string, number>();
  readonly style = new Map<string, number>();

  constructor(from?: InlineCounts) {
    for (const [h, n] of Object.entries(from?.script ?? {})) if (n > 0) this.script.set(h, n);
    for (const [h, n] of Object.entries(from?.style ?? {})) if (n > 0) this.style.set(h, n);
  }

  /** Counts one page's inline scripts and styles (each once per page). */
  add(html: string): void {
    this.#count(html, 1);
  }

  /** Forgets one page that `add` counted (a page replaced or deleted). */
  remove(html: string): void {
    this.#count(html, -1);
  }

  #count(html: string, by: 1 | -1): void {
    this.#addFound(inlineHashes(html), by);
  }

  /** Adds the counts of another set (a writer thread's pages). */
  merge(other: InlineCounts): void {
    for (const [map, from] of [
      [this.script, other.script],
      [this.style, other.style],
    ] as const) {
      for (const [h, n] of Object.entries(from)) if (n > 0) map.set(h, (map.get(h) ?? 0) + n);
    }
  }

  #addFound(found: { script: readonly string[]; style: readonly string[] }, by: 1 | -1): void {
    for (const [map, list] of [
      [this.script, found.script],
      [this.style, found.style],
    ] as const) {
      for (const h of new Set(list)) {
        const n = (map.get(h) ?? 0) + by;
        if (n > 0) map.set(h, n);
        else map.delete(h);
      }
    }
  }

  /** Every HTML page of a built site, counted. */
  static async ofSite(root: string): Promise<InlineHashSet> {
    const set = new InlineHashSet();
    const pages = listFiles(root, (rel) => rel === '_astro' || isShardDir(rel)).filter((r) => r.endsWith('.html'));
    await eachLimited(pages, COMPRESS_CONCURRENCY, async (rel) => {
      set.add(await readFile(join(root, rel), 'utf8'));
    });
    return set;
  }

  toJSON(): InlineHashes {
    return { script: [...this.script.keys()].sort(), style: [...this.style.keys()].sort() };
  }

  counts(): InlineCounts {
    const sorted = (m: Map<string, number>) => Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
    return { script: sorted(this.script), style: sorted(this.style) };
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
 * set the same header (CDNs differ in how they merge such rules), but one: the
 * pay page's Content-Security-Policy, which also allows Razorpay Checkout
 * (`RAZORPAY_CHECKOUT`), comes after the site-wide rule and replaces it there
 * (as `npm run serve` and `deploy:nginx` read the file: a later rule wins). `topLevel`
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
  /** The site's public origin (`SITE_URL`): an https one adds Strict-Transport-Security. */
  siteUrl?: string;
}): string {
  const rules: HeaderRule[] = [
    {
      path: '/*',
      headers: {
        ...siteSecurityHeaders({ inline: opts.inline, connect: opts.connect }),
        ...transportSecurityHeaders(opts.siteUrl),
      },
    },
    {
      path: PAY_PAGE_PATH,
      headers: {
        'Content-Security-Policy': contentSecurityPolicy({
          inline: opts.inline,
          connect: opts.connect,
          checkout: RAZORPAY_CHECKOUT,
        }),
      },
    },
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

/** Writes one file, and its `.br` and `.gz` when it is compressible, into a build folder nobody serves yet. */
export async function writeWithCompressed(dir: string, rel: string, data: Buffer | Uint8Array): Promise<void> {
  const file = join(dir, rel);
  await mkdir(dirname(file), { recursive: true });
  if (!isCompressible(rel)) {
    await writeFile(file, data);
    return;
  }
  const { br, gz } = await compressed(rel, Buffer.isBuffer(data) ? data : Buffer.from(data));
  await Promise.all([writeFile(file, data), writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
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
    ([rel, text]) => writeWithCompressed(dir, rel, Buffer.from(text)),
    onDone,
  );
}
