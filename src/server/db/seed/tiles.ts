import {
  copyFileSync,
  type Dirent,
  linkSync,
  mkdirSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { escapeHtml, type PictureSpec, type TilePlacement } from './generate.ts';

export const TILE_WIDTH = 400;
export const TILE_HEIGHT = 300;

/** Where a seed renders its distinct pictures before linking them into place; not a seeded folder. */
const PICTURES = '.seed-pictures';

/** The content folders a seed owns: `Store` and the numeric `{db}` and `{store}` folders. */
export function isSeededFolder(name: string): boolean {
  return name === 'Store' || /^\d+$/.test(name);
}

const PATTERNS: Record<PictureSpec['pattern'], string> = {
  dots: '<pattern id="p" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="3" fill="#fff" fill-opacity="0.12"/></pattern>',
  grid: '<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse"><path d="M28 0H0V28" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/></pattern>',
  // Drawn diagonals rather than a rotated pattern: librsvg renders rotated patterns about five times slower.
  stripes:
    '<pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M-6 6L6 -6M0 24L24 0M18 30L30 18" stroke="#fff" stroke-opacity="0.1" stroke-width="6"/></pattern>',
};

/** The SVG of one 400×300 tile: a rounded colour block, a subtle pattern, large initials and the name. */
export function tileSvg(p: PictureSpec): string {
  const label = p.label.length > 34 ? `${p.label.slice(0, 33)}…` : p.label;
  const labelSize = Math.min(22, Math.floor(560 / Math.max(label.length, 1)));
  const font = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_WIDTH}" height="${TILE_HEIGHT}" viewBox="0 0 400 300">` +
    `<defs>${PATTERNS[p.pattern]}</defs>` +
    '<rect width="400" height="300" fill="#f7f4ef"/>' +
    `<rect x="14" y="14" width="372" height="272" rx="28" fill="${p.colour}"/>` +
    '<rect x="14" y="14" width="372" height="272" rx="28" fill="url(#p)"/>' +
    '<circle cx="200" cy="128" r="70" fill="#fff" fill-opacity="0.16"/>' +
    `<text x="200" y="152" text-anchor="middle" font-family="${font}" font-weight="bold" font-size="68" fill="#fff">${escapeHtml(p.initials)}</text>` +
    `<text x="200" y="250" text-anchor="middle" font-family="${font}" font-size="${labelSize}" fill="#fff" fill-opacity="0.92">${escapeHtml(label)}</text>` +
    '</svg>'
  );
}

/** Renders one tile to PNG bytes. The output depends only on the picture (and the installed fonts). */
export function renderTile(p: PictureSpec): Promise<Buffer> {
  return sharp(Buffer.from(tileSvg(p)))
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
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
 * Renders every distinct picture once into a scratch folder inside `contentDir`
 * (the same file system as the tiles, so they can be hard-linked) and returns
 * each picture's file.
 */
export async function renderPictures(
  contentDir: string,
  pictures: ReadonlyMap<string, PictureSpec>,
): Promise<Map<string, string>> {
  const dir = join(contentDir, PICTURES);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>();
  // sharp renders on its own thread pool; a few in flight keep both cores busy.
  await mapLimited([...pictures], 8, async ([key, spec]) => {
    const file = join(dir, `${key}.png`);
    writeFileSync(file, await renderTile(spec));
    files.set(key, file);
  });
  return files;
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
