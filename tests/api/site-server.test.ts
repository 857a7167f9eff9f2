import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routingPath } from '../../src/server/api-shell.ts';
import { formatHeaders, siteSecurityHeaders } from '../../src/server/site-headers.ts';
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
    mkdirSync(join(dir, 'confirm'));
    writeFileSync(join(dir, 'confirm/index.html'), '<h1>Please Enter Access Code</h1>');
    writeFileSync(join(dir, '_astro/app.abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, '_astro/app.abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(tmpdir(), 'aisle-secret.txt'), 'secret');
    writeFileSync(
      join(dir, '_redirects'),
      [
        '# landings follow the catalogue',
        '/app/home/0 /app/home/3 302',
        '/book/7 /app/book/7/2 301',
        '/section/5/7 /app/section/5/2 301',
        '/blog/* /news/:splat 301',
        '/confirm/* /confirm/index.html 200',
        '',
      ].join('\n'),
    );
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

  it('answers the _redirects rules as HTTP redirects with their status', async () => {
    const moved = await server.request('/book/7');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/app/book/7/2');
    expect(moved.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await moved.text()).toBe('');
    const landing = await server.request('/app/home/0');
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe('/app/home/3');
    expect(landing.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const head = await server.request('/section/5/7', { method: 'HEAD' });
    expect(head.status).toBe(301);
    expect(head.headers.get('location')).toBe('/app/section/5/2');
  });

  it('matches redirect paths exactly (a trailing slash aside) and keeps the query', async () => {
    const slash = await server.request('/book/7/?utm_source=chat');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/app/book/7/2?utm_source=chat');
    for (const path of ['/Book/7', '/book/7/2', '/book', '/blog/post']) {
      expect((await server.request(path)).status).toBe(404);
    }
  });

  it('serves files for paths without a redirect rule', async () => {
    const res = await server.request('/app/home/3');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<h1>store 3</h1>');
  });

  it('serves the page of a 200 rewrite for every path under its prefix', async () => {
    for (const path of ['/confirm/42', '/confirm/42/', '/confirm']) {
      const res = await server.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>Please Enter Access Code</h1>');
    }
  });

  it('reads _redirects again after a rebuild changes it', async () => {
    const site = mkdtempSync(join(tmpdir(), 'aisle-site-rebuilt-'));
    try {
      writeFileSync(join(site, '_redirects'), '/ /app/home/1 302\n');
      const live = createSiteServer({ api: new Hono(), siteDir: site });
      expect((await live.request('/')).headers.get('location')).toBe('/app/home/1');
      writeFileSync(join(site, '_redirects'), '/ /app/home/2 302\n# a longer file after the rebuild\n');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await live.request('/')).headers.get('location')).toBe('/app/home/2');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('serves a site without a _redirects file', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'aisle-site-bare-'));
    try {
      writeFileSync(join(bare, 'index.html'), '<h1>bare</h1>');
      const plain = createSiteServer({ api: new Hono(), siteDir: bare });
      const res = await plain.request('/');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<h1>bare</h1>');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('refuses writes to site pages', async () => {
    const res = await server.request('/app/home/3', { method: 'POST' });
    expect(res.status).toBe(405);
    expect((await server.request('/book/7', { method: 'POST' })).status).toBe(405);
  });

  it('sends every site answer with the security headers of the site’s _headers file', async () => {
    const site = mkdtempSync(join(tmpdir(), 'aisle-site-headers-'));
    try {
      mkdirSync(join(site, 'app/home/1'), { recursive: true });
      writeFileSync(join(site, 'app/home/1/index.html'), '<h1>one</h1>');
      writeFileSync(join(site, '404.html'), '<h1>Page not found</h1>');
      writeFileSync(join(site, '_redirects'), '/ /app/home/1 302\n');
      const security = siteSecurityHeaders({ inline: { script: ["'sha256-abc='"], style: [] } });
      writeFileSync(
        join(site, '_headers'),
        formatHeaders([
          { path: '/*', headers: security },
          { path: '/app/*', headers: { 'Cache-Control': 'public, max-age=0, must-revalidate', 'X-Test': 'app' } },
        ]),
      );
      const server = createSiteServer({ api: new Hono().all('*', (c) => c.json({})), siteDir: site });
      const page = await server.request('/app/home/1');
      expect(page.headers.get('content-security-policy')).toBe(security['Content-Security-Policy']);
      expect(page.headers.get('content-security-policy')).toContain(
        "script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='",
      );
      expect(page.headers.get('x-test')).toBe('app');
      expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(page.headers.get('permissions-policy')).toContain('camera=()');
      const missing = await server.request('/app/nothing');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-security-policy')).toBe(security['Content-Security-Policy']);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      const redirect = await server.request('/');
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
      const api = await server.request('/api/Store/ReadAll');
      expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('sends a strict default policy for a site built without a _headers file', async () => {
    const res = await server.request('/app/home/3');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
  });

  it('follows the site link to a new build at once, with that build’s redirects', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-site-link-'));
    try {
      for (const [build, target] of [
        ['site-1', '/app/home/1'],
        ['site-2', '/app/home/2'],
      ] as const) {
        mkdirSync(join(root, build, 'app/home/1'), { recursive: true });
        writeFileSync(join(root, build, 'app/home/1/index.html'), `<h1>${build}</h1>`);
        writeFileSync(join(root, build, '_redirects'), `/ ${target} 302\n`);
      }
      const link = join(root, 'site');
      symlinkSync('site-1', link);
      const live = createSiteServer({ api: new Hono(), siteDir: link });
      expect(await (await live.request('/app/home/1')).text()).toBe('<h1>site-1</h1>');
      expect((await live.request('/')).headers.get('location')).toBe('/app/home/1');
      symlinkSync('site-2', `${link}.next`);
      renameSync(`${link}.next`, link);
      expect(await (await live.request('/app/home/1')).text()).toBe('<h1>site-2</h1>');
      expect((await live.request('/')).headers.get('location')).toBe('/app/home/2');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
