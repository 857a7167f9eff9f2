import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookDto, BookSummaryDto } from '../../src/lib/domain/catalogue.ts';
import { insertCatalogue, insertCatalogueExtras, T0, T1 } from '../fixtures/catalogue.ts';
import { addCustomers } from './cart-helpers.ts';
import { createTestApp, DIALECTS, TEST_JWT_SECRET, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

const SUMMARY_KEYS = [
  'BookHidden',
  'BookID',
  'BookMetaDescription',
  'BookTitle',
  'BookUpdatedTime',
  'CustomOrder',
  'DbID',
  'SectionContent',
  'SectionMetaDescription',
  'SectionTitle',
  'StoreID',
  'linkparams',
];

describe.each(DIALECTS)('Book API on %s', (dialect) => {
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

  const ids = (b: BookDto) => b.items.map((i) => i.ItemID);

  it('reads a book with everything its page shows, items in CustomOrder order', async () => {
    const res = await t.get<BookDto>('/api/Book/Read/5/1');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...SUMMARY_KEYS, 'items'].sort());
    const { items, ...book } = res.body;
    expect(book).toEqual({
      BookID: 5,
      DbID: 1,
      StoreID: 1,
      BookTitle: 'Weekly Picks',
      BookMetaDescription: 'Chosen this week',
      BookHidden: false,
      BookUpdatedTime: T1,
      SectionTitle: 'Weekly Picks',
      SectionMetaDescription: 'Chosen this week',
      SectionContent: '<p>Picked for you</p>',
      CustomOrder: '[6,99,4,1,5]',
      linkparams: '5/1',
    });
    // 99 does not exist and 4 belongs to another database; Apple (1) is filed in another section of db 1.
    expect(items.map((i) => [i.ItemID, i.ItemTitle])).toEqual([
      [6, 'Figs'],
      [1, 'Apple'],
      [5, 'Dates'],
    ]);
    expect(items[0]).toMatchObject({ UnitPrice: 180.75, SellingPrice: 166.07, Availability: 7 });
  });

  it('lists only the items CustomOrder names, hidden ones flagged', async () => {
    const fruit = await t.get<BookDto>('/api/Book/Read/1/1');
    // CustomOrder [3,1]: Banana, filed in the section but not listed, is not in the book.
    expect(ids(fruit.body)).toEqual([3, 1]);
    expect(fruit.body.linkparams).toBe('1/1');
    const secret = await t.get<BookDto>('/api/Book/Read/2/1');
    expect(secret.body.BookHidden).toBe(true);
    expect(secret.body.items).toEqual([]);
  });

  it("falls back to the section's items by id when CustomOrder is invalid", async () => {
    const soap = await t.get<BookDto>('/api/book/read/4/3');
    expect(soap.body.CustomOrder).toBe('{oops');
    expect(ids(soap.body)).toEqual([4]);
    expect(soap.body.items[0]?.ItemTitle).toBe('Soap Bar');
  });

  it('finds the database itself when only the BookID is given', async () => {
    const short = await t.get<BookDto>('/api/Book/Read/5');
    const full = await t.get<BookDto>('/api/Book/Read/5/1');
    expect(short.status).toBe(200);
    expect(short.body).toEqual(full.body);
    const soap = await t.get<BookDto>('/api/Book/Read/4/');
    expect(soap.body.linkparams).toBe('4/3');
  });

  it('answers 404 for a book that is not published and 400 for malformed ids', async () => {
    const draft = await t.get<ErrorBody>('/api/Book/Read/3');
    expect(draft.status).toBe(404);
    expect(draft.body.Message).toBe('Book 3 does not exist.');
    const wrongDb = await t.get<ErrorBody>('/api/Book/Read/1/3');
    expect(wrongDb.status).toBe(404);
    expect(wrongDb.body.Message).toBe('Book 1 does not exist in database 3.');
    const bad = await t.get<ErrorBody>('/api/Book/Read/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({ bookId: ['bookId must be a whole number from 1 to 2147483647.'] });
    const badDb = await t.get<ErrorBody>('/api/Book/Read/1/0');
    expect(badDb.status).toBe(400);
    expect(Object.keys(badDb.body.ModelState)).toEqual(['dbId']);
  });

  it('lists books in pages without their items', async () => {
    const all = await t.get<BookSummaryDto[]>('/api/Book/ReadAll');
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('4');
    expect(all.body.map((b) => b.linkparams)).toEqual(['1/1', '2/1', '4/3', '5/1']);
    expect(Object.keys(all.body[0] ?? {}).sort()).toEqual(SUMMARY_KEYS);
    expect(all.body[0]).toMatchObject({ BookTitle: 'Fruit', BookHidden: false, BookUpdatedTime: T0 });
    const page = await t.get<BookSummaryDto[]>('/api/Book/ReadAll?limit=2&page=1');
    expect(page.body.map((b) => b.BookID)).toEqual([4, 5]);
    expect(page.headers.get('x-total-count')).toBe('4');
    const sorted = await t.get<BookSummaryDto[]>('/api/Book/ReadAll?sort=-BookTitle');
    expect(sorted.body.map((b) => b.BookTitle)).toEqual(['Weekly Picks', 'Soap', 'Secret', 'Fruit']);
    const changed = await t.get<BookSummaryDto[]>(`/api/Book/ReadAll?updatedSince=${T0}`);
    expect(changed.body.map((b) => b.BookID)).toEqual([5]);
  });

  it("lists one store's books, 404 for an unknown store, 400 for bad paging", async () => {
    const grocer = await t.get<BookSummaryDto[]>('/api/Book/ReadAll/1?filter=FRU', staff);
    expect(grocer.body.map((b) => b.BookID)).toEqual([1]);
    expect(grocer.headers.get('x-total-count')).toBe('1');
    const none = await t.get<BookSummaryDto[]>('/api/Book/ReadAll/4');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
    const missing = await t.get<ErrorBody>('/api/Book/ReadAll/99');
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toBe('Store 99 does not exist.');
    const badSort = await t.get<ErrorBody>('/api/Book/ReadAll/1?sort=SectionTitle');
    expect(badSort.status).toBe(400);
    expect(Object.keys(badSort.body.ModelState)).toEqual(['sort']);
  });
});

describe.each(DIALECTS)('Book API with a long CustomOrder on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
  });
  afterAll(() => t.close());

  it('keeps the order of a list longer than one database query takes', async () => {
    // 1200 ids that do not exist, then real ones: they are looked up in several batches.
    const order = [...Array.from({ length: 1200 }, (_, i) => 1000 + i), 7, 2, 3, 2];
    await t.db.db
      .updateTable('published_sections')
      .set({ custom_order: JSON.stringify(order) })
      .where('section_id', '=', 1)
      .execute();
    const res = await t.get<BookDto>('/api/Book/Read/1/1');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.ItemID)).toEqual([7, 2, 3]);
  });
});
