import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { FileEntry } from './manifest.ts';

/** The SHA-256 (hex) and size of a file, streamed. */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Every regular file under `root`, as paths relative to it with `/` separators (none when `root` is missing). */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' && dir === root) return;
      throw err;
    }
    for (const e of entries) {
      const path = join(dir, e.name);
      if (e.isDirectory()) await walk(path);
      else if (e.isFile()) out.push(relative(root, path).split(sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/**
 * Copies the content pictures from `from` to `to` (which must not exist yet), hashing what it
 * copies. Files that are hard links of one file (the demo catalogue's tiles) are copied once
 * and linked in the copy too. Each file is read whole: pictures are written by rename, never
 * in place, so a file read once is one version of it.
 */
export async function copyContent(from: string, to: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  const folders = new FolderMaker();
  const firstCopy = new Map<string, FileEntry>();
  for (const path of await listFiles(from)) {
    const source = join(from, path);
    const target = join(to, path);
    await folders.make(dirname(target));
    let st: import('node:fs').Stats;
    try {
      st = await lstat(source);
    } catch (err) {
      // Deleted since the listing (a picture removed by staff meanwhile): not part of the backup.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const inode = `${st.dev}:${st.ino}`;
    const linked = st.nlink > 1 ? firstCopy.get(inode) : undefined;
    if (linked !== undefined) {
      await link(join(to, linked.path), target);
      entries.push({ ...linked, path });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(source);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    await writeFile(target, bytes, { flag: 'wx' });
    const entry = { path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    if (st.nlink > 1) firstCopy.set(inode, entry);
    entries.push(entry);
  }
  return entries;
}

/**
 * Copies the pictures a manifest lists from a backup's `from` to `to`, checking each one's
 * size and SHA-256 as it goes (throws naming the first file that differs). Files with the
 * same bytes are hard-linked, as the shop's own tiles are.
 */
export async function restoreContent(from: string, to: string, files: readonly FileEntry[]): Promise<void> {
  const written = new Map<string, string>();
  const folders = new FolderMaker();
  await folders.make(to);
  for (const f of files) {
    const target = join(to, f.path);
    await folders.make(dirname(target));
    const same = written.get(f.sha256);
    if (same !== undefined) {
      await link(same, target);
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(join(from, f.path));
    } catch (err) {
      throw new Error(`the backup's picture content/${f.path} cannot be read: ${(err as Error).message}`);
    }
    const digest = createHash('sha256').update(bytes).digest('hex');
    if (bytes.length !== f.bytes || digest !== f.sha256) {
      throw new Error(`the backup's picture content/${f.path} does not match its checksum in the manifest`);
    }
    await writeFile(target, bytes, { flag: 'wx' });
    written.set(f.sha256, target);
  }
}

/** Makes folders once each: a content tree has a folder per picture, most of them made for the first file. */
class FolderMaker {
  #made = new Set<string>();
  async make(dir: string): Promise<void> {
    if (this.#made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    this.#made.add(dir);
  }
}

/** Whether `path` is missing or an empty folder. */
export async function isMissingOrEmpty(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length === 0;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTDIR') return false;
    throw err;
  }
}
