import { mkdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Metadata } from 'sharp';
import { contentFolder, TILE_HEIGHT, TILE_WIDTH } from '../../lib/domain/content-images.ts';
import { ID_RULE, readId } from '../../lib/domain/ids.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { encodeVersions, removeVersions, writeFileAtomic } from './picture-versions.ts';

/** The largest image staff may upload. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Decoding bigger pictures than this (about 50 megapixels) is refused rather than attempted. */
const MAX_INPUT_PIXELS = 50_000_000;

export const IMAGE_KINDS = ['Section', 'Item', 'Store', 'Book'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Where one row's image lives: `dir` under the content folder, and its public path. */
export interface ImageTarget {
  kind: ImageKind;
  id: number;
  /** `1/Section/3`, `Store/2`, … */
  dir: string;
  /** `/content/1/Section/3/ti.png`. */
  path: string;
}

/** A parameter's value, its name matched case-insensitively. */
function param(params: Record<string, unknown>, name: string): string {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(params)) {
    if (key.toLowerCase() === lower && typeof value === 'string') return value.trim();
  }
  return '';
}

function idParamOf(params: Record<string, unknown>, name: string, why: string): number {
  const raw = param(params, name);
  if (raw === '') throw AppError.invalidField(name, `is required ${why}`);
  const r = readId(raw);
  if (r.kind !== 'ok') throw AppError.invalidField(name, ID_RULE);
  return r.id;
}

/**
 * Reads `kind`, `id` and, as the content path needs, `dbId` (Section, Book) or
 * `storeId` (Item), and checks the row exists: a 400 naming a bad parameter, a
 * 404 for a row that does not exist. A Book's row is its section, published or not.
 */
export async function resolveImageTarget(db: Kysely<Database>, params: Record<string, unknown>): Promise<ImageTarget> {
  const rawKind = param(params, 'kind');
  const kind = IMAGE_KINDS.find((k) => k.toLowerCase() === rawKind.toLowerCase());
  if (kind === undefined) {
    throw AppError.invalidField(
      'kind',
      rawKind === '' ? 'is required: Section, Item, Store or Book' : 'must be Section, Item, Store or Book',
    );
  }
  const id = idParamOf(params, 'id', `to say which ${kind}`);
  let dir: string;
  if (kind === 'Store') {
    dir = contentFolder({ kind, id });
    const row = await db.selectFrom('stores').select('id').where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw AppError.notFound(`Store ${id} does not exist.`);
  } else if (kind === 'Item') {
    const storeId = idParamOf(params, 'storeId', 'for an Item image (its path is {storeId}/Item/{id})');
    dir = contentFolder({ kind, id, storeId });
    const row = await db
      .selectFrom('items')
      .select('id')
      .where('id', '=', id)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (row === undefined) throw AppError.notFound(`Item ${id} does not exist in store ${storeId}.`);
  } else {
    const dbId = idParamOf(params, 'dbId', `for a ${kind} image (its path is {dbId}/${kind}/{id})`);
    dir = contentFolder({ kind, id, dbId });
    const row = await db
      .selectFrom('sections')
      .select('id')
      .where('id', '=', id)
      .where('db_id', '=', dbId)
      .executeTakeFirst();
    if (row === undefined) throw AppError.notFound(`Section ${id} does not exist in database ${dbId}.`);
  }
  return { kind, id, dir, path: `/content/${dir}/ti.png` };
}

/** What an accepted upload was. */
export interface StoredImage {
  /** The uploaded picture's format and size, before it became the tile. */
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: number;
}

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);

/**
 * Checks an upload by its content (PNG, JPEG or WebP, whatever its name or
 * declared type says) and stores it as the 400×300 `ti.png` tile (cover fit,
 * turned upright from its EXIF orientation) at `target`, with its AVIF and
 * WebP versions (`ti-{w}.avif`, `ti-{w}.webp`) beside it. Every file is written
 * atomically (a temporary file beside it, renamed over the old one), so readers
 * never see half an image; the versions are encoded before anything is
 * written and written after the tile, so none is ever older than it.
 */
export async function storeImage(contentDir: string, target: ImageTarget, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw tooLarge(bytes.byteLength);
  const notAnImage = () => AppError.invalidField('file', 'must be a PNG, JPEG or WebP image; its content is not one');
  // Loaded on first use: an API started only to be read (by a rebuild) encodes nothing.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw notAnImage();
  }
  const format = meta.format;
  if (format === undefined || !ACCEPTED.has(format)) {
    throw AppError.invalidField('file', `must be a PNG, JPEG or WebP image; its content is ${format ?? 'unknown'}`);
  }
  let tile: Buffer;
  try {
    tile = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(TILE_WIDTH, TILE_HEIGHT, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw notAnImage();
  }
  const versions = await encodeVersions(tile);
  const dir = join(contentDir, target.dir);
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(dir, 'ti.png', tile);
  for (const v of versions) await writeFileAtomic(dir, v.name, v.bytes);
  return {
    format: format as StoredImage['format'],
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    bytes: bytes.byteLength,
  };
}

/** The 413 of an upload over the limit. */
export function tooLarge(bytes?: number): AppError {
  const size = bytes === undefined ? 'The upload' : `The file (${(bytes / 1024 / 1024).toFixed(1)} MB)`;
  return new AppError(413, 'bad_request', `${size} is too large: an image may be at most 2 MB.`, {
    modelState: { file: ['file must be at most 2 MB.'] },
  });
}

/** Removes an image and its versions; false when there was none. */
export async function removeImage(contentDir: string, dir: string): Promise<boolean> {
  let removed = true;
  try {
    await unlink(join(contentDir, dir, 'ti.png'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return false;
    if (code !== 'ENOENT') throw err;
    removed = false;
  }
  // Versions left without their tile would still show on the pages: they go too.
  await removeVersions(join(contentDir, dir));
  return removed;
}

/**
 * Removes the images of rows that were just deleted. Best effort: the rows are
 * gone whatever happens here, so a failure is logged, not answered.
 */
export async function removeImagesOf(
  contentDir: string,
  dirs: readonly string[],
  log: (entry: Record<string, unknown>) => void,
): Promise<void> {
  for (const dir of dirs) {
    try {
      await removeImage(contentDir, dir);
    } catch (err) {
      log({ level: 'warn', msg: 'content image of a deleted row not removed', dir, error: String(err) });
    }
  }
}
