import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { StockAlertDto } from '../../src/server/catalogue/stock-alerts.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, decodeMail, JWT_SECRET, mailsTo, SITE_URL } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };

const APPLE = { id: 1, store: 1, db: 1 };
const CHERRY = { id: 3, store: 1, db: 1 }; // sold out
const BANANA = { id: 2 }; // hidden

describe.each(DIALECTS)('back-in-stock alerts on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let om: Customer;
  let sita: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [asha, om, sita, ravi] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'om@aisle.test', fullName: 'Om Prakash', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Staff', role: 'Employee' },
    ])) as [Customer, Customer, Customer, Customer];
  });
  afterAll(() => closeTestDb(t.db));

  beforeEach(async () => {
    await t.drainMail();
    rmSync(t.outboxDir, { recursive: true, force: true });
    const db = t.db.db;
    await db.deleteFrom('stock_alerts').execute();
    await db.deleteFrom('mail_queue').execute();
    await db.updateTable('items').set({ stock: 0 }).where('id', '=', CHERRY.id).execute();
    await db.updateTable('items').set({ stock: 40 }).where('id', '=', APPLE.id).execute();
  });

  const call = <T = unknown>(method: string, path: string, who: Customer | undefined, json?: unknown) =>
    send<T>(t.app, method, path, {
      ...(who === undefined ? {} : { token: who.token }),
      ...(json === undefined ? {} : { json }),
    });
  const ask = (who: Customer, itemId: number) =>
    call<StockAlertDto & Err>('POST', '/api/StockAlert/Create', who, { ItemID: itemId });
  const restock = (who: Customer, qty: number) =>
    call('PATCH', `/api/Item/Edit/${CHERRY.id}`, who, { Availability: qty });
  const alertMails = (to: string) =>
    mailsTo(t, to)
      .map(decodeMail)
      .filter((m) => /^Subject: Back in stock: Cherry$/m.test(m));

  it('keeps a request for an out-of-stock item, lists it and lets its owner cancel it', async () => {
    expect((await call('POST', '/api/StockAlert/Create', undefined, { ItemID: CHERRY.id })).status).toBe(401);
    const made = await ask(asha, CHERRY.id);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      ItemID: CHERRY.id,
      StoreID: CHERRY.store,
      DbID: CHERRY.db,
      ItemTitle: 'Cherry',
      Availability: 0,
    });
    expect((await ask(asha, CHERRY.id)).status).toBe(200);
    const inStock = await ask(asha, APPLE.id);
    expect(inStock.status).toBe(409);
    expect(inStock.body.Message).toContain('in stock now');
    expect((await ask(asha, BANANA.id)).status).toBe(404);
    expect((await call<Err>('POST', '/api/StockAlert/Create', asha, { ItemID: 'x' })).status).toBe(400);

    const mine = await call<StockAlertDto[]>('GET', '/api/StockAlert/Mine', asha);
    expect(mine.body.map((a) => a.ItemTitle)).toEqual(['Cherry']);
    expect((await call<StockAlertDto[]>('GET', '/api/StockAlert/Mine', om)).body).toEqual([]);
    // Someone else's request cannot be cancelled, nor its existence learnt.
    expect((await call('DELETE', `/api/StockAlert/Delete/${made.body.AlertID}`, om)).status).toBe(404);
    expect((await call('DELETE', `/api/StockAlert/Delete/${made.body.AlertID}`, asha)).status).toBe(200);
    expect((await call<StockAlertDto[]>('GET', '/api/StockAlert/Mine', asha)).body).toEqual([]);
    expect((await restock(sita, 5)).status).toBe(200);
    await t.drainMail();
    expect(alertMails('asha@aisle.test')).toHaveLength(0);
  });

  it('mails each shopper once with a link to the item when a staff edit brings stock back, and the request is done', async () => {
    await ask(asha, CHERRY.id);
    await ask(om, CHERRY.id);
    expect((await restock(sita, 0)).status).toBe(200);
    await t.drainMail();
    expect(alertMails('asha@aisle.test')).toHaveLength(0);
    expect((await restock(sita, 12)).status).toBe(200);
    await t.drainMail();
    const mails = alertMails('asha@aisle.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`${SITE_URL}/app/section/${CHERRY.id}/${CHERRY.db}`);
    expect(mails[0]).toContain('Green Grocer');
    expect(alertMails('om@aisle.test')).toHaveLength(1);
    expect((await call<StockAlertDto[]>('GET', '/api/StockAlert/Mine', asha)).body).toEqual([]);
    // Another edit while in stock mails no one again.
    expect((await restock(sita, 20)).status).toBe(200);
    await t.drainMail();
    expect(alertMails('asha@aisle.test')).toHaveLength(1);
  });

  it('mails once when two staff edits that restock the item race', async () => {
    await ask(asha, CHERRY.id);
    await ask(om, CHERRY.id);
    const [a, b] = await Promise.all([restock(sita, 7), restock(ravi, 9)]);
    expect([a.status, b.status].every((s) => s === 200 || s === 409)).toBe(true);
    expect([a.status, b.status]).toContain(200);
    await t.drainMail();
    const queued = await t.db.db
      .selectFrom('mail_queue')
      .select(['to_address'])
      .where('kind', '=', 'stock.back')
      .execute();
    expect(queued.map((q) => q.to_address).sort()).toEqual(['asha@aisle.test', 'om@aisle.test']);
    expect(alertMails('asha@aisle.test')).toHaveLength(1);
    expect(alertMails('om@aisle.test')).toHaveLength(1);
  });

  it('mails when a cancelled order puts the item back in stock', async () => {
    await t.db.db.updateTable('items').set({ stock: 2 }).where('id', '=', CHERRY.id).execute();
    const placed = await call<OrderDto>(
      'POST',
      '/api/cart/CreateOrder',
      om,
      cartBody(om, [line(CHERRY.id, CHERRY.store, 2)]),
    );
    expect(placed.status).toBe(201);
    expect((await ask(asha, CHERRY.id)).status).toBe(201);
    expect((await call('PUT', `/api/Order/Status/${placed.body.OrderID}`, sita, { Status: 'Cancelled' })).status).toBe(
      200,
    );
    await t.drainMail();
    expect(alertMails('asha@aisle.test')).toHaveLength(1);
    expect((await call<StockAlertDto[]>('GET', '/api/StockAlert/Mine', asha)).body).toEqual([]);
  });
});
