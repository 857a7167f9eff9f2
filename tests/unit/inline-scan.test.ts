import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineHashes } from '../../src/publish/deploy-files.ts';
import { scanInlineElements } from '../../src/publish/inline-scan.ts';

const EXECUTABLE_TYPE = /^\s*$|^(module|text\/javascript|application\/javascript)$/i;

/** The reference: a general HTML parser (htmlparser2), as the build used before the scanner. */
function reference(html: string): { script: string[]; style: string[] } {
  const script: string[] = [];
  const style: string[] = [];
  let open: { kind: 'script' | 'style'; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'script') {
          open = !('src' in attrs) && EXECUTABLE_TYPE.test(attrs.type ?? '') ? { kind: 'script', text: '' } : null;
        } else if (name === 'style') open = { kind: 'style', text: '' };
      },
      ontext(text) {
        if (open !== null) open.text += text;
      },
      onclosetag(name) {
        if (open === null || name !== open.kind) return;
        (open.kind === 'script' ? script : style).push(cspHash(open.text));
        open = null;
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { script, style };
}

/** Pieces of markup a page may hold, tricky ones included; documents are made of random sequences of them. */
const PIECES = [
  '<!DOCTYPE html>',
  '<html lang="en"><head>',
  '<meta charset="utf-8">',
  '<title>Tea &lt;script&gt;x&lt;/script&gt; &amp; cake</title>',
  '<script>(()=>{self.a=1})()</script>',
  '<script type="module">import "/a.js"</script>',
  '<SCRIPT TYPE="text/javascript">b()</SCRIPT >',
  '<script type="application/ld+json">{"n":"\\u003cscript>x\\u003c/script>"}</script>',
  '<script src="/_astro/x.js" type="module"></script>',
  '<script async src=/a.js></script>',
  '<script>if (a < b && c > d) { e("</scr" + "ipt>"); }</script>',
  '<style>p{color:red}</style>',
  '<style media="print">a>b{x:y}</style>',
  '<meta name="description" content="<script>x</script>">',
  '<meta property="og:title" content=\'<style>q{}</style>\'>',
  '<img alt="<script>bad()</script>" src="/a.png" loading=lazy>',
  '<a href="#" data-x="<style>q{}</style>" title=\'a>"b\'>link</a>',
  '<!-- <script>commented()</script> -->',
  '<!---->',
  '<textarea name="t"><script>nope()</script></textarea>',
  '<p>&lt;script&gt;x&lt;/script&gt; 1 < 2 and 3 <4</p>',
  '<astro-island uid="Z1" props="{&quot;a&quot;:[0,1]}" client="visible"><button>+</button></astro-island>',
  '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>',
  '<br/>',
  '<input value="a/>b">',
  '</p>',
  '<div class="x" hidden>text</div>',
  '<![CDATA[ x ]]>',
  '<?xml version="1.0"?>',
  '</ div>',
];

function document(seed: number, length: number): string {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x;
  };
  return Array.from({ length }, () => PIECES[next() % PIECES.length]).join('\n');
}

describe('the inline element scanner', () => {
  it('finds what a general HTML parser finds, on 2,000 documents made of tricky pieces', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const html = document(seed, 5 + (seed % 40));
      expect(inlineHashes(html), html).toEqual(reference(html));
    }
  });

  it('keeps the text as written and the attributes by their first name', () => {
    const [el] = scanInlineElements('<script type="module" TYPE="x" data-a = \'1\' data-b=2>a&amp;&amp;b</script>');
    expect(el?.text).toBe('a&amp;&amp;b');
    expect(el?.attrs.get('type')).toBe('module');
    expect(el?.attrs.get('data-a')).toBe('1');
    expect(el?.attrs.get('data-b')).toBe('2');
  });

  it('follows the browser where text elements hide markup', () => {
    const html =
      '<xmp><script>a()</script></xmp><noscript><style>b{}</style></noscript><iframe><script>c()</script></iframe>' +
      '<!--> <script>d()</script> <!--->' +
      '<!-- x --!><script>e()</script><plaintext><script>f()</script>';
    expect(inlineHashes(html).script).toEqual([cspHash('d()'), cspHash('e()')]);
    expect(inlineHashes(html).style).toEqual([]);
  });

  it('ends an unclosed element at the end of the page', () => {
    expect(scanInlineElements('<p>a</p><script>never closed')).toEqual([
      { kind: 'script', text: 'never closed', attrs: new Map() },
    ]);
    expect(scanInlineElements('<script src="a.js"')).toEqual([
      { kind: 'script', text: '', attrs: new Map([['src', 'a.js']]) },
    ]);
  });
});
