import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReportDto } from '../../src/lib/domain/reports.ts';
import {
  insertSalesOrders,
  insertStores,
  type PlannedOrder,
  planSalesOrders,
  type SalesPlan,
} from '../fixtures/sales-orders.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type Err, type StaffTestApp } from './staff-helpers.ts';

// India Standard Time, worked out here without the report's own code: UTC+05:30 all year.
const IST_MS = 330 * 60_000;
const istDate = (iso: string) => new Date(Date.parse(iso) + IST_MS).toISOString().slice(0, 10);
const rupees = (paise: number) => Math.round(paise) / 100;

function order(
  createdAt: string,
  status: PlannedOrder['status'],
  lines: [number, number, number, number][],
): PlannedOrder {
  const planned = lines.map(([itemId, storeId, sellingPrice, qty]) => ({
    itemId,
    storeId,
    title: `Item ${itemId}`,
    sellingPrice,
    qty,
  }));
  return {
    status,
    createdAt,
    deliveryFee: 0,
    total: planned.reduce((s, l) => s + l.sellingPrice * l.qty, 0),
    lines: planned,
  };
}

/** The report's figures summed over the inserted rows, day by day in IST. */
function expected(plan: SalesPlan, titles: Map<number, string>, from: string, to: string) {
  const inRange = plan.orders.filter((o) => istDate(o.createdAt) >= from && istDate(o.createdAt) <= to);
  const sales = inRange.filter((o) => o.status !== 'Cancelled');
  const days = new Map<string, { Orders: number; Total: number }>();
  for (let d = Date.parse(from); d <= Date.parse(to); d += 86_400_000) {
    days.set(new Date(d).toISOString().slice(0, 10), { Orders: 0, Total: 0 });
  }
  const stores = new Map<number, { orders: Set<PlannedOrder>; total: number }>();
  const items = new Map<number, { StoreID: number; ItemTitle: string; Qty: number; total: number }>();
  for (const o of sales) {
    const day = days.get(istDate(o.createdAt)) as { Orders: number; Total: number };
    day.Orders += 1;
    day.Total += o.total;
    for (const l of o.lines) {
      const s = stores.get(l.storeId) ?? { orders: new Set(), total: 0 };
      s.orders.add(o);
      s.total += l.sellingPrice * l.qty;
      stores.set(l.storeId, s);
      const i = items.get(l.itemId) ?? { StoreID: l.storeId, ItemTitle: l.title, Qty: 0, total: 0 };
      i.Qty += l.qty;
      i.total += l.sellingPrice * l.qty;
      items.set(l.itemId, i);
    }
  }
  const total = sales.reduce((s, o) => s + o.total, 0);
  return {
    Days: [...days].map(([date, d]) => ({ Date: date, Orders: d.Orders, Total: rupees(d.Total) })),
    Stores: [...stores]
      .sort(([a, x], [b, y]) => y.total - x.total || a - b)
      .map(([StoreID, s]) => ({
        StoreID,
        StoreTitle: titles.get(StoreID),
        Orders: s.orders.size,
        Total: rupees(s.total),
        // None of these orders is packed: no rates yet.
        FillRate: null,
        SubstitutionRate: null,
      })),
    TopItems: [...items]
      .sort(([a, x], [b, y]) => y.total - x.total || a - b)
      .slice(0, 10)
      .map(([ItemID, i]) => ({
        ItemID,
        ItemTitle: i.ItemTitle,
        StoreID: i.StoreID,
        Qty: i.Qty,
        SoldBy: 'ByUnit',
        Total: rupees(i.total),
      })),
    Orders: sales.length,
    Total: rupees(total),
    AverageBasket: rupees(Math.round(total / sales.length)),
    Cancelled: inRange.length - sales.length,
  };
}

describe.each(DIALECTS)('the sales report, on %s', (dialect) => {
  let t: StaffTestApp;
  let plan: SalesPlan;
  const titles = new Map<number, string>();
  const sales = (query: string, token = t.employee.token) =>
    t.call<SalesReportDto & Err>('GET', `/api/Report/Sales?${query}`, { token });

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    const names = ['Fresh Mart', 'Spice Hub, Pune', 'Daily "Needs"'];
    const ids = await insertStores(t.db.db, names);
    for (const [i, id] of ids.entries()) titles.set(id, names[i] as string);
    const [a, b] = ids as [number, number];
    // November 2026 in IST starts at 2026-10-31T18:30Z; the month's orders fall anywhere in it.
    plan = planSalesOrders({
      seed: 'sales-report',
      count: 600,
      startMs: Date.parse('2026-10-31T18:30:00.000Z'),
      spanMs: 30 * 86_400_000,
      storeIds: ids,
      extra: [
        // 23:50 IST on 10 November: that day, though it is still the 10th in UTC too.
        order('2026-11-10T18:20:00.000Z', 'Placed', [[a * 1000 + 1, a, 12_345, 1]]),
        // 00:05 IST on 11 November, which is 10 November in UTC.
        order('2026-11-10T18:35:00.000Z', 'Delivered', [[b * 1000 + 2, b, 10_001, 3]]),
        // One second before November in IST, and November's first instant of December.
        order('2026-10-31T18:29:59.000Z', 'Placed', [[a * 1000 + 3, a, 99_999, 9]]),
        order('2026-11-30T18:30:00.000Z', 'Placed', [[a * 1000 + 3, a, 99_999, 9]]),
        // A cancelled order of a big basket: counted apart, in no sum.
        order('2026-11-20T06:00:00.000Z', 'Cancelled', [[b * 1000 + 4, b, 5_000_000, 10]]),
      ],
    });
    await insertSalesOrders(t.db.db, t.user.id, plan, 200);
  });
  afterAll(() => t.close());

  it("sums a month of orders by the shop's local day, per store and per item, as the rows add up", async () => {
    const res = await sales('from=2026-11-01&to=2026-11-30');
    expect(res.status).toBe(200);
    const want = expected(plan, titles, '2026-11-01', '2026-11-30');
    expect(res.body.From).toBe('2026-11-01');
    expect(res.body.To).toBe('2026-11-30');
    expect(res.body.TimeZone).toBe('Asia/Kolkata');
    expect(res.body.Days).toHaveLength(30);
    expect(res.body.Days).toEqual(want.Days);
    expect(res.body.Stores).toEqual(want.Stores);
    expect(res.body.TopItems).toEqual(want.TopItems);
    expect(res.body.Orders).toBe(want.Orders);
    expect(res.body.Total).toBe(want.Total);
    expect(res.body.AverageBasket).toBe(want.AverageBasket);
    expect(res.body.Cancelled).toBe(want.Cancelled);
    expect(res.body.Cancelled).toBeGreaterThan(0);
    // No order is packed yet: the rates are over packed lines, so there are none.
    expect(res.body.FillRate).toBeNull();
    expect(res.body.SubstitutionRate).toBeNull();
  });

  it('follows orders cancelled by staff and by their customer, one put back, and a line removed, to the paise', async () => {
    const month = 'from=2026-11-01&to=2026-11-30';
    const placed = await t.db.db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('status', '=', 'Placed')
      .where('created_at', '>=', '2026-11-03T00:00:00.000Z')
      .orderBy('id')
      .limit(3)
      .execute();
    const plannedAt = (at: string) => plan.orders.find((o) => o.createdAt === at) as PlannedOrder;
    const [byStaff, byCustomer, putBack] = placed as [(typeof placed)[0], (typeof placed)[0], (typeof placed)[0]];
    for (const o of [byStaff, putBack]) {
      const moved = await t.call('PUT', `/api/Order/Status/${o.id}`, {
        token: t.employee.token,
        json: { Status: 'Cancelled' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const cancelled = await t.call('POST', `/api/Order/Cancel/${byCustomer.id}`, { token: t.user.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // Whatever path brings an order back from Cancelled (an undo, a payment), its sales count again.
    await t.db.db.updateTable('orders').set({ status: 'Placed' }).where('id', '=', putBack.id).execute();
    plannedAt(byStaff.created_at).status = 'Cancelled';
    plannedAt(byCustomer.created_at).status = 'Cancelled';
    // A line of a sale taken out of the database: the report no longer counts it.
    const line = await t.db.db
      .selectFrom('order_lines as ol')
      .innerJoin('orders as o', 'o.id', 'ol.order_id')
      .select(['ol.id', 'o.created_at', 'ol.item_id'])
      .where('o.status', '<>', 'Cancelled')
      .where('o.created_at', '>=', '2026-11-05T00:00:00.000Z')
      .orderBy('ol.id')
      .executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('order_lines').where('id', '=', line.id).execute();
    const owner = plannedAt(line.created_at);
    const gone = owner.lines.findIndex((l) => l.itemId === line.item_id);
    const [removed] = owner.lines.splice(gone, 1);
    owner.total -= (removed?.sellingPrice ?? 0) * (removed?.qty ?? 0);
    await t.db.db.updateTable('orders').set({ total: owner.total }).where('created_at', '=', line.created_at).execute();
    const res = await sales(month);
    const want = expected(plan, titles, '2026-11-01', '2026-11-30');
    expect(res.body.Days).toEqual(want.Days);
    expect(res.body.Stores).toEqual(want.Stores);
    expect(res.body.TopItems).toEqual(want.TopItems);
    expect(res.body.Orders).toBe(want.Orders);
    expect(res.body.Total).toBe(want.Total);
    expect(res.body.Cancelled).toBe(want.Cancelled);
  });

  it('counts an order at 23:50 local on that day and one at 00:05 on the next', async () => {
    const res = await sales('from=2026-11-10&to=2026-11-11');
    const want = expected(plan, titles, '2026-11-10', '2026-11-11');
    expect(res.body.Days).toEqual(want.Days);
    const only = (day: string) => plan.orders.filter((o) => o.status !== 'Cancelled' && istDate(o.createdAt) === day);
    expect(only('2026-11-10').some((o) => o.createdAt === '2026-11-10T18:20:00.000Z')).toBe(true);
    expect(only('2026-11-11').some((o) => o.createdAt === '2026-11-10T18:35:00.000Z')).toBe(true);
  });

  it('answers every day of a range without orders with zeros, and no rates', async () => {
    const res = await sales('from=2025-02-27&to=2025-03-01');
    expect(res.status).toBe(200);
    expect(res.body.Days).toEqual([
      { Date: '2025-02-27', Orders: 0, Total: 0 },
      { Date: '2025-02-28', Orders: 0, Total: 0 },
      { Date: '2025-03-01', Orders: 0, Total: 0 },
    ]);
    expect(res.body).toMatchObject({ Orders: 0, Total: 0, AverageBasket: null, FillRate: null, Cancelled: 0 });
    expect(res.body.Stores).toEqual([]);
    expect(res.body.TopItems).toEqual([]);
  });

  it('answers a table as a CSV file named by its range', async () => {
    const res = await sales('from=2026-11-01&to=2026-11-30&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="aisle-sales-days-2026-11-01-to-2026-11-30.csv"',
    );
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const want = expected(plan, titles, '2026-11-01', '2026-11-30');
    expect(lines[0]).toBe('Date,Orders,Total');
    expect(lines.slice(1)).toEqual(want.Days.map((d) => `${d.Date},${d.Orders},${d.Total.toFixed(2)}`));
    const stores = await sales('from=2026-11-01&to=2026-11-30&format=csv&table=stores');
    expect(stores.headers.get('content-disposition')).toContain('aisle-sales-stores-2026-11-01-to-2026-11-30.csv');
    expect(String(stores.body)).toContain('"Spice Hub, Pune"');
    expect(String(stores.body)).toContain('"Daily ""Needs"""');
  });

  it('refuses bad ranges with a 400 naming the field and the rule', async () => {
    const cases: [string, string, RegExp][] = [
      ['to=2026-11-30', 'from', /from is required/],
      ['from=2026-11-01', 'to', /to is required/],
      ['from=2026-02-30&to=2026-03-01', 'from', /YYYY-MM-DD/],
      ['from=2026-11-01&to=30-11-2026', 'to', /YYYY-MM-DD/],
      ['from=2026-11-02&to=2026-11-01', 'to', /not be before from/],
      ['from=2025-01-01&to=2026-01-02', 'to', /366 days/],
      ['from=2026-11-01&to=2026-11-02&format=xml', 'format', /json or csv/],
      ['from=2026-11-01&to=2026-11-02&format=csv&table=weeks', 'table', /days, stores, items/],
    ];
    for (const [query, field, rule] of cases) {
      const res = await sales(query);
      expect(res.status, query).toBe(400);
      expect(res.body.ModelState?.[field]?.join(' '), query).toMatch(rule);
    }
    expect((await sales('from=2025-01-01&to=2025-12-31')).status).toBe(200);
    expect((await sales('from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });

  it('is for staff only', async () => {
    expect((await sales('from=2026-11-01&to=2026-11-30', t.user.token)).status).toBe(403);
    expect((await t.call('GET', '/api/Report/Sales?from=2026-11-01&to=2026-11-30')).status).toBe(401);
    expect((await sales('from=2026-11-01&to=2026-11-30', t.admin.token)).status).toBe(200);
  });
});

describe.each(DIALECTS)('the sales report in a time zone with daylight saving, on %s', (dialect) => {
  let t: StaffTestApp;
  beforeAll(async () => {
    t = await createStaffTestApp(dialect, { shopTimeZone: 'America/New_York' });
    const [a] = (await insertStores(t.db.db, ['Corner Shop'])) as [number];
    const line: [number, number, number, number] = [a * 1000 + 1, a, 10_000, 1];
    // New York moves from UTC-5 to UTC-4 at 02:00 on 8 March 2026, and back at 02:00 on 1 November.
    await insertSalesOrders(t.db.db, t.user.id, {
      storeIds: [a],
      orders: [
        order('2026-03-08T04:30:00.000Z', 'Placed', [line]), // 23:30 EST, 7 March
        order('2026-03-08T05:10:00.000Z', 'Placed', [line]), // 00:10 EST, 8 March
        order('2026-03-09T03:50:00.000Z', 'Placed', [line]), // 23:50 EDT, 8 March
        order('2026-03-09T04:10:00.000Z', 'Placed', [line]), // 00:10 EDT, 9 March
        order('2026-11-01T03:50:00.000Z', 'Placed', [line]), // 23:50 EDT, 31 October
        order('2026-11-02T04:50:00.000Z', 'Placed', [line]), // 23:50 EST, 1 November
        order('2026-11-02T05:05:00.000Z', 'Placed', [line]), // 00:05 EST, 2 November
      ],
    });
  });
  afterAll(() => t.close());

  it('counts each order on its local day across both changes of the clocks', async () => {
    const spring = await t.call<SalesReportDto>('GET', '/api/Report/Sales?from=2026-03-07&to=2026-03-09', {
      token: t.employee.token,
    });
    expect(spring.body.TimeZone).toBe('America/New_York');
    expect(spring.body.Days.map((d) => [d.Date, d.Orders])).toEqual([
      ['2026-03-07', 1],
      ['2026-03-08', 2],
      ['2026-03-09', 1],
    ]);
    const autumn = await t.call<SalesReportDto>('GET', '/api/Report/Sales?from=2026-10-31&to=2026-11-02', {
      token: t.employee.token,
    });
    expect(autumn.body.Days.map((d) => [d.Date, d.Orders, d.Total])).toEqual([
      ['2026-10-31', 1, 100],
      ['2026-11-01', 1, 100],
      ['2026-11-02', 1, 100],
    ]);
  });
});
