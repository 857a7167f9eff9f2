import { createHash } from 'node:crypto';
import {
  copyFileSync,
  type Dirent,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { TILE_HEIGHT, TILE_WIDTH, versionFileNames } from '../../../lib/domain/content-images.ts';
import { encodeVersions } from '../../catalogue/picture-versions.ts';
import type { PictureSpec, TilePlacement } from './catalogue-plan.ts';
import { PHOTO_POOL, photoPixels } from './photos.ts';

/** Where a seed renders its distinct pictures before linking them into place; not a seeded folder. */
const PICTURES = '.seed-pictures';

/** The files of one picture: the spec's `ti.png` and its AVIF and WebP versions. */
export const PICTURE_FILES = ['ti.png', ...versionFileNames()];

/** The content folders a seed owns: `Store` and the numeric `{db}` and `{store}` folders. */
export function isSeededFolder(name: string): boolean {
  return name === 'Store' || /^\d+$/.test(name);
}

/**
 * Renders one picture of the pool: its `ti.png` and every version, as the
 * upload of a photograph would store them. Depends only on the picture (and
 * the installed libvips).
 */
export async function renderPicture(p: PictureSpec): Promise<Map<string, Buffer>> {
  const png = await sharp(photoPixels(p.photo), { raw: { width: TILE_WIDTH, height: TILE_HEIGHT, channels: 3 } })
    .png()
    .toBuffer();
  const files = new Map<string, Buffer>([['ti.png', png]]);
  for (const v of await encodeVersions(png)) files.set(v.name, v.bytes);
  return files;
}

/**
 * The folder that keeps rendered pictures between seeds (`node_modules/.cache`,
 * or `AISLE_PICTURE_CACHE`): encoding the pool's AVIF takes seconds, and every
 * seed on a machine uses the same pictures. Named by a digest of the code that
 * draws and encodes them and of the libvips version, so a change to either
 * renders afresh.
 */
function pictureCacheDir(): string {
  const root = process.env.AISLE_PICTURE_CACHE ?? join(import.meta.dirname, '../../../../node_modules/.cache/aisle');
  const digest = createHash('sha256');
  for (const file of [
    join(import.meta.dirname, 'photos.ts'),
    join(import.meta.dirname, '../../catalogue/picture-versions.ts'),
  ]) {
    digest.update(readFileSync(file));
  }
  digest.update(`vips ${sharp.versions.vips} pool ${PHOTO_POOL}`);
  return join(root, `demo-pictures-${digest.digest('hex').slice(0, 16)}`);
}

/** A picture's files from the cache, or `undefined` when it is not (wholly) there. */
function cachedPicture(dir: string): Map<string, Buffer> | undefined {
  try {
    return new Map(PICTURE_FILES.map((name) => [name, readFileSync(join(dir, name))]));
  } catch {
    return undefined;
  }
}

/** Keeps a picture in the cache; a cache that cannot be written is only slower, never an error. */
function cachePicture(dir: string, files: ReadonlyMap<string, Buffer>): void {
  const tmp = `${dir}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(tmp, { recursive: true });
    for (const [name, bytes] of files) writeFileSync(join(tmp, name), bytes);
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs `task` over `list` with at most `limit` in flight, keeping results in order. */
async function mapLimited<T, R>(list: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await task(list[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  return out;
}

/**
 * Renders every distinct picture once (or takes it from the cache) into a
 * scratch folder inside `contentDir` (the same file system as the tiles, so
 * they can be hard-linked) and returns the file of each picture's `ti.png` and
 * versions, keyed `{picture}/{file name}`.
 */
export async function renderPictures(
  contentDir: string,
  pictures: ReadonlyMap<string, PictureSpec>,
): Promise<Map<string, string>> {
  const dir = join(contentDir, PICTURES);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const cache = pictureCacheDir();
  const files = new Map<string, string>();
  // sharp encodes on its own thread pool; a few in flight keep both cores busy.
  await mapLimited([...pictures], 4, async ([key, spec]) => {
    const cached = join(cache, String(spec.photo));
    let picture = cachedPicture(cached);
    if (picture === undefined) {
      picture = await renderPicture(spec);
      cachePicture(cached, picture);
    }
    mkdirSync(join(dir, key));
    // The tile first, then its versions: a version is never older than its tile (see `npm run content:images`).
    for (const name of PICTURE_FILES) {
      const file = join(dir, key, name);
      writeFileSync(file, picture.get(name) as Buffer);
      files.set(`${key}/${name}`, file);
    }
  });
  return files;
}

/** Each tile with its versions: the files to place for `tiles`, named as `renderPictures` names them. */
export function withVersions(tiles: readonly TilePlacement[]): TilePlacement[] {
  return tiles.flatMap((tile) => {
    const dir = tile.path.slice(0, -'ti.png'.length);
    return PICTURE_FILES.map((name) => ({ path: `${dir}${name}`, picture: `${tile.picture}/${name}` }));
  });
}

/** Removes the scratch folder of `renderPictures`; the tiles linked to its files keep their data. */
export function discardPictures(contentDir: string): void {
  rmSync(join(contentDir, PICTURES), { recursive: true, force: true });
}

/** The wanted tree under the content directory: a folder maps names to children, `FILE` marks a tile. */
type Tree = Map<string, Tree | typeof FILE>;
const FILE = 'file';

function wantedTree(tiles: readonly TilePlacement[]): Tree {
  const root: Tree = new Map();
  for (const { path } of tiles) {
    const parts = path.split('/');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node.set(part, FILE);
        return;
      }
      let child = node.get(part);
      if (child === undefined || child === FILE) {
        child = new Map();
        node.set(part, child);
      }
      node = child;
    });
  }
  return root;
}

/**
 * Deletes everything under `dir` that is not in `want` and records what is kept,
 * so that writing the new tiles creates only the folders that are missing.
 */
function prune(dir: string, want: Tree, keptDirs: Set<string>, keptFiles: Set<string>, top: boolean): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    // At the top only the seeded folders are ours; anything else in content storage is left alone.
    if (top && !isSeededFolder(entry.name)) continue;
    const path = join(dir, entry.name);
    const wanted = want.get(entry.name);
    if (wanted === FILE && entry.isFile()) {
      keptFiles.add(path);
    } else if (wanted instanceof Map && entry.isDirectory()) {
      keptDirs.add(path);
      prune(path, wanted, keptDirs, keptFiles, false);
    } else {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

/**
 * Makes the seeded folders of `contentDir` hold exactly `tiles`: files and
 * folders of the previous catalogue that are not wanted are deleted, folders
 * that are still wanted are reused (creating a folder is the slow part on most
 * disks), and every tile is hard-linked to its picture, or copied where hard
 * links are not possible. Returns the number of tile files written.
 */
export function placeTiles(
  contentDir: string,
  pictureFiles: ReadonlyMap<string, string>,
  tiles: readonly TilePlacement[],
): number {
  const want = wantedTree(tiles);
  const keptDirs = new Set<string>([contentDir]);
  const keptFiles = new Set<string>();
  mkdirSync(contentDir, { recursive: true });
  prune(contentDir, want, keptDirs, keptFiles, true);

  const sources = new Map(pictureFiles);
  let linksWork = true;
  for (const tile of tiles) {
    const parts = tile.path.split('/');
    let dir = contentDir;
    for (let i = 0; i < parts.length - 1; i++) {
      dir = join(dir, parts[i] as string);
      if (!keptDirs.has(dir)) {
        mkdirSync(dir);
        keptDirs.add(dir);
      }
    }
    const dest = join(contentDir, tile.path);
    if (keptFiles.has(dest)) unlinkSync(dest);
    const source = sources.get(tile.picture);
    if (source === undefined) throw new Error(`Tile ${tile.path} names unknown picture ${tile.picture}.`);
    if (linksWork) {
      try {
        linkSync(source, dest);
        continue;
      } catch (err) {
        const code = errorCode(err);
        if (code === 'EMLINK') {
          // This picture reached the file system's link limit: copy it, and link the next tiles to the copy.
          copyFileSync(source, dest);
          sources.set(tile.picture, dest);
          continue;
        }
        if (code !== 'EPERM' && code !== 'EXDEV' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
        linksWork = false;
      }
    }
    copyFileSync(source, dest);
  }
  return tiles.length;
}
