import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { sellingPrice } from '../../src/lib/domain/pricing.ts';
import type { SalesReportDto } from '../../src/lib/domain/reports.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 33 item 5 after packing (items 2 and 3): the sales report counts what a packed order
// sent (takings, units, top items by the item sent) and its fill and substitution rates over
// packed lines, overall and per store; an order moved out of Packing without the packing
// call sends every line as asked. Store 1, section 1: Apple (item 1), and Green Apple, Red
// Apple, Apple Juice added here; store 3: Soap Bar (item 4).
const APPLE = 1;
const SOAP = 4;
type Err = { Message: string; ModelState?: Record<string, string[]> };
type Placed = OrderDto & { Orders?: OrderDto[] } & Err;

// India Standard Time (the report's default zone), worked out here: UTC+05:30 all year.
const istDate = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
const dayOffset = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
const paise = (rupees: number) => Math.round(rupees * 100);
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** The report's figures summed over the orders as their own reads tell them: what each line sent, or asked. */
function expected(orders: readonly OrderDto[]) {
  const sales = orders.filter((o) => o.Status !== 'Cancelled');
  type Sums = { total: number; packed: number; asked: number; filled: number; replaced: number };
  const stores = new Map<number, Sums>();
  const items = new Map<number, { qty: number; total: number }>();
  const all: Sums = { total: 0, packed: 0, asked: 0, filled: 0, replaced: 0 };
  for (const o of sales) {
    for (const l of o.OrderItems) {
      const sent = l.Sent ?? null;
      const itemId = sent?.ItemID ?? l.ItemID;
      const qty = sent?.Qty ?? l.Qty;
      const total = qty * paise(sent?.SellingPrice ?? l.SellingPrice);
      const s = stores.get(l.StoreID) ?? { total: 0, packed: 0, asked: 0, filled: 0, replaced: 0 };
      for (const sums of [s, all]) {
        sums.total += total;
        if (sent === null) continue;
        sums.packed += 1;
        sums.asked += l.Qty;
        sums.filled += sent.Outcome === 'Replaced' ? 0 : sent.Qty;
        sums.replaced += sent.Outcome === 'Replaced' ? 1 : 0;
      }
      stores.set(l.StoreID, s);
      const i = items.get(itemId) ?? { qty: 0, total: 0 };
      i.qty += qty;
      i.total += total;
      items.set(itemId, i);
    }
  }
  return {
    Orders: sales.length,
    Total: sales.reduce((n, o) => n + paise(o.OrderTotal), 0) / 100,
    FillRate: all.packed === 0 ? null : share(all.filled, all.asked),
    SubstitutionRate: all.packed === 0 ? null : share(all.replaced, all.packed),
    Stores: [...stores]
      .map(([StoreID, s]) => ({
        StoreID,
        Total: s.total / 100,
        FillRate: s.packed === 0 ? null : share(s.filled, s.asked),
        SubstitutionRate: s.packed === 0 ? null : share(s.replaced, s.packed),
      }))
      .sort((a, b) => b.Total - a.Total || a.StoreID - b.StoreID),
    TopItems: [...items]
      .sort(([a, x], [b, y]) => y.total - x.total || a - b)
      .map(([ItemID, i]) => ({ ItemID, Qty: i.qty, Total: i.total / 100 })),
  };
}

describe.each(DIALECTS)('the sales report of packed orders, on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let green = 0;
  let red = 0;
  let juice = 0;
  const placedIds: number[] = [];

  const add = async (title: string, unitPrice: number) => {
    const row = await t.db.db
      .insertInto('items')
      .values({
        store_id: 1,
        db_id: 1,
        section_id: 1,
        title,
        meta_description: title,
        content: `<p>${title}</p>`,
        hidden: 0,
        stock: 50,
        size: '1 kg',
        unit_price: unitPrice,
        discount_bps: 0,
        flat_discount: 0,
        gst_bps: 0,
        selling_price: sellingPrice({ unitPrice, discountBps: 0, flatDiscount: 0, gstBps: 0 }),
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  /** Places a cart; the ids of its orders (one per store), store 1's first. */
  const place = async (lines: unknown[]): Promise<number[]> => {
    const res = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, lines),
    });
    expect(res.status, res.body.Message).toBe(201);
    const ids = (res.body.Orders ?? [res.body]).map((o) => o.OrderID);
    placedIds.push(...ids);
    return ids;
  };
  const status = async (id: number, to: string) => {
    const res = await t.call<OrderDto & Err>('PUT', `/api/Order/Status/${id}`, {
      token: staff.token,
      json: { Status: to },
    });
    expect(res.status, res.body.Message).toBe(200);
    return res.body;
  };
  const toPacking = async (id: number) => {
    await status(id, 'Confirmed');
    await status(id, 'Packing');
  };
  const pack = async (id: number, lines: unknown[]) => {
    const res = await t.call<OrderDto & Err>('POST', `/api/Order/Pack/${id}`, {
      token: staff.token,
      json: { Lines: lines },
    });
    expect(res.status, res.body.Message).toBe(200);
    return res.body;
  };
  const report = (from: string, to: string, extra = '') =>
    t.call<SalesReportDto & Err>('GET', `/api/Report/Sales?from=${from}&to=${to}${extra}`, { token: staff.token });
  const readAll = async () =>
    Promise.all(
      placedIds.map(
        async (id) => (await t.call<OrderDto>('GET', `/api/Order/Read/${id}`, { token: staff.token })).body,
      ),
    );

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    await t.db.db.updateTable('items').set({ stock: 100 }).where('id', 'in', [APPLE, SOAP]).execute();
    green = await add('Green Apple', 11000);
    red = await add('Red Apple', 9000);
    juice = await add('Apple Juice', 30000);
    [staff, asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer, Customer];

    // 1: two lines replaced (best match, a chosen item), one short.
    const [one] = (await place([
      line(APPLE, 1, 3, 'added', { Substitution: 'BestMatch' }),
      line(red, 1, 2, 'added', { Substitution: green }),
      line(juice, 1, 4, 'added', { Substitution: 'None' }),
    ])) as [number];
    await toPacking(one);
    await pack(one, [
      { ItemID: APPLE, Outcome: 'Replaced' },
      { ItemID: red, Outcome: 'Replaced' },
      { ItemID: juice, Outcome: 'Short', Qty: 1 },
    ]);
    // 2: two stores; store 1's packed with a short, store 3's sent out by a plain status move.
    const [two, soap] = (await place([line(APPLE, 1, 5), line(juice, 1, 1), line(SOAP, 3, 3)])) as [number, number];
    await toPacking(two);
    await pack(two, [
      { ItemID: APPLE, Outcome: 'Short', Qty: 2 },
      { ItemID: juice, Outcome: 'Packed' },
    ]);
    await toPacking(soap);
    await status(soap, 'OutForDelivery');
    // 3: all packed as asked, then delivered.
    const [three] = (await place([line(APPLE, 1, 1), line(green, 1, 2)])) as [number];
    await toPacking(three);
    await pack(three, [
      { ItemID: APPLE, Outcome: 'Packed' },
      { ItemID: green, Outcome: 'Packed' },
    ]);
    await status(three, 'Delivered');
    // 4: not packed yet: counts as asked, in no rate.
    await place([line(red, 1, 4), line(SOAP, 3, 1)]);
    // 5: sent out from Packing by the board's bulk move, without the packing call.
    const [five] = (await place([line(juice, 1, 2)])) as [number];
    await toPacking(five);
    const moved = await t.call<{ Orders: OrderDto[] } & Err>('POST', '/api/Order/Move', {
      token: staff.token,
      json: { OrderIDs: [five], Status: 'OutForDelivery' },
    });
    expect(moved.status, moved.body.Message).toBe(200);
    // 6: packed with a replacement and a short, then cancelled: in no figure but Cancelled.
    const [six] = (await place([line(red, 1, 3, 'added', { Substitution: 'BestMatch' }), line(APPLE, 1, 2)])) as [
      number,
    ];
    await toPacking(six);
    await pack(six, [
      { ItemID: red, Outcome: 'Replaced' },
      { ItemID: APPLE, Outcome: 'Short', Qty: 1 },
    ]);
    await status(six, 'Cancelled');
  });
  afterAll(() => t.close());

  it('sends every line as asked when a Packing order moves on without the packing call, on either path', async () => {
    const orders = await readAll();
    const plain = orders.filter((o) => o.OrderItems.some((l) => l.ItemID === SOAP) && o.Status === 'OutForDelivery');
    const bulk = orders.filter((o) => o.OrderItems.length === 1 && o.OrderItems[0]?.ItemID === juice);
    for (const o of [...plain, ...bulk]) {
      expect(o.OrderItems.map((l) => l.Sent)).toEqual(
        o.OrderItems.map((l) => ({
          Outcome: 'Packed',
          ItemID: l.ItemID,
          ItemTitle: l.ItemTitle,
          Size: l.Size,
          Qty: l.Qty,
          SellingPrice: l.SellingPrice,
          LineTotal: l.LineTotal,
        })),
      );
    }
    expect(plain).toHaveLength(1);
    expect(bulk).toHaveLength(1);
    // The order not moved on is not marked.
    const waiting = orders.filter((o) => o.Status === 'Placed').flatMap((o) => o.OrderItems.map((l) => l.Sent));
    expect(waiting).toEqual([null, null]);
  });

  it('takes the marks back when that move is undone, so the order is packed again', async () => {
    const [seven] = (await place([line(APPLE, 1, 2), line(red, 1, 1)])) as [number];
    await toPacking(seven);
    const out = await status(seven, 'OutForDelivery');
    expect(out.OrderItems.map((l) => l.Sent?.Outcome)).toEqual(['Packed', 'Packed']);
    const undone = await t.call<OrderDto & Err>('POST', `/api/Order/Undo/${seven}`, {
      token: staff.token,
      json: { Status: 'Packing' },
    });
    expect(undone.status, undone.body.Message).toBe(200);
    expect(undone.body.Status).toBe('Packing');
    expect(undone.body.OrderItems.map((l) => l.Sent)).toEqual([null, null]);
    const packed = await pack(seven, [
      { ItemID: APPLE, Outcome: 'Short', Qty: 1 },
      { ItemID: red, Outcome: 'Packed' },
    ]);
    expect(packed.OrderItems.map((l) => [l.Sent?.Outcome, l.Sent?.Qty])).toEqual([
      ['Short', 1],
      ['Packed', 1],
    ]);
  });

  it('counts what was sent, and fill and substitution rates over packed lines, equal to the orders’ own sums', async () => {
    const orders = await readAll();
    const want = expected(orders);
    const today = istDate(t.clock.now.getTime());
    // Three days read whole UTC days from sales_days; one day reads its lines (the ragged hours).
    for (const [from, to] of [
      [dayOffset(today, -1), dayOffset(today, 1)],
      [today, today],
    ] as const) {
      const res = await report(from, to);
      expect(res.status, res.body.Message).toBe(200);
      expect(res.body.Orders).toBe(want.Orders);
      expect(res.body.Total).toBe(want.Total);
      expect(res.body.Cancelled).toBe(1);
      expect(res.body.FillRate).toBe(want.FillRate);
      expect(res.body.SubstitutionRate).toBe(want.SubstitutionRate);
      expect(
        res.body.Stores.map(({ StoreID, Total, FillRate, SubstitutionRate }) => ({
          StoreID,
          Total,
          FillRate,
          SubstitutionRate,
        })),
      ).toEqual(want.Stores);
      expect(res.body.TopItems.map(({ ItemID, Qty, Total }) => ({ ItemID, Qty, Total }))).toEqual(want.TopItems);
    }
    // By hand: packed lines of the sales 1, 2 (both stores), 3, 5, 7: 3 + 2 + 1 + 2 + 1 + 2 = 11 lines,
    // 2 replaced; units asked 3+2+4 + 5+1 + 3 + 1+2 + 2 + 2+1 = 26, of the asked item sent
    // 1 + 2+1 + 3 + 1+2 + 2 + 1+1 = 14.
    expect(want.SubstitutionRate).toBe(share(2, 11));
    expect(want.FillRate).toBe(share(14, 26));
    // Green Apple was asked once (2 units) and sent for 5 more: it sells 7 units.
    const res = await report(today, today);
    expect(res.body.TopItems.find((i) => i.ItemID === green)).toMatchObject({ ItemTitle: 'Green Apple', Qty: 7 });
    const soapStore = res.body.Stores.find((s) => s.StoreID === 3);
    expect(soapStore).toMatchObject({ FillRate: 1, SubstitutionRate: 0 });
  });

  it('carries the rates in the stores and summary CSV files', async () => {
    const want = expected(await readAll());
    const today = istDate(t.clock.now.getTime());
    const cell = (r: number | null) => (r === null ? '' : r.toFixed(4));
    const summary = await report(today, today, '&format=csv&table=summary');
    expect(summary.status).toBe(200);
    const rows = String(summary.body).trim().split(/\r?\n/);
    expect(rows[0]).toBe('Orders,Total,AverageBasket,FillRate,SubstitutionRate,Cancelled');
    expect(rows[1]?.split(',')).toEqual([
      String(want.Orders),
      want.Total.toFixed(2),
      (Math.round((want.Total * 100) / want.Orders) / 100).toFixed(2),
      cell(want.FillRate),
      cell(want.SubstitutionRate),
      '1',
    ]);
    const stores = await report(today, today, '&format=csv&table=stores');
    const lines = String(stores.body).trim().split(/\r?\n/);
    expect(lines[0]).toBe('StoreID,StoreTitle,Orders,Total,FillRate,SubstitutionRate');
    expect(lines.slice(1).map((l) => [l.split(',')[0], ...l.split(',').slice(-3)])).toEqual(
      want.Stores.map((s) => [String(s.StoreID), s.Total.toFixed(2), cell(s.FillRate), cell(s.SubstitutionRate)]),
    );
  });

  it('keeps sales_days equal to the lines summed afresh, after packing, moves and a cancel', async () => {
    const rows = await t.db.db
      .selectFrom('sales_days')
      .select(['store_id', 'item_id', 'qty', 'total', 'lines', 'packed_lines', 'asked_qty', 'filled_qty'])
      .select('replaced_lines')
      .execute();
    const kept = new Map<string, number[]>();
    for (const r of rows) {
      const key = `${r.store_id}:${r.item_id}`;
      const sums = [r.qty, r.total, r.lines, r.packed_lines, r.asked_qty, r.filled_qty, r.replaced_lines].map(Number);
      const before = kept.get(key) ?? [0, 0, 0, 0, 0, 0, 0];
      kept.set(
        key,
        before.map((n, i) => n + (sums[i] ?? 0)),
      );
    }
    const fresh = new Map<string, number[]>();
    for (const o of (await readAll()).filter((x) => x.Status !== 'Cancelled')) {
      for (const l of o.OrderItems) {
        const s = l.Sent ?? null;
        const key = `${l.StoreID}:${s?.ItemID ?? l.ItemID}`;
        const qty = s?.Qty ?? l.Qty;
        const sums = [
          qty,
          qty * paise(s?.SellingPrice ?? l.SellingPrice),
          1,
          s === null ? 0 : 1,
          s === null ? 0 : l.Qty,
          s === null || s.Outcome === 'Replaced' ? 0 : s.Qty,
          s?.Outcome === 'Replaced' ? 1 : 0,
        ];
        const before = fresh.get(key) ?? [0, 0, 0, 0, 0, 0, 0];
        fresh.set(
          key,
          before.map((n, i) => n + (sums[i] ?? 0)),
        );
      }
    }
    const nonZero = (m: Map<string, number[]>) =>
      Object.fromEntries([...m].filter(([, v]) => v.some((n) => n !== 0)).sort(([a], [b]) => a.localeCompare(b)));
    expect(nonZero(kept)).toEqual(nonZero(fresh));
  });
});

// Items sold by weight (issue 33 item 1) in the report after packing: a weighed line counts
// per kg × g ÷ 1000, half up to the paisa, whether sent as asked by a plain move, re-weighed at
// packing and then sent, or re-weighed and still in Packing; in the whole days of sales_days
// and in the ragged hours alike.
describe.each(DIALECTS)('the sales report of weighed lines packed, on %s', (dialect) => {
  let t: AuthTestApp;
  let staff: Customer;
  let asha: Customer;
  let onion = 0;
  const ids: number[] = [];

  const call = async (method: string, path: string, json: unknown) => {
    const res = await t.call<OrderDto & Err>(method, path, { token: staff.token, json });
    expect(res.status, res.body.Message).toBe(200);
    return res.body;
  };
  const place = async (lines: unknown[]) => {
    const res = await t.call<Placed>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, lines),
    });
    expect(res.status, res.body.Message).toBe(201);
    ids.push(res.body.OrderID);
    await call('PUT', `/api/Order/Status/${res.body.OrderID}`, { Status: 'Confirmed' });
    await call('PUT', `/api/Order/Status/${res.body.OrderID}`, { Status: 'Packing' });
    return res.body.OrderID;
  };
  const weigh = (id: number, qty: number) =>
    call('POST', `/api/Order/Weigh/${id}`, { Lines: [{ ItemID: onion, Qty: qty }] });

  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { openOrdersMax: 1000 });
    await insertCatalogue(t.db.db);
    await t.db.db.updateTable('items').set({ stock: 100 }).where('id', '=', APPLE).execute();
    [staff, asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer, Customer];
    const created = await t.call<{ ItemID: number } & Err>('POST', '/api/Item/Create', {
      token: staff.token,
      json: {
        DbID: 1,
        SectionID: 1,
        ItemTitle: 'Onion (loose)',
        ItemMetaDescription: 'Onions, by weight',
        Availability: 10_000,
        Size: '',
        UnitPrice: 37.99,
        SoldBy: 'ByWeight',
        Step: 250,
      },
    });
    expect(created.status, created.body.Message).toBe(201);
    onion = created.body.ItemID;
    // 1: 750 g and two apples, sent out from Packing as asked by a plain move.
    const one = await place([line(onion, 1, 750), line(APPLE, 1, 2)]);
    await call('PUT', `/api/Order/Status/${one}`, { Status: 'OutForDelivery' });
    // 2: 750 g asked, 733 g weighed at packing, then sent out.
    const two = await place([line(onion, 1, 750)]);
    await weigh(two, 733);
    await call('PUT', `/api/Order/Status/${two}`, { Status: 'OutForDelivery' });
    // 3: 750 g asked, 780 g weighed, still Packing.
    const three = await place([line(onion, 1, 750)]);
    await weigh(three, 780);
  });
  afterAll(() => t.close());

  it('counts each weighed line at its exact takings, as the orders charge them', async () => {
    const orders = await Promise.all(
      ids.map(async (id) => (await t.call<OrderDto>('GET', `/api/Order/Read/${id}`, { token: staff.token })).body),
    );
    const onions = orders.flatMap((o) => o.OrderItems.filter((l) => l.ItemID === onion));
    expect(onions.map((l) => [l.Qty, l.Sent?.Qty ?? null, l.Sent?.LineTotal ?? l.LineTotal])).toEqual([
      [750, 750, 28.49],
      [733, 733, 27.85],
      [780, null, 29.63],
    ]);
    // Rs 37.99/kg: 750 g Rs 28.4925 → 28.49; 733 g Rs 27.84667 → 27.85; 780 g Rs 29.6322 → 29.63.
    const onionTotal = 28.49 + 27.85 + 29.63;
    const orderTotal = orders.reduce((n, o) => n + paise(o.OrderTotal), 0) / 100;
    const today = istDate(t.clock.now.getTime());
    for (const [from, to] of [
      [dayOffset(today, -1), dayOffset(today, 1)],
      [today, today],
    ] as const) {
      const res = await t.call<SalesReportDto & Err>('GET', `/api/Report/Sales?from=${from}&to=${to}`, {
        token: staff.token,
      });
      expect(res.status, res.body.Message).toBe(200);
      expect(res.body.Total).toBe(orderTotal);
      expect(res.body.TopItems.find((i) => i.ItemID === onion)).toMatchObject({
        Qty: 750 + 733 + 780,
        SoldBy: 'ByWeight',
        Total: Number(onionTotal.toFixed(2)),
      });
      // The CSV's top items say how each quantity counts.
      const csv = await t.call<string>('GET', `/api/Report/Sales?from=${from}&to=${to}&format=csv&table=items`, {
        token: staff.token,
      });
      expect(String(csv.body)).toContain(`${750 + 733 + 780},${onionTotal.toFixed(2)},g`);
      expect(res.body.Stores).toEqual([expect.objectContaining({ StoreID: 1, Total: orderTotal, FillRate: 1 })]);
    }
    const kept = await t.db.db
      .selectFrom('sales_days')
      .select((eb) => [eb.fn.sum<number | string>('total').as('total'), eb.fn.sum<number | string>('qty').as('qty')])
      .where('item_id', '=', onion)
      .executeTakeFirstOrThrow();
    expect([Number(kept.qty), Number(kept.total)]).toEqual([2263, 2849 + 2785 + 2963]);
  });
});
