import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../src/lib/domain/search-results.ts';
import { seedCatalogue } from '../../src/server/db/seed.ts';
import { insertStores } from '../fixtures/sales-orders.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type Err, type StaffTestApp } from './staff-helpers.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** [store index, title, size, stock, price in rupees] */
type Line = [number, string, string, number, number];

const LINES: Line[] = [
  [0, 'Nandgaon Cow Ghee', '1 L', 0, 620],
  [1, 'Nandgaon Cow Ghee', '1 L', 12, 640],
  [2, 'Nandgaon Cow Ghee', '1 L', 5, 600],
  [0, 'Shudh Desi Cow Ghee', '500 ml', 0, 310],
  [0, 'Kolar Tomatoes', '1 kg', 30, 40],
  [0, 'Farm Select Cherry Tomato', '250 g', 9, 60],
  [0, 'Safai Plus Dishwash Bar', '3 pcs', 40, 60],
  [0, 'Glow Aloe Body Wash', '250 ml', 40, 180],
  [1, 'Sparkle Dish Wash Gel', '500 ml', 25, 99],
  [0, 'Nandgaon Malai Paneer', '200 g', 20, 90],
  [0, 'Nandgaon Toned Milk', '1 L', 50, 56],
  [0, 'Kesari Whole Wheat Atta', '5 kg', 15, 260],
  [0, 'Masala Mart Jeera (Cumin Seeds)', '100 g', 15, 70],
  [0, 'Annapurna Mills Basmati Rice', '5 kg', 8, 520],
  [0, 'Royal Harvest Chocolate Biscuits', '200 g', 8, 40],
  [0, 'Happy Hens Brown Eggs', '6 pcs', 8, 60],
  [0, 'Frozen Fresh Strawberries', '250 g', 8, 150],
  [0, 'Crunchy Gee Wafers', '100 g', 8, 20],
  [0, 'Coorg Estate Arabica Coffee Beans', '250 g', 8, 400],
  [0, 'Nashik Onion', '1 kg', 8, 35],
  [0, 'Secret Hidden Saffron', '1 g', 8, 300],
];

async function insertLines(t: StaffTestApp): Promise<Map<string, number>> {
  const db = t.db.db;
  const stores = await insertStores(db, ['Green Basket, Indiranagar', 'Fresh Cart, Powai', 'Daily Needs, Adyar']);
  const dbs = await db
    .insertInto('store_dbs')
    .values(stores.map((id) => ({ store_id: id, title: 'Main', updated_at: AT })))
    .returning(['id', 'store_id'])
    .execute();
  const ids = new Map<string, number>();
  for (const [s, title, size, stock, rupees] of LINES) {
    const storeId = stores[s] as number;
    const dbId = dbs.find((d) => d.store_id === storeId)?.id as number;
    const row = await db
      .insertInto('items')
      .values({
        store_id: storeId,
        db_id: dbId,
        section_id: null,
        title,
        meta_description: '',
        content: '',
        hidden: title.startsWith('Secret') ? 1 : 0,
        stock,
        size,
        unit_price: rupees * 100,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 0,
        selling_price: rupees * 100,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(`${s}:${title}`, row.id);
  }
  return ids;
}

describe.each(DIALECTS)('search (%s)', (dialect) => {
  let t: StaffTestApp;
  let ids: Map<string, number>;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    ids = await insertLines(t);
  });
  afterAll(() => t.close());

  const search = (q: string, more = '') => t.call<SearchAnswer>('GET', `/api/Search?q=${encodeURIComponent(q)}${more}`);
  const titles = async (q: string) => (await search(q)).body.Hits.map((h) => h.ItemTitle);

  it('answers a page of products a CDN may keep a short time', async () => {
    const res = await search('ghee');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    expect(res.body.Total).toBe(2);
  });

  it('lists one product of several stores once, with its stores, in stock first', async () => {
    const res = await search('cow ghee');
    const [first, second] = res.body.Hits;
    // The out-of-stock Shudh Desi ghee comes after the Nandgaon ghee that two stores have.
    expect(first?.ItemTitle).toBe('Nandgaon Cow Ghee');
    expect(second?.ItemTitle).toBe('Shudh Desi Cow Ghee');
    expect(res.body.Hits).toHaveLength(2);
    // The hit is the cheapest store that has it; its stores in stock first, then by price.
    expect(first?.StoreID).toBe(first?.Stores[0]?.StoreID);
    expect(first?.SellingPrice).toBe(600);
    expect(first?.Stores.map((s) => [s.SellingPrice, s.Availability])).toEqual([
      [600, 5],
      [640, 12],
      [620, 0],
    ]);
    expect(first?.Stores[0]?.StoreTitle).toBe('Daily Needs, Adyar');
  });

  it('finds the last word by its start as typed', async () => {
    expect(await titles('nandgaon pan')).toEqual(['Nandgaon Malai Paneer']);
    expect(await titles('basm')).toEqual(['Annapurna Mills Basmati Rice']);
  });

  it('finds plurals by the singular and the singular by the plural', async () => {
    expect((await titles('tomato')).sort()).toEqual(['Farm Select Cherry Tomato', 'Kolar Tomatoes']);
    expect((await titles('tomatoes')).sort()).toEqual(['Farm Select Cherry Tomato', 'Kolar Tomatoes']);
    expect(await titles('biscuit')).toEqual(['Royal Harvest Chocolate Biscuits']);
    expect(await titles('strawberry')).toEqual(['Frozen Fresh Strawberries']);
    expect(await titles('eggs')).toEqual(['Happy Hens Brown Eggs']);
  });

  it('forgives one typo from 5 letters and two from 9, never in shorter words', async () => {
    expect(await titles('panner')).toEqual(['Nandgaon Malai Paneer']);
    expect(await titles('onoin')).toEqual(['Nashik Onion']);
    // 9 letters: two typos.
    expect(await titles('chocolte biscits')).toEqual(['Royal Harvest Chocolate Biscuits']);
    expect(await titles('arabikka')).toEqual([]);
    expect(await titles('arrabbica')).toEqual(['Coorg Estate Arabica Coffee Beans']);
    // 4 letters or fewer: no typo, so "gee" is not ghee (only the wafers called Gee).
    expect(await titles('gee')).toEqual(['Crunchy Gee Wafers']);
    expect(await titles('mlik')).toEqual([]);
    // 5 to 8 letters: not two.
    expect(await titles('pannir')).toEqual([]);
  });

  it('finds words written together or apart', async () => {
    expect((await titles('dish wash')).sort()).toEqual(['Safai Plus Dishwash Bar', 'Sparkle Dish Wash Gel']);
    expect((await titles('dishwash')).sort()).toEqual(['Safai Plus Dishwash Bar', 'Sparkle Dish Wash Gel']);
  });

  it('finds synonyms, and a change of them by staff at once', async () => {
    expect(await titles('dudh')).toEqual(['Nandgaon Toned Milk']);
    expect(await titles('jeera')).toEqual(['Masala Mart Jeera (Cumin Seeds)']);
    expect(await titles('atta')).toEqual(['Kesari Whole Wheat Atta']);
    expect(await titles('wheat flour')).toEqual(['Kesari Whole Wheat Atta']);
    expect(await titles('chawal')).toEqual(['Annapurna Mills Basmati Rice']);
    expect(await titles('bhutta')).toEqual([]);
    const read = await t.call<{ Groups: string[][] }>('GET', '/api/Search/Synonyms', { token: t.employee.token });
    expect(read.status).toBe(200);
    expect(read.body.Groups.length).toBeGreaterThanOrEqual(30);
    expect(read.body.Groups[0]).toEqual(['dudh', 'doodh', 'milk']);
    const groups = [...read.body.Groups, ['Bhutta', 'Strawberry']];
    const put = await t.call<{ Groups: string[][] }>('PUT', '/api/Search/Synonyms', {
      token: t.employee.token,
      json: { Groups: groups },
    });
    expect(put.status).toBe(200);
    expect(put.body.Groups.at(-1)).toEqual(['bhutta', 'strawberry']);
    expect(await titles('bhutta')).toEqual(['Frozen Fresh Strawberries']);
    const without = await t.call('PUT', '/api/Search/Synonyms', {
      token: t.employee.token,
      json: { Groups: read.body.Groups.filter((g) => !g.includes('dudh')) },
    });
    expect(without.status).toBe(200);
    expect(await titles('dudh')).toEqual([]);
  });

  it('finds a changed title by its new words at once', async () => {
    const id = ids.get('0:Nashik Onion') as number;
    const res = await t.call('PATCH', `/api/Item/Edit/${id}`, {
      token: t.employee.token,
      json: { ItemTitle: 'Nashik Red Shallots' },
    });
    expect(res.status).toBe(200);
    expect(await titles('shallot')).toEqual(['Nashik Red Shallots']);
    expect(await titles('onion')).toEqual([]);
    // A new word is known to typos too.
    expect(await titles('shallotts')).toEqual(['Nashik Red Shallots']);
  });

  it('never lists hidden items', async () => {
    expect(await titles('saffron')).toEqual([]);
  });

  it('pages products', async () => {
    const one = await search('nandgaon', '&limit=1&page=2');
    const all = await search('nandgaon');
    expect(one.body.Total).toBe(all.body.Total);
    expect(one.body.Hits.map((h) => h.ItemID)).toEqual([all.body.Hits[1]?.ItemID]);
  });

  it('answers 400 naming the parameter and its rule', async () => {
    const cases: [string, string][] = [
      ['/api/Search', 'q'],
      ['/api/Search?q=a', 'q'],
      ['/api/Search?q=%20%2C', 'q'],
      ['/api/Search?q=ghee&limit=51', 'limit'],
      ['/api/Search?q=ghee&limit=0', 'limit'],
      ['/api/Search?q=ghee&page=0', 'page'],
      ['/api/Search?q=ghee&page=x', 'page'],
    ];
    for (const [path, field] of cases) {
      const res = await t.call<Err>('GET', path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {}), path).toEqual([field]);
    }
    const bad = await t.call<Err>('PUT', '/api/Search/Synonyms', {
      token: t.employee.token,
      json: { Groups: [['dudh']] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState?.Groups?.[0]).toMatch(/group 1 must hold at least 2 different terms/);
    expect(
      (await t.call('PUT', '/api/Search/Synonyms', { token: t.employee.token, json: { Groups: 'x' } })).status,
    ).toBe(400);
  });

  it('follows a reseed of the whole catalogue (PostgreSQL empties it with TRUNCATE)', async () => {
    await seedCatalogue(t.db.db, dialect, { items: 60, seed: 2, contentDir: join(t.db.dataDir, 'seed') });
    expect(await titles('nandgaon cow')).toEqual([]);
    const items = await t.db.db.selectFrom('items').select(['id', 'title']).where('hidden', '=', 0).execute();
    const word = (items[0]?.title ?? '').split(' ').at(-1) as string;
    const found = await search(word);
    expect(found.body.Total).toBeGreaterThan(0);
    const byId = new Map(items.map((i) => [i.id, i.title]));
    for (const hit of found.body.Hits) expect(byId.get(hit.ItemID)).toBe(hit.ItemTitle);
  });

  it('lets only staff read or change the synonyms', async () => {
    expect((await t.call('GET', '/api/Search/Synonyms')).status).toBe(401);
    expect((await t.call('GET', '/api/Search/Synonyms', { token: t.user.token })).status).toBe(403);
    const put = await t.call('PUT', '/api/Search/Synonyms', { token: t.user.token, json: { Groups: [] } });
    expect(put.status).toBe(403);
    expect((await t.call('GET', '/api/Search/Synonyms', { token: t.admin.token })).status).toBe(200);
  });
});
