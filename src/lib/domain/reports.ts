/**
 * Sales reports (issue 33 item 5): the report's wire shape, its date range rules and
 * the shop's local days as UTC instants, for any IANA time zone (daylight saving
 * included). Pure: the API groups orders by these instants, the staff page picks its
 * default range with them. No I/O.
 */
import type { SoldBy } from './measure.ts';
import type { OrderStatusName } from './orders.ts';
import { lineTotal } from './pricing.ts';

/** The shop's time zone when `SHOP_TIME_ZONE` is unset: India Standard Time. */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The longest range one report covers, in days (a leap year). */
export const REPORT_MAX_DAYS = 366;

/** How many days the staff page shows when it opens: the last 30, today included. */
export const REPORT_DEFAULT_DAYS = 30;

/** How many items the report's top list names. */
export const TOP_ITEMS = 10;

/** Orders in this status are not sales: the report counts them apart. */
export const NOT_A_SALE: OrderStatusName = 'Cancelled';

export interface SalesDayDto {
  /** The shop-local date, `YYYY-MM-DD`. */
  Date: string;
  Orders: number;
  /** Rupees: the orders' totals (goods and delivery fees). */
  Total: number;
}

export interface SalesStoreDto {
  StoreID: number;
  StoreTitle: string;
  /** Orders with at least one line from this store. */
  Orders: number;
  /** Rupees: this store's lines (goods; delivery fees are the orders'). */
  Total: number;
  /** The store's packed lines: units of the asked item sent / units asked; null before any is packed. */
  FillRate: number | null;
  /** The store's packed lines: lines replaced / lines packed; null before any is packed. */
  SubstitutionRate: number | null;
}

export interface TopItemDto {
  ItemID: number;
  /** The title the item was sold under (the order line's copy). */
  ItemTitle: string;
  StoreID: number;
  /** Units (or grams / millilitres for items sold by weight or volume) sold. */
  Qty: number;
  /** How `Qty` counts: pieces (`ByUnit`), grams (`ByWeight`) or millilitres (`ByVolume`), as the item's order lines were sold. */
  SoldBy: SoldBy;
  /** Rupees. */
  Total: number;
}

/** `GET /api/Report/Sales`: the shop's sales over a range of its local days. */
export interface SalesReportDto {
  From: string;
  To: string;
  /** The IANA time zone the days are counted in (`SHOP_TIME_ZONE`). */
  TimeZone: string;
  /** Every day of the range, oldest first, with zeros on days without orders. */
  Days: SalesDayDto[];
  /** Stores that sold anything, best first. */
  Stores: SalesStoreDto[];
  /** The best-selling items by revenue, at most `TOP_ITEMS`. */
  TopItems: TopItemDto[];
  /** Orders placed in the range that are not cancelled. */
  Orders: number;
  /** Rupees: those orders' totals. */
  Total: number;
  /** Rupees: Total / Orders, to the paisa; null without orders. */
  AverageBasket: number | null;
  /** Over packed lines: units of the asked item sent / units asked, 0 to 1; null without a packed line. */
  FillRate: number | null;
  /** Over packed lines: lines replaced / lines packed, 0 to 1; null without a packed line. */
  SubstitutionRate: number | null;
  /** Orders placed in the range and cancelled since (not in any other figure). */
  Cancelled: number;
}

export type ReportRange = { from: string; to: string; days: string[] };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The `YYYY-MM-DD` text of a real calendar date, or undefined. */
function calendarDate(raw: string): number | undefined {
  const m = DATE.exec(raw);
  if (m === null) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === raw ? ms : undefined;
}

/** `YYYY-MM-DD` of a UTC midnight. */
function dateText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A report's range from its `from` and `to` query texts, or the messages by field (ModelState):
 * both real dates `YYYY-MM-DD`, `from` not after `to`, at most `REPORT_MAX_DAYS` days.
 */
export function parseReportRange(
  from: string | undefined,
  to: string | undefined,
): { ok: true; range: ReportRange } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const rule = 'must be a date YYYY-MM-DD, such as 2026-11-01';
  const start = from === undefined || from === '' ? undefined : calendarDate(from);
  const end = to === undefined || to === '' ? undefined : calendarDate(to);
  const missing = (v: string | undefined) => (v === undefined || v === '' ? `is required and ${rule}` : rule);
  if (start === undefined) errors.from = [`from ${missing(from)}.`];
  if (end === undefined) errors.to = [`to ${missing(to)}.`];
  if (start === undefined || end === undefined) return { ok: false, errors };
  if (end < start) return { ok: false, errors: { to: ['to must not be before from.'] } };
  const count = (end - start) / DAY_MS + 1;
  if (count > REPORT_MAX_DAYS) {
    return {
      ok: false,
      errors: {
        to: [`to must be at most ${REPORT_MAX_DAYS - 1} days after from (a range of at most ${REPORT_MAX_DAYS} days).`],
      },
    };
  }
  const days = Array.from({ length: count }, (_, i) => dateText(start + i * DAY_MS));
  return { ok: true, range: { from: dateText(start), to: dateText(end), days } };
}

/** Whether `zone` names a time zone this runtime knows (`Asia/Kolkata`, `Europe/London`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The wall-clock time in `zone` at instant `ms`, read as if it were UTC (whole seconds). */
function wallClock(ms: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(new Date(ms))) p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

/** The local date `YYYY-MM-DD` in `zone` at instant `ms`. */
export function localDate(ms: number, zone: string): string {
  return dateText(wallClock(ms, zone));
}

/**
 * The first instant (ms) of local day `date` in `zone`. A zone whose clocks jump at
 * midnight starts such a day at 01:00, and one whose clocks fall back over midnight
 * has it twice: the day starts at the first. Offsets are read at the candidate
 * instants themselves, so this holds for any zone's rules.
 */
export function localDayStart(date: string, zone: string): number {
  const midnight = calendarDate(date);
  if (midnight === undefined) throw new RangeError(`Not a date: ${date}`);
  const offsetAt = (ms: number) => wallClock(ms, zone) - Math.floor(ms / 1000) * 1000;
  const first = midnight - offsetAt(midnight);
  const candidates = [first, midnight - offsetAt(first), midnight - offsetAt(first - DAY_MS / 2)];
  const starts = candidates.filter((ms) => localDate(ms, zone) === date && localDate(ms - 1000, zone) < date);
  if (starts.length > 0) return Math.min(...starts);
  // The day starts inside a jump (past midnight): the first candidate on that day.
  return Math.min(...candidates.filter((ms) => localDate(ms, zone) === date));
}

/** Each day's first instant, with the day after the last one's: `days.length + 1` instants, ascending. */
export function dayBoundaries(days: readonly string[], zone: string): number[] {
  const last = days.at(-1);
  if (last === undefined) return [];
  const after = dateText((calendarDate(last) as number) + DAY_MS);
  return [...days, after].map((d) => localDayStart(d, zone));
}

/** The staff page's first range: the last `REPORT_DEFAULT_DAYS` shop-local days, today included. */
export function defaultReportRange(nowMs: number, zone: string): { from: string; to: string } {
  const to = localDate(nowMs, zone);
  const from = dateText((calendarDate(to) as number) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to };
}

/** The tables a report's CSV may hold (`?format=csv&table=`). */
export const REPORT_TABLES = ['days', 'stores', 'items', 'summary'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** A report CSV's file name, naming its table and range: `aisle-sales-days-2026-11-01-to-2026-11-30.csv`. */
export function reportFileName(table: ReportTable, from: string, to: string): string {
  return `aisle-sales-${table}-${from}-to-${to}.csv`;
}

/** `part / whole` for the report's rates, to four decimals; null when there is nothing to divide. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}

/** An order line as the report reads it: what was asked and, once packed, what was sent. */
export interface ReportLine {
  itemId: number;
  qty: number;
  /** Paise per unit asked (per kg or litre for a line sold by weight or volume). */
  sellingPrice: number;
  /** How the asked item is sold; a sent line keeps it. */
  soldBy: SoldBy;
  outcome: 'Packed' | 'Short' | 'Replaced' | null;
  sentItemId: number | null;
  sentQty: number | null;
  /** Paise per unit charged. */
  sentPrice: number | null;
}

/** What a line counts for in the report (migration 0420 keeps `sales_days` by the same rules). */
export interface LineFigures {
  /** The item it sold: the one sent once packed, the one asked before. */
  itemId: number;
  qty: number;
  /** Paise. */
  total: number;
  /** Over packed lines only (0 for a line not packed yet). */
  packedLines: number;
  askedQty: number;
  /** Units of the asked item sent (a replaced line sends none of it). */
  filledQty: number;
  replacedLines: number;
}

/**
 * A line's figures: before packing, what was asked; once packed, what was sent (takings at
 * the price charged, by `lineTotal`: per kg × g ÷ 1000 half up for a weighed line), and for the rates the units asked against the units of the asked item
 * sent and whether it was replaced.
 */
export function lineFigures(line: ReportLine): LineFigures {
  const packed = line.outcome !== null;
  const qty = line.sentQty ?? line.qty;
  return {
    itemId: line.sentItemId ?? line.itemId,
    qty,
    total: lineTotal(line.sentPrice ?? line.sellingPrice, qty, line.soldBy),
    packedLines: packed ? 1 : 0,
    askedQty: packed ? line.qty : 0,
    filledQty: packed && line.outcome !== 'Replaced' ? qty : 0,
    replacedLines: line.outcome === 'Replaced' ? 1 : 0,
  };
}

/** The fill and substitution rates of summed figures; both null before any line is packed. */
export function packRates(f: Pick<LineFigures, 'packedLines' | 'askedQty' | 'filledQty' | 'replacedLines'>): {
  FillRate: number | null;
  SubstitutionRate: number | null;
} {
  if (f.packedLines <= 0) return { FillRate: null, SubstitutionRate: null };
  return { FillRate: rate(f.filledQty, f.askedQty), SubstitutionRate: rate(f.replacedLines, f.packedLines) };
}
