import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionWithListDto } from '../../src/lib/domain/catalogue.ts';
import { createApp } from '../../src/server/app.ts';
import { insertCatalogue, insertCatalogueExtras, T1 } from '../fixtures/catalogue.ts';
import { createTestApp, DIALECTS, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

describe.each(DIALECTS)('Section API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
  });
  afterAll(() => t.close());

  const ids = (s: SectionWithListDto) => s.items.map((i) => i.ItemID);

  it('answers the published section with its items, CustomOrder first, the rest by id', async () => {
    const res = await t.get<SectionWithListDto>('/api/Section/ReadSectionWithList/1/1');
    expect(res.status).toBe(200);
    expect(res.body.SectionTitle).toBe('Fruit');
    expect(res.body.CustomOrder).toBe('[3,1]');
    // CustomOrder [3,1]; Banana (2) is not listed, so it follows.
    expect(res.body.items.map((i) => [i.ItemID, i.ItemTitle, i.ItemHidden])).toEqual([
      [3, 'Cherry', false],
      [1, 'Apple', false],
      [2, 'Banana', true],
    ]);
    expect(Object.keys(res.body).sort()).toEqual([
      'CustomOrder',
      'DbID',
      'SectionContent',
      'SectionHidden',
      'SectionID',
      'SectionMetaDescription',
      'SectionTitle',
      'SectionUpdatedTime',
      'StoreID',
      'items',
    ]);
    expect(res.body.items[0]).toMatchObject({ ItemID: 3, SectionID: 1, DbID: 1, Availability: 0, SellingPrice: 336 });
  });

  it('lists only the items filed in the section, whatever else CustomOrder names', async () => {
    // CustomOrder [6,99,4,1,5]: 99 does not exist, 4 and 1 are filed elsewhere; Grapes (7) is unlisted.
    const res = await t.get<SectionWithListDto>('/api/section/readsectionwithlist/5/1');
    expect(ids(res.body)).toEqual([6, 5, 7]);
    expect(res.body.SectionUpdatedTime).toBe(T1);
  });

  it('answers a hidden section with its flag and no items', async () => {
    const res = await t.get<SectionWithListDto>('/api/Section/ReadSectionWithList/2/1');
    expect(res.body.SectionHidden).toBe(true);
    expect(res.body.items).toEqual([]);
  });

  it('ignores an invalid CustomOrder, listing items by id, and logs it', async () => {
    const logs: Record<string, unknown>[] = [];
    const app = createApp({
      db: t.db.db,
      dialect,
      contentDir: join(t.db.dataDir, 'content'),
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      mail: { smtpUrl: undefined, outboxDir: join(t.db.dataDir, 'outbox') },
      log: (entry) => logs.push(entry),
    });
    const res = await app.request('/api/Section/ReadSectionWithList/4/3');
    expect(res.status).toBe(200);
    const body = (await res.json()) as SectionWithListDto;
    expect(body.CustomOrder).toBe('{oops');
    expect(ids(body)).toEqual([4]);
    expect(logs).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'invalid CustomOrder ignored', sectionId: 4, dbId: 3 }),
    );
  });

  it('answers 404 for an unpublished section or the wrong database, 400 for malformed ids', async () => {
    const draft = await t.get<ErrorBody>('/api/Section/ReadSectionWithList/3/1');
    expect(draft.status).toBe(404);
    expect(draft.body.Message).toBe('Section 3 is not published in database 1.');
    const wrongDb = await t.get<ErrorBody>('/api/Section/ReadSectionWithList/1/3');
    expect(wrongDb.status).toBe(404);
    expect(wrongDb.body.Message).toBe('Section 1 is not published in database 3.');
    const bad = await t.get<ErrorBody>('/api/Section/ReadSectionWithList/0/1');
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ sectionId: ['sectionId must be a whole number from 1 to 2147483647.'] });
  });
});
