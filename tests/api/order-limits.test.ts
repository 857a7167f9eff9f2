import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShortageDto } from '../../src/lib/domain/cart.ts';
import type { StoreDto } from '../../src/lib/domain/catalogue.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line, withAccountHeld } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 27: stock one account cannot hoard. The fixture catalogue (tests/fixtures/catalogue.ts):
// Apple is item 1 of store 1, Soap Bar item 4 of store 3; every store sells at most 20 of an
// item per order unless staff say otherwise, and an account may have 10 orders under way.
const APPLE = { id: 1, store: 1, stock: 40 };
const SOAP = { id: 4, store: 3, stock: 100 };

type Err = {
  Message: string;
  ModelState?: Record<string, string[]>;
  Shortages?: ShortageDto[];
  OpenOrders?: number;
  OpenOrdersMax?: number;
};
type Answer = { status: number; body: OrderDto & Err };

function tally(answers: readonly { status: number }[]): Record<number, number> {
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return byStatus;
}

describe.each(DIALECTS)('order limits on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let om: Customer;
  let staff: Customer;
  let crowd: Customer[];

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [asha, om, staff] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'om@aisle.test', fullName: 'Om Prakash', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
    ])) as [Customer, Customer, Customer];
    crowd = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: 24 }, (_, i) => ({
        email: `crowd${i}@aisle.test`,
        fullName: `Crowd ${i}`,
        role: 'User' as const,
      })),
    );
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const db = t.db.db;
    await db.deleteFrom('order_lines').execute();
    await db.deleteFrom('orders').execute();
    await db.deleteFrom('cart_items').execute();
    await db.deleteFrom('carts').execute();
    await db.deleteFrom('mail_queue').execute();
    await db.updateTable('stores').set({ max_qty_per_item: 20 }).execute();
    for (const item of [APPLE, SOAP]) {
      await db.updateTable('items').set({ stock: item.stock }).where('id', '=', item.id).execute();
    }
  });

  const order = (who: Customer, lines: unknown[]) =>
    t.call<OrderDto & Err>('POST', '/api/cart/CreateOrder', { token: who.token, json: cartBody(who, lines) });
  const cancel = (who: Customer | undefined, orderId: number) =>
    t.call<OrderDto & Err>('POST', `/api/Order/Cancel/${orderId}`, who === undefined ? {} : { token: who.token });
  const move = (orderId: number, Status: string) =>
    t.call<OrderDto & Err>('PUT', `/api/Order/Status/${orderId}`, { token: staff.token, json: { Status } });
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const ordersOf = (who: Customer) =>
    t.db.db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', who.id).orderBy('id').execute();
  const countOf = async (table: 'orders' | 'order_lines' | 'cart_items') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Places `n` orders of one Soap Bar for `who`, each answered 201; their ids. */
  async function placeSoaps(who: Customer, n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await order(who, [line(SOAP.id, SOAP.store, 1)]);
      expect(res.status).toBe(201);
      ids.push(res.body.OrderID);
    }
    return ids;
  }

  describe('the most of one item per order', () => {
    it('refuses a line over its store’s limit with a 400 naming the line and the limit, writing nothing', async () => {
      const res = await order(asha, [line(SOAP.id, SOAP.store, 2), line(APPLE.id, APPLE.store, 21)]);
      expect(res.status).toBe(400);
      const message = 'CartItems[1].Qty asks for 21 of Apple, but its store sells at most 20 per order.';
      expect(res.body.ModelState).toEqual({ 'CartItems[1].Qty': [message] });
      expect(res.body.Message).toBe(`The order was not placed: ${message} Lower those quantities and order again.`);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
      expect(await stockOf(SOAP.id)).toBe(SOAP.stock);
      expect(await countOf('orders')).toBe(0);
      expect(await countOf('order_lines')).toBe(0);
      expect(await countOf('cart_items')).toBe(0);
    });

    it('names the limit before the stock: a line over both is the 400, a short line beside it waits', async () => {
      await t.db.db.updateTable('items').set({ stock: 3 }).where('id', '=', SOAP.id).execute();
      const res = await order(asha, [line(SOAP.id, SOAP.store, 5), line(APPLE.id, APPLE.store, 25)]);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual(['CartItems[1].Qty']);
      expect(res.body.Shortages).toBeUndefined();
    });

    it('takes exactly the limit, and each store’s own limit once staff change it', async () => {
      const atLimit = await order(asha, [line(APPLE.id, APPLE.store, 20)]);
      expect(atLimit.status).toBe(201);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 20);
      const edited = await t.call<StoreDto>('PATCH', `/api/Store/Edit/${SOAP.store}`, {
        token: staff.token,
        json: { MaxQtyPerItem: 5 },
      });
      expect(edited.body.MaxQtyPerItem).toBe(5);
      const over = await order(om, [line(SOAP.id, SOAP.store, 6)]);
      expect(over.status).toBe(400);
      expect(over.body.ModelState?.['CartItems[0].Qty']).toEqual([
        'CartItems[0].Qty asks for 6 of Soap Bar, but its store sells at most 5 per order.',
      ]);
      // Store 1's limit is its own: 20 apples still go in one order.
      expect((await order(om, [line(SOAP.id, SOAP.store, 5), line(APPLE.id, APPLE.store, 20)])).status).toBe(201);
      expect(await stockOf(SOAP.id)).toBe(SOAP.stock - 5);
    });

    it('answers each cart line with its store’s limit, for the steppers', async () => {
      await t.db.db.updateTable('stores').set({ max_qty_per_item: 7 }).where('id', '=', SOAP.store).execute();
      await t.call('POST', '/api/cart/Create', {
        token: asha.token,
        json: cartBody(asha, [line(APPLE.id, APPLE.store, 1), line(SOAP.id, SOAP.store, 1)]),
      });
      const cart = await t.call<{ CartItems: { ItemID: number; MaxQtyPerItem: number }[] }>('GET', '/api/cart/Read', {
        token: asha.token,
      });
      expect(cart.body.CartItems.map((l) => [l.ItemID, l.MaxQtyPerItem])).toEqual([
        [APPLE.id, 20],
        [SOAP.id, 7],
      ]);
    });
  });

  describe('open orders per account', () => {
    it('refuses the order beyond 10 under way with a 409 saying how many and what to do; delivered and cancelled ones do not count', async () => {
      const ids = await placeSoaps(asha, 10);
      const refused = await order(asha, [line(SOAP.id, SOAP.store, 1)]);
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toBe(
        'The order was not placed: you have 10 open orders (not yet delivered or cancelled), and one account may have at most 10 ' +
          'at a time. Cancel one you no longer need on My Orders, or wait until one is delivered, then order again.',
      );
      expect([refused.body.OpenOrders, refused.body.OpenOrdersMax]).toEqual([10, 10]);
      expect(await stockOf(SOAP.id)).toBe(SOAP.stock - 10);
      expect(await ordersOf(asha)).toHaveLength(10);
      // Another account is not held back by Asha's orders.
      expect((await order(om, [line(SOAP.id, SOAP.store, 1)])).status).toBe(201);
      // Confirmed, Packing and OutForDelivery are still under way; Delivered is not.
      for (const status of ['Confirmed', 'Packing', 'OutForDelivery']) {
        expect((await move(ids[0] as number, status)).status).toBe(200);
        expect((await order(asha, [line(SOAP.id, SOAP.store, 1)])).status).toBe(409);
      }
      expect((await move(ids[0] as number, 'Delivered')).status).toBe(200);
      expect((await order(asha, [line(SOAP.id, SOAP.store, 1)])).status).toBe(201);
      expect((await order(asha, [line(SOAP.id, SOAP.store, 1)])).status).toBe(409);
      // Cancelling one makes room too.
      expect((await cancel(asha, ids[1] as number)).status).toBe(200);
      expect((await order(asha, [line(SOAP.id, SOAP.store, 1)])).status).toBe(201);
      const statuses = (await ordersOf(asha)).map((o) => o.status);
      expect(statuses.filter((s) => s !== 'Delivered' && s !== 'Cancelled')).toHaveLength(10);
    });

    it('lets exactly one of several simultaneous orders take the last open place', async () => {
      await placeSoaps(asha, 9);
      // Each order takes a different item, so no stock row makes them wait for each other, and
      // on PostgreSQL all six reach the account's row together (withAccountHeld).
      const items = await t.db.db
        .insertInto('items')
        .values(
          Array.from({ length: 6 }, (_, i) => ({
            store_id: SOAP.store,
            db_id: SOAP.store,
            section_id: null,
            title: `Candle ${i}`,
            meta_description: '',
            content: '',
            hidden: 0,
            stock: 10,
            size: '1 unit',
            unit_price: 5000,
            discount_bps: 0,
            flat_discount: 0,
            gst_bps: 0,
            selling_price: 5000,
            updated_at: t.clock.now.toISOString(),
          })),
        )
        .returning('id')
        .execute();
      try {
        const answers = (await withAccountHeld(t.db, asha.id, items.length, () =>
          Promise.all(items.map((item) => order(asha, [line(item.id, SOAP.store, 2)]))),
        )) as Answer[];
        expect(tally(answers)).toEqual({ 201: 1, 409: 5 });
        for (const a of answers.filter((x) => x.status === 409)) expect(a.body.OpenOrders).toBe(10);
        expect(await ordersOf(asha)).toHaveLength(10);
        const left = await t.db.db
          .selectFrom('items')
          .select('stock')
          .where(
            'id',
            'in',
            items.map((i) => i.id),
          )
          .execute();
        expect(left.reduce((sum, r) => sum + r.stock, 0)).toBe(6 * 10 - 2);
      } finally {
        await t.db.db.deleteFrom('order_lines').execute();
        await t.db.db
          .deleteFrom('items')
          .where(
            'id',
            'in',
            items.map((i) => i.id),
          )
          .execute();
      }
    });

    it('takes its limit from OPEN_ORDERS_MAX', async () => {
      const small = await createAuthTestApp(dialect, { openOrdersMax: 2 });
      try {
        await insertCatalogue(small.db.db);
        const [who] = await addCustomers(small.db.db, JWT_SECRET, small.clock.now, [
          { email: 'few@aisle.test', fullName: 'Few Orders', role: 'User' },
        ]);
        if (who === undefined) throw new Error('no customer');
        const place = () =>
          small.call<Err>('POST', '/api/cart/CreateOrder', {
            token: who.token,
            json: cartBody(who, [line(SOAP.id, SOAP.store, 1)]),
          });
        expect((await place()).status).toBe(201);
        expect((await place()).status).toBe(201);
        const third = await place();
        expect(third.status).toBe(409);
        expect(third.body.Message).toContain(
          'you have 2 open orders (not yet delivered or cancelled), and one account may have at most 2',
        );
      } finally {
        await small.close();
      }
    });
  });

  describe('a shopper cancelling their own order', () => {
    it('cancels a Placed order: its stock comes back, a mail says so and the log records it', async () => {
      // One store's order (a cart of two stores is two orders, each cancelled on its own).
      const placed = await order(asha, [line(APPLE.id, APPLE.store, 5)]);
      expect(placed.status).toBe(201);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 5);
      const res = await cancel(asha, placed.body.OrderID);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ OrderID: placed.body.OrderID, Status: 'Cancelled', CustomerID: asha.id });
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
      expect(await stockOf(SOAP.id)).toBe(SOAP.stock);
      const mail = await t.db.db
        .selectFrom('mail_queue')
        .select(['to_address', 'subject', 'body_text'])
        .where('kind', '=', 'order.status')
        .executeTakeFirstOrThrow();
      expect(mail.to_address).toBe(asha.email);
      expect(mail.subject).toBe(`Your Aisle order ${placed.body.OrderID} is cancelled`);
      expect(mail.body_text).toContain(`Your order ${placed.body.OrderID} has been cancelled, as you asked.`);
      const entry = await t.db.db
        .selectFrom('audit_log')
        .select(['actor_id', 'actor_email', 'detail'])
        .where('action', '=', 'order.status')
        .where('target', '=', `order:${placed.body.OrderID}`)
        .executeTakeFirstOrThrow();
      expect(entry.actor_id).toBe(asha.id);
      expect(entry.actor_email).toBe(asha.email);
      expect(JSON.parse(entry.detail)).toEqual({
        from: 'Placed',
        to: 'Cancelled',
        unitsReturnedToStock: 5,
        by: 'customer',
      });
      // Once is enough: a cancelled order stays cancelled, and its stock is not returned twice.
      const again = await cancel(asha, placed.body.OrderID);
      expect(again.status).toBe(409);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock);
    });

    it('answers 404 for someone else’s order or an unknown one, 409 once it is confirmed, 401 when signed out', async () => {
      const placed = await order(asha, [line(APPLE.id, APPLE.store, 2)]);
      const id = placed.body.OrderID;
      const notYours = await cancel(om, id);
      expect(notYours.status).toBe(404);
      expect(notYours.body.Message).toBe(`Order ${id} does not exist.`);
      // Staff's own orders are theirs; a shopper's order is not staff's to cancel through this call.
      expect((await cancel(staff, id)).status).toBe(404);
      expect((await cancel(asha, id + 1000)).status).toBe(404);
      expect((await cancel(undefined, id)).status).toBe(401);
      expect((await t.call<Err>('POST', '/api/Order/Cancel/abc', { token: asha.token })).status).toBe(400);
      expect((await ordersOf(asha)).map((o) => o.status)).toEqual(['Placed']);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 2);

      expect((await move(id, 'Confirmed')).status).toBe(200);
      const confirmed = await cancel(asha, id);
      expect(confirmed.status).toBe(409);
      expect(confirmed.body.Message).toBe(
        `Order ${id} is Confirmed and can no longer be cancelled here: an order can be cancelled by its customer only ` +
          'while it is AwaitingPayment or Placed. Contact the shop about it.',
      );
      expect((await ordersOf(asha)).map((o) => o.status)).toEqual(['Confirmed']);
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 2);
    });

    it('returns stock exactly while other orders of the same item are placed at the same time', async () => {
      const cancellers = crowd.slice(0, 8);
      const buyers = crowd.slice(8);
      const first = await Promise.all(cancellers.map((c) => order(c, [line(APPLE.id, APPLE.store, 2)])));
      expect(first.map((a) => a.status)).toEqual(Array(8).fill(201));
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 16);
      const [cancelled, bought] = await Promise.all([
        Promise.all(cancellers.map((c, i) => cancel(c, first[i]?.body.OrderID ?? 0))),
        Promise.all(buyers.map((b) => order(b, [line(APPLE.id, APPLE.store, 3)]) as Promise<Answer>)),
      ]);
      expect(cancelled.map((a) => a.status)).toEqual(Array(8).fill(200));
      const placed = bought.filter((a) => a.status === 201).length;
      expect(placed + bought.filter((a) => a.status === 409).length).toBe(buyers.length);
      // Initial − placed + cancelled, to the unit.
      expect(await stockOf(APPLE.id)).toBe(APPLE.stock - 16 - 3 * placed + 16);
      // And the ledger agrees: every unit out of stock is on a line of an order that still stands.
      const standing = await t.db.db
        .selectFrom('order_lines as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select('l.qty')
        .where('l.item_id', '=', APPLE.id)
        .where('o.status', '!=', 'Cancelled')
        .execute();
      expect(standing.reduce((sum, l) => sum + l.qty, 0) + (await stockOf(APPLE.id))).toBe(APPLE.stock);
    });
  });
});
