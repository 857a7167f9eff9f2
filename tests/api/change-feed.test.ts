import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueChangesDto, ItemDto } from '../../src/lib/domain/catalogue.ts';
import { feedEntriesSince } from '../../src/server/catalogue/change-feed.ts';
import { openDb } from '../../src/server/db/connection.ts';
import { insertCatalogue, insertCatalogueExtras, T1 } from '../fixtures/catalogue.ts';
import { createTestApp, DIALECTS, type TestApp } from './harness.ts';

interface ErrorBody {
  Message: string;
  ModelState: Record<string, string[]>;
}

describe.each(DIALECTS)('the catalogue change feed on %s', (dialect) => {
  let t: TestApp;
  const changes = async (since?: string) => {
    const res = await t.get<CatalogueChangesDto>(
      `/api/Site/Changes${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.body;
  };
  const cursor = async () => (await changes()).Cursor;
  const changedIds = (c: CatalogueChangesDto) => c.Items.map((i) => i.ItemID);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await insertCatalogue(t.db.db);
    await insertCatalogueExtras(t.db.db);
  });
  afterAll(() => t.close());

  it('without a cursor, or with one of another database, says read everything and gives a cursor', async () => {
    const first = await changes();
    expect(first.ReadEverything).toBe(true);
    expect(first.Items).toEqual([]);
    expect(first.Cursor).toMatch(/^[0-9a-f]{16}\.\d+$/);
    const foreign = await changes(`0123456789abcdef.${first.Cursor.split('.')[1]}`);
    expect(foreign.ReadEverything).toBe(true);
    // A cursor from ahead of this feed (a database restored from a copy) is not trusted either.
    const ahead = await changes(`${first.Cursor.split('.')[0]}.99999999999`);
    expect(ahead.ReadEverything).toBe(true);
  });

  it('names the since parameter and its rule when it is not a cursor', async () => {
    const res = await t.get<ErrorBody>('/api/Site/Changes?since=yesterday');
    expect(res.status).toBe(400);
    expect(res.body.ModelState.since?.[0]).toBe('since must be the Cursor of an earlier /api/Site/Changes answer.');
  });

  it('tells nothing changed, then the current rows of items edited in place, however they were written', async () => {
    const c0 = await cursor();
    expect(await changes(c0)).toEqual({ Cursor: c0, ReadEverything: false, Items: [] });
    // A price edit and a sale (stock taken), written straight to the database as an order or a script would.
    await t.db.db.updateTable('items').set({ unit_price: 9900, selling_price: 9900 }).where('id', '=', 1).execute();
    await t.db.db
      .updateTable('items')
      .set((eb) => ({ stock: eb('stock', '-', 1) }))
      .where('id', '=', 6)
      .execute();
    const c1 = await changes(c0);
    expect(c1.ReadEverything).toBe(false);
    expect(changedIds(c1)).toEqual([1, 6]);
    // The rows are what the catalogue read gives, field for field and in the same order.
    for (const item of c1.Items) {
      const read = await t.get<ItemDto>(`/api/Item/Read/${item.ItemID}/${item.DbID}`);
      expect(JSON.stringify(item)).toBe(JSON.stringify(read.body));
    }
    expect(c1.Items[0]?.UnitPrice).toBe(99);
    // From the new cursor on, those changes are behind.
    expect(await changes(c1.Cursor)).toEqual({ Cursor: c1.Cursor, ReadEverything: false, Items: [] });
  });

  it('says read everything after a change that adds, removes or moves a page', async () => {
    const moves: [string, () => Promise<unknown>][] = [
      [
        'an item moved to another section',
        () => t.db.db.updateTable('items').set({ section_id: 5 }).where('id', '=', 1).execute(),
      ],
      [
        'a category renamed',
        () => t.db.db.updateTable('categories').set({ title: 'Groceries' }).where('id', '=', 1).execute(),
      ],
      ['a store edited', () => t.db.db.updateTable('stores').set({ description: 'New' }).where('id', '=', 1).execute()],
      [
        'a published section edited',
        () =>
          t.db.db.updateTable('published_sections').set({ title: 'Fresh fruit' }).where('section_id', '=', 1).execute(),
      ],
      ['an item deleted', () => t.db.db.deleteFrom('items').where('id', '=', 7).execute()],
    ];
    for (const [what, change] of moves) {
      const before = await cursor();
      await change();
      const after = await changes(before);
      expect(after.ReadEverything, what).toBe(true);
      // Once read, the next cursor starts after it: an edit in place is an edit in place again.
      await t.db.db
        .updateTable('items')
        .set({ size: `${what.length} g` })
        .where('id', '=', 4)
        .execute();
      const next = await changes(after.Cursor);
      expect(next.ReadEverything, what).toBe(false);
      expect(changedIds(next), what).toEqual([4]);
    }
  });

  it('never misses a transaction that began before the cursor and committed after it', async () => {
    const other = openDb(dialect === 'sqlite' ? { sqliteFile: t.db.url } : { databaseUrl: t.db.url });
    try {
      let before = '';
      await other.db.transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ updated_at: T1, stock: 42 }).where('id', '=', 3).execute();
        before = await cursor();
      });
      const after = await changes(before);
      expect(after.ReadEverything).toBe(false);
      expect(after.Items.map((i) => [i.ItemID, i.Availability])).toEqual([[3, 42]]);
      // A rolled-back write leaves nothing behind.
      const c = after.Cursor;
      await other.db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable('items').set({ stock: 1 }).where('id', '=', 4).execute();
          throw new Error('rolled back');
        })
        .catch(() => {});
      expect(changedIds(await changes(c))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("shows a watching rebuild every write since a cursor as an entry it had not seen, a late commit's too", async () => {
    const entries = () => feedEntriesSince(t.db.db, dialect, built);
    // A build's cursor, and what the feed held just before that build ran.
    const built = await cursor();
    const seen = new Set(await entries());
    const fresh = async () => (await entries()).filter((e) => !seen.has(e));
    expect(await fresh()).toEqual([]);
    await t.db.db.updateTable('items').set({ unit_price: 4321 }).where('id', '=', 2).execute();
    const first = await fresh();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^item:2:\d+$/);
    // Seen before the next run, then the same row written again in a transaction that began before that look.
    for (const e of first) seen.add(e);
    const other = openDb(dialect === 'sqlite' ? { sqliteFile: t.db.url } : { databaseUrl: t.db.url });
    try {
      await other.db.transaction().execute(async (trx) => {
        await trx.updateTable('items').set({ unit_price: 4322 }).where('id', '=', 2).execute();
        expect(await fresh()).toEqual([]);
      });
    } finally {
      await other.close();
    }
    const second = await fresh();
    expect(second).toHaveLength(1);
    expect(second[0]).toMatch(/^item:2:\d+$/);
    // A cursor of another database is one marker, always the same: a run reads everything once.
    const foreign = await feedEntriesSince(t.db.db, dialect, '0123456789abcdef.1');
    expect(foreign).toEqual(await feedEntriesSince(t.db.db, dialect, '0123456789abcdef.1'));
    expect(foreign).toHaveLength(1);
  });
});
