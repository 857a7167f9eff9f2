import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlacedOrderDto } from '../../src/lib/domain/order-groups.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { Mailer, MailMessage } from '../../src/server/mail.ts';
import { createMailQueue, enqueueMail } from '../../src/server/mail-queue.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, decodeMail, JWT_SECRET, mailsTo, SITE_URL } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Page<T> = { Data?: T[]; data?: T[] } & Record<string, unknown>;

const APPLE = { id: 1, store: 1, stock: 40 }; // sells at 113.40
const SOAP = { id: 4, store: 3, stock: 100 }; // sells at 53.10

const HOME = {
  FullName: 'Nila Raman',
  Phone: '+91 90000 11111',
  AddressLine1: '4 Lake View Layout',
  AddressLine2: 'Flat 2B',
  City: 'Mysuru',
  State: 'Karnataka',
  PostalCode: '570001',
  Note: 'Ring twice; the bell is faint.',
};

function rows<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  const b = body as Page<T>;
  const list = b.Data ?? b.data ?? Object.values(b).find(Array.isArray);
  return (list ?? []) as T[];
}

describe.each(DIALECTS)('checkout address and order mail on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let nila: Customer;
  let sita: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [asha, nila, sita] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'nila@aisle.test', fullName: 'Nila Raman', role: 'User', address: false },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
    ])) as [Customer, Customer, Customer];
  });
  afterAll(() => closeTestDb(t.db));

  beforeEach(async () => {
    const db = t.db.db;
    await t.drainMail();
    rmSync(t.outboxDir, { recursive: true, force: true });
    await db.deleteFrom('mail_queue').execute();
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('cart_items').execute();
    await db.deleteFrom('carts').execute();
    for (const item of [APPLE, SOAP]) {
      await db.updateTable('items').set({ stock: item.stock }).where('id', '=', item.id).execute();
    }
    await db
      .updateTable('users')
      .set({ phone: '', address_line1: '', address_line2: '', city: '', state: '', postal_code: '' })
      .where('id', '=', nila.id)
      .execute();
  });

  const call = <T = unknown>(method: string, path: string, who: Customer, json?: unknown) =>
    send<T>(t.app, method, path, { token: who.token, ...(json === undefined ? {} : { json }) });
  const order = (who: Customer, extra: Record<string, unknown> = {}) =>
    call<PlacedOrderDto & Err>('POST', '/api/cart/CreateOrder', who, {
      ...cartBody(who, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)]),
      ...extra,
    });
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const orderCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('delivery address', () => {
    it('refuses an order with neither a posted nor a saved address, naming DeliveryAddress, and writes nothing', async () => {
      const res = await order(nila);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual(['DeliveryAddress']);
      expect(res.body.Message).toContain('DeliveryAddress is required');
      expect(res.body.Message).toContain('AddressLine1');
      expect(await orderCount()).toBe(0);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
    });

    it('names each field of a posted address that breaks a rule', async () => {
      const res = await order(nila, { DeliveryAddress: { ...HOME, PostalCode: '57000', Phone: '', City: '' } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {}).sort()).toEqual([
        'DeliveryAddress.City',
        'DeliveryAddress.Phone',
        'DeliveryAddress.PostalCode',
      ]);
      expect(res.body.ModelState?.['DeliveryAddress.PostalCode']?.[0]).toContain('6 digits');
      const wrongType = await order(nila, { DeliveryAddress: 'my house' });
      expect(wrongType.status).toBe(400);
      expect(Object.keys(wrongType.body.ModelState ?? {})).toEqual(['DeliveryAddress']);
      expect(await orderCount()).toBe(0);
    });

    it('stores a snapshot of the posted address, answers and lists it, and keeps it when My Address changes later', async () => {
      const res = await order(nila, { DeliveryAddress: HOME, SaveAddress: true });
      expect(res.status).toBe(201);
      expect(res.body.DeliveryAddress).toEqual(HOME);
      // SaveAddress kept it (without the note) as My Address.
      const me = await call<Record<string, string>>('GET', `/api/User/Details/${nila.id}`, nila);
      expect(me.body).toMatchObject({ AddressLine1: HOME.AddressLine1, City: 'Mysuru', PostalCode: '570001' });

      const edit = await call('PUT', `/api/User/Edit/${nila.id}`, nila, {
        Id: nila.id,
        AddressLine1: '9 New Street',
        City: 'Hassan',
        PostalCode: '573201',
      });
      expect(edit.status).toBe(200);
      const mine = await call('GET', '/api/Order/AllOrders', nila);
      // Two stores: two orders of one group, each with the snapshot.
      const listed = rows<OrderDto>(mine.body);
      expect(listed).toHaveLength(2);
      for (const o of listed) expect(o.DeliveryAddress).toEqual(HOME);
      const one = await call<OrderDto>('GET', `/api/Order/Read/${res.body.OrderID}`, nila);
      expect(one.body.DeliveryAddress).toEqual(HOME);

      // The next order without an address goes to the new saved one; a posted Note rides along.
      const next = await order(nila, { DeliveryAddress: { Note: 'Leave with the guard' } });
      expect(next.status).toBe(201);
      expect(next.body.DeliveryAddress).toMatchObject({
        AddressLine1: '9 New Street',
        City: 'Hassan',
        PostalCode: '573201',
        Note: 'Leave with the guard',
      });
    });

    it('lets staff filter the orders board by city and PIN code and search the address and phone', async () => {
      expect((await order(asha)).status).toBe(201); // Bengaluru 560025, saved address
      expect((await order(nila, { DeliveryAddress: HOME })).status).toBe(201); // Mysuru 570001
      // Whose orders are listed (each cart of two stores is two orders of one group).
      const board = async (query: string) => [
        ...new Set(
          rows<OrderDto>((await call('GET', `/api/Order/AllOrders?${query}`, sita)).body).map((o) => o.CustomerName),
        ),
      ];
      expect(await board('city=mysuru')).toEqual(['Nila Raman']);
      expect(await board('postalCode=5600')).toEqual(['Asha Kumar']);
      expect(await board('filter=lake%20view')).toEqual(['Nila Raman']);
      expect(await board('filter=98450')).toEqual(['Asha Kumar']);
      expect((await call<Err>('GET', '/api/Order/AllOrders?postalCode=56%25', sita)).status).toBe(400);
      // A shopper's city filter never reaches other shoppers' orders.
      expect((await call('GET', '/api/Order/AllOrders?city=mysuru', asha)).status).toBe(200);
      expect(rows((await call('GET', '/api/Order/AllOrders?city=mysuru', asha)).body)).toHaveLength(0);
    });
  });

  describe('the orders board by store, time and status (issue 35)', () => {
    it('narrows by the store that packs a line, a store name, the placing time, and counts each status', async () => {
      expect((await order(asha)).status).toBe(201); // Green Grocer and Clean Home
      const onlyApple = await call<OrderDto>('POST', '/api/cart/CreateOrder', nila, {
        ...cartBody(nila, [line(APPLE.id, APPLE.store, 1)]),
        DeliveryAddress: HOME,
      });
      expect(onlyApple.status).toBe(201);
      // Whose orders are listed (asha's cart of two stores is two orders of one group).
      const board = async (query: string) =>
        [
          ...new Set(
            rows<OrderDto>((await call('GET', `/api/Order/AllOrders?${query}`, sita)).body).map((o) => o.CustomerName),
          ),
        ].sort();
      expect(await board(`store=${SOAP.store}`)).toEqual(['Asha Kumar']);
      expect(await board(`store=${APPLE.store}`)).toEqual(['Asha Kumar', 'Nila Raman']);
      expect(await board('filter=clean%20home')).toEqual(['Asha Kumar']);
      const now = t.clock.now.getTime();
      const at = (ms: number) => encodeURIComponent(new Date(now + ms).toISOString());
      expect(await board(`from=${at(-3_600_000)}`)).toEqual(['Asha Kumar', 'Nila Raman']);
      expect(await board(`from=${at(1000)}`)).toEqual([]);
      expect(await board(`before=${at(1000)}&store=${SOAP.store}`)).toEqual(['Asha Kumar']);
      // A time with its offset, as the board sends the start of the staff member's day.
      expect(await board(`from=${encodeURIComponent('2000-01-01T00:00:00+05:30')}`)).toHaveLength(2);

      const counts = async (query = '') =>
        (await call<Record<string, number>>('GET', `/api/Order/StatusCounts?${query}`, sita)).body;
      const none = {
        AwaitingPayment: 0,
        Placed: 0,
        Confirmed: 0,
        Packing: 0,
        OutForDelivery: 0,
        Delivered: 0,
        Cancelled: 0,
        All: 0,
      };
      expect(await counts()).toEqual({ ...none, Placed: 3, All: 3 });
      const asha1 = rows<OrderDto>((await call('GET', `/api/Order/AllOrders?store=${SOAP.store}`, sita)).body)[0];
      expect((await call('PUT', `/api/Order/Status/${asha1?.OrderID}`, sita, { Status: 'Confirmed' })).status).toBe(
        200,
      );
      expect(await counts()).toEqual({ ...none, Placed: 2, Confirmed: 1, All: 3 });
      expect(await counts(`store=${SOAP.store}`)).toEqual({ ...none, Confirmed: 1, All: 1 });
      expect(await counts(`from=${at(1000)}`)).toEqual(none);
    });

    it('undoes a move within 10 seconds, stock and all, writing both moves in the log; not after', async () => {
      // Order ids may come again after the suite's deletes: read only this test's log entries.
      const logStart = Number(
        (
          await t.db.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.max('id').as('n'))
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
      const placed = await order(asha);
      expect(placed.status).toBe(201);
      const id = placed.body.OrderID;
      const afterOrder = await stockOf(APPLE.id);
      const move = (Status: string) => call<OrderDto & Err>('PUT', `/api/Order/Status/${id}`, sita, { Status });
      const undo = (Status: string) => call<OrderDto & Err>('POST', `/api/Order/Undo/${id}`, sita, { Status });
      expect((await move('Cancelled')).status).toBe(200);
      expect(await stockOf(APPLE.id)).toBe(afterOrder + 2);
      t.clock.advance(9_000);
      const undone = await undo('Placed');
      expect(undone.status).toBe(200);
      expect(undone.body.Status).toBe('Placed');
      expect(await stockOf(APPLE.id)).toBe(afterOrder);
      const log = await t.db.db
        .selectFrom('audit_log')
        .select(['action', 'detail', 'actor_email'])
        .where('target', '=', `order:${id}`)
        .where('id', '>', logStart)
        .orderBy('id')
        .execute();
      expect(log.map((l) => JSON.parse(l.detail))).toEqual([
        // Green Grocer's order of the group: its 2 apples (Clean Home's soap is an order of its own).
        { from: 'Placed', to: 'Cancelled', unitsReturnedToStock: 2 },
        { from: 'Cancelled', to: 'Placed', undo: true, unitsTakenFromStock: 2 },
      ]);
      expect(log.every((l) => l.action === 'order.status' && l.actor_email === 'sita@aisle.test')).toBe(true);
      // An undo is not undone, and only the last move can be: to the status it came from.
      expect((await undo('Cancelled')).status).toBe(409);
      expect((await move('Confirmed')).status).toBe(200);
      expect((await undo('Cancelled')).status).toBe(409);
      t.clock.advance(10_001);
      const late = await undo('Placed');
      expect(late.status).toBe(409);
      expect(late.body.Message).toContain('more than 10 seconds ago');
      expect((await call<OrderDto>('GET', `/api/Order/Read/${id}`, sita)).body.Status).toBe('Confirmed');
      expect(
        (await call<Err>('POST', `/api/Order/Undo/${id}`, sita, { Status: 'Lost' })).body.ModelState,
      ).toHaveProperty('Status');
      expect((await call('POST', `/api/Order/Undo/${id}`, asha, { Status: 'Placed' })).status).toBe(403);
    });

    it('lets an Admin move a Delivered order back out for delivery with a reason, audited; nobody else', async () => {
      const boss = (
        await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
          { email: `boss${Date.now()}@aisle.test`, fullName: 'Boss Admin', role: 'Admin' },
        ])
      )[0] as Customer;
      const placed = await order(asha);
      const id = placed.body.OrderID;
      for (const Status of ['Confirmed', 'Packing', 'OutForDelivery', 'Delivered']) {
        expect((await call('PUT', `/api/Order/Status/${id}`, sita, { Status })).status).toBe(200);
      }
      const reopen = (who: Customer, body: unknown) =>
        call<OrderDto & Err>('POST', `/api/Order/Reopen/${id}`, who, body);
      expect((await reopen(sita, { Reason: 'Left at the wrong door' })).status).toBe(403);
      const blank = await reopen(boss, { Reason: '  ' });
      expect(blank.status).toBe(400);
      expect(Object.keys(blank.body.ModelState ?? {})).toEqual(['Reason']);
      const done = await reopen(boss, { Reason: 'Left at the wrong door' });
      expect(done.status).toBe(200);
      expect(done.body.Status).toBe('OutForDelivery');
      const entry = await t.db.db
        .selectFrom('audit_log')
        .select(['detail', 'actor_email'])
        .where('target', '=', `order:${id}`)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.detail)).toEqual({
        from: 'Delivered',
        to: 'OutForDelivery',
        reopened: true,
        reason: 'Left at the wrong door',
      });
      expect(entry.actor_email).toBe(boss.email);
      expect((await reopen(boss, { Reason: 'Again' })).status).toBe(409);
    });

    it('refuses a bad store or time naming the parameter, and counts only for staff', async () => {
      for (const [query, field] of [
        ['store=abc', 'store'],
        ['store=0', 'store'],
        ['from=yesterday', 'from'],
        ['from=2026-11-27', 'from'],
        ['before=2026-13-45T00:00:00Z', 'before'],
        ['from=2026-11-27T10:00:00Z&before=2026-11-27T09:00:00Z', 'before'],
      ] as const) {
        for (const path of ['/api/Order/AllOrders', '/api/Order/StatusCounts']) {
          const res = await call<Err>('GET', `${path}?${query}`, sita);
          expect(res.status, `${path}?${query}`).toBe(400);
          expect(Object.keys(res.body.ModelState ?? {})).toEqual([field]);
        }
      }
      expect((await call('GET', '/api/Order/StatusCounts', asha)).status).toBe(403);
    });
  });

  describe('order again', () => {
    it('answers a past order as it can be bought today, and only to its customer', async () => {
      const placed = await order(asha);
      expect(placed.status).toBe(201);
      // Since then: Apple's price changed and only 1 is left; Soap Bar is hidden.
      await t.db.db.updateTable('items').set({ stock: 1, selling_price: 12000 }).where('id', '=', APPLE.id).execute();
      await t.db.db.updateTable('items').set({ hidden: 1 }).where('id', '=', SOAP.id).execute();
      try {
        type Again = {
          ItemID: number;
          Ordered: number;
          Add: number;
          Reason: string;
          Item: { SellingPrice: number } | null;
        };
        // Each store's order of the group is ordered again on its own.
        const again = (id: number | undefined) => call<Again[]>('GET', `/api/Order/Again/${id}`, asha);
        const [res, soap] = [await again(placed.body.OrderID), await again(placed.body.Orders[1]?.OrderID)];
        expect([res.status, soap.status]).toEqual([200, 200]);
        expect(
          [...res.body, ...soap.body].map(({ ItemID, Ordered, Add, Reason }) => ({ ItemID, Ordered, Add, Reason })),
        ).toEqual([
          { ItemID: APPLE.id, Ordered: 2, Add: 1, Reason: 'only 1 is in stock' },
          { ItemID: SOAP.id, Ordered: 1, Add: 0, Reason: 'it is not for sale at the moment' },
        ]);
        expect(res.body[0]?.Item?.SellingPrice).toBe(120);
        expect((await call('GET', `/api/Order/Again/${placed.body.OrderID}`, nila)).status).toBe(404);
      } finally {
        await t.db.db.updateTable('items').set({ hidden: 0 }).where('id', '=', SOAP.id).execute();
        await t.db.db.updateTable('items').set({ selling_price: 11340 }).where('id', '=', APPLE.id).execute();
      }
    });
  });

  describe('order mail', () => {
    it('mails the placed order with its lines, totals and address, as text and HTML, once per order', async () => {
      const res = await order(nila, { DeliveryAddress: HOME });
      expect(res.status).toBe(201);
      // A retried request with the same key is a replay: no second order, no second mail.
      const key = { 'Idempotency-Key': 'checkout-mail-1' };
      const first = await send<OrderDto>(t.app, 'POST', '/api/cart/CreateOrder', {
        token: asha.token,
        json: cartBody(asha, [line(SOAP.id, SOAP.store, 1)]),
        headers: key,
      });
      const again = await send<OrderDto>(t.app, 'POST', '/api/cart/CreateOrder', {
        token: asha.token,
        json: cartBody(asha, [line(SOAP.id, SOAP.store, 1)]),
        headers: key,
      });
      expect([first.status, again.status]).toEqual([201, 201]);
      await t.drainMail();

      const mails = mailsTo(t, 'nila@aisle.test').map(decodeMail);
      expect(mails).toHaveLength(1);
      const mail = mails[0] ?? '';
      expect(mail).toMatch(new RegExp(`^Subject: Your Aisle order ${res.body.OrderID} is placed$`, 'm'));
      expect(mail).toMatch(/Content-Type: multipart\/alternative/);
      expect(mail).toMatch(/Content-Type: text\/plain/);
      expect(mail).toMatch(/Content-Type: text\/html/);
      for (const text of [
        'Apple (1 kg)',
        'Rs 113.40',
        'Rs 226.80',
        'Soap Bar',
        'Rs 53.10',
        'Rs 279.90',
        '4 Lake View Layout',
        'Mysuru',
        '570001',
        'Ring twice',
      ]) {
        expect(mail).toContain(text);
      }
      expect(mail).toContain(`${SITE_URL}/app/cart/my-orders`);
      expect(mailsTo(t, 'asha@aisle.test')).toHaveLength(1);
    });

    it('mails each status change once, naming the new status; a cancelled order says so and its stock is back', async () => {
      const placed = await order(asha);
      const id = placed.body.OrderID;
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 2);
      for (const Status of ['Confirmed', 'Packing', 'OutForDelivery', 'Cancelled']) {
        expect((await call('PUT', `/api/Order/Status/${id}`, sita, { Status })).status).toBe(200);
      }
      // A refused move changes nothing, so it mails nothing.
      expect((await call('PUT', `/api/Order/Status/${id}`, sita, { Status: 'Delivered' })).status).toBe(409);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
      await t.drainMail();
      const mails = mailsTo(t, 'asha@aisle.test').map(decodeMail);
      const subjects = mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);
      expect(subjects).toEqual([
        `Your Aisle order ${id} is placed`,
        `Your Aisle order ${id} is confirmed`,
        `Your Aisle order ${id} is packing`,
        `Your Aisle order ${id} is out for delivery`,
        `Your Aisle order ${id} is cancelled`,
      ]);
      expect(mails[3]).toContain('Status: Out for delivery');
      expect(mails[3]).toContain('is out for delivery and will reach you soon');
      const cancelled = mails[4] ?? '';
      expect(cancelled).toContain('has been cancelled');
      // Green Grocer's order of the group: its apples only.
      expect(cancelled).toContain('Apple (1 kg)');
      expect(cancelled).not.toContain('Soap Bar');
      expect(cancelled).toContain('Rs 226.80');
    });
  });
});

describe.each(DIALECTS)('mail that cannot be sent on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  const sent: MailMessage[] = [];
  let failing = true;
  const mailer: Mailer = {
    async send(message) {
      if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
  };

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { mailer });
    await insertCatalogue(t.db.db);
    [asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer];
  });
  afterAll(() => closeTestDb(t.db));

  it('still places the order, then retries the mail until it goes', async () => {
    const res = await send<OrderDto>(t.app, 'POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, [line(APPLE.id, APPLE.store, 1)]),
    });
    expect(res.status).toBe(201);
    expect(res.body.OrderID).toBeGreaterThan(0);
    await t.drainMail();
    const row = await t.db.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'order.placed', attempts: 1, sent_at: null });
    expect(row.last_error).toContain('ECONNREFUSED');
    // Not due yet: nothing is tried.
    expect(await t.drainMail()).toBe(0);
    failing = false;
    t.clock.advance(60_000);
    expect(await t.drainMail()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe(`Your Aisle order ${res.body.OrderID} is placed`);
    expect(sent[0]?.html).toContain('<table');
    const done = await t.db.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow();
    expect(done.sent_at).not.toBeNull();
    expect(await t.drainMail()).toBe(0);
  });
});

describe.each(DIALECTS)('mail senders sharing one database on %s', (dialect) => {
  it('send each queued mail exactly once, claimed and marked in batches', async () => {
    const t = await createAuthTestApp(dialect);
    try {
      const at = t.clock.now.toISOString();
      const mails = Array.from({ length: 60 }, (_, i) => ({
        to: `shopper${i}@aisle.test`,
        subject: `Mail ${i}`,
        text: `Body ${i}`,
        kind: 'test.batch',
      }));
      await enqueueMail(t.db.db, mails, at);
      const sent: string[] = [];
      const mailer: Mailer = {
        async send(message) {
          // A slow mail server: the other sender runs meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 1));
          sent.push(message.subject);
        },
      };
      const senders = [1, 2, 3].map(() =>
        createMailQueue({
          db: t.db.db,
          mail: { smtpUrl: undefined, outboxDir: t.outboxDir },
          log: () => {},
          mailer,
          now: () => t.clock.now,
        }),
      );
      const counts = await Promise.all(senders.map((s) => s.drain()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
      expect(sent).toHaveLength(60);
      expect(new Set(sent).size).toBe(60);
      const rows = await t.db.db.selectFrom('mail_queue').selectAll().execute();
      expect(rows.every((r) => r.sent_at !== null && r.attempts === 1 && r.claimed_until === null)).toBe(true);
      expect(await senders[0]?.drain()).toBe(0);
    } finally {
      await closeTestDb(t.db);
    }
  });
});
