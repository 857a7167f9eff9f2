import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';
import { AppError } from '../errors.ts';

/** How long browsers and CDNs keep an image, and how long they may serve it stale while revalidating. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

const ID = '[1-9][0-9]{0,14}';

/**
 * The content paths of spec §2, and nothing else: `{db}/Section/{id}`,
 * `{store}/Item/{id}`, `Store/{id}` and `{db}/Book/{id}`, each ending in
 * `ti.png`. Only canonical ids match, so a path can never leave the content
 * folder and each image has exactly one address.
 */
const CONTENT_PATH = new RegExp(`^/content/((?:${ID}/(?:Section|Item|Book)|Store)/${ID})/ti\\.png$`);

/** The file a content path names, relative to the content folder, or `undefined` for any other path. */
export function contentFile(path: string): string | undefined {
  const m = CONTENT_PATH.exec(path);
  return m?.[1] === undefined ? undefined : `${m[1]}/ti.png`;
}

function notFoundMessage(path: string): string {
  return (
    `No content image at ${path}. Images live at /content/{db}/Section/{id}/ti.png, ` +
    '/content/{store}/Item/{id}/ti.png, /content/Store/{id}/ti.png or /content/{db}/Book/{id}/ti.png.'
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
 */
export function contentRoutes({ contentDir }: AppDeps): Hono {
  return new Hono().get('*', async (c) => {
    const path = c.req.path;
    const file = contentFile(path);
    if (file === undefined) throw AppError.notFound(notFoundMessage(path));
    const full = join(contentDir, file);
    const info = await missingAsNotFound(path, () => stat(full));
    if (!info.isFile()) throw AppError.notFound(notFoundMessage(path));

    const etag = `W/"${info.size.toString(16)}-${Math.trunc(info.mtimeMs).toString(16)}"`;
    c.header('ETag', etag);
    c.header('Cache-Control', CONTENT_CACHE_CONTROL);
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag)) return c.body(null, 304);

    c.header('Content-Type', 'image/png');
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
