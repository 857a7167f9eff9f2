import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto, OrderMoveDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };

const APPLE = { id: 1, store: 1, stock: 40 };
const SOAP = { id: 4, store: 3, stock: 100 };

/** `GET /api/Order/History/{id}`: the order detail's history of moves (staff), and its customer's timeline. */
describe.each(DIALECTS)('order history on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let raj: Customer;
  let sita: Customer;
  let boss: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [asha, raj, sita, boss] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'raj@aisle.test', fullName: 'Raj Shopper', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'boss@aisle.test', fullName: 'Boss Admin', role: 'Admin' },
    ])) as [Customer, Customer, Customer, Customer];
  });
  afterAll(() => closeTestDb(t.db));

  beforeEach(async () => {
    const db = t.db.db;
    await db.deleteFrom('mail_queue').execute();
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('cart_items').execute();
    await db.deleteFrom('carts').execute();
    for (const item of [APPLE, SOAP]) {
      await db.updateTable('items').set({ stock: item.stock }).where('id', '=', item.id).execute();
    }
  });

  const call = <T = unknown>(method: string, path: string, who: Customer | null, json?: unknown) =>
    send<T>(t.app, method, path, {
      ...(who === null ? {} : { token: who.token }),
      ...(json === undefined ? {} : { json }),
    });
  const placeOrder = async () => {
    const res = await call<OrderDto>('POST', '/api/cart/CreateOrder', asha, {
      // One store's order: 3 units (a cart of two stores would be two orders).
      ...cartBody(asha, [line(APPLE.id, APPLE.store, 3)]),
    });
    expect(res.status).toBe(201);
    return res.body.OrderID;
  };
  const history = (id: number, who: Customer | null = sita) =>
    call<OrderMoveDto[] & Err>('GET', `/api/Order/History/${id}`, who);
  const move = async (id: number, Status: string) =>
    expect((await call('PUT', `/api/Order/Status/${id}`, sita, { Status })).status).toBe(200);

  it('answers a new order with no moves, then each move oldest first with who made it', async () => {
    const id = await placeOrder();
    const fresh = await history(id);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual([]);
    const confirmedAt = t.clock.now.toISOString();
    await move(id, 'Confirmed');
    t.clock.advance(60_000);
    await move(id, 'Packing');
    const res = await history(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { At: confirmedAt, From: 'Placed', To: 'Confirmed', By: sita.email, Kind: 'Move', Reason: '', StockChange: 0 },
      {
        At: new Date(Date.parse(confirmedAt) + 60_000).toISOString(),
        From: 'Confirmed',
        To: 'Packing',
        By: sita.email,
        Kind: 'Move',
        Reason: '',
        StockChange: 0,
      },
    ]);
    // Case-insensitive path, as every call.
    expect((await call('GET', `/api/order/history/${id}`, sita)).status).toBe(200);
  });

  it("names an undo, an Admin's reopen with its reason and the stock a cancel moved", async () => {
    const id = await placeOrder();
    await move(id, 'Cancelled');
    expect((await call('POST', `/api/Order/Undo/${id}`, sita, { Status: 'Placed' })).status).toBe(200);
    for (const status of ['Confirmed', 'Packing', 'OutForDelivery', 'Delivered']) await move(id, status);
    const reopened = await call<OrderDto>('POST', `/api/Order/Reopen/${id}`, boss, {
      Reason: 'Left at the wrong door',
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.Status).toBe('OutForDelivery');
    const res = await history(id, boss);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.From, m.To, m.Kind, m.StockChange, m.Reason, m.By])).toEqual([
      ['Placed', 'Cancelled', 'Move', 3, '', sita.email],
      ['Cancelled', 'Placed', 'Undo', -3, '', sita.email],
      ['Placed', 'Confirmed', 'Move', 0, '', sita.email],
      ['Confirmed', 'Packing', 'Move', 0, '', sita.email],
      ['Packing', 'OutForDelivery', 'Move', 0, '', sita.email],
      ['OutForDelivery', 'Delivered', 'Move', 0, '', sita.email],
      ['Delivered', 'OutForDelivery', 'Reopen', 0, 'Left at the wrong door', boss.email],
    ]);
  });

  it("shows the customer's own cancel as theirs", async () => {
    const id = await placeOrder();
    expect((await call('POST', `/api/Order/Cancel/${id}`, asha)).status).toBe(200);
    const res = await history(id);
    expect(res.body).toEqual([
      {
        At: expect.any(String),
        From: 'Placed',
        To: 'Cancelled',
        By: asha.email,
        Kind: 'CustomerCancel',
        Reason: '',
        StockChange: 3,
      },
    ]);
  });

  it('gives the order its timeline: the customer reads their own, without the names of the staff who moved it', async () => {
    const id = await placeOrder();
    await move(id, 'Confirmed');
    t.clock.advance(1000);
    await move(id, 'Packing');
    const own = await history(id, asha);
    expect(own.status).toBe(200);
    expect(own.body.map((m) => [m.From, m.To, m.Kind, m.By, m.Reason])).toEqual([
      ['Placed', 'Confirmed', 'Move', '', ''],
      ['Confirmed', 'Packing', 'Move', '', ''],
    ]);
    expect(JSON.stringify(own.body)).not.toContain(sita.email);
    // Another shopper's order is missing to them, as an unknown one.
    const other = await history(id, raj);
    expect(other.status).toBe(404);
    expect(other.body.Message).toBe(`Order ${id} does not exist.`);
  });

  it("forgets a deleted order's moves with it, so an id used again starts with no history", async () => {
    const first = await placeOrder();
    await move(first, 'Confirmed');
    await t.db.db.deleteFrom('orders').where('id', '=', first).execute();
    expect(await t.db.db.selectFrom('order_moves').select('id').where('order_id', '=', first).execute()).toEqual([]);
    const id = await placeOrder();
    expect((await history(id)).body).toEqual([]);
  });

  it('401 without a token, 404 for a missing order (staff or not), 400 for a bad id', async () => {
    const id = await placeOrder();
    expect((await history(id, null)).status).toBe(401);
    const missing = await history(id + 1000);
    expect(missing.status).toBe(404);
    expect(missing.body.Message).toContain(`Order ${id + 1000} does not exist`);
    expect((await history(id + 1000, asha)).status).toBe(404);
    const bad = await call<Err>('GET', '/api/Order/History/abc', sita);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['id']);
  });

  it("links the audit log's order moves to the order's page, named by whom it goes to", async () => {
    const id = await placeOrder();
    await move(id, 'Confirmed');
    const log = await call<{ Target: string; TargetName: string | null; TargetLink: string | null }[]>(
      'GET',
      '/api/Log/ReadAll?action=order.status',
      boss,
    );
    expect(log.status).toBe(200);
    const entry = log.body.find((e) => e.Target === `order:${id}`);
    expect(entry?.TargetLink).toBe(`/app/edu-shopy/order?id=${id}`);
    expect(entry?.TargetName).toMatch(/’s order$/);
  });
});
