import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { CONTENT_TYPES, parseContentFileName } from '../../lib/domain/content-images.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** How long browsers and CDNs keep an image, and how long they may serve it stale while revalidating. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

const ID = '[1-9][0-9]{0,14}';

/** What an answer that had to stand in for a missing version may be cached for: until the version is made. */
const STAND_IN_CACHE_CONTROL = 'public, max-age=60';

/**
 * The content paths of spec §2, and nothing else: `{db}/Section/{id}`,
 * `{store}/Item/{id}`, `Store/{id}` and `{db}/Book/{id}`, each ending in
 * `ti.png` or the name of one of its versions (`ti-200.avif`, …). Only
 * canonical ids match, so a path can never leave the content folder and each
 * image has exactly one address.
 */
const CONTENT_PATH = new RegExp(`^/content/((?:${ID}/(?:Section|Item|Book)|Store)/${ID})/(ti[-.][0-9a-z.]{3,12})$`);

/** A content file: its folder (relative to the content folder), file name and media type. */
export interface ContentFile {
  dir: string;
  name: string;
  type: string;
}

/** The file a content path names, or `undefined` for any other path. */
export function contentFile(path: string): ContentFile | undefined {
  const m = CONTENT_PATH.exec(path);
  if (m?.[1] === undefined || m[2] === undefined) return undefined;
  const parsed = parseContentFileName(m[2]);
  if (parsed === undefined) return undefined;
  return { dir: m[1], name: m[2], type: CONTENT_TYPES[parsed.format] };
}

function notFoundMessage(path: string): string {
  return (
    `No content image at ${path}. Images live at /content/{db}/Section/{id}/ti.png, ` +
    '/content/{store}/Item/{id}/ti.png, /content/Store/{id}/ti.png or /content/{db}/Book/{id}/ti.png, ' +
    'with versions beside each (ti-200.avif, ti-400.avif, ti-200.webp, ti-400.webp).'
  );
}

/** Runs a file-system call, answering 404 when the file is not there (or vanished since the last call). */
async function missingAsNotFound<T>(path: string, fsCall: () => Promise<T>): Promise<T> {
  try {
    return await fsCall();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') throw AppError.notFound(notFoundMessage(path));
    throw err;
  }
}

/** True when an `If-None-Match` header names the given ETag (weak comparison, RFC 9110 §13.1.2). */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === wanted);
}

/**
 * `/content`: the catalogue's images from `contentDir`, case-sensitive, with
 * day-long caching, an ETag from size and modification time, and 304 answers.
 * A version that is missing while its `ti.png` exists (content from before
 * versions were made, not yet filled by `npm run content:images`) is answered
 * with the `ti.png`, cached for a minute only: browsers show a PNG whatever
 * the `<source>` type promised, so a page never shows a broken picture.
 */
export function contentRoutes({ contentDir }: AppDeps): Hono {
  return new Hono().get('*', async (c) => {
    const path = c.req.path;
    const file = contentFile(path);
    if (file === undefined) throw AppError.notFound(notFoundMessage(path));
    let full = join(contentDir, file.dir, file.name);
    let type = file.type;
    let cacheControl = CONTENT_CACHE_CONTROL;
    let info = await stat(full).catch(() => undefined);
    if ((info === undefined || !info.isFile()) && file.name !== 'ti.png') {
      full = join(contentDir, file.dir, 'ti.png');
      type = 'image/png';
      cacheControl = STAND_IN_CACHE_CONTROL;
      info = undefined;
    }
    if (info === undefined) info = await missingAsNotFound(path, () => stat(full));
    if (!info.isFile()) throw AppError.notFound(notFoundMessage(path));

    const etag = `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', cacheControl);
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return c.body(null, 304);

    c.header('Content-Type', type);
    c.header('X-Content-Type-Options', 'nosniff');
    // Hono answers HEAD by running this handler and dropping the body: skip reading the file.
    if (c.req.method === 'HEAD') {
      c.header('Content-Length', String(info.size));
      return c.body(null, 200);
    }
    const bytes = new Uint8Array(await missingAsNotFound(path, () => readFile(full)));
    c.header('Content-Length', String(bytes.byteLength));
    return c.body(bytes, 200);
  });
}
