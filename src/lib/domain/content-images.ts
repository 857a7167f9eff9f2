/**
 * The content pictures of spec §2 and their smaller versions: every `ti.png`
 * (a 400×300 tile, the fallback every browser can show) has AVIF and WebP
 * versions beside it at the widths the cards and item pages need, named
 * `ti-{width}.{format}` (`/content/12/Item/345/ti-200.avif`).
 */

/** Whose picture: a section's or book's (with its database), an item's (with its store) or a store's. */
export type ContentOwner =
  | { kind: 'Section' | 'Book'; id: number; dbId: number }
  | { kind: 'Item'; id: number; storeId: number }
  | { kind: 'Store'; id: number };

/**
 * The folder of a picture under the content folder, as spec §2 lays them out:
 * `Store/{id}`, `{db}/Section/{id}`, `{db}/Book/{id}` and `{store}/Item/{id}`.
 * The one place these paths are built.
 */
export function contentFolder(owner: ContentOwner): string {
  switch (owner.kind) {
    case 'Store':
      return `Store/${owner.id}`;
    case 'Item':
      return `${owner.storeId}/Item/${owner.id}`;
    default:
      return `${owner.dbId}/${owner.kind}/${owner.id}`;
  }
}

/** The public path of a picture's tile: `/content/{folder}/ti.png`. */
export function contentTilePath(owner: ContentOwner): string {
  return `/content/${contentFolder(owner)}/ti.png`;
}

/** The tile every content picture is stored as (spec §2's `ti.png`). */
export const TILE_WIDTH = 400;
export const TILE_HEIGHT = 300;

/**
 * Widths of the versions, smallest first. 200 serves a two-column item card on
 * a phone at 1× (about 175 CSS px); 400, the tile's own width, serves every
 * card at 2× and more, and the larger cards; nothing larger exists to serve.
 */
export const VERSION_WIDTHS = [200, 400] as const;
export type VersionWidth = (typeof VERSION_WIDTHS)[number];

/** Formats of the versions, in the order a `<picture>` offers them (best compression first). */
export const VERSION_FORMATS = ['avif', 'webp'] as const;
export type VersionFormat = (typeof VERSION_FORMATS)[number];

export const CONTENT_TYPES = {
  png: 'image/png',
  avif: 'image/avif',
  webp: 'image/webp',
} as const;

/** The height of a version of width `width`, keeping the tile's 4:3. */
export function versionHeight(width: number): number {
  return Math.round((width * TILE_HEIGHT) / TILE_WIDTH);
}

/** `ti-200.avif`. */
export function versionFileName(width: VersionWidth, format: VersionFormat): string {
  return `ti-${width}.${format}`;
}

/** Every version's file name, in a fixed order. */
export function versionFileNames(): string[] {
  return VERSION_FORMATS.flatMap((format) => VERSION_WIDTHS.map((width) => versionFileName(width, format)));
}

/** Parses a content file name: the fallback `ti.png` or a version; `undefined` for anything else. */
export function parseContentFileName(
  name: string,
): { format: 'png' } | { format: VersionFormat; width: VersionWidth } | undefined {
  if (name === 'ti.png') return { format: 'png' };
  const m = /^ti-(\d{1,4})\.(avif|webp)$/.exec(name);
  if (m === null) return undefined;
  const width = VERSION_WIDTHS.find((w) => String(w) === m[1]);
  if (width === undefined) return undefined;
  return { format: m[2] as VersionFormat, width };
}

/**
 * The `srcset` of one format for a picture given by its `ti.png` path
 * (`/content/12/Item/345/ti.png` → `/content/12/Item/345/ti-200.avif 200w, …`);
 * `undefined` when the path is not a content picture (a default image).
 */
export function versionSrcset(pngPath: string, format: VersionFormat): string | undefined {
  if (!pngPath.endsWith('/ti.png')) return undefined;
  const dir = pngPath.slice(0, -'ti.png'.length);
  return VERSION_WIDTHS.map((w) => `${dir}${versionFileName(w, format)} ${w}w`).join(', ');
}
