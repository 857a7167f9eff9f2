import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { SlotDto } from '../../src/lib/domain/slots.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 31, item 4: the order's way to the door. Apple is item 1 of store 1 (which takes
// delivery slots here), Soap Bar item 4 of store 3.
const APPLE = { id: 1, store: 1 };
const CHERRY = { id: 3, store: 1 };
const STOCK = 1000;
const HOUR = 3_600_000;

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Answer = OrderDto & Err;

const STATUSES = [
  'AwaitingPayment',
  'Placed',
  'Confirmed',
  'Packing',
  'OutForDelivery',
  'Delivered',
  'Cancelled',
] as const;
type Status = (typeof STATUSES)[number];

/** What staff may do from each status, written out here on its own (not read from the code under test). */
const NEXT: Record<Status, readonly Status[]> = {
  AwaitingPayment: ['Placed', 'Confirmed', 'Cancelled'],
  Placed: ['Confirmed', 'Cancelled'],
  Confirmed: ['Packing', 'Cancelled'],
  Packing: ['OutForDelivery', 'Cancelled'],
  OutForDelivery: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

/** The statuses an order goes through to reach each one by staff moves. */
const WAY: Record<Status, readonly Status[]> = {
  AwaitingPayment: [],
  Placed: [],
  Confirmed: ['Confirmed'],
  Packing: ['Confirmed', 'Packing'],
  OutForDelivery: ['Confirmed', 'Packing', 'OutForDelivery'],
  Delivered: ['Confirmed', 'Packing', 'OutForDelivery', 'Delivered'],
  Cancelled: ['Cancelled'],
};

describe.each(DIALECTS)('the way to the door on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let slot: SlotDto;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    [staff, asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer, Customer];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = new Date();
    const db = t.db.db;
    for (const table of ['order_slots', 'order_lines', 'orders', 'delivery_slots', 'mail_queue'] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.updateTable('items').set({ stock: STOCK }).where('id', 'in', [APPLE.id, CHERRY.id]).execute();
    const start = t.clock.now.getTime() + 24 * HOUR;
    const made = await t.call<SlotDto>('POST', `/api/Store/Slot/${APPLE.store}`, {
      token: staff.token,
      json: { Start: new Date(start).toISOString(), End: new Date(start + 2 * HOUR).toISOString(), Capacity: 5 },
    });
    expect(made.status).toBe(201);
    slot = made.body;
  });

  const staffCall = (method: string, path: string, json?: unknown) =>
    t.call<Answer>(method, path, { token: staff.token, ...(json === undefined ? {} : { json }) });
  const move = (id: number, Status: string) => staffCall('PUT', `/api/Order/Status/${id}`, { Status });
  const stock = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const left = async () =>
    (await t.call<SlotDto[]>('GET', `/api/Store/Slots/${APPLE.store}`)).body.find((s) => s.SlotID === slot.SlotID)
      ?.Left;
  const statusOf = async (id: number) =>
    (await t.db.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const mails = () =>
    t.db.db
      .selectFrom('mail_queue')
      .select(['to_address', 'subject', 'body_text'])
      .where('kind', '=', 'order.status')
      .orderBy('id')
      .execute();

  /** An order of 3 apples and 2 cherries of one store (in its slot), brought to `status` by staff moves (AwaitingPayment set directly: only payments will make it). */
  async function orderAt(status: Status): Promise<number> {
    const placed = await t.call<Answer>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: {
        ...cartBody(asha, [line(APPLE.id, APPLE.store, 3), line(CHERRY.id, CHERRY.store, 2)]),
        Slots: { [APPLE.store]: slot.SlotID },
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.OrderID;
    if (status === 'AwaitingPayment') {
      await t.db.db.updateTable('orders').set({ status }).where('id', '=', id).execute();
    }
    for (const next of WAY[status]) expect((await move(id, next)).status).toBe(200);
    return id;
  }

  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('staff move %s → %s: allowed only along the way', async (from, to) => {
    const id = await orderAt(from);
    const before = await t.db.db.selectFrom('mail_queue').select('id').execute();
    const res = await move(id, to);
    if (NEXT[from].includes(to)) {
      expect(res.status).toBe(200);
      expect(res.body.Status).toBe(to);
      expect(await statusOf(id)).toBe(to);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.Message).toContain(`Order ${id} is ${from} and cannot move to ${to}`);
      expect(await statusOf(id)).toBe(from);
      // A refused move writes nothing: no mail, no history row.
      expect(await t.db.db.selectFrom('mail_queue').select('id').execute()).toHaveLength(before.length);
    }
  });

  it.each(['AwaitingPayment', 'Placed', 'Confirmed', 'Packing', 'OutForDelivery'] as const)(
    'cancelling a %s order puts its stock and its slot place back, in one go',
    async (from) => {
      const id = await orderAt(from);
      expect([await stock(APPLE.id), await stock(CHERRY.id), await left()]).toEqual([STOCK - 3, STOCK - 2, 4]);
      const res = await move(id, 'Cancelled');
      expect(res.status).toBe(200);
      expect([await stock(APPLE.id), await stock(CHERRY.id), await left()]).toEqual([STOCK, STOCK, 5]);
      const last = (
        await t.call<{ To: string; StockChange: number }[]>('GET', `/api/Order/History/${id}`, {
          token: staff.token,
        })
      ).body.at(-1);
      expect(last).toMatchObject({ To: 'Cancelled', StockChange: 5 });
      // A second cancel finds it final: nothing comes back twice.
      expect((await move(id, 'Cancelled')).status).toBe(409);
      expect([await stock(APPLE.id), await left()]).toEqual([STOCK, 5]);
    },
  );

  it.each(STATUSES)('the owner may cancel a %s order only while it is Placed or AwaitingPayment', async (from) => {
    const id = await orderAt(from);
    const res = await t.call<Answer>('POST', `/api/Order/Cancel/${id}`, { token: asha.token });
    if (from === 'Placed' || from === 'AwaitingPayment') {
      expect(res.status).toBe(200);
      expect(res.body.Status).toBe('Cancelled');
      expect([await stock(APPLE.id), await stock(CHERRY.id), await left()]).toEqual([STOCK, STOCK, 5]);
      const mail = (await mails()).at(-1);
      expect(mail?.subject).toBe(`Your Aisle order ${id} is cancelled`);
      expect(mail?.body_text).toContain('has been cancelled, as you asked');
    } else {
      expect(res.status).toBe(409);
      expect(res.body.Message).toContain('only while it is AwaitingPayment or Placed');
      expect(await statusOf(id)).toBe(from);
    }
  });

  it('mails the customer once per change, naming the new status and the slot; an undo and a reopen too', async () => {
    const id = await orderAt('Placed');
    for (const to of ['Confirmed', 'Packing', 'OutForDelivery']) expect((await move(id, to)).status).toBe(200);
    expect((await staffCall('POST', `/api/Order/Undo/${id}`, { Status: 'Packing' })).status).toBe(200);
    expect((await move(id, 'OutForDelivery')).status).toBe(200);
    expect((await move(id, 'Delivered')).status).toBe(200);
    const sent = await mails();
    expect(sent.map((m) => [m.to_address, m.subject])).toEqual([
      [asha.email, `Your Aisle order ${id} is confirmed`],
      [asha.email, `Your Aisle order ${id} is packing`],
      [asha.email, `Your Aisle order ${id} is out for delivery`],
      [asha.email, `Your Aisle order ${id} is packing again`],
      [asha.email, `Your Aisle order ${id} is out for delivery`],
      [asha.email, `Your Aisle order ${id} is delivered`],
    ]);
    const label = (await t.call<SlotDto[]>('GET', `/api/Store/Slots/${APPLE.store}`)).body[0];
    expect(label).toBeDefined();
    for (const m of sent.slice(0, 5))
      expect(m.body_text).toMatch(/Delivery slot: \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d/);
    expect(sent[2]?.body_text).toContain('Status: Out for delivery');
    expect(sent[3]?.body_text).toContain('An earlier change of its status was taken back.');
    // The timeline holds each of those changes, in order.
    const history = await t.call<{ From: string; To: string; Kind: string }[]>('GET', `/api/Order/History/${id}`, {
      token: asha.token,
    });
    expect(history.body.map((m) => `${m.From}>${m.To}:${m.Kind}`)).toEqual([
      'Placed>Confirmed:Move',
      'Confirmed>Packing:Move',
      'Packing>OutForDelivery:Move',
      'OutForDelivery>Packing:Undo',
      'Packing>OutForDelivery:Move',
      'OutForDelivery>Delivered:Move',
    ]);
  });

  it('undoes a cancel: the stock and the slot place are taken again; only an Admin reopens a Delivered order', async () => {
    const id = await orderAt('Packing');
    expect((await move(id, 'Cancelled')).status).toBe(200);
    expect(await left()).toBe(5);
    const undone = await staffCall('POST', `/api/Order/Undo/${id}`, { Status: 'Packing' });
    expect(undone.status).toBe(200);
    expect(undone.body.Status).toBe('Packing');
    expect([await stock(APPLE.id), await stock(CHERRY.id), await left()]).toEqual([STOCK - 3, STOCK - 2, 4]);
    // Only an Admin moves a Delivered order back.
    for (const to of ['OutForDelivery', 'Delivered']) expect((await move(id, to)).status).toBe(200);
    expect((await staffCall('POST', `/api/Order/Reopen/${id}`, { Reason: 'Not there' })).status).toBe(403);
  });
});
