import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlacedOrderDto } from '../../src/lib/domain/order-groups.ts';
import { createApp } from '../../src/server/app.ts';
import { fastOrders } from '../../src/server/fast-orders.ts';
import type { Logger } from '../../src/server/logger.ts';
import { createMailQueue, type MailQueue } from '../../src/server/mail-queue.ts';
import { orderPlacedMail } from '../../src/server/mail-templates.ts';
import { listen, type RunningServer } from '../../src/server/runtime.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer, cartBody, line, withAccountHeld } from './cart-helpers.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

type LogEntry = Parameters<Logger>[0];

const SECRET = 'fast-orders-secret-that-is-long-enough-for-hs256-0123456789';
const SITE = 'https://shop.aisle.test';
const NOW = new Date('2026-11-23T10:00:00.000Z');

interface RawAnswer {
  status: number;
  /** Name/value pairs as sent, in order, without Date. */
  headers: string[];
  body: string;
}

function post(
  base: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const list: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (name.toLowerCase() !== 'date') list.push(`${name}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers: list, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The JSON a client sends, with Content-Length (the fast path takes only a body of known length). */
function jsonHeaders(token: string | undefined, body: string, extra: Record<string, string> = {}) {
  return {
    ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    ...extra,
  };
}

/** An order's answer with the one thing two servers placing two orders differ in (the id) taken out. */
function withoutId(answer: RawAnswer): RawAnswer {
  if (answer.status !== 201) return answer;
  // Every order of the group and the group itself (issue 31) are numbered by whichever server placed them.
  return { ...answer, body: answer.body.replace(/"(OrderID|GroupID)":\d+,/g, '"$1":0,') };
}

describe.each(DIALECTS)('CreateOrder below the framework, on %s', (dialect) => {
  let db: TestDb;
  let fast: RunningServer;
  let plain: RunningServer;
  let people: Customer[];
  const fastLog: LogEntry[] = [];
  const plainLog: LogEntry[] = [];
  let taken = 0;
  let handedBack = 0;
  const queues: MailQueue[] = [];
  const answeredFast = () => taken - handedBack;

  beforeAll(async () => {
    db = await createTestDb(dialect);
    await insertCatalogue(db.db);
    people = await addCustomers(
      db.db,
      SECRET,
      NOW,
      Array.from({ length: 4 }, (_, i) => ({
        email: `fast${i}@aisle.test`,
        fullName: `Fast ${i}`,
        role: 'User' as const,
      })),
    );
    const deps = (log: LogEntry[]) => {
      const mail = { smtpUrl: undefined, outboxDir: join(db.dataDir, 'outbox') };
      const logger = (entry: LogEntry) => {
        if (entry.msg === 'request') log.push(entry);
      };
      return {
        db: db.db,
        dialect,
        contentDir: join(db.dataDir, 'content'),
        jwtSecret: SECRET,
        mail,
        log: logger,
        now: () => NOW,
        siteUrl: SITE,
        mailQueue: createMailQueue({ db: db.db, mail, log: logger, now: () => NOW }),
      };
    };
    const fastDeps = deps(fastLog);
    const plainDeps = deps(plainLog);
    queues.push(fastDeps.mailQueue, plainDeps.mailQueue);
    const path = fastOrders(fastDeps);
    // Counts the calls the fast path answered itself (taken, and not handed back to the route).
    fast = await listen(createApp(fastDeps), '127.0.0.1', 0, (req, res, fallback) => {
      const took = path(req, res, () => {
        handedBack++;
        fallback();
      });
      if (took) taken++;
      return took;
    });
    plain = await listen(createApp(plainDeps), '127.0.0.1', 0);
  });
  afterAll(async () => {
    await fast?.close();
    await plain?.close();
    // No mail pass may still be using the database when it is dropped.
    for (const queue of queues) await queue.drain();
    await db?.cleanup();
  });

  /** `CreateOrder` at the fast server only. */
  const placeFast = (token: string, body: string, extra: Record<string, string> = {}) =>
    post(fast.url, '/api/cart/CreateOrder', body, jsonHeaders(token, body, extra));

  /** The same call to both servers (fast first), whose answers and log lines must be the same. */
  async function both(
    token: string | undefined,
    body: string,
    extra: Record<string, string> = {},
    path = '/api/cart/CreateOrder',
  ): Promise<[RawAnswer, RawAnswer]> {
    fastLog.length = 0;
    plainLog.length = 0;
    const a = await post(fast.url, path, body, jsonHeaders(token, body, extra));
    const b = await post(plain.url, path, body, jsonHeaders(token, body, extra));
    expect(withoutId(a)).toEqual(withoutId(b));
    const withoutMs = (entries: LogEntry[]) => entries.map(({ ms: _ms, ...rest }) => rest);
    expect(withoutMs(fastLog)).toEqual(withoutMs(plainLog));
    expect(fastLog).toHaveLength(1);
    return [a, b];
  }

  const order = (who: Customer, lines: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ ...cartBody(who, lines), ...extra });

  it('places an order with the route’s status, headers, body, log line and mail', async () => {
    const who = people[0] as Customer;
    const before = answeredFast();
    const [a, b] = await both(who.token, order(who, [line(1, 1, 2), line(4, 3, 1)]));
    expect(a.status).toBe(201);
    expect(answeredFast()).toBe(before + 1);
    expect(a.headers).toContain('content-type: application/json; charset=UTF-8');
    expect(a.headers).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'");
    expect(fastLog[0]).toMatchObject({ level: 'info', method: 'POST', path: '/api/cart/createorder', status: 201 });
    const placed = JSON.parse(a.body) as PlacedOrderDto;
    // Two stores: one order each, under one group; the answer is the first store's order.
    expect(placed.OrderItems.map((l) => [l.ItemID, l.Qty])).toEqual([[1, 2]]);
    expect(placed.Orders.map((o) => o.OrderItems.map((l) => [l.ItemID, l.Qty]))).toEqual([[[1, 2]], [[4, 1]]]);
    expect(placed.Orders.map((o) => o.GroupID)).toEqual([placed.OrderID, placed.OrderID]);
    // Both groups were written, with their lines, stock taken and the same mail queued.
    const ids = [placed, JSON.parse(b.body) as PlacedOrderDto].flatMap((g) => g.Orders.map((o) => o.OrderID));
    const mails = await db.db
      .selectFrom('mail_queue')
      .select(['to_address', 'subject', 'body_text', 'body_html'])
      .where('kind', '=', 'order.placed')
      .orderBy('id')
      .execute();
    const stores = new Map([
      [1, { title: 'Green Grocer' }],
      [3, { title: 'Clean Home' }],
    ]);
    const expected = orderPlacedMail(placed, SITE, stores);
    expect(mails.at(-2)).toEqual({
      to_address: who.email,
      subject: expected.subject,
      body_text: expected.text,
      body_html: expected.html,
    });
    const lines = await db.db.selectFrom('order_lines').select('order_id').where('order_id', 'in', ids).execute();
    expect(lines).toHaveLength(4);
  });

  it('applies a coupon as the route does, and leaves a code that is used up to the route', async () => {
    const who = people[2] as Customer;
    const at = NOW.toISOString();
    await db.db
      .insertInto('coupons')
      .values({ code: 'FAST5', amount: 500, percent_bps: null, max_uses: 2, created_at: at, updated_at: at })
      .execute();
    const before = answeredFast();
    const [a, b] = await both(who.token, order(who, [line(4, 3, 1)], { CouponCode: 'fast5' }));
    expect(a.status).toBe(201);
    expect(answeredFast()).toBe(before + 1);
    for (const answer of [a, b]) {
      expect(JSON.parse(answer.body)).toMatchObject({ Discount: 5, CouponCode: 'FAST5', OrderTotal: 48.1 });
    }
    const [refused] = await both(who.token, order(who, [line(4, 3, 1)], { CouponCode: 'FAST5' }));
    expect(refused.status).toBe(400);
    expect(answeredFast()).toBe(before + 1);
    expect(JSON.parse(refused.body).ModelState).toEqual({
      CouponCode: ['CouponCode FAST5 has been used as many times as it may be: it is used up.'],
    });
    const used = await db.db.selectFrom('coupons').select('used').where('code', '=', 'FAST5').executeTakeFirstOrThrow();
    expect(used.used).toBe(2);
  });

  it('replays a repeated Idempotency-Key byte for byte, whichever server placed it', async () => {
    const who = people[1] as Customer;
    const key = randomUUID();
    const body = order(who, [line(1, 1, 1)]);
    const first = await placeFast(who.token, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const before = answeredFast();
    const [again] = await both(who.token, body, { 'Idempotency-Key': key });
    expect(answeredFast()).toBe(before + 1);
    expect(again.body).toBe(first.body);
    expect(again.headers).toContain('idempotent-replayed: true');
    const placed = await db.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute();
    expect(placed).toHaveLength(1);
  });

  it('sends the same key twice at once and places one order', async () => {
    const who = people[2] as Customer;
    const key = randomUUID();
    const body = order(who, [line(1, 1, 1)]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => placeFast(who.token, body, { 'Idempotency-Key': key })),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((x) => x.body)).size).toBe(1);
    const placed = await db.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute();
    expect(placed).toHaveLength(1);
  });

  it('leaves every refusal to the route, with its errors', async () => {
    const who = people[3] as Customer;
    const ok = order(who, [line(1, 1, 1)]);
    const before = answeredFast();
    expect((await both(undefined, ok))[0].status).toBe(401);
    expect((await both('not.a.token', ok))[0].status).toBe(401);
    expect((await both(who.token, ok, { 'Idempotency-Key': ' ' }))[0].status).toBe(400);
    expect((await both(who.token, '{"CartItems": ['))[0].status).toBe(400);
    expect((await both(who.token, '[]'))[0].status).toBe(400);
    expect((await both(who.token, order(who, [])))[0].status).toBe(400);
    expect((await both(who.token, order(who, [line(1, 1, 0)])))[0].status).toBe(400);
    expect((await both(who.token, order(who, [line(1, 1, -1)])))[0].status).toBe(400);
    expect((await both(who.token, order(who, [line(999, 1, 1)])))[0].status).toBe(400);
    expect((await both(who.token, order(who, [line(1, 1, 1)], { SaveAddress: 'yes' })))[0].status).toBe(400);
    expect((await both(who.token, order(who, [line(1, 1, 1)], { DeliveryAddress: { FullName: 'A' } })))[0].status).toBe(
      400,
    );
    const nul = await both(who.token, order(who, [line(1, 1, 1)], { DeliveryAddress: { Note: 'a\u0000b' } }));
    expect(nul[0].status).toBe(400);
    expect(nul[0].body).toContain('DeliveryAddress.Note');
    // JSON nested 100,000 deep: the route's 400, from the same door, not a 500 (nor an order).
    for (const deep of [
      `{"CartItems":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`,
    ]) {
      const [refused] = await both(who.token, deep);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body).Message).toMatch(/must not nest arrays and objects more than 64 levels deep/);
    }
    // A query string goes to the route too (the NUL guard reads it).
    expect((await both(who.token, ok, {}, '/api/cart/CreateOrder?x=%00'))[0].status).toBe(400);
    expect(answeredFast()).toBe(before);
  });

  it('answers short stock through the route: 409 naming the line, nothing written, the cart kept', async () => {
    const who = people[3] as Customer;
    await db.db.updateTable('items').set({ stock: 1 }).where('id', '=', 3).execute();
    const before = await db.db.selectFrom('orders').select('id').execute();
    const [a] = await both(who.token, order(who, [line(1, 1, 1), line(3, 1, 2)]));
    expect(a.status).toBe(409);
    expect(JSON.parse(a.body)).toMatchObject({ Shortages: [{ ItemID: 3, Requested: 2, Available: 1 }] });
    expect(await db.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    const stock = await db.db.selectFrom('items').select('stock').where('id', '=', 3).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(1);
  });

  it('answers a line over its store’s limit through the route: 400 naming the line and the limit, nothing written', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'bulk@aisle.test', fullName: 'Bulk', role: 'User' },
    ]);
    if (who === undefined) throw new Error('no customer');
    await db.db.updateTable('items').set({ stock: 100 }).where('id', '=', 4).execute();
    const before = await db.db.selectFrom('orders').select('id').execute();
    const handedBack0 = handedBack;
    const [a] = await both(who.token, order(who, [line(4, 3, 2), line(1, 1, 21)]));
    expect(handedBack).toBe(handedBack0 + 1);
    expect(a.status).toBe(400);
    expect(JSON.parse(a.body).ModelState).toEqual({
      'CartItems[1].Qty': ['CartItems[1].Qty asks for 21 of Apple, but its store sells at most 20 per order.'],
    });
    expect(await db.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    const soap = await db.db.selectFrom('items').select('stock').where('id', '=', 4).executeTakeFirstOrThrow();
    expect(soap.stock).toBe(100);
  });

  it('answers an order beyond the open-order limit through the route: 409 saying how many are open', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'many@aisle.test', fullName: 'Many', role: 'User' },
    ]);
    if (who === undefined) throw new Error('no customer');
    await db.db.updateTable('items').set({ stock: 100 }).where('id', '=', 4).execute();
    for (let i = 0; i < 10; i++) expect((await placeFast(who.token, order(who, [line(4, 3, 1)]))).status).toBe(201);
    const [a] = await both(who.token, order(who, [line(4, 3, 1)]));
    expect(a.status).toBe(409);
    expect(JSON.parse(a.body)).toMatchObject({ OpenOrders: 10, OpenOrdersMax: 10 });
    expect(JSON.parse(a.body).Message).toContain('you have 10 open orders');
    const placed = await db.db.selectFrom('orders').select('id').where('user_id', '=', who.id).execute();
    expect(placed).toHaveLength(10);
  });

  it('lets exactly one of six simultaneous orders below the framework take an account’s last open place', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'last@aisle.test', fullName: 'Last', role: 'User' },
    ]);
    if (who === undefined) throw new Error('no customer');
    await db.db.updateTable('items').set({ stock: 100 }).where('id', '=', 4).execute();
    for (let i = 0; i < 9; i++) expect((await placeFast(who.token, order(who, [line(4, 3, 1)]))).status).toBe(201);
    // Each order takes a different item: only the account's row can make them wait for each other.
    const items = await db.db
      .insertInto('items')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          store_id: 3,
          db_id: 3,
          section_id: null,
          title: `Lamp ${i}`,
          meta_description: '',
          content: '',
          hidden: 0,
          stock: 5,
          size: '1 unit',
          unit_price: 9900,
          discount_bps: 0,
          flat_discount: 0,
          gst_bps: 0,
          selling_price: 9900,
          updated_at: NOW.toISOString(),
        })),
      )
      .returning('id')
      .execute();
    const before = answeredFast();
    const answers = await withAccountHeld(db, who.id, items.length, () =>
      Promise.all(items.map((item) => placeFast(who.token, order(who, [line(item.id, 3, 1)])))),
    );
    const tally: Record<number, number> = {};
    for (const a of answers) tally[a.status] = (tally[a.status] ?? 0) + 1;
    expect(tally).toEqual({ 201: 1, 409: 5 });
    // The one placed was answered below the framework; the five refused went to the route.
    expect(answeredFast()).toBe(before + 1);
    const open = await db.db.selectFrom('orders').select('id').where('user_id', '=', who.id).execute();
    expect(open).toHaveLength(10);
  });

  it('refuses a token whose account changed its security stamp (a password change), as the route does', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'stamp@aisle.test', fullName: 'Stamp', role: 'User' },
    ]);
    if (who === undefined) throw new Error('no customer');
    await db.db.updateTable('users').set({ security_stamp: randomUUID() }).where('id', '=', who.id).execute();
    const [a] = await both(who.token, order(who, [line(1, 1, 1)]));
    expect(a.status).toBe(401);
  });

  it('never replays an order to a token that no longer passes (a repeated key after a password change)', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'replay@aisle.test', fullName: 'Replay', role: 'User' },
    ]);
    if (who === undefined) throw new Error('no customer');
    const key = randomUUID();
    const body = order(who, [line(1, 1, 1)]);
    const first = await placeFast(who.token, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    await db.db.updateTable('users').set({ security_stamp: randomUUID() }).where('id', '=', who.id).execute();
    const [again] = await both(who.token, body, { 'Idempotency-Key': key });
    expect(again.status).toBe(401);
    expect(again.body).not.toContain('OrderID');
  });

  it('uses a posted address and saves it as My Address when asked, as the route does', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'moved@aisle.test', fullName: 'Moved', role: 'User', address: false },
    ]);
    if (who === undefined) throw new Error('no customer');
    // No saved address and none posted: the route's 400 naming DeliveryAddress.
    expect((await both(who.token, order(who, [line(1, 1, 1)])))[0].status).toBe(400);
    const address = {
      FullName: 'Moved Person',
      Phone: '+91 98450 55555',
      AddressLine1: '1 MG Road',
      AddressLine2: '',
      City: 'Bengaluru',
      State: 'Karnataka',
      PostalCode: '560001',
      Note: 'Ring twice',
    };
    const body = order(who, [line(1, 1, 1)], { DeliveryAddress: address, SaveAddress: true });
    const placed = await placeFast(who.token, body);
    expect(placed.status).toBe(201);
    expect((JSON.parse(placed.body) as PlacedOrderDto).DeliveryAddress).toEqual(address);
    const saved = await db.db
      .selectFrom('users')
      .select(['address_line1', 'postal_code'])
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ address_line1: '1 MG Road', postal_code: '560001' });
  });

  it('applies each store’s delivery area, minimum and fee at both doors (issue 31), to My Address’s PIN code', async () => {
    const [who] = await addCustomers(db.db, SECRET, NOW, [
      { email: 'area@aisle.test', fullName: 'Area', role: 'User' },
    ]);
    if (who === undefined) throw new Error('no customer');
    await db.db.updateTable('items').set({ stock: 100 }).where('id', '=', 4).execute();
    const area = (codes: string[]) => ({
      store_id: 3,
      postal_codes: JSON.stringify(codes),
      fee: 2500,
      minimum_order: 10000,
      free_above: 50000,
      updated_at: NOW.toISOString(),
    });
    try {
      // My Address is in 560025, which the soap's store does not serve.
      await db.db
        .insertInto('store_delivery')
        .values(area(['4110*']))
        .execute();
      const before = await db.db.selectFrom('orders').select('id').execute();
      const [unserved] = await both(who.token, order(who, [line(4, 3, 2)]));
      expect(unserved.status).toBe(400);
      expect(Object.keys(JSON.parse(unserved.body).ModelState)).toEqual(['DeliveryAddress.PostalCode']);
      await db.db.updateTable('store_delivery').set({ postal_codes: '["5600*"]' }).where('store_id', '=', 3).execute();
      const [below] = await both(who.token, order(who, [line(4, 3, 1)]));
      expect(below.status).toBe(400);
      expect(JSON.parse(below.body).MinimumOrder).toEqual([
        { StoreID: 3, StoreTitle: 'Clean Home', MinimumOrder: 100, Missing: 46.9 },
      ]);
      expect(await db.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
      const handedBack0 = handedBack;
      const [placed] = await both(who.token, order(who, [line(4, 3, 2)]));
      expect(handedBack).toBe(handedBack0);
      expect(placed.status).toBe(201);
      expect(JSON.parse(placed.body)).toMatchObject({ DeliveryFee: 25, OrderTotal: 131.2 });
    } finally {
      await db.db.deleteFrom('store_delivery').execute();
    }
  });

  it('never oversells: 60 simultaneous orders over HTTP for 20 units', async () => {
    const shoppers = await addCustomers(
      db.db,
      SECRET,
      NOW,
      Array.from({ length: 60 }, (_, i) => ({
        email: `rush${i}@aisle.test`,
        fullName: `Rush ${i}`,
        role: 'User' as const,
      })),
    );
    await db.db.updateTable('items').set({ stock: 20 }).where('id', '=', 1).execute();
    const answers = await Promise.all(
      shoppers.map((s) => {
        const body = order(s, [line(1, 1, 1)]);
        return placeFast(s.token, body, { 'Idempotency-Key': randomUUID() });
      }),
    );
    const tally: Record<number, number> = {};
    for (const a of answers) tally[a.status] = (tally[a.status] ?? 0) + 1;
    expect(tally).toEqual({ 201: 20, 409: 40 });
    const stock = await db.db.selectFrom('items').select('stock').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
  });
});
