import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCustomOrder } from '../../src/lib/domain/catalogue.ts';
import { sellingPrice } from '../../src/lib/domain/pricing.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { planCatalogue } from '../../src/server/db/seed/generate.ts';
import { PICTURE_FILES, withVersions } from '../../src/server/db/seed/tiles.ts';
import { isCatalogueEmpty, seedCatalogue } from '../../src/server/db/seed.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

const N = 300;
const S = 7;
const T = '2026-03-01T10:00:00.000Z';

/** Every catalogue table, each in primary-key order. */
async function dumpCatalogue(db: Kysely<Database>) {
  return {
    categories: await db.selectFrom('categories').selectAll().orderBy('id').execute(),
    stores: await db.selectFrom('stores').selectAll().orderBy('id').execute(),
    store_dbs: await db.selectFrom('store_dbs').selectAll().orderBy('id').execute(),
    sections: await db.selectFrom('sections').selectAll().orderBy('id').execute(),
    published_sections: await db
      .selectFrom('published_sections')
      .selectAll()
      .orderBy('section_id')
      .orderBy('db_id')
      .execute(),
    items: await db.selectFrom('items').selectAll().orderBy('id').execute(),
  };
}

/** Tile files under the content directory (relative path → content hash), in sorted order. */
function tileFiles(contentDir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else out.set(relative(contentDir, path), createHash('sha1').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(contentDir);
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

describe.each(DIALECTS)('demo catalogue seed on %s', (dialect) => {
  let t: TestDb;
  let contentDir: string;
  let first: Awaited<ReturnType<typeof dumpCatalogue>>;
  let firstTiles: Map<string, string>;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    contentDir = join(t.dataDir, 'content');
    expect(await isCatalogueEmpty(t.db)).toBe(true);
    const summary = await seedCatalogue(t.db, dialect, { items: N, seed: S, contentDir });
    first = await dumpCatalogue(t.db);
    firstTiles = tileFiles(contentDir);
    expect(summary.items).toBe(N);
    expect([...firstTiles.keys()].filter((p) => p.endsWith('/ti.png'))).toHaveLength(summary.tiles);
    expect(firstTiles.size).toBe(summary.tiles * PICTURE_FILES.length);
  });
  afterAll(() => t.cleanup());

  it('creates exactly N items in a realistic shape and reports what it wrote', async () => {
    expect(await isCatalogueEmpty(t.db)).toBe(false);
    expect(first.items).toHaveLength(N);
    expect(first.categories.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Fresh Produce', 'Bakery & Treats', 'Dairy & Eggs', 'Household Essentials', 'Baby Care']),
    );
    const storesPerCategory = first.categories.map((c) => first.stores.filter((s) => s.category_id === c.id).length);
    for (const n of storesPerCategory) expect(n).toBeGreaterThanOrEqual(3);
    for (const n of storesPerCategory) expect(n).toBeLessThanOrEqual(6);
    expect(new Set(first.stores.map((s) => s.type))).toEqual(
      new Set(['public_store', 'client_store', 'edu_shopy_store']),
    );
    // Every store has a database; some client stores have two.
    for (const s of first.stores) expect(first.store_dbs.some((d) => d.store_id === s.id)).toBe(true);
    const dbCount = new Map<number, number>();
    for (const d of first.store_dbs) dbCount.set(d.store_id, (dbCount.get(d.store_id) ?? 0) + 1);
    const twoDbStores = first.stores.filter((s) => dbCount.get(s.id) === 2);
    expect(twoDbStores.length).toBeGreaterThan(0);
    for (const s of twoDbStores) expect(s.type).toBe('client_store');
    // Items sit in a section of their store's database; ids run 1..N.
    const sectionDb = new Map(first.sections.map((s) => [s.id, s.db_id]));
    const dbStore = new Map(first.store_dbs.map((d) => [d.id, d.store_id]));
    expect(first.items.map((i) => i.id)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    for (const item of first.items) {
      expect(item.section_id).not.toBeNull();
      expect(sectionDb.get(item.section_id ?? 0)).toBe(item.db_id);
      expect(dbStore.get(item.db_id)).toBe(item.store_id);
      // A brand never repeats the first word of the name ("Nagpur Nagpur Orange"); "Peri Peri" is a name.
      expect(item.title).not.toMatch(/\b(?!Peri\b)(\w+) \1\b/);
      expect(item.size).toMatch(/^(\d+ x )?\d+(\.\d+)? (g|kg|ml|L|pcs?|bags|rolls|m|bunch)$/);
    }
    const section = first.sections.find((s) => s.content.includes('<table>'));
    expect(section?.content).toMatch(/<h2>.+<\/h2>/);
    expect(section?.content).toContain('<ul><li>');
    expect(section?.content).toMatch(/<a href="\/app\/stores\/\d+">/);
    expect(first.sections.every((s) => s.meta_description.length > 20)).toBe(true);
  });

  it('prices every item with sellingPrice(), in paise, with GST of 0, 5, 12 or 18 % and some offers', () => {
    for (const i of first.items) {
      expect(i.selling_price).toBe(
        sellingPrice({
          unitPrice: i.unit_price,
          discountBps: i.discount_bps,
          flatDiscount: i.flat_discount,
          gstBps: i.gst_bps,
        }),
      );
      expect(Number.isInteger(i.unit_price) && i.unit_price > 0).toBe(true);
      expect([0, 500, 1200, 1800]).toContain(i.gst_bps);
    }
    expect(first.items.some((i) => i.discount_bps > 0)).toBe(true);
    expect(first.items.some((i) => i.flat_discount > 0)).toBe(true);
    expect(first.items.some((i) => i.discount_bps === 0 && i.flat_discount === 0)).toBe(true);
    expect(new Set(first.items.map((i) => i.gst_bps)).size).toBeGreaterThan(2);
  });

  it('has sold-out, hidden and unpublished rows in about the planned shares', () => {
    const soldOut = first.items.filter((i) => i.stock === 0).length;
    expect(soldOut).toBe(Math.ceil(N * 0.05));
    expect(first.items.filter((i) => i.hidden === 1)).toHaveLength(Math.ceil(N * 0.03));
    expect(first.stores.some((s) => s.hidden === 1)).toBe(true);
    expect(first.sections.some((s) => s.hidden === 1)).toBe(true);
    const published = new Set(first.published_sections.map((p) => p.section_id));
    const drafts = first.sections.filter((s) => !published.has(s.id));
    expect(drafts.length).toBeGreaterThan(0);
    expect(published.size / first.sections.length).toBeGreaterThan(0.85);
    expect(published.size / first.sections.length).toBeLessThan(0.95);
    // The first store of each category is never hidden: it is where visitors land.
    for (const c of first.categories) expect(first.stores.find((s) => s.category_id === c.id)?.hidden).toBe(0);
  });

  it('writes CustomOrder as JSON lists of the section’s own items, copied into the published section', () => {
    const bySection = new Map<number, Set<number>>();
    for (const i of first.items) {
      const set = bySection.get(i.section_id ?? 0) ?? new Set<number>();
      set.add(i.id);
      bySection.set(i.section_id ?? 0, set);
    }
    let subsets = 0;
    for (const s of first.sections) {
      expect(() => JSON.parse(s.custom_order)).not.toThrow();
      const ids = parseCustomOrder(s.custom_order);
      expect(ids).not.toBeNull();
      const own = bySection.get(s.id) ?? new Set<number>();
      for (const id of ids ?? []) expect(own.has(id)).toBe(true);
      expect(new Set(ids).size).toBe(ids?.length);
      if ((ids?.length ?? 0) < own.size) subsets++;
    }
    expect(subsets).toBeGreaterThan(0);
    const sections = new Map(first.sections.map((s) => [s.id, s]));
    const dbStore = new Map(first.store_dbs.map((d) => [d.id, d.store_id]));
    for (const p of first.published_sections) {
      const s = sections.get(p.section_id);
      expect(p).toMatchObject({ db_id: s?.db_id, title: s?.title, custom_order: s?.custom_order, hidden: s?.hidden });
      expect(p.store_id).toBe(dbStore.get(p.db_id));
    }
  });

  it('writes 400×300 PNG tiles at the content paths of existing rows, leaving some rows without one', async () => {
    const paths = [...firstTiles.keys()].filter((p) => p.endsWith('/ti.png'));
    const storeIds = new Set(first.stores.map((s) => s.id));
    const sectionKeys = new Set(first.sections.map((s) => `${s.db_id}/${s.id}`));
    const bookKeys = new Set(first.published_sections.map((p) => `${p.db_id}/${p.section_id}`));
    const itemKeys = new Set(first.items.map((i) => `${i.store_id}/${i.id}`));
    for (const path of paths) {
      const m = /^(?:Store\/(\d+)|(\d+)\/(Section|Book|Item)\/(\d+))\/ti\.png$/.exec(path);
      expect(m, path).not.toBeNull();
      if (m?.[1]) expect(storeIds.has(Number(m[1]))).toBe(true);
      else if (m?.[3] === 'Section') expect(sectionKeys.has(`${m[2]}/${m[4]}`)).toBe(true);
      else if (m?.[3] === 'Book') expect(bookKeys.has(`${m[2]}/${m[4]}`)).toBe(true);
      else expect(itemKeys.has(`${m?.[2]}/${m?.[4]}`)).toBe(true);
    }
    const count = (re: RegExp) => paths.filter((p) => re.test(p)).length;
    expect(count(/^Store\//)).toBeLessThan(first.stores.length);
    expect(count(/\/Section\//)).toBeLessThan(first.sections.length);
    expect(count(/\/Item\//)).toBe(N - Math.ceil(N * 0.05));
    expect(count(/\/Book\//)).toBeGreaterThan(0);
    for (const path of paths) {
      const meta = await sharp(join(contentDir, path)).metadata();
      expect([meta.format, meta.width, meta.height], path).toEqual(['png', 400, 300]);
    }
  });

  it('gives every tile its AVIF and WebP versions, and draws photographs, not flat colours', async () => {
    const paths = [...firstTiles.keys()].filter((p) => p.endsWith('/ti.png'));
    for (const path of paths) {
      const dir = path.slice(0, -'ti.png'.length);
      for (const name of PICTURE_FILES) expect(firstTiles.has(`${dir}${name}`), `${dir}${name}`).toBe(true);
    }
    // A sample of distinct pictures: the bytes of a photograph as PNG, a small fraction of that as AVIF.
    const distinct = new Map<string, string>();
    for (const path of paths) distinct.set(firstTiles.get(path) ?? '', path);
    expect(distinct.size).toBeGreaterThan(10);
    for (const path of [...distinct.values()].slice(0, 6)) {
      const dir = join(contentDir, path.slice(0, -'ti.png'.length));
      const png = readFileSync(join(dir, 'ti.png'));
      expect(png.byteLength, path).toBeGreaterThan(200_000);
      const { channels } = await sharp(png).stats();
      for (const c of channels) expect(c.stdev, path).toBeGreaterThan(20);
      const avif = await sharp(join(dir, 'ti-200.avif')).metadata();
      expect([avif.format, avif.width, avif.height]).toEqual(['heif', 200, 150]);
      expect(readFileSync(join(dir, 'ti-400.avif')).byteLength).toBeLessThan(png.byteLength / 10);
      expect(readFileSync(join(dir, 'ti-400.webp')).byteLength).toBeLessThan(png.byteLength / 5);
    }
  });

  it('gives identical rows and tiles for the same N and S, and keeps accounts, orders and the audit log', async () => {
    const user = await t.db
      .insertInto('users')
      .values({
        email: 'keep@example.com',
        password_hash: 'x',
        full_name: 'Keep Me',
        phone: '',
        address_line1: '',
        address_line2: '',
        city: '',
        state: '',
        postal_code: '',
        kind: 'user',
        email_confirmed: 1,
        security_stamp: 's',
        created_at: T,
        updated_at: T,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await t.db
      .insertInto('orders')
      .values({
        user_id: user.id,
        status: 'Placed',
        total: 100,
        idempotency_key: null,
        response: null,
        created_at: T,
        updated_at: T,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A store's delivery settings and slots (issue 31), one of them held by the kept order: they
    // go with the store they belong to (on PostgreSQL they once stopped the seed's truncate).
    await t.db
      .insertInto('store_delivery')
      .values({ store_id: 1, postal_codes: '["4110*"]', fee: 3000, minimum_order: 0, free_above: null, updated_at: T })
      .execute();
    await t.db
      .insertInto('slot_rules')
      .values({ store_id: 1, lead_minutes: 60, days_ahead: 7, made_through: '', updated_at: T })
      .execute();
    await t.db
      .insertInto('slot_templates')
      .values({ store_id: 1, weekday: 1, start_time: '09:00', end_time: '11:00', capacity: 5 })
      .execute();
    const slot = await t.db
      .insertInto('delivery_slots')
      .values({
        store_id: 1,
        starts_at: '2030-01-01T03:30:00.000Z',
        ends_at: '2030-01-01T05:30:00.000Z',
        cutoff_at: '2030-01-01T02:30:00.000Z',
        capacity: 5,
        booked: 1,
        from_template: 0,
        created_at: T,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('order_slots').values({ order_id: order.id, store_id: 1, slot_id: slot.id }).execute();
    await t.db
      .insertInto('audit_log')
      .values({
        at: T,
        actor_id: user.id,
        actor_email: 'keep@example.com',
        action: 'test',
        target: '',
        detail: '{}',
        ip: '',
      })
      .execute();
    await t.db.insertInto('carts').values({ user_id: user.id, customer_name: 'Keep Me', updated_at: T }).execute();
    await t.db
      .insertInto('cart_items')
      .values({ cart_id: user.id, item_id: 1, store_id: 1, qty: 2, status: 'added' })
      .execute();
    // A stale tile of a row the new catalogue does not have, and a file that is not the seed's.
    mkdirSync(join(contentDir, '999', 'Item', '999'), { recursive: true });
    writeFileSync(join(contentDir, '999', 'Item', '999', 'ti.png'), 'stale');
    mkdirSync(join(contentDir, '1', 'Item', '999999'), { recursive: true });
    writeFileSync(join(contentDir, 'README.txt'), 'not a tile');

    await seedCatalogue(t.db, dialect, { items: N, seed: S, contentDir });

    expect(await dumpCatalogue(t.db)).toEqual(first);
    const tiles = tileFiles(contentDir);
    expect(tiles.get('README.txt')).toBeDefined();
    expect(existsSync(join(contentDir, '1', 'Item', '999999'))).toBe(false);
    expect(existsSync(join(contentDir, '999'))).toBe(false);
    tiles.delete('README.txt');
    expect(tiles).toEqual(firstTiles);
    expect(await t.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'keep@example.com' }]);
    expect(await t.db.selectFrom('orders').select('total').execute()).toEqual([{ total: 100 }]);
    expect(await t.db.selectFrom('audit_log').select('action').execute()).toEqual([{ action: 'test' }]);
    expect(await t.db.selectFrom('carts').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('cart_items').selectAll().execute()).toEqual([]);
    for (const table of ['store_delivery', 'slot_rules', 'slot_templates', 'delivery_slots', 'order_slots'] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
  });

  it('restarts ids on every seed, and new rows continue after the seeded ones', async () => {
    const row = await t.db
      .insertInto('categories')
      .values({ title: 'Added later', updated_at: T })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(first.categories.length + 1);
    await seedCatalogue(t.db, dialect, { items: N, seed: S, contentDir });
    expect(await dumpCatalogue(t.db)).toEqual(first);
    const item = first.items[0];
    if (item === undefined) throw new Error('the seed wrote no items');
    const added = await t.db
      .insertInto('items')
      .values({ ...item, id: undefined, title: 'New item' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(N + 1);
  });

  it('gives different data for a different S, and a smaller reseed leaves exactly its own tiles', async () => {
    await seedCatalogue(t.db, dialect, { items: N, seed: S + 1, contentDir });
    const other = await dumpCatalogue(t.db);
    expect(other.items).toHaveLength(N);
    expect(other.items.map((i) => [i.title, i.unit_price])).not.toEqual(
      first.items.map((i) => [i.title, i.unit_price]),
    );
    expect(other.stores.map((s) => s.title)).not.toEqual(first.stores.map((s) => s.title));

    await seedCatalogue(t.db, dialect, { items: 40, seed: S, contentDir });
    expect(await t.db.selectFrom('items').select('id').execute()).toHaveLength(40);
    const expected = withVersions(planCatalogue(40, S).tiles)
      .map((tile) => tile.path)
      .sort((a, b) => a.localeCompare(b));
    const tiles = [...tileFiles(contentDir).keys()].filter((p) => p !== 'README.txt');
    expect(tiles).toEqual(expected);
  });
});

describe('demo catalogue seed across engines', () => {
  it('writes the same rows on SQLite and PostgreSQL', async () => {
    const dbs = await Promise.all(DIALECTS.map((d) => createTestDb(d)));
    try {
      const dumps = [];
      for (const [i, d] of DIALECTS.entries()) {
        const t = dbs[i] as TestDb;
        await seedCatalogue(t.db, d, { items: 120, seed: 3, contentDir: join(t.dataDir, 'content') });
        dumps.push(await dumpCatalogue(t.db));
      }
      expect(dumps[1]).toEqual(dumps[0]);
    } finally {
      await Promise.all(dbs.map((t) => t.cleanup()));
    }
  });
});
