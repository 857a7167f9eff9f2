import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

describe.each(DIALECTS)('Content images on %s', (dialect) => {
  let t: TestApp;
  let contentDir: string;
  const put = (path: string, bytes: Uint8Array = PNG) => {
    mkdirSync(join(contentDir, path), { recursive: true });
    writeFileSync(join(contentDir, path, 'ti.png'), bytes);
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    contentDir = join(t.db.dataDir, 'content');
    put('1/Section/1');
    put('3/Item/4');
    put('Store/2');
    put('3/Book/4');
    // Files a crafted path might try to reach.
    writeFileSync(join(t.db.dataDir, 'secret.png'), 'not for the public');
    mkdirSync(join(contentDir, 'secret'), { recursive: true });
    writeFileSync(join(contentDir, 'secret', 'ti.png'), PNG);
    // A folder where an image should be is not an image.
    mkdirSync(join(contentDir, '1/Section/9/ti.png'), { recursive: true });
  });
  afterAll(() => t.close());

  it.each([
    '/content/1/Section/1/ti.png',
    '/content/3/Item/4/ti.png',
    '/content/Store/2/ti.png',
    '/content/3/Book/4/ti.png',
  ])('serves %s as a cacheable PNG with an ETag', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers 304 without a body when If-None-Match names the current ETag', async () => {
    const first = await t.app.request('/content/Store/2/ti.png');
    const etag = first.headers.get('etag') ?? '';
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const again = await t.app.request('/content/Store/2/ti.png', { headers: { 'If-None-Match': ifNoneMatch } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(CACHE_CONTROL);
      expect(await again.text()).toBe('');
    }
    const stale = await t.app.request('/content/Store/2/ti.png', { headers: { 'If-None-Match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it('changes the ETag when the image is replaced', async () => {
    put('Store/7');
    const before = await t.app.request('/content/Store/7/ti.png');
    const etag = before.headers.get('etag') ?? '';
    const bigger = Buffer.concat([PNG, Buffer.from([0])]);
    put('Store/7', bigger);
    utimesSync(join(contentDir, 'Store/7/ti.png'), new Date('2030-01-01'), new Date('2030-01-01'));
    const after = await t.app.request('/content/Store/7/ti.png', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(Buffer.from(await after.arrayBuffer()).equals(bigger)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.request('/content/3/Item/4/ti.png', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('etag')).toMatch(/^W\//);
    expect(await res.text()).toBe('');
  });

  it('serves the AVIF and WebP versions with their types, and stands in the PNG for a missing one', async () => {
    const avif = await sharp({ create: { width: 200, height: 150, channels: 3, background: '#0a0' } })
      .avif()
      .toBuffer();
    writeFileSync(join(contentDir, '3/Item/4/ti-200.avif'), avif);
    const res = await t.app.request('/content/3/Item/4/ti-200.avif');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('cache-control')).toBe(CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer()).equals(avif)).toBe(true);
    // Not made yet (content from before versions): the PNG, briefly cached, rather than a broken picture.
    const missing = await t.app.request('/content/3/Item/4/ti-400.webp');
    expect(missing.status).toBe(200);
    expect(missing.headers.get('content-type')).toBe('image/png');
    expect(missing.headers.get('cache-control')).toBe('public, max-age=60');
    expect(Buffer.from(await missing.arrayBuffer()).equals(PNG)).toBe(true);
    // No picture at all: a 404 whichever file is asked for.
    expect((await t.app.request('/content/1/Section/2/ti-200.avif')).status).toBe(404);
  });

  it('answers a JSON 404 for an image that is not there', async () => {
    const res = await t.get<{ Message: string }>('/content/1/Section/2/ti.png');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.Message).toContain('No content image at /content/1/Section/2/ti.png.');
    const folder = await t.get<{ Message: string }>('/content/1/Section/9/ti.png');
    expect(folder.status).toBe(404);
  });

  it.each([
    ['a lower-cased kind', '/content/1/section/1/ti.png'],
    ['an unknown kind', '/content/1/Shelf/1/ti.png'],
    ['a store with an owner', '/content/1/Store/2/ti.png'],
    ['a section without its database', '/content/Section/1/ti.png'],
    ['another file name', '/content/1/Section/1/other.png'],
    ['a width there is no version of', '/content/1/Section/1/ti-300.avif'],
    ['a format there is no version in', '/content/1/Section/1/ti-200.jpg'],
    ['a version with a non-canonical width', '/content/1/Section/1/ti-0200.avif'],
    ['a non-canonical id', '/content/01/Section/1/ti.png'],
    ['a named folder', '/content/secret/ti.png'],
    ['an encoded parent step', '/content/1/Section/..%2F..%2F..%2Fsecret/ti.png'],
    ['encoded dots', '/content/%2e%2e/secret/ti.png'],
    ['a parent step', '/content/Store/../../secret.png'],
    ['a parent step to a file', '/content/Store/2/../../../secret.png'],
  ])('answers 404 for %s', async (_name, path) => {
    const res = await t.get<{ Message: string }>(path);
    expect(res.status).toBe(404);
    expect(typeof res.body.Message).toBe('string');
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
