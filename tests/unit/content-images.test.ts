import { describe, expect, it } from 'vitest';
import {
  contentFolder,
  contentTilePath,
  parseContentFileName,
  versionFileNames,
  versionHeight,
  versionSrcset,
} from '../../src/lib/domain/content-images.ts';

describe('content picture paths (spec §2)', () => {
  it('puts each kind of picture in its folder, and its tile under /content', () => {
    expect(contentFolder({ kind: 'Store', id: 2 })).toBe('Store/2');
    expect(contentFolder({ kind: 'Section', id: 3, dbId: 1 })).toBe('1/Section/3');
    expect(contentFolder({ kind: 'Book', id: 3, dbId: 1 })).toBe('1/Book/3');
    expect(contentFolder({ kind: 'Item', id: 345, storeId: 12 })).toBe('12/Item/345');
    expect(contentTilePath({ kind: 'Item', id: 345, storeId: 12 })).toBe('/content/12/Item/345/ti.png');
  });
});

describe('content picture versions', () => {
  it('names the AVIF and WebP versions at each width', () => {
    expect(versionFileNames()).toEqual(['ti-200.avif', 'ti-400.avif', 'ti-200.webp', 'ti-400.webp']);
    expect(versionHeight(200)).toBe(150);
    expect(versionHeight(400)).toBe(300);
  });

  it('gives a srcset of each format for a content picture, and none for a default image', () => {
    expect(versionSrcset('/content/12/Item/345/ti.png', 'avif')).toBe(
      '/content/12/Item/345/ti-200.avif 200w, /content/12/Item/345/ti-400.avif 400w',
    );
    expect(versionSrcset('/content/Store/2/ti.png', 'webp')).toBe(
      '/content/Store/2/ti-200.webp 200w, /content/Store/2/ti-400.webp 400w',
    );
    expect(versionSrcset('/images/default-tile.svg', 'avif')).toBeUndefined();
  });

  it('parses only the fallback and the versions that exist', () => {
    expect(parseContentFileName('ti.png')).toEqual({ format: 'png' });
    expect(parseContentFileName('ti-400.webp')).toEqual({ format: 'webp', width: 400 });
    for (const name of ['ti-300.avif', 'ti-0200.avif', 'ti-200.png', 'ti-200.jpg', 'ti.avif', 'other.png']) {
      expect(parseContentFileName(name), name).toBeUndefined();
    }
  });
});
