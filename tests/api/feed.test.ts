import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import type { FeedClientDto } from '../../src/lib/domain/feed-rules.ts';
import type { FeedAnswer } from '../../src/server/feeds/stock-feed.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';
import { auditOf, createStaffTestApp, type Err, STAFF_JWT_SECRET, type StaffTestApp } from './staff-helpers.ts';

type Created = FeedClientDto & { Key: string };

describe.each(DIALECTS)('stock and price feeds on %s', (dialect) => {
  let t: StaffTestApp;
  let key: string;
  let client: Created;
  let seq = 0;
  const feed = (body: unknown, opts: { key?: string; idem?: string; header?: 'x-api-key' | 'bearer' } = {}) =>
    t.call<FeedAnswer & Err>('POST', '/api/Feed/Stock', {
      json: body,
      headers: {
        ...(opts.header === 'x-api-key'
          ? { 'X-Api-Key': opts.key ?? key }
          : { Authorization: `Bearer ${opts.key ?? key}` }),
        'Idempotency-Key': opts.idem ?? `feed-${++seq}`,
      },
    });

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    await t.db.db.updateTable('items').set({ product_code: 'GG-APPLE' }).where('id', '=', 1).execute();
    const res = await t.call<Created>('POST', '/api/FeedClient/Create', {
      token: t.admin.token,
      json: { Name: 'Till, Green Grocer', Stores: [1, 3] },
    });
    expect(res.status).toBe(201);
    client = res.body;
    key = client.Key;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(1000));

  it('only an Admin creates and lists feed clients; the key is shown once and stored hashed', async () => {
    expect(key).toMatch(/^aisle_feed_[A-Za-z0-9_-]{40,}$/);
    expect(
      (await t.call('POST', '/api/FeedClient/Create', { token: t.employee.token, json: { Name: 'X' } })).status,
    ).toBe(403);
    const list = await t.call<FeedClientDto[]>('GET', '/api/FeedClient/ReadAll', { token: t.admin.token });
    expect(list.body[0]).toMatchObject({
      Name: 'Till, Green Grocer',
      RevokedAt: null,
      Stores: [1, 3],
      ExpiresAt: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(key);
    const row = await t.db.db.selectFrom('feed_clients').selectAll().executeTakeFirstOrThrow();
    expect(row.key_hash).not.toContain(key);
    expect(await auditOf(t.db.db, 'feedclient.created')).toHaveLength(1);
  });

  it('sets stock and prices of many items in one request, by ItemID or by the store own code', async () => {
    const res = await feed({
      Lines: [
        { StoreID: 1, ProductCode: 'GG-APPLE', Availability: 70, UnitPrice: 130, Gst: 5 },
        { ItemID: 4, Availability: 9 },
        { ItemID: 999, Availability: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Applied: 2, Changed: 2, Skipped: [{ Line: 2, ItemID: 999 }] });
    const apple = await t.call<ItemDto>('GET', '/api/Item/Read/1/1');
    expect(apple.body).toMatchObject({ Availability: 70, UnitPrice: 130, Gst: 5, Discount: 10, SellingPrice: 122.85 });
    const soap = await t.db.db.selectFrom('items').select('stock').where('id', '=', 4).executeTakeFirstOrThrow();
    expect(soap.stock).toBe(9);
    const entry = (await auditOf(t.db.db, 'feed.applied')).at(-1);
    expect(entry?.actor_email).toBe('feed: Till, Green Grocer');
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ Lines: 3, Applied: 2, Changed: 2, Skipped: 1 });
  });

  it('a retry with the same Idempotency-Key replays the answer and changes nothing again', async () => {
    const body = { Lines: [{ ItemID: 4, Availability: 15 }] };
    const first = await feed(body, { idem: 'till-42' });
    await t.db.db.updateTable('items').set({ stock: 3 }).where('id', '=', 4).execute(); // an order sold 12 meanwhile
    const again = await feed(body, { idem: 'till-42', header: 'x-api-key' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const soap = await t.db.db.selectFrom('items').select('stock').where('id', '=', 4).executeTakeFirstOrThrow();
    expect(soap.stock).toBe(3);
    const other = await feed({ Lines: [{ ItemID: 4, Availability: 99 }] }, { idem: 'till-42' });
    expect(other.status).toBe(409);
    expect((await auditOf(t.db.db, 'feed.applied')).filter((e) => e.detail.includes('till-42'))).toHaveLength(1);
  });

  it('refuses bad lines naming line and field, and writes nothing', async () => {
    const before = await t.db.db.selectFrom('items').selectAll().orderBy('id').execute();
    const res = await feed({
      Lines: [{ ItemID: 1, Availability: 5 }, { ItemID: 4, Availability: -2, Gst: 7 }, { Availability: 1 }],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState ?? {}).sort()).toEqual([
      'Lines[1].Availability',
      'Lines[1].Gst',
      'Lines[2].ItemID',
    ]);
    expect(await t.db.db.selectFrom('items').selectAll().orderBy('id').execute()).toEqual(before);
    const noKey = await t.call('POST', '/api/Feed/Stock', {
      json: { Lines: [{ ItemID: 1, Availability: 1 }] },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(noKey.status).toBe(400);
  });

  it('a feed key cannot call any other endpoint, and a staff token cannot call the feed', async () => {
    for (const [method, path] of [
      ['GET', '/api/Account/UserInfo'],
      ['GET', '/api/cart/Read'],
      ['POST', '/api/Item/Create'],
      ['PUT', '/api/Item/Edit/1'],
      ['GET', '/api/Catalogue/Export'],
      ['POST', '/api/Catalogue/Import'],
      ['GET', '/api/FeedClient/ReadAll'],
      ['GET', '/api/Log/ReadAll'],
      ['POST', '/api/Site/Publish'],
    ] as const) {
      const json = method === 'GET' ? {} : { json: {} };
      const bearer = await t.call(method, path, { headers: { Authorization: `Bearer ${key}` }, ...json });
      expect(bearer.status, `${method} ${path}`).toBe(401);
      const apiKey = await t.call(method, path, { headers: { 'X-Api-Key': key }, ...json });
      expect(apiKey.status, `${method} ${path}`).toBe(401);
    }
    const staff = await t.call('POST', '/api/Feed/Stock', {
      token: t.admin.token,
      json: { Lines: [{ ItemID: 1, Availability: 1 }] },
      headers: { 'Idempotency-Key': 'x' },
    });
    expect(staff.status).toBe(401);
  });

  it('never oversells: a feed racing 100 concurrent orders', async () => {
    const shoppers: Customer[] = await addCustomers(
      t.db.db,
      STAFF_JWT_SECRET,
      t.clock.now,
      Array.from({ length: 100 }, (_, i) => ({
        email: `racer${i}@aisle.test`,
        fullName: `Racer ${i}`,
        role: 'User' as const,
      })),
    );
    await t.db.db.updateTable('items').set({ stock: 0 }).where('id', '=', 1).execute();
    const order = (s: Customer) =>
      t.call('POST', '/api/cart/CreateOrder', { token: s.token, json: cartBody(s, [line(1, 1, 1)]) });
    const first = shoppers.slice(0, 30).map(order);
    const feeding = feed({ Lines: [{ ItemID: 1, Availability: 40 }] });
    const rest = shoppers.slice(30).map(order);
    const results = await Promise.all([...first, ...rest]);
    expect((await feeding).status).toBe(200);
    const placed = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const stock = (await t.db.db.selectFrom('items').select('stock').where('id', '=', 1).executeTakeFirstOrThrow())
      .stock;
    const sold = await t.db.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select((eb) => eb.fn.sum<number>('l.qty').as('n'))
      .where('l.item_id', '=', 1)
      .where(
        'o.user_id',
        'in',
        shoppers.map((s) => s.id),
      )
      .executeTakeFirstOrThrow();
    // Stock was 0 before the feed: every unit sold was sold after it, out of its 40.
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(Number(sold.n ?? 0)).toBe(placed);
    expect(placed + stock).toBe(40);
  });

  it('a feed that brings an item back in stock mails each shopper who asked, once', async () => {
    const [waiting] = await addCustomers(t.db.db, STAFF_JWT_SECRET, t.clock.now, [
      { email: 'waiting@aisle.test', fullName: 'Waiting Shopper', role: 'User' },
    ]);
    const db = t.db.db;
    await db.updateTable('items').set({ stock: 0 }).where('id', '=', 4).execute();
    const item = await db.selectFrom('items').select(['store_id']).where('id', '=', 4).executeTakeFirstOrThrow();
    await db
      .insertInto('stock_alerts')
      .values({
        user_id: (waiting as Customer).id,
        item_id: 4,
        store_id: item.store_id,
        created_at: t.clock.now.toISOString(),
      })
      .execute();
    const mails = () =>
      db.selectFrom('mail_queue').select(['subject']).where('to_address', '=', 'waiting@aisle.test').execute();

    expect((await feed({ Lines: [{ ItemID: 4, UnitPrice: 60 }] })).status).toBe(200);
    expect(await mails()).toEqual([]);
    expect((await feed({ Lines: [{ ItemID: 4, Availability: 6 }] })).status).toBe(200);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Back in stock: /);
    expect(await db.selectFrom('stock_alerts').selectAll().where('item_id', '=', 4).execute()).toEqual([]);
    expect((await feed({ Lines: [{ ItemID: 4, Availability: 9 }] })).status).toBe(200);
    expect(await mails()).toHaveLength(1);
  });

  const createKey = (json: Record<string, unknown>) =>
    t.call<Created & Err>('POST', '/api/FeedClient/Create', { token: t.admin.token, json });
  const itemRow = (id: number) =>
    t.db.db
      .selectFrom('items')
      .select(['stock', 'unit_price', 'selling_price'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const keptRequests = (clientId: number) =>
    t.db.db.selectFrom('feed_requests').selectAll().where('client_id', '=', clientId).execute();
  const refusals = async () =>
    (await auditOf(t.db.db, 'feed.refused')).map((e) => ({
      ...e,
      detail: JSON.parse(e.detail) as Record<string, unknown>,
    }));

  it('a key is created for existing stores and an optional expiry, both listed; bad ones are 400s naming the field', async () => {
    const later = new Date(t.clock.now.getTime() + 30 * 86_400_000);
    for (const [json, field] of [
      [{ Name: 'No stores' }, 'Stores'],
      [{ Name: 'Empty', Stores: [] }, 'Stores'],
      [{ Name: 'Ghost store', Stores: [1, 99] }, 'Stores'],
      [{ Name: 'Words', Stores: ['one'] }, 'Stores'],
      [{ Name: 'Vague', Stores: [1], ExpiresAt: 'next month' }, 'ExpiresAt'],
      [{ Name: 'No offset', Stores: [1], ExpiresAt: '2030-01-01T00:00:00' }, 'ExpiresAt'],
      [{ Name: 'Past', Stores: [1], ExpiresAt: new Date(t.clock.now.getTime() - 1000).toISOString() }, 'ExpiresAt'],
    ] as const) {
      const res = await createKey(json);
      expect(res.status, json.Name).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {}), json.Name).toEqual([field]);
    }
    const ist = `${later.toISOString().slice(0, 19)}+05:30`;
    const res = await createKey({ Name: 'Till 2, Clean Home', Stores: [3, 1, 3], ExpiresAt: ist });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ Stores: [1, 3], ExpiresAt: new Date(Date.parse(ist)).toISOString() });
    const list = await t.call<FeedClientDto[]>('GET', '/api/FeedClient/ReadAll', { token: t.admin.token });
    expect(list.body.find((c) => c.FeedClientID === res.body.FeedClientID)).toMatchObject({
      Name: 'Till 2, Clean Home',
      Stores: [1, 3],
      ExpiresAt: res.body.ExpiresAt,
    });
    const audit = (await auditOf(t.db.db, 'feedclient.created')).at(-1);
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({ Stores: [1, 3], ExpiresAt: res.body.ExpiresAt });
  });

  it('a key for one store writing another is a 403 naming the lines, and writes nothing, not even in part', async () => {
    const scoped = (await createKey({ Name: 'Till, store 1 only', Stores: [1] })).body;
    const [soap, apple] = [await itemRow(4), await itemRow(1)];
    const before = await refusals();

    const byId = await feed(
      { Lines: [{ ItemID: 4, Availability: 0, UnitPrice: 40 }] },
      { key: scoped.Key, idem: 'own-1' },
    );
    expect(byId.status).toBe(403);
    expect(byId.body.ModelState).toEqual({ 'Lines[0].ItemID': [expect.stringContaining('store 3')] });
    expect(byId.body.Message).toContain('only store 1');

    const byCode = await feed(
      { Lines: [{ StoreID: 3, ProductCode: 'NO-SUCH', Availability: 0 }] },
      { key: scoped.Key },
    );
    expect(byCode.status).toBe(403);
    expect(Object.keys(byCode.body.ModelState ?? {})).toEqual(['Lines[0].StoreID']);

    const mixed = await feed(
      {
        Lines: [
          { ItemID: 1, Availability: 3, UnitPrice: 125 },
          { ItemID: 2, Availability: 1 },
          { ItemID: 4, Availability: 0 },
        ],
      },
      { key: scoped.Key },
    );
    expect(mixed.status).toBe(403);
    expect(Object.keys(mixed.body.ModelState ?? {})).toEqual(['Lines[2].ItemID']);
    expect(mixed.body.Message).toContain('line 2');

    expect(await itemRow(4)).toEqual(soap);
    expect(await itemRow(1)).toEqual(apple);
    expect(await keptRequests(scoped.FeedClientID)).toEqual([]);
    const logged = (await refusals()).slice(before.length);
    expect(logged.map((e) => [e.actor_email, e.target, e.detail.Reason])).toEqual([
      ['feed: Till, store 1 only', `feedclient:${scoped.FeedClientID}`, 'OtherStore'],
      ['feed: Till, store 1 only', `feedclient:${scoped.FeedClientID}`, 'OtherStore'],
      ['feed: Till, store 1 only', `feedclient:${scoped.FeedClientID}`, 'OtherStore'],
    ]);
    expect(logged[2]?.detail.Lines).toEqual([{ Line: 2, ItemID: 4, StoreID: 3, ProductCode: null }]);

    // The refused feed kept no Idempotency-Key: the corrected feed may use it.
    const own = await feed({ Lines: [{ ItemID: 1, Availability: 3 }] }, { key: scoped.Key, idem: 'own-1' });
    expect(own.status).toBe(200);
    expect((await itemRow(1)).stock).toBe(3);
  });

  it('a price moved more than 50 % in one feed is refused without Confirm, and applied with it', async () => {
    const apple = await itemRow(1);
    const price = apple.unit_price / 100;
    const before = await refusals();

    const cut = await feed({
      Lines: [
        { ItemID: 4, Availability: 50 },
        { ItemID: 1, UnitPrice: 0 },
      ],
    });
    expect(cut.status).toBe(400);
    expect(Object.keys(cut.body.ModelState ?? {})).toEqual(['Lines[1].UnitPrice']);
    expect(cut.body.ModelState?.['Lines[1].UnitPrice']?.[0]).toContain('Confirm');
    // Two steps of 40 % in one feed are one change of 64 %.
    const steps = await feed({
      Lines: [
        { ItemID: 1, UnitPrice: Math.round(price * 60) / 100 },
        { ItemID: 1, UnitPrice: Math.round(price * 36) / 100 },
      ],
    });
    expect(steps.status).toBe(400);
    expect(Object.keys(steps.body.ModelState ?? {})).toEqual(['Lines[1].UnitPrice']);
    const doubled = await feed({ Lines: [{ ItemID: 1, UnitPrice: Math.round(price * 151) / 100 }] });
    expect(doubled.status).toBe(400);
    expect(await itemRow(1)).toEqual(apple);
    expect((await itemRow(4)).stock).not.toBe(50);
    const logged = (await refusals()).slice(before.length);
    expect(logged.map((e) => e.detail.Reason)).toEqual(['BigPriceChange', 'BigPriceChange', 'BigPriceChange']);
    expect(logged[0]?.detail.Lines).toEqual([{ Line: 1, ItemID: 1, Before: price, After: 0 }]);

    const half = Math.round(price * 50) / 100;
    expect((await feed({ Lines: [{ ItemID: 1, UnitPrice: half }] })).status).toBe(200);
    expect((await itemRow(1)).unit_price).toBe(Math.round(half * 100));
    const confirmed = await feed({
      Lines: [
        { ItemID: 4, Availability: 50 },
        { ItemID: 1, UnitPrice: price * 3, Confirm: true },
      ],
    });
    expect(confirmed.status).toBe(200);
    expect(await itemRow(1)).toMatchObject({ unit_price: apple.unit_price * 3 });
    expect((await itemRow(4)).stock).toBe(50);
  });

  it('a deleted store leaves the lists of the keys that could write it', async () => {
    const store = await t.db.db
      .insertInto('stores')
      .values({
        category_id: 2,
        title: 'Pop-up Stall',
        description: '',
        type: 'public_store',
        hidden: 0,
        updated_at: t.clock.now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const made = (await createKey({ Name: 'Till, pop-up', Stores: [1, store.id] })).body;
    expect(made.Stores).toEqual([1, store.id]);
    const del = await t.call('DELETE', `/api/Store/Delete/${store.id}`, { token: t.admin.token });
    expect(del.status).toBe(200);
    const list = await t.call<FeedClientDto[]>('GET', '/api/FeedClient/ReadAll', { token: t.admin.token });
    expect(list.body.find((c) => c.FeedClientID === made.FeedClientID)?.Stores).toEqual([1]);
  });

  it('an expired key is refused 401 saying so, and the refusal is audited', async () => {
    const short = (
      await createKey({
        Name: 'Till, trial',
        Stores: [1],
        ExpiresAt: new Date(t.clock.now.getTime() + 5000).toISOString(),
      })
    ).body;
    expect((await feed({ Lines: [{ ItemID: 1, Availability: 8 }] }, { key: short.Key })).status).toBe(200);
    t.clock.advance(5000);
    const res = await feed({ Lines: [{ ItemID: 1, Availability: 9 }] }, { key: short.Key });
    expect(res.status).toBe(401);
    expect(res.body.Message).toContain(`expired at ${short.ExpiresAt}`);
    expect((await itemRow(1)).stock).toBe(8);
    const unknown = await feed(
      { Lines: [{ ItemID: 1, Availability: 9 }] },
      { key: 'aisle_feed_made-up-key-000000000000000000000' },
    );
    expect(unknown.status).toBe(401);
    const logged = (await refusals()).slice(-2);
    expect(logged.map((e) => [e.target, e.detail.Reason])).toEqual([
      [`feedclient:${short.FeedClientID}`, 'ExpiredKey'],
      ['', 'UnknownKey'],
    ]);
    expect(JSON.stringify(logged)).not.toContain('made-up-key');
  });

  it('a revoked key is refused at once', async () => {
    const res = await t.call<FeedClientDto>('POST', `/api/FeedClient/Revoke/${client.FeedClientID}`, {
      token: t.admin.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.RevokedAt).not.toBeNull();
    expect((await feed({ Lines: [{ ItemID: 1, Availability: 1 }] })).status).toBe(401);
    expect(await auditOf(t.db.db, 'feedclient.revoked')).toHaveLength(1);
    expect((await refusals()).at(-1)?.detail).toMatchObject({ Reason: 'RevokedKey', FeedClient: 'Till, Green Grocer' });
  });
});
