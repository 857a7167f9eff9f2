import { ofetch } from 'ofetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCollection } from '../../src/lib/catalogue/load.ts';
import type { CategoryDto, ItemDto } from '../../src/lib/domain/catalogue.ts';
import { nextLinkTarget, PUBLIC_COUNT_CAP, PUBLIC_ROW_WINDOW } from '../../src/lib/domain/list-rules.ts';
import { sellingPrice } from '../../src/lib/domain/pricing.ts';
import { listen } from '../../src/server/runtime.ts';
import { insertCatalogue, insertCatalogueExtras, T0 } from '../fixtures/catalogue.ts';
import { addCustomers } from './cart-helpers.ts';
import { createTestApp, DIALECTS, TEST_JWT_SECRET, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

// More items than the public window and count cap, so both show; titles repeat so that ties need the tiebreak.
const EXTRA = PUBLIC_ROW_WINDOW + 150;
const FIXTURE_ITEMS = 8;

describe.each(DIALECTS)('Public lists with a bounded cost on %s', (dialect) => {
  let t: TestApp;
  let staff: RequestInit;
  let shopper: RequestInit;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
    const rows = Array.from({ length: EXTRA }, (_, i) => {
      const price = { unitPrice: 1000 + ((i * 7919) % 5000), discountBps: 0, flatDiscount: 0, gstBps: 0 };
      return {
        store_id: 1,
        db_id: 1,
        section_id: 1,
        title: `Bulk ${String(i % 997).padStart(3, '0')}`,
        meta_description: '',
        content: '',
        hidden: 0,
        stock: i % 50,
        size: '1 kg',
        unit_price: price.unitPrice,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 0,
        selling_price: sellingPrice(price),
        updated_at: T0,
      };
    });
    for (let i = 0; i < rows.length; i += 1000)
      await t.db.db
        .insertInto('items')
        .values(rows.slice(i, i + 1000))
        .execute();
    const [employee, user] = await addCustomers(t.db.db, TEST_JWT_SECRET, new Date(), [
      { email: 'esha@aisle.test', fullName: 'Esha Employee', role: 'Employee' },
      { email: 'una@aisle.test', fullName: 'Una User', role: 'User' },
    ]);
    staff = { headers: { Authorization: `Bearer ${employee?.token}` } };
    shopper = { headers: { Authorization: `Bearer ${user?.token}` } };
  }, 120_000);
  afterAll(() => t.close());

  /** Follows `Link: rel="next"` from `path` to the end: every row, and how many pages it took. */
  async function walk<T>(path: string, init?: RequestInit): Promise<{ rows: T[]; pages: number }> {
    const rows: T[] = [];
    let pages = 0;
    for (let next: string | null = path; next !== null; pages++) {
      const res: { status: number; body: T[]; headers: Headers } = await t.get<T[]>(next, init);
      expect(res.status).toBe(200);
      rows.push(...res.body);
      next = nextLinkTarget(res.headers.get('link'));
    }
    return { rows, pages };
  }

  it('pages the public only within the first 10,000 rows, naming page and the rule', async () => {
    const last = await t.get<ItemDto[]>('/api/Item/ReadAll?page=9&limit=1000');
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(1000);
    for (const query of ['page=10&limit=1000', 'page=500&limit=20', 'page=1000000&limit=1000']) {
      const res = await t.get<ErrorBody>(`/api/Item/ReadAll?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual(['page']);
      expect(res.body.ModelState.page?.[0]).toContain('first 10,000 rows');
      expect(res.body.ModelState.page?.[0]).toContain('Link');
    }
    // A shopper's token is still the public; staff lift the window.
    expect((await t.get('/api/Item/ReadAll?page=10&limit=1000', shopper)).status).toBe(400);
    const deep = await t.get<ItemDto[]>('/api/Item/ReadAll?page=10&limit=1000', staff);
    expect(deep.status).toBe(200);
    expect(deep.body).toHaveLength(FIXTURE_ITEMS + EXTRA - 10_000);
  });

  it('caps public counts at 10,000 and says so; staff and small lists get the exact count', async () => {
    const big = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=5');
    expect(big.headers.get('x-total-count')).toBe(String(PUBLIC_COUNT_CAP));
    expect(big.headers.get('x-total-count-exact')).toBe('false');
    const exact = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=5', staff);
    expect(exact.headers.get('x-total-count')).toBe(String(FIXTURE_ITEMS + EXTRA));
    expect(exact.headers.get('x-total-count-exact')).toBeNull();
    const small = await t.get<ItemDto[]>('/api/Item/ReadAll?storeId=3');
    expect(small.headers.get('x-total-count')).toBe('1');
    expect(small.headers.get('x-total-count-exact')).toBeNull();
  });

  it.each([
    ['', (a: ItemDto, b: ItemDto) => a.ItemID - b.ItemID],
    ['&sort=-ItemTitle', (a: ItemDto, b: ItemDto) => b.ItemTitle.localeCompare(a.ItemTitle) || b.ItemID - a.ItemID],
    [
      '&sort=SellingPrice&storeId=1',
      (a: ItemDto, b: ItemDto) => a.SellingPrice - b.SellingPrice || a.ItemID - b.ItemID,
    ],
    [
      '&sort=-Availability&sectionId=1',
      (a: ItemDto, b: ItemDto) => b.Availability - a.Availability || b.ItemID - a.ItemID,
    ],
  ])('walks the whole table past the window by following Link (after=)%s', async (query, order) => {
    const { rows, pages } = await walk<ItemDto>(`/api/Item/ReadAll?limit=1000${query}`);
    const all = (await t.get<ItemDto[]>(`/api/Item/ReadAll?limit=1000&page=0${query}`, staff)).headers;
    const expected = Number(
      (await t.get(`/api/Item/ReadAll?limit=1${query}`, staff)).headers.get('x-total-count') ?? Number.NaN,
    );
    expect(all.get('link')).toContain('after=');
    expect(rows).toHaveLength(expected);
    expect(new Set(rows.map((r) => r.ItemID)).size).toBe(expected);
    expect(rows.map((r) => r.ItemID)).toEqual([...rows].sort(order).map((r) => r.ItemID));
    expect(pages).toBe(Math.ceil(expected / 1000));
  });

  it('lets the site build read every item over HTTP by following the links, past the window', async () => {
    const server = await listen(t.app, '127.0.0.1', 0);
    try {
      let requests = 0;
      const api = ofetch.create({ baseURL: server.url, onRequest: () => void requests++ });
      const items = await readCollection<ItemDto>(api, '/api/Item/ReadAll');
      expect(items).toHaveLength(FIXTURE_ITEMS + EXTRA);
      expect(new Set(items.map((i) => i.ItemID)).size).toBe(FIXTURE_ITEMS + EXTRA);
      expect(requests).toBe(Math.ceil((FIXTURE_ITEMS + EXTRA) / 1000));
    } finally {
      await server.close();
    }
  });

  it('keeps the query of the list in its Link and the last page has none', async () => {
    const first = await t.get<ItemDto[]>('/api/Item/ReadAll?storeId=1&sort=ItemTitle&limit=2&page=0');
    const link = first.headers.get('link') ?? '';
    expect(link).toMatch(/^<\/api\/Item\/ReadAll\?storeId=1&sort=ItemTitle&limit=2&after=[A-Za-z0-9_-]+>; rel="next"$/);
    const last = await t.get<ItemDto[]>('/api/Item/ReadAll?storeId=3');
    expect(last.headers.get('link')).toBeNull();
  });

  it('refuses a cursor it did not make, or one with page, naming the parameter', async () => {
    const first = await t.get<ItemDto[]>('/api/Item/ReadAll?sort=ItemTitle&limit=2');
    const next = nextLinkTarget(first.headers.get('link')) ?? '';
    const after = new URL(next, 'http://x').searchParams.get('after') ?? '';
    const cases: [string, string][] = [
      [`/api/Item/ReadAll?sort=ItemTitle&limit=2&page=1&after=${after}`, 'page'],
      ['/api/Item/ReadAll?after=bm90LWEtY3Vyc29y', 'after'],
      ['/api/Item/ReadAll?after=%25%25', 'after'],
      [`/api/Item/ReadAll?sort=SellingPrice&after=${after}`, 'after'],
      [`/api/Item/ReadAll?after=${'A'.repeat(3000)}`, 'after'],
    ];
    for (const [path, field] of cases) {
      const res = await t.get<ErrorBody>(path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual([field]);
    }
  });

  it('allows text filters publicly only on stores and categories', async () => {
    for (const path of [
      '/api/Item/ReadAll?filter=bulk',
      '/api/Publisher/ReadAll?filter=fr',
      '/api/Book/ReadAll?filter=fr',
    ]) {
      const res = await t.get<ErrorBody>(path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual(['filter']);
      expect((await t.get(path, staff)).status).toBe(200);
    }
    expect((await t.get('/api/Store/ReadAll?filter=green')).status).toBe(200);
    const categories = await t.get<CategoryDto[]>('/api/Category/ReadAll?filter=o');
    expect(categories.status).toBe(200);
  });

  it('orders a public updatedSince list by updated time, refusing another sort', async () => {
    const res = await t.get<ErrorBody>('/api/Item/ReadAll?updatedSince=2025-12-31&sort=ItemTitle');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toEqual(['sort']);
    expect((await t.get('/api/Item/ReadAll?updatedSince=2025-12-31&sort=ItemTitle', staff)).status).toBe(200);
    expect((await t.get('/api/Item/ReadAll?updatedSince=2025-12-31&sort=-ItemUpdatedTime')).status).toBe(200);
  });

  it('reads a bad or expired token on a public list as the public, never 401', async () => {
    const res = await t.get<ItemDto[]>('/api/Item/ReadAll?limit=1', {
      headers: { Authorization: 'Bearer not.a.token' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count-exact')).toBe('false');
  });

  it('answers 503 with Retry-After past 256 waiting public lists, and serves them in turn', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => t.app.request('/api/Category/ReadAll?limit=1')),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(256);
    const refused = answers.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    const first = refused[0] as Response;
    expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await first.json()) as ErrorBody).Message).toContain('try again');
    // Staff lists do not queue behind the public's.
    expect((await t.get('/api/Category/ReadAll?limit=1', staff)).status).toBe(200);
  });
});
