import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDto } from '../../src/lib/domain/catalogue.ts';
import { insertCatalogue, insertCatalogueExtras, T0, T1 } from '../fixtures/catalogue.ts';
import { createTestApp, DIALECTS, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

describe.each(DIALECTS)('Store API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
  });
  afterAll(() => t.close());

  it('lists every store, hidden ones flagged, each with its database ids', async () => {
    const res = await t.get<StoreDto[]>('/api/Store/ReadAll/');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(res.body.map((s) => [s.StoreID, s.StoreTitle, s.StoreHidden, s.DbIDs])).toEqual([
      [1, 'Green Grocer', false, [1, 4]],
      [2, 'Hidden Farm', true, [2]],
      [3, 'Clean Home', false, [3]],
      [4, 'Night Market', false, []],
    ]);
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual([
      'CategoryID',
      'DbIDs',
      'Gstin',
      'MaxQtyPerItem',
      'StateCode',
      'StoreAddress',
      'StoreDescription',
      'StoreHidden',
      'StoreID',
      'StoreTitle',
      'StoreType',
      'StoreUpdatedTime',
    ]);
  });

  it("lists one category's stores, answering an empty list for a category without stores", async () => {
    const fresh = await t.get<StoreDto[]>('/api/Store/ReadAll/1');
    expect(fresh.body.map((s) => s.StoreTitle)).toEqual(['Green Grocer', 'Hidden Farm']);
    expect(fresh.headers.get('x-total-count')).toBe('2');
    const household = await t.get<StoreDto[]>('/api/store/readall/2');
    expect(household.body.map((s) => s.StoreID)).toEqual([3, 4]);
    const empty = await t.get<StoreDto[]>('/api/Store/ReadAll/3');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('x-total-count')).toBe('0');
  });

  it('answers 404 for an unknown category and 400 for a malformed one', async () => {
    const missing = await t.get<ErrorBody>('/api/Store/ReadAll/99');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Category 99 does not exist.');
    const bad = await t.get<ErrorBody>('/api/Store/ReadAll/fresh');
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ categoryId: ['categoryId must be a whole number from 1 to 2147483647.'] });
  });

  it('pages with the default size, sorts and filters on the title', async () => {
    const page = await t.get<StoreDto[]>('/api/Store/ReadAll?page=1&limit=3');
    expect(page.body.map((s) => s.StoreID)).toEqual([4]);
    expect(page.headers.get('x-total-count')).toBe('4');
    const defaults = await t.get<StoreDto[]>('/api/Store/ReadAll');
    expect(defaults.headers.get('x-page')).toBe('0');
    expect(defaults.headers.get('x-limit')).toBe('20');
    const sorted = await t.get<StoreDto[]>('/api/Store/ReadAll?sort=StoreTitle desc');
    expect(sorted.body.map((s) => s.StoreTitle)).toEqual(['Night Market', 'Hidden Farm', 'Green Grocer', 'Clean Home']);
    const byType = await t.get<StoreDto[]>('/api/Store/ReadAll?sort=-StoreType');
    // Ties follow the sort's direction (StoreID descending too), so one index serves both directions.
    expect(byType.body.map((s) => s.StoreID)).toEqual([4, 3, 1, 2]);
    const filtered = await t.get<StoreDto[]>('/api/Store/ReadAll/1?filter=FARM');
    expect(filtered.body.map((s) => s.StoreTitle)).toEqual(['Hidden Farm']);
    expect(filtered.headers.get('x-total-count')).toBe('1');
  });

  it('lists only stores changed after updatedSince', async () => {
    const changed = await t.get<StoreDto[]>(`/api/Store/ReadAll?updatedSince=${T0}`);
    expect(changed.body.map((s) => s.StoreTitle)).toEqual(['Night Market']);
    expect(changed.headers.get('x-total-count')).toBe('1');
    const all = await t.get<StoreDto[]>('/api/Store/ReadAll?updatedSince=2025-12-31');
    expect(all.body).toHaveLength(4);
    // T0 written with an offset is the same instant, and "after" is strict.
    const offset = await t.get<StoreDto[]>('/api/Store/ReadAll?updatedSince=2026-01-01T05:30:00%2B05:30');
    expect(offset.body.map((s) => s.StoreID)).toEqual([4]);
    const unencodedPlus = await t.get<StoreDto[]>('/api/Store/ReadAll?updatedSince=2026-01-01T05:30:00+05:30');
    expect(unencodedPlus.body.map((s) => s.StoreID)).toEqual([4]);
    const none = await t.get<StoreDto[]>(`/api/Store/ReadAll/2?updatedSince=${T1}`);
    expect(none.body).toEqual([]);
  });

  it.each([
    ['page=-1', 'page'],
    ['limit=1001', 'limit'],
    ['sort=Price', 'sort'],
    ['updatedSince=yesterday', 'updatedSince'],
    ['updatedSince=2026-02-30', 'updatedSince'],
    ['updatedSince=2026-01-01T10:00', 'updatedSince'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await t.get<ErrorBody>(`/api/Store/ReadAll?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.Message).toContain(field);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('reads one store, hidden or not, and answers 404 for an unknown id', async () => {
    const one = await t.get<StoreDto>('/api/Store/Read/1');
    expect(one.body).toEqual({
      StoreID: 1,
      CategoryID: 1,
      StoreTitle: 'Green Grocer',
      StoreDescription: 'Fruit and veg',
      StoreHidden: false,
      StoreType: 'public_store',
      DbIDs: [1, 4],
      StoreUpdatedTime: T0,
      MaxQtyPerItem: 20,
      Gstin: '',
      StateCode: '',
      StoreAddress: '',
    });
    const hidden = await t.get<StoreDto>('/api/Store/Read/2');
    expect(hidden.body.StoreHidden).toBe(true);
    expect(hidden.body.StoreType).toBe('client_store');
    const noDbs = await t.get<StoreDto>('/API/STORE/READ/4');
    expect(noDbs.body.DbIDs).toEqual([]);
    const missing = await t.get<ErrorBody>('/api/Store/Read/99');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Store 99 does not exist.');
    const bad = await t.get<ErrorBody>('/api/Store/Read/0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState)).toEqual(['id']);
  });
});
