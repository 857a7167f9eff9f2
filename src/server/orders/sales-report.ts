/**
 * The sales report (issue 33 item 5, `GET /api/Report/Sales`): orders placed over a
 * range of the shop's local days, summed in SQL on either engine.
 *
 * Days are grouped by ranges, not by a time zone function of the database: each local
 * day's first instant is worked out in `lib/domain/reports.ts` (any IANA zone, daylight
 * saving included) and the orders' UTC `created_at` texts are compared with them, so
 * SQLite and PostgreSQL group alike and every read is a range of `orders_created_idx`.
 * Money is summed in paise and turned into rupees once, at the end.
 */
import { type Kysely, sql } from 'kysely';
import { paiseToRupees } from '../../lib/domain/money.ts';
import {
  dayBoundaries,
  NOT_A_SALE,
  type ReportRange,
  type ReportTable,
  rate,
  type SalesReportDto,
  TOP_ITEMS,
} from '../../lib/domain/reports.ts';
import { writeCsv } from '../catalogue/sheet-files.ts';
import type { Database } from '../db/schema.ts';

/** A count or sum as either driver answers it (PostgreSQL's bigint arrives as text). */
type Num = number | string | bigint | null;
const num = (v: Num): number => (v === null ? 0 : Number(v));

interface DayRow {
  day: string;
  orders: Num;
  total: Num;
  cancelled: Num;
}

/** Per local day: the orders that are sales, their totals, and the cancelled ones. */
async function readDays(db: Kysely<Database>, days: readonly string[], bounds: readonly string[]): Promise<DayRow[]> {
  const rows = days.map((day, i) => sql`(${day}, ${bounds[i]}, ${bounds[i + 1]})`);
  const { rows: out } = await sql<DayRow>`
    with days (day, starts, ends) as (values ${sql.join(rows)})
    select d.day as day,
      sum(case when o.status <> ${NOT_A_SALE} then 1 else 0 end) as orders,
      sum(case when o.status <> ${NOT_A_SALE} then o.total else 0 end) as total,
      sum(case when o.status = ${NOT_A_SALE} then 1 else 0 end) as cancelled
    from days d
    join orders o on o.created_at >= d.starts and o.created_at < d.ends
    group by d.day`.execute(db);
  return out;
}

/** A half-open range of UTC instants (ISO texts), `[starts, ends)`. */
type Span = readonly [starts: string, ends: string];

const MIDNIGHT = 'T00:00:00.000Z';
const nextUtcDay = (day: string) => new Date(Date.parse(`${day}${MIDNIGHT}`) + 86_400_000).toISOString().slice(0, 10);

/**
 * How `[starts, ends)` splits over `sales_days`: the whole UTC days inside it (`[first, end)`,
 * or null when there is none) and the ragged spans at either end, read from the orders.
 */
export function splitByUtcDays(starts: string, ends: string): { days: Span | null; edges: Span[] } {
  const first = starts.endsWith(MIDNIGHT) ? starts.slice(0, 10) : nextUtcDay(starts.slice(0, 10));
  const end = ends.slice(0, 10);
  if (first >= end) return { days: null, edges: [[starts, ends]] };
  const edges: Span[] = [
    [starts, `${first}${MIDNIGHT}`],
    [`${end}${MIDNIGHT}`, ends],
  ];
  return { days: [first, end], edges: edges.filter(([a, b]) => a < b) };
}

/**
 * The lines of the sales (orders not cancelled) placed within `spans`, for the per-store and
 * per-item sums. One range read of `orders_report_idx` a span (`union all`): an `or` of ranges
 * makes PostgreSQL read the table's rows (a bitmap scan) instead of the index alone.
 */
function salesLines(db: Kysely<Database>, spans: readonly Span[]) {
  const [first, ...rest] = spans.map(([a, b]) =>
    db
      .selectFrom('orders')
      .select('id')
      .where('created_at', '>=', a)
      .where('created_at', '<', b)
      .where('status', '<>', NOT_A_SALE),
  );
  const sales = rest.reduce((all, q) => all.unionAll(q), first as NonNullable<typeof first>);
  return db.selectFrom(sales.as('o')).innerJoin('order_lines as ol', 'ol.order_id', 'o.id');
}

// A line's total is `lineTotal` of lib/domain/pricing.ts: its selling price times its quantity.
const lineTotals = sql<Num>`sum(ol.selling_price * ol.qty)`;

interface PairRow {
  store_id: number;
  item_id: number;
  qty: Num;
  total: Num;
  lines: Num;
}

/** Per store and item sold within `spans`: units, takings and lines (read from `order_lines_report_idx` alone). */
function readEdgePairs(db: Kysely<Database>, spans: readonly Span[]): Promise<PairRow[]> {
  if (spans.length === 0) return Promise.resolve([]);
  return salesLines(db, spans)
    .select((eb) => [
      'ol.store_id as store_id',
      'ol.item_id as item_id',
      eb.fn.sum<Num>('ol.qty').as('qty'),
      lineTotals.as('total'),
      eb.fn.countAll<number | string>().as('lines'),
    ])
    .groupBy(['ol.store_id', 'ol.item_id'])
    .execute();
}

/** Per store: the orders placed within `spans` with a line of it. */
function readEdgeStoreOrders(db: Kysely<Database>, spans: readonly Span[]) {
  if (spans.length === 0) return Promise.resolve([]);
  return salesLines(db, spans)
    .select(['ol.store_id as store_id', sql<Num>`count(distinct ol.order_id)`.as('orders')])
    .groupBy('ol.store_id')
    .execute();
}

/** The same sums over whole UTC days `[first, end)`, from `sales_days` (about days × items rows). */
function readDayPairs(db: Kysely<Database>, days: Span | null): Promise<PairRow[]> {
  if (days === null) return Promise.resolve([]);
  return db
    .selectFrom('sales_days')
    .select((eb) => [
      'store_id',
      'item_id',
      eb.fn.sum<Num>('qty').as('qty'),
      eb.fn.sum<Num>('total').as('total'),
      eb.fn.sum<Num>('lines').as('lines'),
    ])
    .where('day', '>=', days[0])
    .where('day', '<', days[1])
    .groupBy(['store_id', 'item_id'])
    .execute();
}

function readDayStoreOrders(db: Kysely<Database>, days: Span | null) {
  if (days === null) return Promise.resolve([]);
  return db
    .selectFrom('sales_days')
    .select((eb) => ['store_id', eb.fn.sum<Num>('orders').as('orders')])
    .where('day', '>=', days[0])
    .where('day', '<', days[1])
    .groupBy('store_id')
    .execute();
}

interface Pair {
  storeId: number;
  itemId: number;
  qty: number;
  total: number;
  lines: number;
}

/** Per store and item: the whole days' sums plus the edges'; pairs with no line left out. */
function mergePairs(rows: readonly PairRow[]): Pair[] {
  const byKey = new Map<string, Pair>();
  for (const r of rows) {
    const key = `${r.store_id}:${r.item_id}`;
    const p = byKey.get(key) ?? { storeId: r.store_id, itemId: r.item_id, qty: 0, total: 0, lines: 0 };
    p.qty += num(r.qty);
    p.total += num(r.total);
    p.lines += num(r.lines);
    byKey.set(key, p);
  }
  return [...byKey.values()].filter((p) => p.lines > 0);
}

/** Per store: its orders (whole days plus edges) and its title; stores with none left out. */
async function storeOrders(db: Kysely<Database>, rows: readonly { store_id: number; orders: Num }[]) {
  const orders = new Map<number, number>();
  for (const r of rows) orders.set(r.store_id, (orders.get(r.store_id) ?? 0) + num(r.orders));
  const ids = [...orders].filter(([, n]) => n > 0).map(([id]) => id);
  const titles =
    ids.length === 0 ? [] : await db.selectFrom('stores').select(['id', 'title']).where('id', 'in', ids).execute();
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  return ids.map((id) => ({ storeId: id, title: titleOf.get(id) ?? `Store ${id}`, orders: orders.get(id) ?? 0 }));
}

/** The title an item was last sold under at a store (its newest order line's copy). */
async function soldTitle(db: Kysely<Database>, itemId: number, storeId: number): Promise<string> {
  const row = await db
    .selectFrom('order_lines')
    .select('title')
    .where('item_id', '=', itemId)
    .where('store_id', '=', storeId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.title ?? `Item ${itemId}`;
}

/**
 * The report of `range` with days counted in `zone`. An order belongs to the local day it
 * was placed on; a cancelled one counts only in `Cancelled`.
 *
 * Fill and substitution rates: an order line keeps the quantity asked and nothing of what
 * packing sent, so every unit asked counts as sent and no line as substituted (FillRate 1,
 * SubstitutionRate 0 whenever there are lines) until packing records shortages and
 * substitutes (issue 33 item 2); then `sent` and `substituted` below read those columns.
 */
export async function readSalesReport(db: Kysely<Database>, range: ReportRange, zone: string): Promise<SalesReportDto> {
  const bounds = dayBoundaries(range.days, zone).map((ms) => new Date(ms).toISOString());
  const starts = bounds[0] as string;
  const ends = bounds.at(-1) as string;
  const { days: whole, edges } = splitByUtcDays(starts, ends);
  const [dayRows, edgePairs, edgeStores, dayPairs, dayStores] = await Promise.all([
    readDays(db, range.days, bounds),
    readEdgePairs(db, edges),
    readEdgeStoreOrders(db, edges),
    readDayPairs(db, whole),
    readDayStoreOrders(db, whole),
  ]);
  const pairs = mergePairs([...dayPairs, ...edgePairs]);
  const stores = await storeOrders(db, [...dayStores, ...edgeStores]);
  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  const days = range.days.map((date) => {
    const r = byDay.get(date);
    return { Date: date, Orders: num(r?.orders ?? 0), Total: num(r?.total ?? 0) };
  });
  const storeTotals = new Map<number, number>();
  for (const p of pairs) storeTotals.set(p.storeId, (storeTotals.get(p.storeId) ?? 0) + p.total);
  const top = pairs
    .sort((a, b) => b.total - a.total || a.itemId - b.itemId || a.storeId - b.storeId)
    .slice(0, TOP_ITEMS);
  const titles = await Promise.all(top.map((p) => soldTitle(db, p.itemId, p.storeId)));
  const orders = days.reduce((n, d) => n + d.Orders, 0);
  const totalPaise = days.reduce((n, d) => n + d.Total, 0);
  const asked = pairs.reduce((n, p) => n + p.qty, 0);
  const lines = pairs.reduce((n, p) => n + p.lines, 0);
  const sent = asked;
  const substituted = 0;
  return {
    From: range.from,
    To: range.to,
    TimeZone: zone,
    Days: days.map((d) => ({ ...d, Total: paiseToRupees(d.Total) })),
    Stores: stores
      .map((s) => ({
        StoreID: s.storeId,
        StoreTitle: s.title,
        Orders: s.orders,
        Total: storeTotals.get(s.storeId) ?? 0,
      }))
      .sort((a, b) => b.Total - a.Total || a.StoreID - b.StoreID)
      .map((s) => ({ ...s, Total: paiseToRupees(s.Total) })),
    TopItems: top.map((p, i) => ({
      ItemID: p.itemId,
      ItemTitle: titles[i] ?? '',
      StoreID: p.storeId,
      Qty: p.qty,
      Total: paiseToRupees(p.total),
    })),
    Orders: orders,
    Total: paiseToRupees(totalPaise),
    AverageBasket: orders === 0 ? null : paiseToRupees(Math.round(totalPaise / orders)),
    FillRate: rate(sent, asked),
    SubstitutionRate: rate(substituted, lines),
    Cancelled: dayRows.reduce((n, r) => n + num(r.cancelled), 0),
  };
}

/** One table of a report as a CSV file's text: money in rupees with two decimals. */
export function salesReportCsv(report: SalesReportDto, table: ReportTable): string {
  const { header, rows } = csvTable(report, table);
  return writeCsv(header, rows);
}

function csvTable(report: SalesReportDto, table: ReportTable): { header: string[]; rows: unknown[][] } {
  if (table === 'stores') {
    return {
      header: ['StoreID', 'StoreTitle', 'Orders', 'Total'],
      rows: report.Stores.map((s) => [s.StoreID, s.StoreTitle, s.Orders, s.Total.toFixed(2)]),
    };
  }
  if (table === 'items') {
    return {
      header: ['ItemID', 'ItemTitle', 'StoreID', 'Qty', 'Total'],
      rows: report.TopItems.map((i) => [i.ItemID, i.ItemTitle, i.StoreID, i.Qty, i.Total.toFixed(2)]),
    };
  }
  return {
    header: ['Date', 'Orders', 'Total'],
    rows: report.Days.map((d) => [d.Date, d.Orders, d.Total.toFixed(2)]),
  };
}
