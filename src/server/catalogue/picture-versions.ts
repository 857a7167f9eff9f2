import { randomBytes } from 'node:crypto';
import { type Dirent, promises as fs, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { Sharp } from 'sharp';
import {
  VERSION_FORMATS,
  VERSION_WIDTHS,
  type VersionFormat,
  type VersionWidth,
  versionFileName,
  versionFileNames,
  versionHeight,
} from '../../lib/domain/content-images.ts';

/**
 * Encoder settings of the versions, by width. The 200 px versions serve phones
 * at 1×, where each pixel is seen: AVIF at sharp's default quality 50. The
 * 400 px versions mostly serve screens of 2× and 3×, which show them at half
 * size or less and hide coarser quantisation: AVIF at quality 40 with 4:2:0
 * chroma, about 60 % of the bytes of quality 50. Effort 2 (of 9) for AVIF:
 * effort 4 saves about 3 % more for three times the time. WebP, for browsers
 * without AVIF, at 75 and 65.
 */
const ENCODE: Record<VersionFormat, (img: Sharp, width: VersionWidth) => Sharp> = {
  avif: (img, width) =>
    width <= 200
      ? img.avif({ quality: 50, effort: 2 })
      : img.avif({ quality: 40, effort: 2, chromaSubsampling: '4:2:0' }),
  webp: (img, width) => img.webp({ quality: width <= 200 ? 75 : 65, effort: 4 }),
};

/** One encoded version: its file name (`ti-200.avif`) and bytes. */
export interface PictureVersion {
  name: string;
  bytes: Buffer;
}

/** Encodes every version (`ti-{w}.avif`, `ti-{w}.webp`) of a 400×300 tile given as PNG (or any image) bytes. */
export async function encodeVersions(tile: Uint8Array): Promise<PictureVersion[]> {
  // Loaded on first use: an API started only to be read (by a rebuild) encodes nothing.
  const { default: sharp } = await import('sharp');
  const jobs = VERSION_FORMATS.flatMap((format) =>
    VERSION_WIDTHS.map(async (width) => ({
      name: versionFileName(width, format),
      bytes: await ENCODE[format](
        sharp(tile).resize(width, versionHeight(width), { fit: 'cover', kernel: 'lanczos3' }),
        width,
      ).toBuffer(),
    })),
  );
  return Promise.all(jobs);
}

/** Writes `bytes` to `dir/name` atomically: a temporary file beside it, renamed over the old one. */
export async function writeFileAtomic(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, join(dir, name));
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** Removes the versions in `dir`; missing ones are fine. */
export async function removeVersions(dir: string): Promise<void> {
  await Promise.all(versionFileNames().map((name) => fs.rm(join(dir, name), { force: true })));
}

/** What `fillVersions` did. */
export interface FillSummary {
  /** Folders holding a `ti.png`. */
  pictures: number;
  /** Of those, folders whose versions were missing or older than their `ti.png`. */
  filled: number;
  /** Distinct pictures encoded (tiles that are hard links of one file are encoded once). */
  encoded: number;
  /** Pictures that could not be read as images (left as they are, and named in the log). */
  failed: number;
  seconds: number;
}

export interface FillOptions {
  /** Encodes in flight (sharp encodes on its own threads). */
  concurrency?: number;
  /** Structured progress and problems, one object per event. */
  log?: (event: Record<string, unknown>) => void;
}

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

async function readDirents(dir: string): Promise<Dirent[]> {
  try {
    return await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    const code = errorCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw err;
  }
}

/** Every folder of spec §2's layout under `contentDir`: `Store/{id}`, `{db}/Section|Book/{id}`, `{store}/Item/{id}`. */
async function* pictureFolders(contentDir: string): AsyncGenerator<string> {
  const id = /^[1-9]\d{0,14}$/;
  for (const top of await readDirents(contentDir)) {
    if (!top.isDirectory()) continue;
    if (top.name === 'Store') {
      for (const leaf of await readDirents(join(contentDir, 'Store'))) {
        if (leaf.isDirectory() && id.test(leaf.name)) yield join(contentDir, 'Store', leaf.name);
      }
    } else if (id.test(top.name)) {
      for (const kind of await readDirents(join(contentDir, top.name))) {
        if (!kind.isDirectory() || !['Section', 'Book', 'Item'].includes(kind.name)) continue;
        const kindDir = join(contentDir, top.name, kind.name);
        for (const leaf of await readDirents(kindDir)) {
          if (leaf.isDirectory() && id.test(leaf.name)) yield join(kindDir, leaf.name);
        }
      }
    }
  }
}

/** The versions of `dir` that are missing or older than its `ti.png`; `undefined` when there is no `ti.png`. */
async function staleVersions(dir: string): Promise<{ png: Stats; stale: string[] } | undefined> {
  let png: Stats;
  try {
    png = await fs.stat(join(dir, 'ti.png'));
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  if (!png.isFile()) return undefined;
  const stale: string[] = [];
  for (const name of versionFileNames()) {
    try {
      const v = await fs.stat(join(dir, name));
      if (v.mtimeMs < png.mtimeMs) stale.push(name);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
      stale.push(name);
    }
  }
  return { png, stale };
}

/**
 * Gives every content picture under `contentDir` its versions: for each folder
 * of spec §2's layout with a `ti.png` whose versions are missing or older than
 * it, encodes them and writes them beside it (atomically). Tiles that are hard
 * links of one file (the demo catalogue's) are encoded once and the versions
 * linked into the other folders. Safe to run at any time and again.
 */
export async function fillVersions(contentDir: string, opts: FillOptions = {}): Promise<FillSummary> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const summary: FillSummary = { pictures: 0, filled: 0, encoded: 0, failed: 0, seconds: 0 };
  // One encoding per picture file (device and inode), whichever folders link to it.
  const encodedBy = new Map<string, Promise<string | undefined>>();
  const inFlight = new Set<Promise<void>>();

  const fill = async (dir: string, key: string, stale: string[]): Promise<void> => {
    let first = encodedBy.get(key);
    const mine = first === undefined;
    if (first === undefined) {
      first = (async () => {
        try {
          const versions = await encodeVersions(await fs.readFile(join(dir, 'ti.png')));
          for (const v of versions) await writeFileAtomic(dir, v.name, v.bytes);
          summary.encoded++;
          return dir;
        } catch (err) {
          summary.failed++;
          log({ level: 'warn', msg: 'picture versions not made', dir, error: String(err) });
          return undefined;
        }
      })();
      encodedBy.set(key, first);
    }
    const source = await first;
    if (source === undefined) return;
    summary.filled++;
    if (mine) return;
    for (const name of stale) {
      const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await fs.link(join(source, name), tmp);
        await fs.rename(tmp, join(dir, name));
      } catch (err) {
        await fs.rm(tmp, { force: true });
        if (!['EXDEV', 'EMLINK', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP'].includes(errorCode(err) ?? '')) throw err;
        // No hard links here (another file system, or a file at its link limit): copy.
        await writeFileAtomic(dir, name, await fs.readFile(join(source, name)));
      }
    }
  };

  for await (const dir of pictureFolders(contentDir)) {
    const state = await staleVersions(dir);
    if (state === undefined) continue;
    summary.pictures++;
    if (state.stale.length === 0) continue;
    const key = `${state.png.dev}:${state.png.ino}:${state.png.mtimeMs}`;
    const job = fill(dir, key, state.stale).finally(() => inFlight.delete(job));
    inFlight.add(job);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
