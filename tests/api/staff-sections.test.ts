import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookDto, SectionDto, SectionWithListDto } from '../../src/lib/domain/catalogue.ts';
import type { StaffSectionDto } from '../../src/lib/domain/staff-dtos.ts';
import { insertCatalogue, insertCatalogueExtras, T0 } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import {
  auditOf,
  createStaffTestApp,
  type Err,
  resetSiteState,
  type StaffTestApp,
  siteStateOf,
} from './staff-helpers.ts';

describe.each(DIALECTS)('staff sections and publishing on %s', (dialect) => {
  let t: StaffTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
    token = t.employee.token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.advance(60_000);
    await resetSiteState(t.db.db);
  });

  describe('reading the sections of a store database', () => {
    it('lists drafts and published sections alike, with item counts and whether each is published', async () => {
      const res = await t.call<StaffSectionDto[]>('GET', '/api/Section/ReadAll/1', { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('4');
      expect(res.body.map((s) => [s.SectionID, s.SectionTitle, s.Published, s.ItemCount])).toEqual([
        [1, 'Fruit', true, 3],
        [2, 'Secret', true, 0],
        [3, 'Draft', false, 0],
        [5, 'Weekly Picks', true, 3],
      ]);
      expect(res.body[0]).toEqual({
        SectionID: 1,
        DbID: 1,
        StoreID: 1,
        SectionTitle: 'Fruit',
        SectionMetaDescription: 'Fresh fruit',
        SectionContent: '<p>Sweet</p>',
        SectionHidden: false,
        CustomOrder: '[3,1]',
        SectionUpdatedTime: T0,
        ItemCount: 3,
        Published: true,
        PublishedTime: T0,
      });
      const filtered = await t.call<StaffSectionDto[]>('GET', '/api/Section/ReadAll/1?filter=dra&sort=-SectionTitle', {
        token,
      });
      expect(filtered.body.map((s) => s.SectionID)).toEqual([3]);
    });

    it('reads one section, and answers 404 for unknown ones', async () => {
      const res = await t.call<StaffSectionDto>('GET', '/api/Section/Read/3', { token });
      expect(res.body).toMatchObject({ SectionID: 3, Published: false, PublishedTime: null, ItemCount: 0 });
      expect((await t.call<Err>('GET', '/api/Section/Read/99', { token })).body.Message).toBe(
        'Section 99 does not exist.',
      );
      expect((await t.call<Err>('GET', '/api/Section/ReadAll/99', { token })).body.Message).toBe(
        'Store database 99 does not exist.',
      );
    });
  });

  describe('writing draft sections', () => {
    it('creates a draft (sanitized, not public, site unchanged) and edits it', async () => {
      const res = await t.call<StaffSectionDto>('POST', '/api/Section/Create', {
        token,
        json: {
          DbID: 1,
          SectionTitle: 'Citrus',
          SectionMetaDescription: 'Zesty',
          SectionContent: '<h1>Citrus</h1><img src="x.png" onerror="alert(1)"><iframe src="https://evil"></iframe>',
          CustomOrder: '[5, 1]',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        DbID: 1,
        StoreID: 1,
        SectionTitle: 'Citrus',
        SectionHidden: false,
        CustomOrder: '[5,1]',
        Published: false,
        ItemCount: 0,
      });
      expect(res.body.SectionContent).toBe('<h2>Citrus</h2><img src="x.png" loading="lazy" decoding="async" alt="" />');
      const id = res.body.SectionID;
      expect((await t.call('GET', `/api/Publisher/Read/${id}/1`)).status).toBe(404);
      expect((await siteStateOf(t.db.db)).content_changed_at).toBeNull();
      expect((await auditOf(t.db.db, 'section.created')).at(-1)?.target).toBe(`section:${id}`);

      const patch = await t.call<StaffSectionDto>('PATCH', `/api/Section/Edit/${id}`, {
        token,
        json: { SectionHidden: true, CustomOrder: [1] },
      });
      expect(patch.body).toMatchObject({ SectionTitle: 'Citrus', SectionHidden: true, CustomOrder: '[1]' });
      const put = await t.call<StaffSectionDto>('PUT', `/api/Section/Edit/${id}`, {
        token,
        json: { SectionID: id, SectionTitle: 'Citrus fruit' },
      });
      expect(put.body).toMatchObject({
        SectionTitle: 'Citrus fruit',
        SectionMetaDescription: '',
        SectionContent: '',
        SectionHidden: false,
        CustomOrder: '[]',
      });
    });

    it.each([
      [{ SectionTitle: 'A' }, 'DbID', 'DbID is required.'],
      [{ DbID: 42, SectionTitle: 'A' }, 'DbID', 'DbID must name an existing store database; 42 does not.'],
      [{ DbID: 1 }, 'SectionTitle', 'SectionTitle is required.'],
      [{ DbID: 1, SectionTitle: 'x'.repeat(121) }, 'SectionTitle', 'SectionTitle must be 1 to 120 characters long.'],
      [
        { DbID: 1, SectionTitle: 'A', SectionMetaDescription: 'm'.repeat(301) },
        'SectionMetaDescription',
        'SectionMetaDescription must be text of at most 300 characters.',
      ],
      [
        { DbID: 1, SectionTitle: 'A', SectionContent: 'é'.repeat(60 * 1024) },
        'SectionContent',
        'SectionContent must be HTML of at most 100 KB.',
      ],
      [{ DbID: 1, SectionTitle: 'A', SectionHidden: 'no' }, 'SectionHidden', 'SectionHidden must be true or false.'],
      [
        { DbID: 1, SectionTitle: 'A', CustomOrder: '{"a":1}' },
        'CustomOrder',
        'CustomOrder must be a JSON array of ItemIDs, such as [3, 1, 2].',
      ],
      [
        { DbID: 1, SectionTitle: 'A', CustomOrder: [1, 1] },
        'CustomOrder',
        'CustomOrder must list each ItemID once; 1 is listed twice.',
      ],
      [
        { DbID: 1, SectionTitle: 'A', CustomOrder: [1, 4, 99] },
        'CustomOrder',
        'CustomOrder must list only items of store database 1; 4, 99 are not.',
      ],
    ])('refuses %j with a 400 naming the field', async (json, field, message) => {
      const res = await t.call<Err>('POST', '/api/Section/Create', { token, json });
      expect(res.status).toBe(400);
      expect(res.body.ModelState?.[field]).toEqual([message]);
    });

    it('keeps a stored CustomOrder a PATCH leaves alone, and a section stays in its database', async () => {
      const res = await t.call<StaffSectionDto>('PATCH', '/api/Section/Edit/4', {
        token,
        json: { SectionTitle: 'Soaps' },
      });
      expect(res.status).toBe(200);
      expect(res.body.CustomOrder).toBe('{oops');
      const move = await t.call<Err>('PATCH', '/api/Section/Edit/4', { token, json: { DbID: 1 } });
      expect(move.body.ModelState).toEqual({
        DbID: ['DbID cannot change (it is 3): a section stays in its store database.'],
      });
      expect((await t.call('PATCH', '/api/Section/Edit/404', { token, json: { SectionTitle: 'x' } })).status).toBe(404);
    });

    it('saves a drag-and-drop order as the draft’s CustomOrder', async () => {
      const res = await t.call<StaffSectionDto>('PUT', '/api/Section/Reorder/1', {
        token,
        json: { ItemIDs: [2, 3, 1] },
      });
      expect(res.status).toBe(200);
      expect(res.body.CustomOrder).toBe('[2,3,1]');
      expect(JSON.parse((await auditOf(t.db.db, 'section.reordered')).at(-1)?.detail ?? '{}')).toEqual({
        from: '[3,1]',
        to: '[2,3,1]',
      });
      // The public copy changes only when the section is published again.
      expect((await t.call<SectionDto>('GET', '/api/Publisher/Read/1/1')).body.CustomOrder).toBe('[3,1]');
      const foreign = await t.call<Err>('PUT', '/api/Section/Reorder/1', { token, json: { ItemIDs: [2, 4] } });
      expect(foreign.status).toBe(400);
      expect(foreign.body.ModelState).toEqual({
        ItemIDs: ['ItemIDs must list only items of store database 1; 4 is not.'],
      });
      const missing = await t.call<Err>('PUT', '/api/Section/Reorder/1', { token, json: {} });
      expect(missing.body.ModelState).toEqual({ ItemIDs: ['ItemIDs is required.'] });
      const notList = await t.call<Err>('PUT', '/api/Section/Reorder/1', { token, json: { ItemIDs: 'first' } });
      expect(Object.keys(notList.body.ModelState ?? {})).toEqual(['ItemIDs']);
      expect((await t.call('PUT', '/api/Section/Reorder/404', { token, json: { ItemIDs: [] } })).status).toBe(404);
    });

    it('refuses to delete a section with items or a public copy (409), and deletes an empty draft', async () => {
      const full = await t.call<Err>('DELETE', '/api/Section/Delete/1', { token });
      expect(full.status).toBe(409);
      expect(full.body.Message).toBe(
        'Section 1 has 3 items: Apple, Banana, Cherry (move them to another section or delete them) and is published ' +
          '(unpublish it with Publisher Delete). Do that first.',
      );
      expect(full.body.References).toEqual({ Items: 3, Published: 1 });
      const published = await t.call<Err>('DELETE', '/api/Section/Delete/2', { token });
      expect(published.status).toBe(409);
      expect(published.body.References).toEqual({ Items: 0, Published: 1 });

      const draft = await t.call<StaffSectionDto>('POST', '/api/Section/Create', {
        token,
        json: { DbID: 4, SectionTitle: 'Short-lived' },
      });
      const del = await t.call<{ Message: string }>('DELETE', `/api/Section/Delete/${draft.body.SectionID}`, { token });
      expect(del.status).toBe(200);
      expect(del.body.Message).toBe(`Section ${draft.body.SectionID} (Short-lived) was deleted.`);
      expect((await t.call('GET', `/api/Section/Read/${draft.body.SectionID}`, { token })).status).toBe(404);
    });
  });

  describe('publishing', () => {
    it('publishes a draft once when the same publish is sent several times at once', async () => {
      const draft = await t.call<StaffSectionDto>('POST', '/api/Section/Create', {
        token,
        json: { DbID: 1, SectionTitle: 'Racing', SectionMetaDescription: '', SectionContent: '', CustomOrder: [] },
      });
      const id = draft.body.SectionID;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.call<SectionDto>('PUT', `/api/Publisher/Edit/${id}`, { token, json: {} })),
      );
      // Every press succeeds (one created it, the rest republished); on PostgreSQL the racers used to answer 500.
      expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
      const rows = await t.db.db
        .selectFrom('published_sections')
        .select('section_id')
        .where('section_id', '=', id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('publishes a draft into the public catalogue (201), then republishes it with overrides (200)', async () => {
      const draft = await t.call<StaffSectionDto>('POST', '/api/Section/Create', {
        token,
        json: {
          DbID: 1,
          SectionTitle: 'Berries',
          SectionMetaDescription: 'Tart',
          SectionContent: '<p>Fresh</p>',
          CustomOrder: [6, 5],
        },
      });
      const id = draft.body.SectionID;
      await t.db.db.updateTable('items').set({ section_id: id }).where('id', 'in', [5, 6]).execute();
      t.clock.advance(1000);

      const first = await t.call<SectionDto>('PUT', `/api/Publisher/Edit/${id}`, { token, json: {} });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        SectionID: id,
        DbID: 1,
        StoreID: 1,
        SectionTitle: 'Berries',
        SectionMetaDescription: 'Tart',
        SectionContent: '<p>Fresh</p>',
        SectionHidden: false,
        CustomOrder: '[6,5]',
        SectionUpdatedTime: t.clock.now.toISOString(),
      });
      const withList = await t.call<SectionWithListDto>('GET', `/api/Section/ReadSectionWithList/${id}/1`);
      expect(withList.body.items.map((i) => i.ItemID)).toEqual([6, 5]);
      const storeList = await t.call<SectionDto[]>('GET', '/api/Publisher/ReadAll/1');
      expect(storeList.body.map((s) => s.SectionID)).toContain(id);
      expect((await siteStateOf(t.db.db)).content_changed_at).toBe(t.clock.now.toISOString());
      expect(JSON.parse((await auditOf(t.db.db, 'section.published')).at(-1)?.detail ?? '{}')).toEqual({
        DbID: 1,
        created: true,
        overrides: [],
      });
      expect((await t.call<StaffSectionDto>('GET', `/api/Section/Read/${id}`, { token })).body.Published).toBe(true);

      t.clock.advance(1000);
      const again = await t.call<SectionDto>('PUT', `/api/Publisher/Edit/${id}`, {
        token,
        json: {
          SectionID: id,
          DbID: 1,
          SectionTitle: 'Berries of the week',
          SectionHidden: true,
          CustomOrder: '[5,6,1]',
        },
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        SectionTitle: 'Berries of the week',
        SectionHidden: true,
        CustomOrder: '[5,6,1]',
      });
      const book = await t.call<BookDto>('GET', `/api/Book/Read/${id}/1`);
      expect(book.body.items.map((i) => i.ItemID)).toEqual([5, 6, 1]);
      // Overrides change the public copy only.
      expect((await t.call<StaffSectionDto>('GET', `/api/Section/Read/${id}`, { token })).body.SectionTitle).toBe(
        'Berries',
      );
    });

    it('validates what it publishes: the database, the overrides and the CustomOrder', async () => {
      const wrongDb = await t.call<Err>('PUT', '/api/Publisher/Edit/3', { token, json: { DbID: 3 } });
      expect(wrongDb.status).toBe(400);
      expect(wrongDb.body.ModelState).toEqual({
        DbID: ['DbID cannot change (it is 1): section 3 is in store database 1.'],
      });
      const foreign = await t.call<Err>('PUT', '/api/Publisher/Edit/3', { token, json: { CustomOrder: [1, 4] } });
      expect(foreign.body.ModelState).toEqual({
        CustomOrder: ['CustomOrder must list only items of store database 1; 4 is not.'],
      });
      const notJson = await t.call<Err>('PUT', '/api/Publisher/Edit/3', { token, json: { CustomOrder: '[1,' } });
      expect(notJson.body.ModelState).toEqual({
        CustomOrder: ['CustomOrder must be a JSON array of ItemIDs, such as [3, 1, 2].'],
      });
      const title = await t.call<Err>('PUT', '/api/Publisher/Edit/3', { token, json: { SectionTitle: '' } });
      expect(title.body.ModelState).toEqual({ SectionTitle: ['SectionTitle must be 1 to 120 characters long.'] });
      // Section 4's stored CustomOrder is not JSON: publishing it needs a CustomOrder.
      const stored = await t.call<Err>('PUT', '/api/Publisher/Edit/4', { token, json: {} });
      expect(stored.status).toBe(400);
      expect(Object.keys(stored.body.ModelState ?? {})).toEqual(['CustomOrder']);
      const fixed = await t.call<SectionDto>('PUT', '/api/Publisher/Edit/4', { token, json: { CustomOrder: [4] } });
      expect(fixed.status).toBe(200);
      expect(fixed.body.CustomOrder).toBe('[4]');
      expect((await t.call<Err>('PUT', '/api/Publisher/Edit/404', { token, json: {} })).body.Message).toBe(
        'Section 404 does not exist.',
      );
      expect((await t.call('GET', '/api/Publisher/Read/3/1')).status).toBe(404);
    });

    it('unpublishes: the section leaves the public reads, its draft stays', async () => {
      const res = await t.call<{ Message: string }>('DELETE', '/api/Publisher/Delete/2/1', { token });
      expect(res.status).toBe(200);
      expect(res.body.Message).toBe('Section 2 (Secret) was unpublished from database 1.');
      expect((await t.call('GET', '/api/Publisher/Read/2/1')).status).toBe(404);
      expect((await t.call('GET', '/api/Section/ReadSectionWithList/2/1')).status).toBe(404);
      expect((await t.call<StaffSectionDto>('GET', '/api/Section/Read/2', { token })).body.Published).toBe(false);
      expect((await siteStateOf(t.db.db)).content_changed_at).toBe(t.clock.now.toISOString());
      expect((await auditOf(t.db.db, 'section.unpublished')).at(-1)?.target).toBe('section:2');
      const again = await t.call<Err>('DELETE', '/api/Publisher/Delete/2/1', { token });
      expect(again.status).toBe(404);
      expect(again.body.Message).toBe('Section 2 is not published in database 1.');
      // Now that it is a plain draft without items, it can be deleted.
      expect((await t.call('DELETE', '/api/Section/Delete/2', { token })).status).toBe(200);
    });
  });
});
