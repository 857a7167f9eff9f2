import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../../src/lib/content/sanitize.ts';

describe('sanitizeContent', () => {
  it('keeps the rich product copy staff write', () => {
    const html =
      '<h2>Why you will love it</h2><p><strong>Sweet</strong> and <em>crisp</em>.</p>' +
      '<ul><li>Fresh</li></ul><ol start="3"><li>Three</li></ol>' +
      '<table><caption>Nutrition</caption><thead><tr><th scope="col">Per 100 g</th></tr></thead>' +
      '<tbody><tr><td colspan="2">52 kcal</td></tr></tbody></table>' +
      '<figure><img src="/content/1/Item/2/ti.png" alt="An apple" width="400" height="300"><figcaption>Apple</figcaption></figure>' +
      '<blockquote>Best in town</blockquote><p style="text-align: center">Centred</p>';
    const out = sanitizeContent(html);
    for (const kept of [
      '<h2>Why you will love it</h2>',
      '<strong>Sweet</strong>',
      '<ol start="3">',
      '<caption>Nutrition</caption>',
      '<th scope="col">',
      '<td colspan="2">',
      'alt="An apple"',
      'width="400"',
      '<figcaption>Apple</figcaption>',
      '<blockquote>',
      'style="text-align:center"',
    ]) {
      expect(out).toContain(kept);
    }
  });

  it('turns a heading 1 into a heading 2 so the page title stays the only h1', () => {
    expect(sanitizeContent('<h1>Big</h1>')).toBe('<h2>Big</h2>');
  });

  it('drops scripts, styles, frames, SVG and forms with everything inside them', () => {
    const out = sanitizeContent(
      '<p>ok</p><script>alert(1)</script><style>body{display:none}</style>' +
        '<iframe src="https://evil.example">frame text</iframe>' +
        '<svg onload="alert(1)"><script>alert(2)</script><text>svg text</text></svg>' +
        '<form action="https://evil.example"><input name="card"><button>Pay</button></form>' +
        '<object data="x.swf"></object><embed src="x.swf"><noscript><img src=x onerror=alert(3)></noscript>',
    );
    expect(out).toBe('<p>ok</p>');
  });

  it('removes every event handler, class and id', () => {
    const out = sanitizeContent(
      '<p onclick="steal()" class="x" id="y" onmouseover="z()">Hi</p><img src="/a.png" alt="" onerror="alert(1)">',
    );
    expect(out).not.toMatch(/on\w+=|class=|id=/);
    expect(out).toContain('<p>Hi</p>');
  });

  it('drops javascript:, data: and protocol-relative URLs, keeping http, https, mailto, tel and relative ones', () => {
    const out = sanitizeContent(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<a href="data:text/html,<script>alert(1)</script>">c</a><a href="//evil.example/">d</a>' +
        '<a href="vbscript:x">e</a><img src="data:image/png;base64,AAAA" alt="d">' +
        '<a href="https://ok.example/">f</a><a href="mailto:shop@example.com">g</a>' +
        '<a href="tel:+911234">h</a><a href="/app/home/1">i</a>',
    );
    expect(out).not.toMatch(/javascript|vbscript|data:|\/\/evil/i);
    expect(out).not.toContain('<img');
    for (const href of ['https://ok.example/', 'mailto:shop@example.com', 'tel:+911234', '/app/home/1']) {
      expect(out).toContain(`href="${href}"`);
    }
  });

  it('opens every link with rel="noopener noreferrer" and allows only target="_blank"', () => {
    const out = sanitizeContent(
      '<a href="https://a.example" rel="opener" target="_blank">a</a><a href="/b" target="_parent">b</a>',
    );
    expect(out).toBe(
      '<a href="https://a.example" rel="noopener noreferrer" target="_blank">a</a>' +
        '<a href="/b" rel="noopener noreferrer">b</a>',
    );
  });

  it('keeps text-align and drops every style that could break the layout', () => {
    const out = sanitizeContent(
      '<div style="position:fixed;inset:0;z-index:9999">cover</div>' +
        '<p style="text-align:right;position:fixed;top:0;background:url(https://evil.example/t.png)">p</p>' +
        '<td style="width:9999px">t</td><p style="text-align:expression(alert(1))">q</p>',
    );
    expect(out).not.toMatch(/position|fixed|z-index|background|width|expression/);
    expect(out).toContain('<p style="text-align:right">p</p>');
    expect(out).toContain('<div>cover</div>');
  });

  it('loads content images lazily and keeps only numeric sizes', () => {
    const out = sanitizeContent('<img src="https://cdn.example/a.png" width="100%" height="300">');
    expect(out).toBe('<img src="https://cdn.example/a.png" height="300" loading="lazy" decoding="async" alt="" />');
  });

  it('escapes text, so markup hidden in entities stays text', () => {
    expect(sanitizeContent('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('answers empty text for missing content', () => {
    expect(sanitizeContent('')).toBe('');
    expect(sanitizeContent('   ')).toBe('');
    expect(sanitizeContent(null)).toBe('');
  });
});
