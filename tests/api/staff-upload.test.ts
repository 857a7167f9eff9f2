import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import { auditOf, createStaffTestApp, type Err, picture, type StaffTestApp, uploadForm } from './staff-helpers.ts';

type Uploaded = { Path: string };

describe.each(DIALECTS)('content image upload on %s', (dialect) => {
  let t: StaffTestApp;
  let token: string;
  let png: Buffer;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    token = t.employee.token;
    png = await picture('png', 1200, 600);
  });
  afterAll(() => t.close());

  const upload = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) =>
    t.call<Uploaded & Err>('POST', '/api/Content/Upload', { token, form: uploadForm(fields, file) });

  it('stores a PNG as the 400×300 tile at the section’s content path, served at once', async () => {
    const res = await upload(
      { kind: 'Section', id: '1', dbId: '1' },
      { bytes: png, name: 'fruit.png', type: 'image/png' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Path: '/content/1/Section/1/ti.png' });
    const served = await t.app.request('/content/1/Section/1/ti.png');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 300]);
    const entry = (await auditOf(t.db.db, 'content.uploaded')).at(-1);
    expect(entry?.target).toBe('content:/content/1/Section/1/ti.png');
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      kind: 'Section',
      id: 1,
      format: 'png',
      width: 1200,
      height: 600,
    });
  });

  it('takes JPEG and WebP too, for items, stores and books, whatever the file is called', async () => {
    const jpeg = await picture('jpeg');
    const webp = await picture('webp', 300, 900);
    const item = await upload(
      { kind: 'item', id: '1', storeId: '1' },
      { bytes: jpeg, name: 'photo.JPG', type: 'image/jpeg' },
    );
    expect(item.body.Path).toBe('/content/1/Item/1/ti.png');
    const store = await upload(
      { kind: 'Store', id: '3' },
      { bytes: webp, name: 'logo', type: 'application/octet-stream' },
    );
    expect(store.body.Path).toBe('/content/Store/3/ti.png');
    const book = await upload({ kind: 'Book', id: '4', dbId: '3' }, { bytes: png, name: 'b.png', type: 'image/png' });
    expect(book.body.Path).toBe('/content/3/Book/4/ti.png');
    for (const path of [item.body.Path, store.body.Path, book.body.Path]) {
      const meta = await sharp(join(t.contentDir, path.replace('/content/', ''))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 400, 300]);
    }
  });

  it('replaces an image atomically, leaving no temporary files', async () => {
    await upload({ kind: 'Store', id: '1' }, { bytes: png, name: 'a.png', type: 'image/png' });
    const red = await sharp({ create: { width: 50, height: 50, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const res = await upload({ kind: 'Store', id: '1' }, { bytes: red, name: 'b.png', type: 'image/png' });
    expect(res.status).toBe(200);
    const dir = join(t.contentDir, 'Store', '1');
    expect(readdirSync(dir).sort()).toEqual(['ti-200.avif', 'ti-200.webp', 'ti-400.avif', 'ti-400.webp', 'ti.png']);
    for (const name of ['ti.png', 'ti-200.avif', 'ti-400.webp']) {
      const { dominant } = await sharp(join(dir, name)).stats();
      expect(dominant.r, name).toBeGreaterThan(200);
    }
  });

  it('writes AVIF and WebP versions at 200 and 400 px beside the tile, each served with its type', async () => {
    // A picture with the detail of a photograph (smooth noise), where the versions' savings show.
    const noise = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#6a8',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .blur(1.2)
      .png()
      .toBuffer();
    const res = await upload(
      { kind: 'Item', id: '3', storeId: '1' },
      { bytes: noise, name: 'p.png', type: 'image/png' },
    );
    expect(res.status).toBe(200);
    const png = await t.app.request('/content/1/Item/3/ti.png');
    const pngBytes = (await png.arrayBuffer()).byteLength;
    for (const [name, format, width, type] of [
      ['ti-200.avif', 'heif', 200, 'image/avif'],
      ['ti-400.avif', 'heif', 400, 'image/avif'],
      ['ti-200.webp', 'webp', 200, 'image/webp'],
      ['ti-400.webp', 'webp', 400, 'image/webp'],
    ] as const) {
      const served = await t.app.request(`/content/1/Item/3/${name}`);
      expect(served.status, name).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('cache-control')).toBe('public, max-age=86400, stale-while-revalidate=604800');
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual([format, width, (width * 3) / 4]);
      expect(bytes.byteLength, name).toBeLessThan(pngBytes / 5);
    }
  });

  it('refuses a text file named .png, and other image formats, by their content', async () => {
    const text = new TextEncoder().encode('this is not a picture');
    const res = await upload(
      { kind: 'Section', id: '3', dbId: '1' },
      { bytes: text, name: 'fake.png', type: 'image/png' },
    );
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ file: ['file must be a PNG, JPEG or WebP image; its content is not one.'] });
    const gif = await upload(
      { kind: 'Section', id: '3', dbId: '1' },
      { bytes: await picture('gif'), name: 'a.png', type: 'image/png' },
    );
    expect(gif.status).toBe(400);
    expect(gif.body.ModelState).toEqual({ file: ['file must be a PNG, JPEG or WebP image; its content is gif.'] });
    expect(existsSync(join(t.contentDir, '1', 'Section', '3'))).toBe(false);
  });

  it('refuses a file over 2 MB with 413', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(png.subarray(0, 64));
    const res = await upload({ kind: 'Store', id: '2' }, { bytes: big, name: 'huge.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.Message).toContain('an image may be at most 2 MB');
    expect(existsSync(join(t.contentDir, 'Store', '2', 'ti.png'))).toBe(false);
  });

  it.each([
    [{ id: '1' }, 'kind', 'kind is required: Section, Item, Store or Book.'],
    [{ kind: 'Banner', id: '1' }, 'kind', 'kind must be Section, Item, Store or Book.'],
    [{ kind: 'Store' }, 'id', 'id is required to say which Store.'],
    [{ kind: 'Store', id: 'x' }, 'id', 'id must be a whole number from 1 to 2147483647.'],
    [{ kind: 'Section', id: '1' }, 'dbId', 'dbId is required for a Section image (its path is {dbId}/Section/{id}).'],
    [{ kind: 'Item', id: '1' }, 'storeId', 'storeId is required for an Item image (its path is {storeId}/Item/{id}).'],
  ])('answers 400 naming the parameter for %j', async (fields, field, message) => {
    const res = await upload(fields, { bytes: png, name: 'a.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ [field]: [message] });
  });

  it('answers 400 without a file or a multipart body, and 404 for a row that does not exist', async () => {
    const noFile = await upload({ kind: 'Store', id: '1' });
    expect(noFile.body.ModelState).toEqual({ file: ['file is required: the image to upload.'] });
    const json = await t.call<Err>('POST', '/api/Content/Upload', { token, json: { kind: 'Store', id: 1 } });
    expect(json.status).toBe(400);
    expect(json.body.Message).toContain('multipart/form-data');
    const section = await upload(
      { kind: 'Section', id: '4', dbId: '1' },
      { bytes: png, name: 'a.png', type: 'image/png' },
    );
    expect(section.status).toBe(404);
    expect(section.body.Message).toBe('Section 4 does not exist in database 1.');
    const item = await upload(
      { kind: 'Item', id: '4', storeId: '1' },
      { bytes: png, name: 'a.png', type: 'image/png' },
    );
    expect(item.body.Message).toBe('Item 4 does not exist in store 1.');
    const store = await upload({ kind: 'Store', id: '9' }, { bytes: png, name: 'a.png', type: 'image/png' });
    expect(store.body.Message).toBe('Store 9 does not exist.');
  });

  it('deletes an image (then the default image shows), and says when there was none', async () => {
    await upload({ kind: 'Item', id: '2', storeId: '1' }, { bytes: png, name: 'a.png', type: 'image/png' });
    const del = await t.call<{ Message: string; Path: string; Deleted: boolean }>(
      'DELETE',
      '/api/Content/Delete?kind=Item&id=2&storeId=1',
      { token },
    );
    expect(del.status).toBe(200);
    expect(del.body).toEqual({
      Message: 'The image at /content/1/Item/2/ti.png was deleted.',
      Path: '/content/1/Item/2/ti.png',
      Deleted: true,
    });
    expect((await t.app.request('/content/1/Item/2/ti.png')).status).toBe(404);
    expect((await t.app.request('/content/1/Item/2/ti-200.avif')).status).toBe(404);
    expect(readdirSync(join(t.contentDir, '1', 'Item', '2'))).toEqual([]);
    expect((await auditOf(t.db.db, 'content.deleted')).at(-1)?.target).toBe('content:/content/1/Item/2/ti.png');
    const again = await t.call<{ Deleted: boolean }>('DELETE', '/api/Content/Delete?kind=Item&id=2&storeId=1', {
      token,
    });
    expect(again.body.Deleted).toBe(false);
    expect((await t.call('DELETE', '/api/Content/Delete?kind=Item&id=99&storeId=1', { token })).status).toBe(404);
    expect((await t.call<Err>('DELETE', '/api/Content/Delete?kind=Item&id=2', { token })).status).toBe(400);
  });

  it('removes a deleted row’s image with it', async () => {
    const created = await t.call<{ StoreID: number }>('POST', '/api/Store/Create', {
      token,
      json: { StoreTitle: 'Kiosk', CategoryID: 3 },
    });
    const id = created.body.StoreID;
    await upload({ kind: 'Store', id: String(id) }, { bytes: png, name: 'a.png', type: 'image/png' });
    expect(existsSync(join(t.contentDir, 'Store', String(id), 'ti.png'))).toBe(true);
    expect((await t.call('DELETE', `/api/Store/Delete/${id}`, { token })).status).toBe(200);
    expect(existsSync(join(t.contentDir, 'Store', String(id), 'ti.png'))).toBe(false);
  });
});
