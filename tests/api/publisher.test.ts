import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionDto } from '../../src/lib/domain/catalogue.ts';
import { insertCatalogue, insertCatalogueExtras, T0 } from '../fixtures/catalogue.ts';
import { addCustomers } from './cart-helpers.ts';
import { createTestApp, DIALECTS, TEST_JWT_SECRET, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

describe.each(DIALECTS)('Publisher API on %s', (dialect) => {
  let t: TestApp;
  let staff: RequestInit;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
    // Text filters on this list are for staff (issue 26: a LIKE '%…%' over a whole table is not public).
    const [employee] = await addCustomers(t.db.db, TEST_JWT_SECRET, new Date(), [
      { email: 'esha@aisle.test', fullName: 'Esha Employee', role: 'Employee' },
    ]);
    staff = { headers: { Authorization: `Bearer ${employee?.token}` } };
  });
  afterAll(() => t.close());

  it('lists every published section, hidden ones flagged, never an unpublished draft', async () => {
    const res = await t.get<SectionDto[]>('/api/Publisher/ReadAll');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(res.body.map((s) => [s.SectionID, s.DbID, s.SectionTitle, s.SectionHidden])).toEqual([
      [1, 1, 'Fruit', false],
      [2, 1, 'Secret', true],
      [4, 3, 'Soap', false],
      [5, 1, 'Weekly Picks', false],
    ]);
    expect(res.body.some((s) => s.SectionTitle === 'Draft')).toBe(false);
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual([
      'CustomOrder',
      'DbID',
      'SectionContent',
      'SectionHidden',
      'SectionID',
      'SectionMetaDescription',
      'SectionTitle',
      'SectionUpdatedTime',
      'StoreID',
    ]);
  });

  it("lists one store's published sections", async () => {
    const grocer = await t.get<SectionDto[]>('/api/Publisher/ReadAll/1');
    expect(grocer.body.map((s) => s.SectionID)).toEqual([1, 2, 5]);
    expect(grocer.headers.get('x-total-count')).toBe('3');
    const home = await t.get<SectionDto[]>('/api/publisher/readall/3/');
    expect(home.body.map((s) => s.SectionTitle)).toEqual(['Soap']);
    const nothingPublished = await t.get<SectionDto[]>('/api/Publisher/ReadAll/2');
    expect(nothingPublished.status).toBe(200);
    expect(nothingPublished.body).toEqual([]);
    expect(nothingPublished.headers.get('x-total-count')).toBe('0');
    const missing = await t.get<ErrorBody>('/api/Publisher/ReadAll/99');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Store 99 does not exist.');
  });

  it('pages, sorts, filters and lists what changed after updatedSince', async () => {
    const page = await t.get<SectionDto[]>('/api/Publisher/ReadAll?limit=1&page=2');
    expect(page.body.map((s) => s.SectionID)).toEqual([4]);
    expect(page.headers.get('x-total-count')).toBe('4');
    const sorted = await t.get<SectionDto[]>('/api/Publisher/ReadAll/1?sort=-SectionTitle');
    expect(sorted.body.map((s) => s.SectionTitle)).toEqual(['Weekly Picks', 'Secret', 'Fruit']);
    // Ties follow the sort's direction (SectionID descending too), so one index serves both directions.
    const byDb = await t.get<SectionDto[]>('/api/Publisher/ReadAll?sort=DbID desc');
    expect(byDb.body.map((s) => s.SectionID)).toEqual([4, 5, 2, 1]);
    const filtered = await t.get<SectionDto[]>('/api/Publisher/ReadAll?filter=sOaP', staff);
    expect(filtered.body.map((s) => s.SectionID)).toEqual([4]);
    const changed = await t.get<SectionDto[]>(`/api/Publisher/ReadAll?updatedSince=${T0}`);
    expect(changed.body.map((s) => s.SectionID)).toEqual([5]);
    expect(changed.headers.get('x-total-count')).toBe('1');
    const changedInStore = await t.get<SectionDto[]>(`/api/Publisher/ReadAll/3?updatedSince=${T0}`);
    expect(changedInStore.body).toEqual([]);
  });

  it.each([
    ['page=x', 'page'],
    ['limit=0', 'limit'],
    ['sort=ItemTitle', 'sort'],
    ['updatedSince=2026-13-01', 'updatedSince'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await t.get<ErrorBody>(`/api/Publisher/ReadAll/1?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.Message).toContain(field);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('reads one published section by SectionID and DbID', async () => {
    const res = await t.get<SectionDto>('/api/Publisher/Read/1/1');
    expect(res.body).toEqual({
      SectionID: 1,
      DbID: 1,
      StoreID: 1,
      SectionTitle: 'Fruit',
      SectionMetaDescription: 'Fresh fruit',
      SectionContent: '<p>Sweet</p>',
      SectionHidden: false,
      CustomOrder: '[3,1]',
      SectionUpdatedTime: T0,
    });
    const hidden = await t.get<SectionDto>('/api/Publisher/Read/2/1');
    expect(hidden.body.SectionHidden).toBe(true);
  });

  it('answers 404 for a draft or the wrong database and 400 for malformed ids', async () => {
    const draft = await t.get<ErrorBody>('/api/Publisher/Read/3/1');
    expect(draft.status).toBe(404);
    expect(draft.body.Message).toBe('Section 3 is not published in database 1.');
    const wrongDb = await t.get<ErrorBody>('/api/Publisher/Read/1/3');
    expect(wrongDb.status).toBe(404);
    const bad = await t.get<ErrorBody>('/api/Publisher/Read/1/x');
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ dbId: ['dbId must be a whole number from 1 to 2147483647.'] });
  });
});
