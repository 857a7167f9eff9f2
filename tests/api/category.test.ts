import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryDto } from '../../src/lib/domain/catalogue.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { createTestApp, DIALECTS, type TestApp } from './harness.ts';

describe.each(DIALECTS)('Category API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
  });
  afterAll(() => t.close());

  it('lists categories with the spec field names and a total count', async () => {
    const res = await t.get<CategoryDto[]>('/api/Category/ReadAll');
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.CategoryTitle)).toEqual(['Fresh Produce', 'Household Essentials', 'Empty Aisle']);
    expect(Object.keys(res.body[0] ?? {}).sort()).toEqual(['CategoryID', 'CategoryTitle', 'CategoryUpdatedTime']);
    expect(res.headers.get('x-total-count')).toBe('3');
  });

  it('matches paths case-insensitively and ignores a trailing slash', async () => {
    const res = await t.get<CategoryDto[]>('/API/category/readall/');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
  });

  it('pages, sorts and filters', async () => {
    const page = await t.get<CategoryDto[]>('/api/Category/ReadAll?page=1&limit=2');
    expect(page.body.map((c) => c.CategoryID)).toEqual([3]);
    expect(page.headers.get('x-total-count')).toBe('3');
    const sorted = await t.get<CategoryDto[]>('/api/Category/ReadAll?sort=-CategoryTitle');
    expect(sorted.body.map((c) => c.CategoryTitle)).toEqual(['Household Essentials', 'Fresh Produce', 'Empty Aisle']);
    const filtered = await t.get<CategoryDto[]>('/api/Category/ReadAll?filter=HOUSE');
    expect(filtered.body.map((c) => c.CategoryTitle)).toEqual(['Household Essentials']);
    expect(filtered.headers.get('x-total-count')).toBe('1');
    const mixedCase = await t.get<CategoryDto[]>('/api/Category/ReadAll?Page=1&LIMIT=2');
    expect(mixedCase.body.map((c) => c.CategoryID)).toEqual([3]);
    const wildcard = await t.get<CategoryDto[]>('/api/Category/ReadAll?filter=%25');
    expect(wildcard.body).toEqual([]);
  });

  it.each([
    ['page=-1', 'page'],
    ['page=x', 'page'],
    ['limit=0', 'limit'],
    ['limit=100000', 'limit'],
    ['sort=Nope', 'sort'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await t.get<{ Message: string; ModelState: Record<string, string[]> }>(
      `/api/Category/ReadAll?${query}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.Message).toContain(field);
    expect(Object.keys(res.body.ModelState)).toEqual([field]);
  });

  it('reads one category and answers 404 for an unknown id', async () => {
    const ok = await t.get<CategoryDto>('/api/Category/Read/2');
    expect(ok.body.CategoryTitle).toBe('Household Essentials');
    const missing = await t.get<{ Message: string }>('/api/Category/Read/99');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Category 99 does not exist.');
    const bad = await t.get<{ Message: string }>('/api/Category/Read/abc');
    expect(bad.status).toBe(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.get<{ Message: string }>('/api/Nothing/Here');
    expect(res.status).toBe(404);
    expect(res.body.Message).toContain('/api/nothing/here');
  });
});
