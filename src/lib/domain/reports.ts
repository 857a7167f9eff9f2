/**
 * Sales reports (issue 33 item 5): the report's wire shape, its date range rules and
 * the shop's local days as UTC instants, for any IANA time zone (daylight saving
 * included). Pure: the API groups orders by these instants, the staff page picks its
 * default range with them. No I/O.
 */
import type { OrderStatusName } from './orders.ts';

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
}

export interface TopItemDto {
  ItemID: number;
  /** The title the item was sold under (the order line's copy). */
  ItemTitle: string;
  StoreID: number;
  /** Units (or grams / millilitres for items sold by weight or volume) sold. */
  Qty: number;
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
  /** Units sent / units asked, 0 to 1; null without lines. */
  FillRate: number | null;
  /** Lines sent as a substitute / lines, 0 to 1; null without lines. */
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
export const REPORT_TABLES = ['days', 'stores', 'items'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** A report CSV's file name, naming its table and range: `aisle-sales-days-2026-11-01-to-2026-11-30.csv`. */
export function reportFileName(table: ReportTable, from: string, to: string): string {
  return `aisle-sales-${table}-${from}-to-${to}.csv`;
}

/** `part / whole` for the report's rates, to four decimals; null when there is nothing to divide. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;
}
