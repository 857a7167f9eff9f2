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
import type { SoldBy } from '../../lib/domain/measure.ts';
import { paiseToRupees } from '../../lib/domain/money.ts';
import {
  dayBoundaries,
  lineFigures,
  NOT_A_SALE,
  packRates,
  type ReportLine,
  type ReportRange,
  type SalesReportDto,
  TOP_ITEMS,
} from '../../lib/domain/reports.ts';
import type { Dialect } from '../db/connection.ts';
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

interface EdgeLineRow {
  order_id: number;
  store_id: number;
  item_id: number;
  qty: number;
  selling_price: number;
  sold_by: SoldBy;
  /** One of `PackOutcome` (the column is text), null until packed. */
  pack_outcome: string | null;
  sent_item_id: number | null;
  sent_qty: number | null;
  sent_price: number | null;
}

/**
 * The lines of the sales (orders not cancelled) placed within `spans` (a few thousand for a
 * month's ragged ends), summed below per store and item and per store. The orders are one range
 * of `orders_report_idx` a span (`union all`); the lines are read from `order_lines_report_idx`
 * alone by their order ids: on PostgreSQL as `= any(array(…))`, so the plan never depends on the
 * planner's guess of how many orders the spans hold (a guess made before the table's statistics
 * caught up with a day's orders chose a full read of the lines and a hash join).
 */
function readEdgeLines(db: Kysely<Database>, spans: readonly Span[], dialect: Dialect): Promise<EdgeLineRow[]> {
  if (spans.length === 0) return Promise.resolve([]);
  const [first, ...rest] = spans.map(([a, b]) =>
    db
      .selectFrom('orders')
      .select('id')
      .where('created_at', '>=', a)
      .where('created_at', '<', b)
      .where('status', '<>', NOT_A_SALE),
  );
  const sales = rest.reduce((all, q) => all.unionAll(q), first as NonNullable<typeof first>);
  return db
    .selectFrom('order_lines as ol')
    .select([
      'ol.order_id',
      'ol.store_id',
      'ol.item_id',
      'ol.qty',
      'ol.selling_price',
      'ol.sold_by',
      'ol.pack_outcome',
      'ol.sent_item_id',
      'ol.sent_qty',
      'ol.sent_price',
    ])
    .where((eb) =>
      dialect === 'postgres'
        ? eb('ol.order_id', '=', sql<number>`any(array(${sales}))`)
        : eb('ol.order_id', 'in', sales),
    )
    .execute();
}

/** The sums the rates are worked out of. */
interface PackSums {
  packed_lines: Num;
  asked_qty: Num;
  filled_qty: Num;
  replaced_lines: Num;
}

interface PairRow extends PackSums {
  store_id: number;
  item_id: number;
  qty: Num;
  total: Num;
  lines: Num;
}

/**
 * Per store and item, the edges' units, takings, lines and pack sums, each line counted by
 * `lineFigures` of lib/domain/reports.ts as migration 0420's triggers count it (the item, units
 * and takings sent once packed, asked before; takings by `lineTotal`, per kg × g ÷ 1000 half up
 * for a weighed line); per store, the edges' orders with a line of it.
 */
function sumEdges(lines: readonly EdgeLineRow[]): { pairs: PairRow[]; stores: { store_id: number; orders: number }[] } {
  const pairs = new Map<string, PairRow & { qty: number; total: number; lines: number }>();
  const storeOrders = new Map<number, Set<number>>();
  for (const l of lines) {
    const f = lineFigures({
      itemId: l.item_id,
      qty: num(l.qty),
      sellingPrice: num(l.selling_price),
      soldBy: l.sold_by,
      outcome: l.pack_outcome as ReportLine['outcome'],
      sentItemId: l.sent_item_id,
      sentQty: l.sent_qty === null ? null : num(l.sent_qty),
      sentPrice: l.sent_price === null ? null : num(l.sent_price),
    });
    const key = `${l.store_id}:${f.itemId}`;
    const p = pairs.get(key) ?? {
      store_id: l.store_id,
      item_id: f.itemId,
      qty: 0,
      total: 0,
      lines: 0,
      packed_lines: 0,
      asked_qty: 0,
      filled_qty: 0,
      replaced_lines: 0,
    };
    p.qty += f.qty;
    p.total += f.total;
    p.lines += 1;
    p.packed_lines = num(p.packed_lines) + f.packedLines;
    p.asked_qty = num(p.asked_qty) + f.askedQty;
    p.filled_qty = num(p.filled_qty) + f.filledQty;
    p.replaced_lines = num(p.replaced_lines) + f.replacedLines;
    pairs.set(key, p);
    const orders = storeOrders.get(l.store_id) ?? new Set<number>();
    orders.add(num(l.order_id));
    storeOrders.set(l.store_id, orders);
  }
  return {
    pairs: [...pairs.values()],
    stores: [...storeOrders].map(([store_id, orders]) => ({ store_id, orders: orders.size })),
  };
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
      eb.fn.sum<Num>('packed_lines').as('packed_lines'),
      eb.fn.sum<Num>('asked_qty').as('asked_qty'),
      eb.fn.sum<Num>('filled_qty').as('filled_qty'),
      eb.fn.sum<Num>('replaced_lines').as('replaced_lines'),
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

interface Pack {
  packedLines: number;
  askedQty: number;
  filledQty: number;
  replacedLines: number;
}

interface Pair extends Pack {
  storeId: number;
  itemId: number;
  qty: number;
  total: number;
  lines: number;
}

const noPack = (): Pack => ({ packedLines: 0, askedQty: 0, filledQty: 0, replacedLines: 0 });
const addPack = (to: Pack, p: Pack) => {
  to.packedLines += p.packedLines;
  to.askedQty += p.askedQty;
  to.filledQty += p.filledQty;
  to.replacedLines += p.replacedLines;
};

/** Per store and item: the whole days' sums plus the edges'; pairs with no line left out. */
function mergePairs(rows: readonly PairRow[]): Pair[] {
  const byKey = new Map<string, Pair>();
  for (const r of rows) {
    const key = `${r.store_id}:${r.item_id}`;
    const p = byKey.get(key) ?? {
      storeId: r.store_id,
      itemId: num(r.item_id),
      qty: 0,
      total: 0,
      lines: 0,
      ...noPack(),
    };
    p.qty += num(r.qty);
    p.total += num(r.total);
    p.lines += num(r.lines);
    addPack(p, {
      packedLines: num(r.packed_lines),
      askedQty: num(r.asked_qty),
      filledQty: num(r.filled_qty),
      replacedLines: num(r.replaced_lines),
    });
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

/**
 * The title an item was last sold under at a store (its newest order line's copy); an item
 * only ever sent as a replacement, never asked, reads by its catalogue title.
 */
async function soldAs(
  db: Kysely<Database>,
  itemId: number,
  storeId: number,
): Promise<{ title: string; soldBy: SoldBy }> {
  const row = await db
    .selectFrom('order_lines')
    .select(['title', 'sold_by'])
    .where('item_id', '=', itemId)
    .where('store_id', '=', storeId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row !== undefined) return { title: row.title, soldBy: row.sold_by };
  const item = await db.selectFrom('items').select(['title', 'sold_by']).where('id', '=', itemId).executeTakeFirst();
  return { title: item?.title ?? `Item ${itemId}`, soldBy: item?.sold_by ?? 'ByUnit' };
}

/**
 * The report of `range` with days counted in `zone`. An order belongs to the local day it
 * was placed on; a cancelled one counts only in `Cancelled`. A packed order counts what it
 * sent (its total, its lines' items, units and takings); the fill and substitution rates
 * are over packed lines (`packRates`), overall and per store.
 */
export async function readSalesReport(
  db: Kysely<Database>,
  dialect: Dialect,
  range: ReportRange,
  zone: string,
): Promise<SalesReportDto> {
  const bounds = dayBoundaries(range.days, zone).map((ms) => new Date(ms).toISOString());
  const starts = bounds[0] as string;
  const ends = bounds.at(-1) as string;
  const { days: whole, edges } = splitByUtcDays(starts, ends);
  const [dayRows, edgeLines, dayPairs, dayStores] = await Promise.all([
    readDays(db, range.days, bounds),
    readEdgeLines(db, edges, dialect),
    readDayPairs(db, whole),
    readDayStoreOrders(db, whole),
  ]);
  const edge = sumEdges(edgeLines);
  const pairs = mergePairs([...dayPairs, ...edge.pairs]);
  const stores = await storeOrders(db, [...dayStores, ...edge.stores]);
  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  const days = range.days.map((date) => {
    const r = byDay.get(date);
    return { Date: date, Orders: num(r?.orders ?? 0), Total: num(r?.total ?? 0) };
  });
  const storeTotals = new Map<number, number>();
  const storePacks = new Map<number, Pack>();
  const allPacks = noPack();
  for (const p of pairs) {
    storeTotals.set(p.storeId, (storeTotals.get(p.storeId) ?? 0) + p.total);
    const pack = storePacks.get(p.storeId) ?? noPack();
    addPack(pack, p);
    addPack(allPacks, p);
    storePacks.set(p.storeId, pack);
  }
  const top = pairs
    .sort((a, b) => b.total - a.total || a.itemId - b.itemId || a.storeId - b.storeId)
    .slice(0, TOP_ITEMS);
  const soldAsOf = await Promise.all(top.map((p) => soldAs(db, p.itemId, p.storeId)));
  const orders = days.reduce((n, d) => n + d.Orders, 0);
  const totalPaise = days.reduce((n, d) => n + d.Total, 0);
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
        ...packRates(storePacks.get(s.storeId) ?? noPack()),
      }))
      .sort((a, b) => b.Total - a.Total || a.StoreID - b.StoreID)
      .map((s) => ({ ...s, Total: paiseToRupees(s.Total) })),
    TopItems: top.map((p, i) => ({
      ItemID: p.itemId,
      ItemTitle: soldAsOf[i]?.title ?? '',
      StoreID: p.storeId,
      Qty: p.qty,
      SoldBy: soldAsOf[i]?.soldBy ?? 'ByUnit',
      Total: paiseToRupees(p.total),
    })),
    Orders: orders,
    Total: paiseToRupees(totalPaise),
    AverageBasket: orders === 0 ? null : paiseToRupees(Math.round(totalPaise / orders)),
    ...packRates(allPacks),
    Cancelled: dayRows.reduce((n, r) => n + num(r.cancelled), 0),
  };
}
