import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStatusDto } from '../../src/lib/domain/staff-dtos.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type Err, picture, type StaffTestApp, uploadForm } from './staff-helpers.ts';

const FAKE_BUILD = resolve(import.meta.dirname, '../fixtures/fake-site-build.ts');
const AT = '2026-01-01T00:00:00.000Z';

interface Req {
  method: string;
  path: string;
  json?: unknown;
  form?: FormData;
}

/** Rows a call acts on, made fresh for each caller so every successful call has something to act on. */
const make = {
  async category(db: Kysely<Database>): Promise<number> {
    const row = await db
      .insertInto('categories')
      .values({ title: 'Role test', updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async store(db: Kysely<Database>): Promise<{ storeId: number; dbId: number }> {
    const categoryId = await make.category(db);
    const store = await db
      .insertInto('stores')
      .values({
        category_id: categoryId,
        title: 'Role store',
        description: '',
        type: 'public_store',
        hidden: 0,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const storeDb = await db
      .insertInto('store_dbs')
      .values({ store_id: store.id, title: 'Role db', updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { storeId: store.id, dbId: storeDb.id };
  },
  async section(db: Kysely<Database>, dbId: number): Promise<number> {
    const row = await db
      .insertInto('sections')
      .values({
        db_id: dbId,
        title: 'Role section',
        meta_description: '',
        content: '',
        hidden: 0,
        custom_order: '[]',
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async item(db: Kysely<Database>, storeId: number, dbId: number, sectionId: number | null): Promise<number> {
    const row = await db
      .insertInto('items')
      .values({
        store_id: storeId,
        db_id: dbId,
        section_id: sectionId,
        title: 'Role item',
        meta_description: '',
        content: '',
        hidden: 0,
        stock: 1,
        size: '',
        unit_price: 100,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 0,
        selling_price: 100,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
};

type Call = [name: string, ok: number, prepare: (db: Kysely<Database>) => Promise<Req>];

let png: Buffer;

const STAFF_CALLS: Call[] = [
  [
    'POST Category/Create',
    201,
    async () => ({ method: 'POST', path: '/api/Category/Create', json: { CategoryTitle: 'New' } }),
  ],
  [
    'PUT Category/Edit',
    200,
    async (db) => ({
      method: 'PUT',
      path: `/api/Category/Edit/${await make.category(db)}`,
      json: { CategoryTitle: 'Put' },
    }),
  ],
  [
    'PATCH Category/Edit',
    200,
    async (db) => ({
      method: 'PATCH',
      path: `/api/Category/Edit/${await make.category(db)}`,
      json: { CategoryTitle: 'Patch' },
    }),
  ],
  [
    'DELETE Category/Delete',
    200,
    async (db) => ({ method: 'DELETE', path: `/api/Category/Delete/${await make.category(db)}` }),
  ],
  [
    'POST Store/Create',
    201,
    async (db) => ({
      method: 'POST',
      path: '/api/Store/Create',
      json: { StoreTitle: 'S', CategoryID: await make.category(db) },
    }),
  ],
  [
    'PUT Store/Edit',
    200,
    async (db) => {
      const { storeId } = await make.store(db);
      return {
        method: 'PUT',
        path: `/api/Store/Edit/${storeId}`,
        json: { StoreTitle: 'S', CategoryID: await make.category(db) },
      };
    },
  ],
  [
    'PATCH Store/Edit',
    200,
    async (db) => ({
      method: 'PATCH',
      path: `/api/Store/Edit/${(await make.store(db)).storeId}`,
      json: { StoreHidden: true },
    }),
  ],
  [
    'DELETE Store/Delete',
    200,
    async (db) => ({ method: 'DELETE', path: `/api/Store/Delete/${(await make.store(db)).storeId}` }),
  ],
  ['GET StoreDb/ReadAll', 200, async () => ({ method: 'GET', path: '/api/StoreDb/ReadAll' })],
  [
    'GET StoreDb/ReadAll/{storeId}',
    200,
    async (db) => ({ method: 'GET', path: `/api/StoreDb/ReadAll/${(await make.store(db)).storeId}` }),
  ],
  [
    'GET StoreDb/Read',
    200,
    async (db) => ({ method: 'GET', path: `/api/StoreDb/Read/${(await make.store(db)).dbId}` }),
  ],
  [
    'POST StoreDb/Create',
    201,
    async (db) => ({
      method: 'POST',
      path: '/api/StoreDb/Create',
      json: { StoreID: (await make.store(db)).storeId, DbTitle: 'D' },
    }),
  ],
  [
    'PUT StoreDb/Edit',
    200,
    async (db) => ({ method: 'PUT', path: `/api/StoreDb/Edit/${(await make.store(db)).dbId}`, json: { DbTitle: 'D' } }),
  ],
  [
    'PATCH StoreDb/Edit',
    200,
    async (db) => ({
      method: 'PATCH',
      path: `/api/StoreDb/Edit/${(await make.store(db)).dbId}`,
      json: { DbTitle: 'D' },
    }),
  ],
  [
    'DELETE StoreDb/Delete',
    200,
    async (db) => ({ method: 'DELETE', path: `/api/StoreDb/Delete/${(await make.store(db)).dbId}` }),
  ],
  [
    'GET Section/ReadAll/{dbId}',
    200,
    async (db) => ({ method: 'GET', path: `/api/Section/ReadAll/${(await make.store(db)).dbId}` }),
  ],
  [
    'GET Section/Read',
    200,
    async (db) => ({ method: 'GET', path: `/api/Section/Read/${await make.section(db, (await make.store(db)).dbId)}` }),
  ],
  [
    'POST Section/Create',
    201,
    async (db) => ({
      method: 'POST',
      path: '/api/Section/Create',
      json: { DbID: (await make.store(db)).dbId, SectionTitle: 'S' },
    }),
  ],
  [
    'PUT Section/Edit',
    200,
    async (db) => ({
      method: 'PUT',
      path: `/api/Section/Edit/${await make.section(db, (await make.store(db)).dbId)}`,
      json: { SectionTitle: 'S' },
    }),
  ],
  [
    'PATCH Section/Edit',
    200,
    async (db) => ({
      method: 'PATCH',
      path: `/api/Section/Edit/${await make.section(db, (await make.store(db)).dbId)}`,
      json: { SectionHidden: true },
    }),
  ],
  [
    'PUT Section/Reorder',
    200,
    async (db) => {
      const { storeId, dbId } = await make.store(db);
      const sectionId = await make.section(db, dbId);
      const a = await make.item(db, storeId, dbId, sectionId);
      const b = await make.item(db, storeId, dbId, sectionId);
      return { method: 'PUT', path: `/api/Section/Reorder/${sectionId}`, json: { ItemIDs: [b, a] } };
    },
  ],
  [
    'DELETE Section/Delete',
    200,
    async (db) => ({
      method: 'DELETE',
      path: `/api/Section/Delete/${await make.section(db, (await make.store(db)).dbId)}`,
    }),
  ],
  [
    'POST Item/Create',
    201,
    async (db) => ({
      method: 'POST',
      path: '/api/Item/Create',
      json: { DbID: (await make.store(db)).dbId, ItemTitle: 'I', UnitPrice: 5 },
    }),
  ],
  [
    'PUT Item/Edit',
    200,
    async (db) => {
      const { storeId, dbId } = await make.store(db);
      return {
        method: 'PUT',
        path: `/api/Item/Edit/${await make.item(db, storeId, dbId, null)}`,
        json: { ItemTitle: 'I', UnitPrice: 6 },
      };
    },
  ],
  [
    'PATCH Item/Edit',
    200,
    async (db) => {
      const { storeId, dbId } = await make.store(db);
      return {
        method: 'PATCH',
        path: `/api/Item/Edit/${await make.item(db, storeId, dbId, null)}`,
        json: { Availability: 9 },
      };
    },
  ],
  [
    'DELETE Item/Delete',
    200,
    async (db) => {
      const { storeId, dbId } = await make.store(db);
      return { method: 'DELETE', path: `/api/Item/Delete/${await make.item(db, storeId, dbId, null)}` };
    },
  ],
  [
    'PUT Publisher/Edit',
    201,
    async (db) => ({
      method: 'PUT',
      path: `/api/Publisher/Edit/${await make.section(db, (await make.store(db)).dbId)}`,
      json: {},
    }),
  ],
  [
    'DELETE Publisher/Delete',
    200,
    async (db) => {
      const { storeId, dbId } = await make.store(db);
      const sectionId = await make.section(db, dbId);
      await db
        .insertInto('published_sections')
        .values({
          section_id: sectionId,
          db_id: dbId,
          store_id: storeId,
          title: 'P',
          meta_description: '',
          content: '',
          hidden: 0,
          custom_order: '[]',
          published_at: AT,
          updated_at: AT,
        })
        .execute();
      return { method: 'DELETE', path: `/api/Publisher/Delete/${sectionId}/${dbId}` };
    },
  ],
  [
    'POST Content/Upload',
    200,
    async (db) => ({
      method: 'POST',
      path: '/api/Content/Upload',
      form: uploadForm(
        { kind: 'Store', id: String((await make.store(db)).storeId) },
        { bytes: png, name: 'a.png', type: 'image/png' },
      ),
    }),
  ],
  [
    'DELETE Content/Delete',
    200,
    async (db) => ({ method: 'DELETE', path: `/api/Content/Delete?kind=Store&id=${(await make.store(db)).storeId}` }),
  ],
  ['GET Site/Status', 200, async () => ({ method: 'GET', path: '/api/Site/Status' })],
  ['POST Site/Publish', 202, async () => ({ method: 'POST', path: '/api/Site/Publish' })],
];

const ADMIN_CALLS: Call[] = [['GET Log/ReadAll', 200, async () => ({ method: 'GET', path: '/api/Log/ReadAll' })]];

describe.each(DIALECTS)('who may make the staff calls on %s', (dialect) => {
  let t: StaffTestApp;
  let control: string;

  beforeAll(async () => {
    control = mkdtempSync(join(tmpdir(), 'aisle-fake-build-'));
    t = await createStaffTestApp(dialect, { siteBuilder: { command: process.execPath, args: [FAKE_BUILD, control] } });
    png = await picture('png', 40, 30);
  });
  afterAll(async () => {
    await t.close();
    rmSync(control, { recursive: true, force: true });
  });

  const send = <T = unknown>(req: Req, token: string | undefined) =>
    t.call<T>(req.method, req.path, {
      token,
      ...(req.json === undefined ? {} : { json: req.json }),
      ...(req.form === undefined ? {} : { form: req.form }),
    });

  const auditCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A publish runs in the background: the next one may start only once it has finished. */
  const settle = async () => {
    for (let i = 0; i < 500; i++) {
      const status = await t.call<SiteStatusDto>('GET', '/api/Site/Status', { token: t.employee.token });
      if (!status.body.Build.Running) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it.each(STAFF_CALLS)(
    '%s: anonymous 401, User 403 (nothing written), Employee and Admin %i',
    async (_name, ok, prepare) => {
      const req = await prepare(t.db.db);
      const before = await auditCount();
      const anonymous = await send<Err>(req, undefined);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
      const user = await send<Err>(await prepare(t.db.db), t.user.token);
      expect(user.status).toBe(403);
      expect(user.body.Message).toBe('This call needs the Employee role, which your account does not have.');
      expect(await auditCount()).toBe(before);

      for (const staff of [t.employee, t.admin]) {
        const res = await send<Err>(await prepare(t.db.db), staff.token);
        expect(res.status, JSON.stringify(res.body)).toBe(ok);
        await settle();
      }
    },
  );

  it.each(ADMIN_CALLS)('%s: anonymous 401, User and Employee 403, Admin %i', async (_name, ok, prepare) => {
    const req = await prepare(t.db.db);
    expect((await send(req, undefined)).status).toBe(401);
    expect((await send(req, t.user.token)).status).toBe(403);
    expect((await send(req, t.employee.token)).status).toBe(403);
    expect((await send(req, t.admin.token)).status).toBe(ok);
  });

  it('leaves the public reads open to everyone', async () => {
    for (const path of ['/api/Category/ReadAll', '/api/Store/ReadAll', '/api/Publisher/ReadAll', '/api/Item/ReadAll']) {
      expect((await t.call('GET', path)).status).toBe(200);
      expect((await t.call('GET', path, { token: t.user.token })).status).toBe(200);
    }
  });
});
