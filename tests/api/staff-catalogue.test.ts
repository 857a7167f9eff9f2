import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryDto, StoreDto } from '../../src/lib/domain/catalogue.ts';
import type { StoreDbDto } from '../../src/lib/domain/staff-dtos.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import {
  auditOf,
  createStaffTestApp,
  type Err,
  resetSiteState,
  type StaffTestApp,
  siteStateOf,
} from './staff-helpers.ts';

describe.each(DIALECTS)('staff writes of categories, stores and store databases on %s', (dialect) => {
  let t: StaffTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    token = t.employee.token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.advance(60_000);
    await resetSiteState(t.db.db);
  });

  describe('categories', () => {
    it('creates a category (201), shows it in the public reads, audits it and marks the site out of date', async () => {
      const res = await t.call<CategoryDto>('POST', '/api/Category/Create', {
        token,
        json: { CategoryTitle: '  Bakery  ' },
      });
      expect(res.status).toBe(201);
      expect(res.body.CategoryTitle).toBe('Bakery');
      expect(res.body.CategoryUpdatedTime).toBe(t.clock.now.toISOString());
      const read = await t.call<CategoryDto>('GET', `/api/Category/Read/${res.body.CategoryID}`);
      expect(read.body.CategoryTitle).toBe('Bakery');

      const [entry] = (await auditOf(t.db.db, 'category.created')).slice(-1);
      expect(entry).toMatchObject({
        actor_id: t.employee.id,
        actor_email: t.employee.email,
        target: `category:${res.body.CategoryID}`,
        ip: '198.51.100.7',
        at: t.clock.now.toISOString(),
      });
      expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ CategoryTitle: 'Bakery' });
      const state = await siteStateOf(t.db.db);
      expect(state.content_changed_at).toBe(t.clock.now.toISOString());

      const status = await t.call<{ OutOfDate: boolean; ContentChangedAt: string }>('GET', '/api/Site/Status', {
        token,
      });
      expect(status.body.OutOfDate).toBe(true);
      expect(status.body.ContentChangedAt).toBe(t.clock.now.toISOString());
    });

    it.each([
      [{}, 'CategoryTitle', 'CategoryTitle is required.'],
      [{ CategoryTitle: '   ' }, 'CategoryTitle', 'CategoryTitle must be 1 to 120 characters long.'],
      [{ CategoryTitle: 'x'.repeat(121) }, 'CategoryTitle', 'CategoryTitle must be 1 to 120 characters long.'],
      [{ CategoryTitle: 12 }, 'CategoryTitle', 'CategoryTitle must be 1 to 120 characters long.'],
    ])('refuses %j with a 400 naming the field', async (json, field, message) => {
      const before = await t.db.db.selectFrom('categories').select('id').execute();
      const res = await t.call<Err>('POST', '/api/Category/Create', { token, json });
      expect(res.status).toBe(400);
      expect(res.body.ModelState).toEqual({ [field]: [message] });
      expect(res.body.Message).toContain(message);
      expect(await t.db.db.selectFrom('categories').select('id').execute()).toHaveLength(before.length);
      expect((await siteStateOf(t.db.db)).content_changed_at).toBeNull();
    });

    it('answers 400 for a body that is not a JSON object, and for malformed JSON', async () => {
      const array = await t.call<Err>('POST', '/api/Category/Create', { token, json: ['Bakery'] });
      expect(array.status).toBe(400);
      expect(array.body.Message).toBe('The request body must be a JSON object.');
      const broken = await t.call<Err>('POST', '/api/Category/Create', {
        token,
        body: '{"CategoryTitle":',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(broken.status).toBe(400);
    });

    it('matches field names case-insensitively, as the original backend did', async () => {
      const res = await t.call<CategoryDto>('POST', '/api/category/create', {
        token,
        json: { categorytitle: 'Dairy' },
      });
      expect(res.status).toBe(201);
      expect(res.body.CategoryTitle).toBe('Dairy');
    });

    it('edits with PUT and PATCH, records what changed, and keeps the id of the path', async () => {
      const created = await t.call<CategoryDto>('POST', '/api/Category/Create', {
        token,
        json: { CategoryTitle: 'Toys' },
      });
      const id = created.body.CategoryID;
      t.clock.advance(1000);
      const put = await t.call<CategoryDto>('PUT', `/api/Category/Edit/${id}`, {
        token,
        json: { CategoryID: id, CategoryTitle: 'Toys & Games' },
      });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({
        CategoryID: id,
        CategoryTitle: 'Toys & Games',
        CategoryUpdatedTime: t.clock.now.toISOString(),
      });
      const patch = await t.call<CategoryDto>('PATCH', `/api/Category/Edit/${id}`, {
        token,
        json: { CategoryTitle: 'Games' },
      });
      expect(patch.body.CategoryTitle).toBe('Games');
      const entry = (await auditOf(t.db.db, 'category.edited')).at(-1);
      expect(JSON.parse(entry?.detail ?? '{}')).toEqual({
        changed: { CategoryTitle: { from: 'Toys & Games', to: 'Games' } },
      });
      const mismatch = await t.call<Err>('PUT', `/api/Category/Edit/${id}`, {
        token,
        json: { CategoryID: id + 1, CategoryTitle: 'X' },
      });
      expect(mismatch.status).toBe(400);
      expect(Object.keys(mismatch.body.ModelState ?? {})).toEqual(['CategoryID']);
      const badPatch = await t.call<Err>('PATCH', `/api/Category/Edit/${id}`, { token, json: { CategoryTitle: '' } });
      expect(badPatch.status).toBe(400);
      expect(badPatch.body.ModelState).toEqual({ CategoryTitle: ['CategoryTitle must be 1 to 120 characters long.'] });
      expect((await t.call<CategoryDto>('GET', `/api/Category/Read/${id}`)).body.CategoryTitle).toBe('Games');
    });

    it('answers 404 for an unknown category and 400 for a malformed id', async () => {
      for (const [method, json] of [
        ['PUT', { CategoryTitle: 'X' }],
        ['PATCH', { CategoryTitle: 'X' }],
        ['DELETE', undefined],
      ] as const) {
        const path = method === 'DELETE' ? '/api/Category/Delete/999' : '/api/Category/Edit/999';
        const res = await t.call<Err>(method, path, { token, json });
        expect(res.status).toBe(404);
        expect(res.body.Message).toBe('Category 999 does not exist.');
      }
      const bad = await t.call<Err>('DELETE', '/api/Category/Delete/abc', { token });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['id']);
    });

    it('refuses to delete a category that has stores, naming them (409), and deletes an empty one', async () => {
      const res = await t.call<Err>('DELETE', '/api/Category/Delete/1', { token });
      expect(res.status).toBe(409);
      expect(res.body.Message).toBe(
        'Category 1 has 2 stores: Green Grocer, Hidden Farm. Move them to another category or delete them first.',
      );
      expect(res.body.References).toEqual({ Stores: 2 });
      expect((await t.call('GET', '/api/Category/Read/1')).status).toBe(200);

      const ok = await t.call<{ Message: string }>('DELETE', '/api/Category/Delete/3', { token });
      expect(ok.status).toBe(200);
      expect(ok.body.Message).toBe('Category 3 (Empty Aisle) was deleted.');
      expect((await t.call('GET', '/api/Category/Read/3')).status).toBe(404);
      expect((await auditOf(t.db.db, 'category.deleted')).at(-1)?.target).toBe('category:3');
      expect((await siteStateOf(t.db.db)).content_changed_at).toBe(t.clock.now.toISOString());
    });
  });

  describe('stores', () => {
    it('creates a store with its main database, visible in the public reads', async () => {
      const res = await t.call<StoreDto>('POST', '/api/Store/Create', {
        token,
        json: {
          StoreTitle: 'Corner Bakery',
          CategoryID: 2,
          StoreDescription: 'Bread daily',
          StoreType: 'client_store',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        StoreTitle: 'Corner Bakery',
        CategoryID: 2,
        StoreDescription: 'Bread daily',
        StoreHidden: false,
        StoreType: 'client_store',
      });
      expect(res.body.DbIDs).toHaveLength(1);
      const dbRes = await t.call<StoreDbDto>('GET', `/api/StoreDb/Read/${res.body.DbIDs[0]}`, { token });
      expect(dbRes.body).toMatchObject({ StoreID: res.body.StoreID, DbTitle: 'Corner Bakery · Main catalogue' });
      const list = await t.call<StoreDto[]>('GET', '/api/Store/ReadAll/2');
      expect(list.body.map((s) => s.StoreTitle)).toContain('Corner Bakery');
      expect((await siteStateOf(t.db.db)).content_changed_at).toBe(t.clock.now.toISOString());
    });

    it.each([
      [{ CategoryID: 1 }, 'StoreTitle', 'StoreTitle is required.'],
      [{ StoreTitle: 'A' }, 'CategoryID', 'CategoryID is required.'],
      [{ StoreTitle: 'A', CategoryID: 0 }, 'CategoryID', 'CategoryID must be a whole number from 1 to 2147483647.'],
      [{ StoreTitle: 'A', CategoryID: 99 }, 'CategoryID', 'CategoryID must name an existing category; 99 does not.'],
      [
        { StoreTitle: 'A', CategoryID: 1, StoreType: 'mall' },
        'StoreType',
        'StoreType must be one of public_store, client_store, edu_shopy_store.',
      ],
      [{ StoreTitle: 'A', CategoryID: 1, StoreHidden: 'maybe' }, 'StoreHidden', 'StoreHidden must be true or false.'],
      [
        { StoreTitle: 'A', CategoryID: 1, StoreDescription: 'd'.repeat(301) },
        'StoreDescription',
        'StoreDescription must be text of at most 300 characters.',
      ],
      [
        { StoreTitle: 'A', CategoryID: 1, MaxQtyPerItem: 0 },
        'MaxQtyPerItem',
        'MaxQtyPerItem must be a whole number from 1 to 999.',
      ],
    ])('refuses %j with a 400 naming the field', async (json, field, message) => {
      const res = await t.call<Err>('POST', '/api/Store/Create', { token, json });
      expect(res.status).toBe(400);
      expect(res.body.ModelState?.[field]).toEqual([message]);
    });

    it('keeps a store’s most of one item per order through create, PATCH, PUT and the public reads', async () => {
      const created = await t.call<StoreDto>('POST', '/api/Store/Create', {
        token,
        json: { StoreTitle: 'Bulk Barn', CategoryID: 2, MaxQtyPerItem: 48 },
      });
      expect(created.status).toBe(201);
      expect(created.body.MaxQtyPerItem).toBe(48);
      const id = created.body.StoreID;
      expect((await t.call<StoreDto>('GET', `/api/Store/Read/${id}`)).body.MaxQtyPerItem).toBe(48);
      const patched = await t.call<StoreDto>('PATCH', `/api/Store/Edit/${id}`, {
        token,
        json: { MaxQtyPerItem: '6' },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ MaxQtyPerItem: 6, StoreTitle: 'Bulk Barn' });
      const listed = await t.call<StoreDto[]>('GET', '/api/Store/ReadAll/2?limit=100');
      expect(listed.body.find((s) => s.StoreID === id)?.MaxQtyPerItem).toBe(6);
      const row = await t.db.db
        .selectFrom('stores')
        .select('max_qty_per_item')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.max_qty_per_item).toBe(6);
      const log = await t.db.db
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'store.edited')
        .where('target', '=', `store:${id}`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(log.detail)).toEqual({ changed: { MaxQtyPerItem: { from: 48, to: 6 } } });
      const bad = await t.call<Err>('PATCH', `/api/Store/Edit/${id}`, { token, json: { MaxQtyPerItem: 1000 } });
      expect(bad.status).toBe(400);
      expect(bad.body.ModelState).toEqual({ MaxQtyPerItem: ['MaxQtyPerItem must be a whole number from 1 to 999.'] });
      // PUT replaces the whole form: a limit left out is the default again.
      const put = await t.call<StoreDto>('PUT', `/api/Store/Edit/${id}`, {
        token,
        json: { StoreTitle: 'Bulk Barn', CategoryID: 2 },
      });
      expect(put.body.MaxQtyPerItem).toBe(20);
    });

    it('edits a store: PUT replaces, PATCH changes what it carries', async () => {
      const put = await t.call<StoreDto>('PUT', '/api/Store/Edit/3', {
        token,
        json: { StoreTitle: 'Clean Home Plus', CategoryID: 2, StoreHidden: true },
      });
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        StoreID: 3,
        StoreTitle: 'Clean Home Plus',
        StoreDescription: '',
        StoreHidden: true,
        StoreType: 'public_store',
        DbIDs: [3],
      });
      const patch = await t.call<StoreDto>('PATCH', '/api/Store/Edit/3', {
        token,
        json: { StoreDescription: 'Soap, brushes and more', CategoryID: 1 },
      });
      expect(patch.body).toMatchObject({
        StoreTitle: 'Clean Home Plus',
        StoreDescription: 'Soap, brushes and more',
        CategoryID: 1,
      });
      const bad = await t.call<Err>('PATCH', '/api/Store/Edit/3', { token, json: { CategoryID: 42 } });
      expect(bad.status).toBe(400);
      expect(bad.body.ModelState).toEqual({ CategoryID: ['CategoryID must name an existing category; 42 does not.'] });
      const missing = await t.call<Err>('PATCH', '/api/Store/Edit/77', { token, json: { StoreTitle: 'X' } });
      expect(missing.status).toBe(404);
      expect(missing.body.Message).toBe('Store 77 does not exist.');
    });

    it('refuses to delete a store whose databases hold sections and items (409), and deletes an empty one with its database', async () => {
      const res = await t.call<Err>('DELETE', '/api/Store/Delete/1', { token });
      expect(res.status).toBe(409);
      expect(res.body.Message).toBe(
        'Store 1 has 1 store database (Green Grocer main) holding 3 sections and 3 items. Delete those sections and items first.',
      );
      expect(res.body.References).toEqual({ StoreDbs: 1, Sections: 3, Items: 3 });

      const created = await t.call<StoreDto>('POST', '/api/Store/Create', {
        token,
        json: { StoreTitle: 'Pop-up', CategoryID: 2 },
      });
      const dbId = created.body.DbIDs[0];
      const del = await t.call<{ Message: string }>('DELETE', `/api/Store/Delete/${created.body.StoreID}`, { token });
      expect(del.status).toBe(200);
      expect((await t.call('GET', `/api/Store/Read/${created.body.StoreID}`)).status).toBe(404);
      expect((await t.call('GET', `/api/StoreDb/Read/${dbId}`, { token })).status).toBe(404);
      expect(JSON.parse((await auditOf(t.db.db, 'store.deleted')).at(-1)?.detail ?? '{}')).toMatchObject({
        StoreTitle: 'Pop-up',
        DbIDs: [dbId],
      });
    });
  });

  describe('store databases', () => {
    it('lists a store’s databases with their contents for staff, paged', async () => {
      const res = await t.call<StoreDbDto[]>('GET', '/api/StoreDb/ReadAll/1', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        {
          DbID: 1,
          StoreID: 1,
          DbTitle: 'Green Grocer main',
          DbUpdatedTime: '2026-01-01T00:00:00.000Z',
          SectionCount: 3,
          ItemCount: 3,
        },
      ]);
      expect(res.headers.get('x-total-count')).toBe('1');
      const all = await t.call<StoreDbDto[]>('GET', '/api/StoreDb/ReadAll?sort=-DbID&limit=2', { token });
      expect(all.body).toHaveLength(2);
      expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
      expect((all.body[0]?.DbID ?? 0) > (all.body[1]?.DbID ?? 0)).toBe(true);
      expect((await t.call('GET', '/api/StoreDb/ReadAll/999', { token })).status).toBe(404);
      expect((await t.call('GET', '/api/StoreDb/Read/999', { token })).status).toBe(404);
      expect((await t.call<Err>('GET', '/api/StoreDb/ReadAll?sort=Nope', { token })).status).toBe(400);
    });

    it('creates, renames and deletes a database; the store cannot change', async () => {
      const created = await t.call<StoreDbDto>('POST', '/api/StoreDb/Create', {
        token,
        json: { StoreID: 2, DbTitle: 'Hidden Farm seasonal' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        StoreID: 2,
        DbTitle: 'Hidden Farm seasonal',
        SectionCount: 0,
        ItemCount: 0,
      });
      const store = await t.call<StoreDto>('GET', '/api/Store/Read/2');
      expect(store.body.DbIDs).toEqual([2, created.body.DbID]);
      // Incremental builds read stores changed since their last run: a new database changes the store's answer.
      expect(store.body.StoreUpdatedTime).toBe(t.clock.now.toISOString());
      const id = created.body.DbID;

      const renamed = await t.call<StoreDbDto>('PATCH', `/api/StoreDb/Edit/${id}`, {
        token,
        json: { DbTitle: 'Seasonal' },
      });
      expect(renamed.body.DbTitle).toBe('Seasonal');
      const put = await t.call<StoreDbDto>('PUT', `/api/StoreDb/Edit/${id}`, {
        token,
        json: { DbID: id, DbTitle: 'Winter' },
      });
      expect(put.body).toMatchObject({ DbID: id, StoreID: 2, DbTitle: 'Winter' });
      const move = await t.call<Err>('PUT', `/api/StoreDb/Edit/${id}`, {
        token,
        json: { StoreID: 1, DbTitle: 'Winter' },
      });
      expect(move.status).toBe(400);
      expect(move.body.ModelState).toEqual({
        StoreID: ['StoreID cannot change (it is 2): a store database stays in its store.'],
      });

      const del = await t.call<{ Message: string }>('DELETE', `/api/StoreDb/Delete/${id}`, { token });
      expect(del.body.Message).toBe(`Store database ${id} (Winter) was deleted.`);
      expect((await t.call<StoreDto>('GET', '/api/Store/Read/2')).body.DbIDs).toEqual([2]);
    });

    it.each([
      [{ DbTitle: 'x' }, 'StoreID', 'StoreID is required.'],
      [{ StoreID: 1 }, 'DbTitle', 'DbTitle is required.'],
      [{ StoreID: 1, DbTitle: 'x'.repeat(121) }, 'DbTitle', 'DbTitle must be 1 to 120 characters long.'],
      [{ StoreID: 404, DbTitle: 'x' }, 'StoreID', 'StoreID must name an existing store; 404 does not.'],
      [{ StoreID: '1.5', DbTitle: 'x' }, 'StoreID', 'StoreID must be a whole number from 1 to 2147483647.'],
    ])('refuses %j with a 400 naming the field', async (json, field, message) => {
      const res = await t.call<Err>('POST', '/api/StoreDb/Create', { token, json });
      expect(res.status).toBe(400);
      expect(res.body.ModelState?.[field]).toEqual([message]);
    });

    it('refuses to delete a database holding sections and items, naming them (409)', async () => {
      const res = await t.call<Err>('DELETE', '/api/StoreDb/Delete/1', { token });
      expect(res.status).toBe(409);
      expect(res.body.Message).toBe(
        'Store database 1 has 3 sections (Fruit, Secret, Draft) and 3 items (Apple, Banana, Cherry). Delete them first.',
      );
      expect(res.body.References).toEqual({ Sections: 3, Items: 3 });
    });
  });
});
