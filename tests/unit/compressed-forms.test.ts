import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedSync } from '../../src/publish/deploy-files.ts';

/**
 * The `.gz` and `.br` forms a build writes are what shoppers download: a faster
 * setting that makes them larger is a cost every visitor pays, so the forms are
 * checked against zlib's own level with its default settings.
 */

/** A catalogue page's shape: the frame every page shares, then cards of varied text. */
function page(cards: number): string {
  const words = ['basmati', 'rice', 'organic', 'toor', 'dal', 'ghee', 'atta', 'masala', 'jaggery', 'pack'];
  const card = (i: number) =>
    `<article class="card rounded-2xl ring-1"><a href="/app/section/${i}/${i % 7}">` +
    `<h3>${words[i % 10]} ${words[(i * 7) % 10]} ${i}</h3></a><p class="price">Rs ${(i * 37) % 900}.${i % 100}</p>` +
    `<p>${Array.from({ length: 12 }, (_, k) => words[(i + k * 3) % 10]).join(' ')}</p></article>`;
  return (
    `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><title>Section</title>` +
    `<script>${'(()=>{const s=localStorage.getItem("cartState");if(s)document.documentElement.dataset.cart=s;})();'.repeat(40)}</script>` +
    `</head><body><nav>${Array.from({ length: 30 }, (_, i) => `<a href="/app/home/${i}">Store ${i}</a>`).join('')}</nav>` +
    `<main>${Array.from({ length: cards }, (_, i) => card(i)).join('')}</main></body></html>`
  );
}

describe('the compressed forms of a page', () => {
  for (const cards of [10, 60, 300]) {
    it(`are the page again, and its .gz is no larger than zlib's gzip 5 (${cards} cards)`, () => {
      const html = Buffer.from(page(cards));
      const { br, gz } = compressedSync('app/store-section/1/2/index.html', html);
      expect(gunzipSync(gz).equals(html)).toBe(true);
      expect(brotliDecompressSync(br).equals(html)).toBe(true);
      expect(gz.length).toBeLessThanOrEqual(gzipSync(html, { level: 5 }).length);
      expect(br.length).toBeLessThan(gz.length);
    });
  }

  it("gives scripts gzip 9 with zlib's default table: no larger than gzip 9", () => {
    const js = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export function f${i}(a,b){return a*${i}+b-${i % 13};}`).join('\n'),
    );
    const { gz } = compressedSync('_astro/app.abc123.js', js);
    expect(gunzipSync(gz).equals(js)).toBe(true);
    expect(gz.length).toBeLessThanOrEqual(gzipSync(js, { level: 9 }).length);
    expect(gz.equals(gzipSync(js, { level: 9 }))).toBe(true);
  });
});
