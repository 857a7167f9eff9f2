/** A catalogue page as a rebuild compares it: its address and its cache key. */
export interface PageKey {
  path: string;
  key: string;
}

/** Look-ups answered by scanning the list before an index is built (a few, for a rebuild of a few pages). */
const SCANS_BEFORE_INDEX = 16;

/**
 * Every catalogue page of a build with its key, in the order the build listed
 * them, kept as one flat list (`[path, key, path, key, …]`, also its JSON form
 * in the manifest). A site of 100,000 items has about 100,000 of them: parsed
 * and written as one array of strings they cost a fraction of an object with a
 * property each, and a rebuild of a few changed items looks up a few paths by
 * scanning, without building an index of them all.
 */
export class PageKeys {
  readonly #flat: string[];
  #index: Map<string, number> | null = null;
  #scans = 0;

  private constructor(flat: string[]) {
    this.#flat = flat;
  }

  static of(pages: Iterable<PageKey>): PageKeys {
    const flat: string[] = [];
    for (const p of pages) flat.push(p.path, p.key);
    return new PageKeys(flat);
  }

  /** From a manifest: the flat list, or (a manifest of an older version) an object of path → key. */
  static fromJSON(value: unknown): PageKeys {
    if (Array.isArray(value) && value.length % 2 === 0 && value.every((v) => typeof v === 'string')) {
      return new PageKeys(value as string[]);
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return PageKeys.of(Object.entries(value as Record<string, string>).map(([path, key]) => ({ path, key })));
    }
    throw new Error('The manifest lists its pages in a form this version does not read.');
  }

  get size(): number {
    return this.#flat.length / 2;
  }

  #position(path: string): number {
    if (this.#index === null && ++this.#scans > SCANS_BEFORE_INDEX) {
      this.#index = new Map();
      for (let i = 0; i < this.#flat.length; i += 2) this.#index.set(this.#flat[i] as string, i);
    }
    if (this.#index !== null) return this.#index.get(path) ?? -1;
    for (let i = 0; i < this.#flat.length; i += 2) if (this.#flat[i] === path) return i;
    return -1;
  }

  get(path: string): string | undefined {
    const i = this.#position(path);
    return i < 0 ? undefined : this.#flat[i + 1];
  }

  has(path: string): boolean {
    return this.#position(path) >= 0;
  }

  /** Every page, in order. */
  *[Symbol.iterator](): Generator<PageKey> {
    for (let i = 0; i < this.#flat.length; i += 2)
      yield { path: this.#flat[i] as string, key: this.#flat[i + 1] as string };
  }

  paths(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.#flat.length; i += 2) out.push(this.#flat[i] as string);
    return out;
  }

  /** The same pages with some keys replaced (`keys`: path → key; paths not listed here are ignored). */
  withKeys(keys: ReadonlyMap<string, string>): PageKeys {
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

  toJSON(): string[] {
    return this.#flat;
  }
}
