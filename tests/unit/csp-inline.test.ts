import { describe, expect, it } from 'vitest';
import { cspHash, InlineHashSet, inlineHashes } from '../../src/publish/deploy-files.ts';
import { CSP_MAX_BYTES, contentSecurityPolicy } from '../../src/server/site-headers.ts';

const X = '<script>x</script>';

describe('inline hashes for the Content-Security-Policy', () => {
  it('hashes script and style elements only, never text that looks like one', () => {
    const html =
      `<!DOCTYPE html><html><head><title>Tea ${X.replaceAll('<', '&lt;')}</title>` +
      `<meta name="description" content="${X}"><meta property="og:title" content='${X}'>` +
      `<script>(()=>{self.a=1})()</script><style>p{color:red}</style></head><body>` +
      `<img alt="${X}" title="${X}" src="/a.png"><a href="#" data-x="<style>q{}</style>">a</a>` +
      `<!-- ${X} --><textarea>${X}</textarea><p>&lt;script&gt;x&lt;/script&gt;</p>` +
      `<script type="application/ld+json">{"name":"\\u003cscript>x\\u003c/script>"}</script>` +
      '<script type="module" src="/_astro/a.js"></script></body></html>';
    expect(inlineHashes(html)).toEqual({
      script: [cspHash('(()=>{self.a=1})()')],
      style: [cspHash('p{color:red}')],
    });
  });

  it('hashes the text as written, entities and all (as the browser does)', () => {
    expect(inlineHashes('<script>a&amp;&amp;b</script>').script).toEqual([cspHash('a&amp;&amp;b')]);
  });

  it('counts pages per hash, so a hash goes when the last page carrying it does', () => {
    const set = new InlineHashSet();
    const a = '<script>one()</script><script>shared()</script>';
    const b = '<script>shared()</script>';
    set.add(a);
    set.add(b);
    expect(set.toJSON().script).toHaveLength(2);
    set.remove(a);
    expect(set.toJSON().script).toEqual([cspHash('shared()')]);
    const again = new InlineHashSet(set.counts());
    again.remove(b);
    expect(again.toJSON()).toEqual({ script: [], style: [] });
  });

  it('adds the counts of another set, as the page writers hand theirs back', () => {
    const mine = new InlineHashSet();
    mine.add('<script>shared()</script>');
    const writer = new InlineHashSet();
    writer.add('<script>shared()</script><style>p{}</style>');
    writer.add('<script>shared()</script>');
    mine.merge(writer.counts());
    expect(mine.counts()).toEqual({
      script: { [cspHash('shared()')]: 3 },
      style: { [cspHash('p{}')]: 1 },
    });
  });

  it('refuses a policy over the byte limit', () => {
    const hashes = (n: number) => Array.from({ length: n }, (_, i) => cspHash(`s${i}`));
    const fits = contentSecurityPolicy({ inline: { script: hashes(10), style: [] } });
    expect(Buffer.byteLength(fits)).toBeLessThanOrEqual(CSP_MAX_BYTES);
    expect(() => contentSecurityPolicy({ inline: { script: hashes(515), style: [] } })).toThrow(
      /Content-Security-Policy would be \d+ bytes .* over the limit of 4096/,
    );
  });
});
