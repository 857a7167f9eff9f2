import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { type SlotDto, type SlotTemplateDto, slotLabel } from '../../src/lib/domain/slots.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type ApiProcess, startApiProcess, stopApiProcess } from './api-processes.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 31, item 2: delivery slots with a capacity that are never overbooked. The fixture
// catalogue: Apple is item 1 of store 1, Soap Bar item 4 of store 3.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };
const HOUR = 3_600_000;

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Placed = OrderDto & Err;

function tally(answers: readonly { status: number }[]): Record<number, number> {
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return byStatus;
}

/** Orders, order slot places and the slot's booked count, as the database holds them. */
async function ledger(t: AuthTestApp, slotId: number) {
  const db = t.db.db;
  const count = async (table: 'orders' | 'order_slots') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const slot = await db.selectFrom('delivery_slots').select('booked').where('id', '=', slotId).executeTakeFirst();
  const apple = await db.selectFrom('items').select('stock').where('id', '=', APPLE.id).executeTakeFirstOrThrow();
  return {
    orders: await count('orders'),
    places: await count('order_slots'),
    booked: slot?.booked,
    appleStock: apple.stock,
  };
}

async function resetShop(t: AuthTestApp): Promise<void> {
  const db = t.db.db;
  for (const table of [
    'order_slots',
    'order_lines',
    'orders',
    'delivery_slots',
    'slot_templates',
    'slot_rules',
    'cart_items',
    'carts',
    'mail_queue',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.updateTable('items').set({ stock: 1000 }).where('id', 'in', [APPLE.id, SOAP.id]).execute();
}

describe.each(DIALECTS)('delivery slots on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let crowd: Customer[];

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    [staff, asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer, Customer];
    crowd = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: 200 }, (_, i) => ({
        email: `crowd${i}@aisle.test`,
        fullName: `Crowd ${i}`,
        role: 'User' as const,
      })),
    );
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // A test that moves the clock leaves it where it was for the next (tokens expire).
    t.clock.now = new Date();
    await resetShop(t);
  });

  const iso = (msFromNow: number) => new Date(t.clock.now.getTime() + msFromNow).toISOString();
  const createSlot = (body: Record<string, unknown>, token = staff.token, store = APPLE.store) =>
    t.call<SlotDto & Err>('POST', `/api/Store/Slot/${store}`, { token, json: body });
  const slotsOf = async (store = APPLE.store) => (await t.call<SlotDto[]>('GET', `/api/Store/Slots/${store}`)).body;
  const order = (who: Customer, slots: Record<string, unknown> | undefined, lines = [line(APPLE.id, APPLE.store, 1)]) =>
    t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), ...(slots === undefined ? {} : { Slots: slots }) },
    });
  const newSlot = async (capacity: number, extra: Record<string, unknown> = {}) => {
    const res = await createSlot({ Start: iso(24 * HOUR), End: iso(26 * HOUR), Capacity: capacity, ...extra });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('lets staff create a slot that shoppers then see with its places left; audited', async () => {
    const start = new Date(t.clock.now.getTime() + 30 * HOUR);
    start.setUTCMinutes(30, 0, 0);
    const res = await createSlot({
      Start: start.toISOString().replace('Z', '+00:00'),
      End: new Date(start.getTime() + 2 * HOUR).toISOString(),
      Capacity: 12,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ StoreID: 1, Start: start.toISOString(), Capacity: 12, Left: 12 });
    // Without a template the lead time is 60 minutes: the cut-off is an hour before the start.
    expect(res.body.Cutoff).toBe(new Date(start.getTime() - HOUR).toISOString());
    expect(await slotsOf()).toEqual([res.body]);
    expect(await slotsOf(SOAP.store)).toEqual([]);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'slot.created')
      .execute();
    expect(audit).toEqual([{ action: 'slot.created', target: 'store:1' }]);
    // The same window twice is a conflict, not a second slot.
    expect((await createSlot({ Start: res.body.Start, End: res.body.End, Capacity: 3 })).status).toBe(409);
  });

  it('refuses bad slots with a 400 naming each field and rule, strangers with 401 and shoppers with 403', async () => {
    const bad = await createSlot({ Start: iso(5 * HOUR), End: iso(4 * HOUR), Capacity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({
      End: ['End must be after Start.'],
      Capacity: ['Capacity must be a whole number from 1 to 10000.'],
    });
    const worse = await createSlot({ Start: 'tomorrow', End: iso(4 * HOUR), Capacity: 2.5, Cutoff: iso(6 * HOUR) });
    expect(Object.keys(worse.body.ModelState ?? {}).sort()).toEqual(['Capacity', 'Start']);
    const past = await createSlot({ Start: iso(-HOUR), End: iso(HOUR), Capacity: 5 });
    expect(past.body.ModelState).toEqual({ Start: ['Start must be in the future.'] });
    const late = await createSlot({ Start: iso(5 * HOUR), End: iso(6 * HOUR), Capacity: 5, Cutoff: iso(7 * HOUR) });
    expect(late.body.ModelState).toEqual({ Cutoff: ['Cutoff must not be after Start.'] });
    const anonymous = await t.call('POST', '/api/Store/Slot/1', {
      json: { Start: iso(5 * HOUR), End: iso(6 * HOUR), Capacity: 5 },
    });
    expect(anonymous.status).toBe(401);
    expect((await createSlot({ Start: iso(5 * HOUR), End: iso(6 * HOUR), Capacity: 5 }, asha.token)).status).toBe(403);
    expect((await createSlot({ Start: iso(5 * HOUR), End: iso(6 * HOUR), Capacity: 5 }, staff.token, 999)).status).toBe(
      404,
    );
    expect(await slotsOf()).toEqual([]);
  });

  it('gives 200 concurrent orders into a slot of capacity 50 exactly 50 places, and writes nothing for the rest', async () => {
    const slot = await newSlot(50);
    const answers = await Promise.all(crowd.map((who) => order(who, { [APPLE.store]: slot.SlotID })));
    expect(tally(answers)).toEqual({ 201: 50, 409: 150 });
    expect(await ledger(t, slot.SlotID)).toEqual({ orders: 50, places: 50, booked: 50, appleStock: 950 });
    const placed = answers.filter((a) => a.status === 201).map((a) => a.body);
    expect(placed.every((o) => o.SlotID === slot.SlotID)).toBe(true);
    expect(placed[0]?.Slots).toEqual([{ StoreID: 1, SlotID: slot.SlotID, Start: slot.Start, End: slot.End }]);
    const refused = answers.find((a) => a.status === 409)?.body;
    expect(refused?.ModelState).toEqual({
      'Slots.1': [`Slots.1 names slot ${slot.SlotID}, which is full: pick another slot.`],
    });
    expect((await slotsOf())[0]?.Left).toBe(0);
  });

  it('refuses a slot past its cut-off or already started with a 409 naming it, writing nothing', async () => {
    const MINUTE = 60_000;
    const slot = await newSlot(10, { Start: iso(4 * MINUTE), End: iso(HOUR), Cutoff: iso(2 * MINUTE) });
    expect((await order(asha, { 1: slot.SlotID })).status).toBe(201);
    t.clock.advance(2 * MINUTE + 1000);
    const closed = await order(asha, { 1: slot.SlotID });
    expect(closed.status).toBe(409);
    expect(closed.body.ModelState).toEqual({
      'Slots.1': [
        `Slots.1 names slot ${slot.SlotID}, which no longer takes orders (its cut-off has passed): pick a later slot.`,
      ],
    });
    expect(await slotsOf()).toEqual([]);
    t.clock.advance(2 * MINUTE);
    const started = await order(asha, { 1: slot.SlotID });
    expect(started.status).toBe(409);
    expect(started.body.Message).toContain('which has already started');
    expect(await ledger(t, slot.SlotID)).toEqual({ orders: 1, places: 1, booked: 1, appleStock: 999 });
  });

  it('requires a slot at a store that delivers in slots (400 naming Slots.{StoreID}), and not at one that does not', async () => {
    const slot = await newSlot(5);
    const missing = await order(asha, undefined, [line(APPLE.id, APPLE.store, 1), line(SOAP.id, SOAP.store, 1)]);
    expect(missing.status).toBe(400);
    expect(missing.body.ModelState).toEqual({
      'Slots.1': ['Slots.1 is required: store 1 delivers in slots, so pick one of its delivery slots.'],
    });
    const stranger = await order(asha, { 1: slot.SlotID, 2: slot.SlotID });
    expect(stranger.status).toBe(400);
    expect(stranger.body.ModelState).toEqual({
      'Slots.2': ['Slots.2 names store 2, which has no item in this order.'],
    });
    expect((await order(asha, { 1: 'soon' })).body.ModelState).toEqual({
      'Slots.1': ['Slots.1 must be a SlotID (a whole number from 1 up).'],
    });
    expect((await order(asha, { 1: slot.SlotID + 1000 })).status).toBe(409);
    // Store 3 has no slots: its orders go on as before, without Slots.
    const soap = await order(asha, undefined, [line(SOAP.id, SOAP.store, 1)]);
    expect(soap.status).toBe(201);
    expect(soap.body.SlotID).toBeNull();
    expect(await ledger(t, slot.SlotID)).toMatchObject({ orders: 1, booked: 0 });
  });

  it('gives the place back when the order is cancelled, and takes it again when staff undo the cancel', async () => {
    const slot = await newSlot(1);
    const first = await order(asha, { 1: slot.SlotID });
    expect(first.status).toBe(201);
    const other = crowd[0] as Customer;
    expect((await order(other, { 1: slot.SlotID })).status).toBe(409);
    expect((await t.call('POST', `/api/Order/Cancel/${first.body.OrderID}`, { token: asha.token })).status).toBe(200);
    expect((await slotsOf())[0]?.Left).toBe(1);
    const second = await order(other, { 1: slot.SlotID });
    expect(second.status).toBe(201);
    // Staff cancel the second order; the undo takes the place again while it is free.
    const call = (method: string, path: string, json: unknown) =>
      t.call<Placed>(method, path, { token: staff.token, json });
    expect((await call('PUT', `/api/Order/Status/${second.body.OrderID}`, { Status: 'Cancelled' })).status).toBe(200);
    expect((await slotsOf())[0]?.Left).toBe(1);
    const undone = await call('POST', `/api/Order/Undo/${second.body.OrderID}`, { Status: 'Placed' });
    expect(undone.status).toBe(200);
    expect(undone.body.SlotID).toBe(slot.SlotID);
    expect((await slotsOf())[0]?.Left).toBe(0);
    // My Orders shows each order's slot.
    const mine = await t.call<Placed[]>('GET', '/api/Order/AllOrders', { token: other.token });
    expect(mine.body.map((o) => o.Slots)).toEqual([
      [{ StoreID: 1, SlotID: slot.SlotID, Start: slot.Start, End: slot.End }],
    ]);
  });

  it('makes the slots of a weekly template for the days ahead, in shop time, with the lead time as cut-off', async () => {
    const put = (body: unknown, token = staff.token) =>
      t.call<SlotTemplateDto & Err>('PUT', `/api/Store/SlotTemplate/${APPLE.store}`, { token, json: body });
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((Weekday) => ({ Weekday, Start: '18:00', End: '20:00', Capacity: 4 }));
    const res = await put({ LeadMinutes: 120, Slots: everyDay });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ StoreID: 1, LeadMinutes: 120, DaysAhead: 7, Slots: everyDay });
    const slots = await slotsOf();
    // 18:00 in India is 12:30 UTC; today's slot is there only while its cut-off (16:00 IST) is ahead.
    expect(slots.length).toBeGreaterThanOrEqual(6);
    expect(slots.length).toBeLessThanOrEqual(7);
    for (const s of slots) {
      expect(s.Start.slice(11)).toBe('12:30:00.000Z');
      expect(s.End.slice(11)).toBe('14:30:00.000Z');
      expect(Date.parse(s.Start) - Date.parse(s.Cutoff)).toBe(2 * HOUR);
      expect(s.Left).toBe(4);
    }
    // A booked slot stays when the template changes; unbooked ones of the old template go.
    const first = slots[0] as SlotDto;
    expect((await order(asha, { 1: first.SlotID })).status).toBe(201);
    expect((await put({ Slots: [{ Weekday: 1, Start: '07:00', End: '09:00', Capacity: 2 }] })).status).toBe(200);
    const after = await slotsOf();
    expect(after.find((s) => s.SlotID === first.SlotID)?.Left).toBe(3);
    expect(after.filter((s) => s.Start.slice(11) === '12:30:00.000Z')).toHaveLength(1);
    expect(after.filter((s) => s.Start.slice(11) === '01:30:00.000Z')).toHaveLength(1);
    expect(
      (await t.call<SlotTemplateDto>('GET', '/api/Store/SlotTemplate/1', { token: staff.token })).body.Slots,
    ).toEqual([{ Weekday: 1, Start: '07:00', End: '09:00', Capacity: 2 }]);
    const bad = await put({ LeadMinutes: -1, Slots: [{ Weekday: 7, Start: '9:00', End: '08:00', Capacity: 1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState).toEqual({
      LeadMinutes: ['LeadMinutes must be a whole number from 0 to 10080.'],
      'Slots[0].Weekday': ['Slots[0].Weekday must be a whole number from 0 (Sunday) to 6 (Saturday).'],
      'Slots[0].Start': ['Slots[0].Start must be a shop-local time "HH:MM" from 00:00 to 23:59.'],
    });
    expect((await put({ Slots: [] }, asha.token)).status).toBe(403);
    expect((await t.call('PUT', '/api/Store/SlotTemplate/1', { json: { Slots: [] } })).status).toBe(401);
  });

  it("names the order's delivery slot in the order mail, in the shop's time", async () => {
    const slot = await newSlot(5);
    const placed = await order(asha, { [APPLE.store]: slot.SlotID });
    expect(placed.status).toBe(201);
    const mail = await t.db.db
      .selectFrom('mail_queue')
      .select(['body_text', 'body_html'])
      .where('kind', '=', 'order.placed')
      .executeTakeFirstOrThrow();
    const label = slotLabel(slot.Start, slot.End);
    expect(mail.body_text).toContain(`Delivery slot: ${label}`);
    expect(mail.body_html).toContain(`Delivery slot: ${label}`);
  });

  // Last in this block: it deletes store 3 of the fixture catalogue.
  it('deletes a store whose slot an order holds: the order stays, its place goes with the store', async () => {
    const slot = await createSlot({ Start: iso(24 * HOUR), End: iso(26 * HOUR), Capacity: 5 }, staff.token, SOAP.store);
    expect(slot.status).toBe(201);
    const placed = await order(asha, { [SOAP.store]: slot.body.SlotID }, [line(SOAP.id, SOAP.store, 1)]);
    expect(placed.status).toBe(201);
    // A store is deleted once it is empty (its items and sections first).
    const db = t.db.db;
    const dbIds = db.selectFrom('store_dbs').select('id').where('store_id', '=', SOAP.store);
    await db.deleteFrom('cart_items').where('store_id', '=', SOAP.store).execute();
    await db
      .deleteFrom('stock_alerts')
      .where('item_id', 'in', db.selectFrom('items').select('id').where('store_id', '=', SOAP.store))
      .execute();
    await db.deleteFrom('items').where('store_id', '=', SOAP.store).execute();
    await db.deleteFrom('published_sections').where('db_id', 'in', dbIds).execute();
    await db.deleteFrom('sections').where('db_id', 'in', dbIds).execute();
    const gone = await t.call<Err>('DELETE', `/api/Store/Delete/${SOAP.store}`, { token: staff.token });
    expect(gone.body.Message).toContain('was deleted');
    expect(gone.status).toBe(200);
    expect(await ledger(t, slot.body.SlotID)).toMatchObject({ orders: 1, places: 0, booked: undefined });
  });
});

describe.each(DIALECTS)('delivery slots across two API processes on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let crowd: Customer[];
  const processes: ApiProcess[] = [];
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [staff] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
    ])) as [Customer];
    crowd = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: 200 }, (_, i) => ({
        email: `p${i}@aisle.test`,
        fullName: `Process ${i}`,
        role: 'User' as const,
      })),
    );
    processes.push(...(await Promise.all([1, 2].map(() => startApiProcess(t.db.url)))));
  });
  afterAll(async () => {
    await Promise.all(processes.map(stopApiProcess));
    await t.close();
  });

  it('gives 200 simultaneous orders over HTTP, round-robin to two processes, exactly the 50 places of a slot', async () => {
    await resetShop(t);
    const start = Date.now() + 24 * HOUR;
    const slot = await t.call<SlotDto>('POST', '/api/Store/Slot/1', {
      token: staff.token,
      json: { Start: new Date(start).toISOString(), End: new Date(start + HOUR).toISOString(), Capacity: 50 },
    });
    expect(slot.status).toBe(201);
    const answers = await Promise.all(
      crowd.map(async (who, i) => {
        const res = await fetch(`${processes[i % 2]?.url}/api/cart/CreateOrder`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...cartBody(who, [line(APPLE.id, APPLE.store, 1)]), Slots: { 1: slot.body.SlotID } }),
        });
        return { status: res.status, body: (await res.json()) as Placed };
      }),
    );
    expect(tally(answers)).toEqual({ 201: 50, 409: 150 });
    expect(await ledger(t, slot.body.SlotID)).toEqual({ orders: 50, places: 50, booked: 50, appleStock: 950 });
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.CustomerID)).size).toBe(50);
  });
});
