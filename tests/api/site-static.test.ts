// The shop's static answers over real HTTP, byte for byte against a deploy folder
// made by the build's own steps (pre-compressed siblings, `_headers`).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressInPlace, headersFile, InlineHashSet, listFiles } from '../../src/publish/deploy-files.ts';
import { listen, type RunningServer } from '../../src/server/runtime.ts';
import { headersFor, parseHeaders } from '../../src/server/site-headers.ts';
import { createSiteServer } from '../../src/server/site-server.ts';

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A raw HTTP exchange: no decompression, no caching, exactly the bytes sent. */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function page(title: string, extra = ''): string {
  const items = Array.from({ length: 60 }, (_, i) => `<li>${title} item ${i}: fresh and tasty</li>`).join('');
  return `<!doctype html><html><head><title>${title}</title><script>console.log("${title}")</script></head><body><ul>${items}</ul>${extra}</body></html>`;
}

async function makeBuild(dir: string, version: string): Promise<void> {
  const files: Record<string, string | Buffer> = {
    'index.html': page(`Front ${version}`),
    'app/section/1/2/index.html': page(`Fruit ${version}`),
    '404.html': page('Page not found'),
    '_astro/site.Ab12Cd34.js': `export const v = "${version}";\n${'const x = 1;\n'.repeat(400)}`,
    '_astro/site.Ef56Gh78.css': `body{color:#222}\n${'.a{margin:0}\n'.repeat(300)}`,
    'favicon.png': Buffer.from(Array.from({ length: 700 }, (_, i) => i % 256)),
    'robots.txt': 'User-agent: *\nAllow: /\n',
  };
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), data);
  }
  const hashes = new InlineHashSet();
  await compressInPlace(dir, listFiles(dir), hashes);
  writeFileSync(
    join(dir, '_headers'),
    headersFile({
      inline: hashes.toJSON(),
      connect: [],
      topLevel: ['app/', '_astro/', 'index.html', '404.html', 'favicon.png', 'robots.txt'],
      publicEntries: new Set(['favicon.png', 'robots.txt']),
    }),
  );
}

describe('static answers', () => {
  let work: string;
  let site: string;
  let server: RunningServer;
  let base: string;
  const fileOf = (rel: string) => readFileSync(join(site, rel));

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'aisle-static-'));
    mkdirSync(join(work, 'builds/a'), { recursive: true });
    await makeBuild(join(work, 'builds/a'), 'one');
    site = join(work, 'site');
    symlinkSync(join(work, 'builds/a'), site);
    server = await listen(createSiteServer({ api: new Hono(), siteDir: site }), '127.0.0.1', 0);
    base = server.url;
  });
  afterAll(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  const cases = [
    { path: '/', rel: 'index.html', compressible: true },
    { path: '/app/section/1/2/', rel: 'app/section/1/2/index.html', compressible: true },
    { path: '/_astro/site.Ab12Cd34.js', rel: '_astro/site.Ab12Cd34.js', compressible: true },
    { path: '/_astro/site.Ef56Gh78.css', rel: '_astro/site.Ef56Gh78.css', compressible: true },
    { path: '/robots.txt', rel: 'robots.txt', compressible: true },
    { path: '/favicon.png', rel: 'favicon.png', compressible: false },
  ];

  it('sends brotli, gzip or the original, byte for byte, as the client accepts', async () => {
    for (const c of cases) {
      const br = await raw(base, c.path, { 'accept-encoding': 'gzip, deflate, br' });
      const gz = await raw(base, c.path, { 'accept-encoding': 'gzip' });
      const id = await raw(base, c.path, { 'accept-encoding': 'identity' });
      const none = await raw(base, c.path);
      for (const r of [br, gz, id, none]) expect(r.status, c.path).toBe(200);
      expect(id.body.equals(fileOf(c.rel)), c.path).toBe(true);
      expect(none.body.equals(fileOf(c.rel)), c.path).toBe(true);
      expect(id.headers['content-encoding']).toBeUndefined();
      if (c.compressible) {
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.body.equals(fileOf(`${c.rel}.br`)), c.path).toBe(true);
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gz.body.equals(fileOf(`${c.rel}.gz`)), c.path).toBe(true);
        expect(br.headers.vary).toBe('Accept-Encoding');
        // Each representation has its own strong ETag.
        expect(new Set([br.headers.etag, gz.headers.etag, id.headers.etag]).size).toBe(3);
      } else {
        expect(br.headers['content-encoding']).toBeUndefined();
        expect(br.body.equals(fileOf(c.rel))).toBe(true);
      }
      for (const r of [br, gz, id]) {
        expect(Number(r.headers['content-length'])).toBe(r.body.length);
        expect(r.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      }
    }
  });

  it('refuses an encoding the client rules out with q=0', async () => {
    const r = await raw(base, '/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
  });

  it('sends the headers of the _headers rules for each path', async () => {
    const rules = parseHeaders(readFileSync(join(site, '_headers'), 'utf8'));
    for (const c of cases) {
      const r = await raw(base, c.path);
      const expected = headersFor(rules, c.path);
      expect(Object.keys(expected)).toContain('Content-Security-Policy');
      for (const [name, value] of Object.entries(expected))
        expect(r.headers[name.toLowerCase()], `${c.path} ${name}`).toBe(value);
    }
    // The page's inline script is allowed by its hash, and only by it.
    const csp = (await raw(base, '/')).headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
    expect((await raw(base, '/_astro/site.Ab12Cd34.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('answers 304 to a matching If-None-Match, for each representation', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await raw(base, '/app/section/1/2/', { 'accept-encoding': accept });
      const etag = first.headers.etag ?? '';
      for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const again = await raw(base, '/app/section/1/2/', { 'accept-encoding': accept, 'if-none-match': inm });
        expect(again.status, inm).toBe(304);
        expect(again.body.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      }
      const changed = await raw(base, '/app/section/1/2/', { 'accept-encoding': accept, 'if-none-match': '"other"' });
      expect(changed.status).toBe(200);
    }
  });

  it('answers byte ranges with 206, and 416 past the end', async () => {
    const whole = fileOf('_astro/site.Ab12Cd34.js');
    const size = whole.length;
    const h = { 'accept-encoding': 'identity' };
    const first = await raw(base, '/_astro/site.Ab12Cd34.js', { ...h, range: 'bytes=0-99' });
    expect(first.status).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.body.equals(whole.subarray(0, 100))).toBe(true);
    const tail = await raw(base, '/_astro/site.Ab12Cd34.js', { ...h, range: 'bytes=-50' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(whole.subarray(size - 50))).toBe(true);
    const open = await raw(base, '/_astro/site.Ab12Cd34.js', { ...h, range: `bytes=${size - 10}-` });
    expect(open.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(open.body.equals(whole.subarray(size - 10))).toBe(true);
    const past = await raw(base, '/_astro/site.Ab12Cd34.js', { ...h, range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    // A range of the brotli representation is a range of its bytes.
    const brWhole = fileOf('_astro/site.Ab12Cd34.js.br');
    const br = await raw(base, '/_astro/site.Ab12Cd34.js', { 'accept-encoding': 'br', range: 'bytes=5-14' });
    expect(br.status).toBe(206);
    expect(br.body.equals(brWhole.subarray(5, 15))).toBe(true);
    // If-Range with another ETag: the whole, current file.
    const stale = await raw(base, '/_astro/site.Ab12Cd34.js', { ...h, range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(whole)).toBe(true);
    const current = await raw(base, '/_astro/site.Ab12Cd34.js', {
      ...h,
      range: 'bytes=0-9',
      'if-range': first.headers.etag ?? '',
    });
    expect(current.status).toBe(206);
  });

  it('reads 16 KB Accept-Encoding and Range headers in linear time', async () => {
    // Each header used to be matched by a regex that backtracked quadratically: 0.2–0.6 s a request.
    const padded = `gzip${' '.repeat(16_000)}x`;
    const started = performance.now();
    const pageAnswer = await raw(base, '/app/section/1/2/', { 'accept-encoding': padded });
    const missing = await raw(base, '/no/such/page', { 'accept-encoding': padded });
    const ranged = await raw(base, '/_astro/site.Ab12Cd34.js', {
      'accept-encoding': 'identity',
      range: `bytes=${' '.repeat(16_000)}x`,
    });
    const ms = performance.now() - started;
    expect(pageAnswer.status).toBe(200);
    expect(missing.status).toBe(404);
    expect(ranged.status).toBe(200);
    // "gzip   …x" names no coding the server has, so the original is sent.
    expect(pageAnswer.headers['content-encoding']).toBeUndefined();
    expect(ms).toBeLessThan(150);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await raw(base, '/', { 'accept-encoding': 'br' });
    const head = await raw(base, '/', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('answers unknown paths with the 404 page, never cached', async () => {
    const r = await raw(base, '/no/such/page', { 'accept-encoding': 'br' });
    expect(r.status).toBe(404);
    expect(r.body.equals(fileOf('404.html.br'))).toBe(true);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('serves the new build at once when the site link moves, with new ETags', async () => {
    const before = await raw(base, '/', { 'accept-encoding': 'br' });
    mkdirSync(join(work, 'builds/b'), { recursive: true });
    await makeBuild(join(work, 'builds/b'), 'two');
    rmSync(site);
    symlinkSync(join(work, 'builds/b'), site);
    const after = await raw(base, '/', { 'accept-encoding': 'br' });
    expect(after.body.equals(readFileSync(join(work, 'builds/b/index.html.br')))).toBe(true);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const old = await raw(base, '/', { 'accept-encoding': 'br', 'if-none-match': before.headers.etag ?? '' });
    expect(old.status).toBe(200);
  });
});
