// The stock ledger's rules (issue 33, item 4): why stock changes, who a row names when no
// person did it, which items are due for reordering and the shop's day a daily mail counts.

/** Why an item's stock changed: each ledger row carries one. */
export const STOCK_REASONS = ['order', 'cancellation', 'packing', 'feed', 'import', 'edit', 'opening', 'seed'] as const;
export type StockReasonName = (typeof STOCK_REASONS)[number];

/** One row of `GET /api/Item/StockHistory/{ItemID}`, newest first. */
export interface StockHistoryEntryDto {
  /** The ledger row's id: later changes have larger ones. */
  EntryID: number;
  /** ISO 8601 time of the change. */
  At: string;
  /** Units added (positive) or taken (negative). */
  Change: number;
  Before: number;
  After: number;
  Reason: StockReasonName;
  /** Who changed it, as people read it: a staff member's or customer's name, a feed key's name, "Import". */
  By: string;
  /** The order the change belongs to (orders and cancellations), else null. */
  OrderID: number | null;
}

/** Each reason as staff read it in an item's history. */
export const STOCK_REASON_LABEL: Record<StockReasonName, string> = {
  order: 'Order',
  cancellation: 'Order cancelled',
  packing: 'Packing',
  feed: 'Stock feed',
  import: 'Import',
  edit: 'Staff edit',
  opening: 'Opening stock',
  seed: 'Demo data',
};

/** A change as people read it: `+5`, `-2`, `0`. */
export function signedChange(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}

/** Who a row names when neither an account nor a feed key made the change. */
const BY_DEFAULT: Record<StockReasonName, string> = {
  order: 'A customer',
  cancellation: 'Staff',
  packing: 'Staff',
  feed: 'A stock feed',
  import: 'Import',
  edit: 'Staff',
  opening: 'Stock before the ledger',
  seed: 'Demo catalogue',
};

/**
 * The name a ledger row shows: an import is always "Import" (whoever ran it), else the
 * account's name (its e-mail when it has none), else the feed key's, else the reason's default.
 */
export function stockChangeBy(
  reason: StockReasonName,
  account: { name: string | null; email: string | null },
  feedKeyName: string | null,
): string {
  if (reason === 'import') return BY_DEFAULT.import;
  const person = account.name?.trim() || account.email?.trim();
  if (person) return person;
  if (feedKeyName?.trim()) return `Feed key "${feedKeyName.trim()}"`;
  return BY_DEFAULT[reason];
}

/** Whether an item is due for reordering: its stock is at or below its reorder level (none set: never). */
export function atReorderLevel(stock: number, reorderLevel: number | null | undefined): boolean {
  return reorderLevel !== null && reorderLevel !== undefined && stock <= reorderLevel;
}

/** The shop's time zone: its days (a daily mail's day) begin at midnight there. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The shop's calendar day of `at`, `YYYY-MM-DD`. */
export function shopDay(at: Date, timeZone: string = SHOP_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((out, p) => {
      out[p.type] = p.value;
      return out;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}
