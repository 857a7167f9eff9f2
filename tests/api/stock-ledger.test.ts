import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import type { FeedClientDto } from '../../src/lib/domain/feed-rules.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { StockHistoryEntryDto } from '../../src/lib/domain/stock-history.ts';
import { queueReorderMails } from '../../src/server/catalogue/reorder-mail.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { createTestDb, DIALECTS } from './harness.ts';
import { createStaffTestApp, type Err, STAFF_JWT_SECRET, type StaffTestApp } from './staff-helpers.ts';

// Issue 33, item 4. The fixture catalogue: Apple (item 1, store 1, 40 in stock), Cherry
// (item 3, store 1, sold out), Soap Bar (item 4, store 3, 100 in stock).
const APPLE = { id: 1, store: 1 };
const CHERRY = { id: 3, store: 1 };
const SOAP = { id: 4, store: 3 };

type Created = FeedClientDto & { Key: string };

/** What the migration does for the rows that were there before it: each item's stock opens its ledger. */
async function openLedger(db: Kysely<Database>, at: string): Promise<void> {
  const items = await db.selectFrom('items').select(['id', 'stock']).where('stock', '<>', 0).execute();
  if (items.length === 0) return;
  await db
    .insertInto('stock_ledger')
    .values(
      items.map((i) => ({
        item_id: i.id,
        at,
        change: i.stock,
        stock_before: 0,
        stock_after: i.stock,
        reason: 'opening' as const,
        account_id: null,
        feed_client_id: null,
        order_id: null,
      })),
    )
    .execute();
}

/** Every item whose stock is not the sum of its ledger, or whose rows do not chain before → after. */
async function ledgerBreaks(db: Kysely<Database>): Promise<string[]> {
  const items = await db.selectFrom('items').select(['id', 'stock']).orderBy('id').execute();
  const rows = await db.selectFrom('stock_ledger').selectAll().orderBy('id').execute();
  const breaks: string[] = [];
  for (const item of items) {
    const mine = rows.filter((r) => r.item_id === item.id);
    const sum = mine.reduce((s, r) => s + r.change, 0);
    if (sum !== item.stock) breaks.push(`item ${item.id}: stock ${item.stock}, ledger sums to ${sum}`);
    let last = 0;
    for (const r of mine) {
      if (r.stock_before !== last) breaks.push(`item ${item.id} row ${r.id}: before ${r.stock_before}, last ${last}`);
      if (r.stock_after - r.stock_before !== r.change) breaks.push(`item ${item.id} row ${r.id}: change`);
      if (r.stock_after < 0) breaks.push(`item ${item.id} row ${r.id}: below 0`);
      last = r.stock_after;
    }
  }
  return breaks;
}

describe.each(DIALECTS)('the stock ledger on %s', (dialect) => {
  let t: StaffTestApp;
  let shoppers: Customer[];
  let key: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    await openLedger(t.db.db, t.clock.now.toISOString());
    shoppers = await addCustomers(
      t.db.db,
      STAFF_JWT_SECRET,
      t.clock.now,
      Array.from({ length: 6 }, (_, i) => ({
        email: `shopper${i}@aisle.test`,
        fullName: `Shopper ${i}`,
        role: 'User' as const,
      })),
    );
    const res = await t.call<Created>('POST', '/api/FeedClient/Create', {
      token: t.admin.token,
      json: { Name: 'Till', Stores: [1, 3] },
    });
    key = res.body.Key;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(1000));

  const order = (who: Customer, lines: unknown[]) =>
    t.call<OrderDto & Err>('POST', '/api/cart/CreateOrder', { token: who.token, json: cartBody(who, lines) });
  const cancel = (who: Customer, id: number) => t.call('POST', `/api/Order/Cancel/${id}`, { token: who.token });
  const feed = (lines: unknown[]) =>
    t.call<Err>('POST', '/api/Feed/Stock', {
      json: { Lines: lines },
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `ledger-${++seq}` },
    });
  const edit = (id: number, json: unknown) =>
    t.call<ItemDto & Err>('PATCH', `/api/Item/Edit/${id}`, { token: t.employee.token, json });
  const importCsv = (text: string) =>
    t.call<Err>('POST', '/api/Catalogue/Import?name=stock.csv', {
      token: t.employee.token,
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    });
  const history = (id: number, query = '', token: string | null = t.employee.token) =>
    t.call<StockHistoryEntryDto[] & Err>('GET', `/api/Item/StockHistory/${id}${query}`, {
      token: token ?? undefined,
    });

  it('after orders, cancellations, feeds, imports and edits at once, each stock is the sum of its ledger', async () => {
    const shopping = shoppers.map(async (who, i) => {
      for (let round = 0; round < 4; round++) {
        const placed = await order(who, [
          line(APPLE.id, APPLE.store, 1 + ((i + round) % 3)),
          line(SOAP.id, SOAP.store, 2),
        ]);
        if (placed.status === 201 && (i + round) % 2 === 0)
          expect((await cancel(who, placed.body.OrderID)).status).toBe(200);
      }
    });
    const feeding = (async () => {
      for (let k = 0; k < 5; k++) {
        expect(
          (
            await feed([
              { ItemID: APPLE.id, Availability: 30 + k },
              { ItemID: SOAP.id, Availability: 90 - k },
            ])
          ).status,
        ).toBe(200);
      }
    })();
    const editing = (async () => {
      for (let k = 0; k < 5; k++) {
        expect((await edit(APPLE.id, { Availability: 25 + k })).status).toBe(200);
        expect((await edit(SOAP.id, { Availability: 60 + k })).status).toBe(200);
      }
    })();
    const importing = (async () => {
      for (let k = 0; k < 3; k++) {
        const res = await importCsv(`ItemID,Availability\n${APPLE.id},${50 + k}\n${SOAP.id},${70 + k}\n`);
        // An edit between the import's read and its write makes it a 409 (nothing written): that is fine here.
        expect([200, 409]).toContain(res.status);
      }
    })();
    await Promise.all([...shopping, feeding, editing, importing]);

    expect(await ledgerBreaks(t.db.db)).toEqual([]);
    const reasons = await t.db.db.selectFrom('stock_ledger').select('reason').distinct().execute();
    expect(reasons.map((r) => r.reason).sort()).toEqual(
      expect.arrayContaining(['cancellation', 'edit', 'feed', 'import', 'opening', 'order']),
    );
    // Each order line has its row, with the order and the customer.
    const lines = await t.db.db.selectFrom('order_lines').select(['order_id', 'item_id', 'qty']).execute();
    const orderRows = await t.db.db
      .selectFrom('stock_ledger')
      .select(['order_id', 'item_id', 'change', 'account_id'])
      .where('reason', '=', 'order')
      .execute();
    expect(orderRows.map((r) => `${r.order_id}:${r.item_id}:${-r.change}`).sort()).toEqual(
      lines.map((l) => `${l.order_id}:${l.item_id}:${l.qty}`).sort(),
    );
    expect(orderRows.every((r) => shoppers.some((s) => s.id === r.account_id))).toBe(true);
  });

  it("answers an item's history newest first, with who made each change, to staff only", async () => {
    const who = shoppers[0] as Customer;
    expect((await edit(CHERRY.id, { Availability: 10 })).status).toBe(200);
    const placed = await order(who, [line(CHERRY.id, CHERRY.store, 2)]);
    expect(placed.status).toBe(201);
    expect((await cancel(who, placed.body.OrderID)).status).toBe(200);
    expect((await feed([{ ItemID: CHERRY.id, Availability: 7 }])).status).toBe(200);

    const res = await history(CHERRY.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('4');
    expect(res.body.map(({ At: _, EntryID: __, ...rest }) => rest)).toEqual([
      { Change: -3, Before: 10, After: 7, Reason: 'feed', By: 'Feed key "Till"', OrderID: null },
      { Change: 2, Before: 8, After: 10, Reason: 'cancellation', By: 'Shopper 0', OrderID: placed.body.OrderID },
      { Change: -2, Before: 10, After: 8, Reason: 'order', By: 'Shopper 0', OrderID: placed.body.OrderID },
      { Change: 10, Before: 0, After: 10, Reason: 'edit', By: 'Esha Employee', OrderID: null },
    ]);
    const times = res.body.map((r) => r.At);
    expect([...times].sort().reverse()).toEqual(times);
    const ids = res.body.map((r) => r.EntryID);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const page = await history(CHERRY.id, '?limit=2&page=1');
    expect(page.body.map((r) => r.Reason)).toEqual(['order', 'edit']);
    expect((await history(CHERRY.id, '?sort=At%20asc&limit=1')).body.map((r) => r.Reason)).toEqual(['edit']);

    expect((await history(CHERRY.id, '', who.token)).status).toBe(403);
    expect((await history(CHERRY.id, '', t.user.token)).status).toBe(403);
    expect((await history(CHERRY.id, '', null)).status).toBe(401);
    expect((await history(9999)).status).toBe(404);
    const bad = await history(CHERRY.id, '?limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['limit']);
  });

  it('keeps a reorder level per item and lists the items at or below theirs for staff only', async () => {
    const bad = await edit(APPLE.id, { ReorderLevel: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState?.ReorderLevel?.[0]).toMatch(/^ReorderLevel must be a whole number from 0/);
    const stock = async (id: number) =>
      (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
    const apple = await stock(APPLE.id);
    expect((await edit(APPLE.id, { ReorderLevel: apple })).body.ReorderLevel).toBe(apple);
    expect((await edit(SOAP.id, { ReorderLevel: (await stock(SOAP.id)) - 1 })).status).toBe(200);
    const list = (token: string | undefined, query = '?atReorderLevel=true') =>
      t.call<ItemDto[] & Err>('GET', `/api/Item/ReadAll${query}`, token === undefined ? {} : { token });
    const low = await list(t.employee.token);
    expect(low.status).toBe(200);
    expect(low.body.map((i) => i.ItemID)).toEqual([APPLE.id]);
    expect((await list(t.employee.token, `?atReorderLevel=1&storeId=${SOAP.store}`)).body).toEqual([]);
    expect((await list(t.employee.token, '?atReorderLevel=maybe')).status).toBe(400);
    expect((await list(t.user.token)).status).toBe(403);
    expect((await list(undefined)).status).toBe(403);
    // Clearing it takes the item off the list.
    expect((await edit(APPLE.id, { ReorderLevel: null })).body.ReorderLevel).toBeNull();
    expect((await list(t.employee.token)).body).toEqual([]);
  });

  it("queues each store's low-stock mail once a shop day, however many look at once", async () => {
    const db = t.db.db;
    await db.updateTable('items').set({ reorder_level: 1000 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
    const now = new Date('2026-03-02T02:00:00.000Z'); // 07:30 in the shop's time zone
    const looks = await Promise.all([1, 2, 3].map(() => queueReorderMails(db, now, 'https://shop.aisle.test')));
    expect(looks.reduce((a, b) => a + b, 0)).toBe(2);
    const mails = await db
      .selectFrom('mail_queue')
      .select(['to_address', 'subject', 'body_text'])
      .where('kind', '=', 'stock.reorder')
      .orderBy('id')
      .execute();
    // Two stores, each to both staff accounts.
    expect(mails.map((m) => `${m.to_address} ${m.subject}`).sort()).toEqual([
      'adil@aisle.test Low stock at Clean Home: 1 item to reorder (2026-03-02)',
      'adil@aisle.test Low stock at Green Grocer: 1 item to reorder (2026-03-02)',
      'esha@aisle.test Low stock at Clean Home: 1 item to reorder (2026-03-02)',
      'esha@aisle.test Low stock at Green Grocer: 1 item to reorder (2026-03-02)',
    ]);
    expect(mails.find((m) => m.subject.includes('Green Grocer'))?.body_text).toMatch(/Apple\s+\d+\s+1000/);
    // Later the same shop day: nothing more; the next day: again.
    expect(await queueReorderMails(db, new Date('2026-03-02T18:00:00.000Z'), 'https://shop.aisle.test')).toBe(0);
    expect(await queueReorderMails(db, new Date('2026-03-02T18:31:00.000Z'), 'https://shop.aisle.test')).toBe(2);
  });
});

describe.each(DIALECTS)('migration 0320 on %s', (dialect) => {
  it("opens each existing item's ledger with its stock", async () => {
    const db = await createTestDb(dialect);
    try {
      await migrateTo(db.db, '0260_delivery_slots');
      await insertCatalogue(db.db);
      await migrateToLatest(db.db);
      const items = await db.db.selectFrom('items').select(['id', 'stock']).orderBy('id').execute();
      const rows = await db.db.selectFrom('stock_ledger').selectAll().orderBy('item_id').execute();
      expect(rows.map((r) => [r.item_id, r.reason, r.change, r.stock_before, r.stock_after])).toEqual(
        items.filter((i) => i.stock !== 0).map((i) => [i.id, 'opening', i.stock, 0, i.stock]),
      );
      expect(await ledgerBreaks(db.db)).toEqual([]);
    } finally {
      await db.cleanup();
    }
  });
});
