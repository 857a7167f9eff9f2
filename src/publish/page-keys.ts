import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** A catalogue page as a rebuild compares it: its address and its cache key. */
export interface PageKey {
  path: string;
  key: string;
}

/** Look-ups answered by scanning the list before an index is built (a few, for a rebuild of a few pages). */
const SCANS_BEFORE_INDEX = 16;
/** Keys a manifest carries over its page list before the list is written anew (a few kB a hundred). */
const MAX_REPLACED = 2000;
/** The first line of a page list file: what it is and its version. */
const LIST_HEAD = 'aisle page keys 1\n';

/** A page list file as a manifest names it: the file (in the manifests' folder), its pages, and keys replaced since. */
export interface StoredPageKeys {
  file: string;
  count: number;
  /** `[path, key, …]`: keys that replace the file's for these paths. */
  replaced: string[];
}

/** A page list file read whole but not parsed: its name and bytes (`\npath\tkey` a page, after `LIST_HEAD`). */
interface PageList {
  file: string;
  dir: string;
  count: number;
  text: Buffer;
}

/**
 * The page list file this process read last, by path: a page list file never changes once
 * written, so a long-lived rebuild process (`--watch`) reads its 5 MB once.
 */
let lastList: { stamp: string; text: Buffer } | null = null;

function listText(path: string): Buffer {
  // The file as it is now (a file replaced or damaged by hand has another stamp): read again.
  const s = statSync(path);
  const stamp = `${path}:${s.ino}:${s.size}:${s.mtimeMs}`;
  if (lastList?.stamp === stamp) return lastList.text;
  const text = readFileSync(path);
  lastList = { stamp, text };
  return text;
}

/**
 * Every catalogue page of a build with its key, in the order the build listed
 * them. A site of 100,000 items has about 100,000 of them (5 MB of text). A
 * manifest keeps them in a file of their own beside it, one `path\tkey` line a
 * page, written once and never changed (`stored`), and names it with the few
 * keys replaced since: a rebuild of a few changed items reads the file without
 * parsing it, finds their paths in its bytes, and writes a manifest of a few kB
 * instead of parsing and writing the 5 MB list. Parsed, the pages are one flat
 * list (`[path, key, path, key, …]`), which costs a fraction of an object with a
 * property each.
 */
export class PageKeys {
  /** Parsed: the flat list. Null while the pages are a page list file's bytes and `#replaced`. */
  #flat: string[] | null;
  #list: PageList | null;
  readonly #replaced: Map<string, string>;
  #index: Map<string, number> | null = null;
  #scans = 0;
  /** The stored form once written (or read) with nothing replaced since: saved again as it is. */
  #stored: { dir: string; value: StoredPageKeys } | null = null;

  private constructor(flat: string[] | null, list: PageList | null = null, replaced = new Map<string, string>()) {
    this.#flat = flat;
    this.#list = list;
    this.#replaced = replaced;
  }

  static of(pages: Iterable<PageKey>): PageKeys {
    const flat: string[] = [];
    for (const p of pages) flat.push(p.path, p.key);
    return new PageKeys(flat);
  }

  /**
   * From a manifest: its page list file (`stored`, read from `dir`), the flat list, or (a manifest
   * of an older version) an object of path → key. Throws when the file is missing or not a page list.
   */
  static fromJSON(value: unknown, dir?: string): PageKeys {
    if (Array.isArray(value) && value.length % 2 === 0 && value.every((v) => typeof v === 'string')) {
      return new PageKeys(value as string[]);
    }
    const stored = value as Partial<StoredPageKeys> | null;
    if (
      dir !== undefined &&
      typeof stored?.file === 'string' &&
      /^pages-[\w-]+\.tsv$/.test(stored.file) &&
      Number.isSafeInteger(stored.count) &&
      Array.isArray(stored.replaced) &&
      stored.replaced.length % 2 === 0 &&
      stored.replaced.every((v) => typeof v === 'string')
    ) {
      const text = listText(join(dir, stored.file));
      if (text.toString('utf8', 0, LIST_HEAD.length) !== LIST_HEAD) {
        throw new Error(`${stored.file} is not a page list.`);
      }
      const replaced = new Map<string, string>();
      for (let i = 0; i < stored.replaced.length; i += 2)
        replaced.set(stored.replaced[i] as string, stored.replaced[i + 1] as string);
      const keys = new PageKeys(null, { file: stored.file, dir, count: stored.count as number, text }, replaced);
      keys.#stored = { dir, value: stored as StoredPageKeys };
      return keys;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !('file' in value)) {
      return PageKeys.of(Object.entries(value as Record<string, string>).map(([path, key]) => ({ path, key })));
    }
    throw new Error('The manifest lists its pages in a form this version does not read.');
  }

  get size(): number {
    return this.#flat !== null ? this.#flat.length / 2 : (this.#list as PageList).count;
  }

  /** The flat list, parsed from the page list file (and its replaced keys) on first need. */
  #parsed(): string[] {
    if (this.#flat !== null) return this.#flat;
    const list = this.#list as PageList;
    const lines = list.text.toString('utf8', LIST_HEAD.length).split('\n');
    const flat: string[] = [];
    for (const line of lines) {
      if (line === '') continue;
      const tab = line.indexOf('\t');
      const path = line.slice(0, tab);
      flat.push(path, this.#replaced.get(path) ?? line.slice(tab + 1));
    }
    if (flat.length / 2 !== list.count)
      throw new Error(`The page list ${list.file} holds ${flat.length / 2} pages, not ${list.count}.`);
    this.#flat = flat;
    return flat;
  }

  /** The key of `path` in the page list file's bytes, without parsing them; undefined when absent. */
  #scanList(path: string): string | undefined {
    const text = (this.#list as PageList).text;
    const at = text.indexOf(`\n${path}\t`, LIST_HEAD.length - 1);
    if (at < 0) return undefined;
    const start = at + 1 + Buffer.byteLength(path) + 1;
    const end = text.indexOf(10, start);
    return text.toString('utf8', start, end < 0 ? text.length : end);
  }

  #position(path: string): number {
    const flat = this.#parsed();
    if (this.#index === null && ++this.#scans > SCANS_BEFORE_INDEX) {
      this.#index = new Map();
      for (let i = 0; i < flat.length; i += 2) this.#index.set(flat[i] as string, i);
    }
    if (this.#index !== null) return this.#index.get(path) ?? -1;
    for (let i = 0; i < flat.length; i += 2) if (flat[i] === path) return i;
    return -1;
  }

  get(path: string): string | undefined {
    if (this.#flat === null && this.#scans < SCANS_BEFORE_INDEX) {
      this.#scans++;
      const key = this.#scanList(path);
      return key === undefined ? undefined : (this.#replaced.get(path) ?? key);
    }
    const i = this.#position(path);
    return i < 0 ? undefined : this.#flat?.[i + 1];
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** Every page, in order. */
  *[Symbol.iterator](): Generator<PageKey> {
    const flat = this.#parsed();
    for (let i = 0; i < flat.length; i += 2) yield { path: flat[i] as string, key: flat[i + 1] as string };
  }

  paths(): string[] {
    const flat = this.#parsed();
    const out: string[] = [];
    for (let i = 0; i < flat.length; i += 2) out.push(flat[i] as string);
    return out;
  }

  /** The same pages with some keys replaced (`keys`: path → key; paths not listed here are ignored). */
  withKeys(keys: ReadonlyMap<string, string>): PageKeys {
    if (this.#flat === null) {
      // Still the page list file: the new keys go beside it.
      const replaced = new Map(this.#replaced);
      for (const [path, key] of keys) if (this.has(path)) replaced.set(path, key);
      return new PageKeys(null, this.#list, replaced);
    }
    const flat = this.#flat.slice();
    let left = keys.size;
    for (let i = 0; i < flat.length && left > 0; i += 2) {
      const key = keys.get(flat[i] as string);
      if (key !== undefined) {
        flat[i + 1] = key;
        left--;
      }
    }
    return new PageKeys(flat);
  }

  /**
   * The form a manifest in `dir` names these pages by: the page list file they were read from with
   * the keys replaced since, or (parsed, or too many replaced) a new page list file written now,
   * durably, before the manifest that names it.
   */
  stored(dir: string): StoredPageKeys {
    if (this.#stored?.dir === dir) return this.#stored.value;
    const list = this.#list;
    if (this.#flat === null && list !== null && list.dir === dir && this.#replaced.size <= MAX_REPLACED) {
      const value = { file: list.file, count: list.count, replaced: [...this.#replaced].flat() };
      this.#stored = { dir, value };
      return value;
    }
    const flat = this.#parsed();
    const parts: string[] = [LIST_HEAD.slice(0, -1)];
    for (let i = 0; i < flat.length; i += 2) {
      const path = flat[i] as string;
      const key = flat[i + 1] as string;
      if (/[\t\n]/.test(path) || /[\t\n]/.test(key))
        throw new Error(`A page path or key holds a tab or line break: ${JSON.stringify(path)}.`);
      parts.push(`${path}\t${key}`);
    }
    const file = `pages-${randomUUID()}.tsv`;
    const tmp = join(dir, `${file}.tmp-${process.pid}`);
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, `${parts.join('\n')}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(dir, file));
    const value = { file, count: flat.length / 2, replaced: [] };
    this.#stored = { dir, value };
    return value;
  }

  toJSON(): string[] {
    return this.#parsed();
  }
}
