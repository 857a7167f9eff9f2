import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routingPath } from '../../src/server/app.ts';
import { createSiteServer } from '../../src/server/site-server.ts';

describe('routingPath', () => {
  it('lower-cases API paths only and drops a trailing slash', () => {
    expect(routingPath('http://x/API/Store/ReadAll/?a=B')).toBe('/api/store/readall');
    expect(routingPath('http://x/Token')).toBe('/token');
    expect(routingPath('http://x/content/Store/3/ti.png')).toBe('/content/Store/3/ti.png');
    expect(routingPath('http://x/app/Home/')).toBe('/app/Home');
    expect(routingPath('http://x/')).toBe('/');
  });
});

describe('site server', () => {
  let dir: string;
  let server: Hono;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'aisle-site-'));
    mkdirSync(join(dir, 'app/home/3'), { recursive: true });
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'index.html'), '<h1>front</h1>');
    writeFileSync(join(dir, 'app/home/3/index.html'), '<h1>store 3</h1>');
    writeFileSync(join(dir, '404.html'), '<h1>Page not found</h1>');
    writeFileSync(join(dir, '_astro/app.abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, '_astro/app.abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(tmpdir(), 'aisle-secret.txt'), 'secret');
    const api = new Hono().all('*', (c) => c.json({ api: c.req.path }));
    server = createSiteServer({ api, siteDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves folder indexes with or without a trailing slash, revalidating HTML', async () => {
    for (const path of ['/app/home/3', '/app/home/3/', '/app/home/3/index.html']) {
      const res = await server.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>store 3</h1>');
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await server.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });

  it('never serves files outside the site folder', async () => {
    for (const path of ['/../aisle-secret.txt', '/%2e%2e/aisle-secret.txt', '/..%2faisle-secret.txt']) {
      const res = await server.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('sends the pre-compressed file the client accepts, hashed assets as immutable', async () => {
    const gz = await server.request('/_astro/app.abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    const plain = await server.request('/_astro/app.abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('answers 304 for a matching ETag', async () => {
    const first = await server.request('/');
    const etag = first.headers.get('etag') ?? '';
    const again = await server.request('/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('hands API, token and content paths to the API', async () => {
    for (const path of ['/api/Store/ReadAll', '/token', '/accountapi/confirmemail', '/content/Store/1/ti.png']) {
      const res = await server.request(path);
      expect(res.status).toBe(200);
    }
  });

  it('refuses writes to site pages', async () => {
    const res = await server.request('/app/home/3', { method: 'POST' });
    expect(res.status).toBe(405);
  });
});
