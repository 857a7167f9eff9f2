import type { Context } from 'hono';
import { CART_ITEM_STATUSES, type CartItemStatus, MAX_CART_LINES, MAX_CART_QTY } from '../../lib/domain/cart.ts';
import { ID_RULE, readId } from '../../lib/domain/ids.ts';
import { MAX_MEASURED_QTY } from '../../lib/domain/measure.ts';
import { parseSubstitution, SUBSTITUTION_RULE, type Substitution } from '../../lib/domain/substitutions.ts';
import { AppError, type ModelState } from '../errors.ts';
import { field } from '../http/input.ts';

/** One line of a posted cart as the API trusts it: ids, quantity and status only (prices come from the catalogue). */
export interface CartLineInput {
  /** Position in the posted `CartItems`, for messages such as `CartItems[2].Qty`. */
  index: number;
  itemId: number;
  storeId: number;
  qty: number;
  status: CartItemStatus;
  /** When the line last changed, as the device says (`LineUpdatedTime`, issue 36); absent from clients of spec §7. */
  updatedTime?: string;
  /** The shopper's substitution choice (`Substitution`, issue 33); absent: none sent. */
  substitution?: Substitution;
}

/** The longest `Idempotency-Key` accepted. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

const STATUS_RULE = `must be one of ${CART_ITEM_STATUSES.join(', ')}`;

function wholeNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v)) return Number(v);
  return undefined;
}

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

const TIME_RULE = 'must be an ISO-8601 time such as 2026-01-31T09:30:00.000Z';

/** An ISO-8601 time with a date and a time of day, as UTC text; undefined when it is not one. */
function isoTime(v: unknown): string | undefined {
  if (
    typeof v !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(v.trim())
  ) {
    return undefined;
  }
  const ms = Date.parse(v.trim());
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * The posted cart's `SyncedTime` (issue 36): when the device last read the saved
 * cart, so the save keeps each line's newer change; undefined when not sent (the
 * posted lines then replace the cart, as spec §7 says); a 400 naming it when it
 * is not a time.
 */
export function parseSyncedTime(body: Record<string, unknown>): string | undefined {
  const raw = field(body, 'SyncedTime');
  if (absent(raw)) return undefined;
  const time = isoTime(raw);
  if (time === undefined) throw AppError.invalidField('SyncedTime', TIME_RULE);
  return time;
}

/** Throws one 400 with every problem found, the first few spelled out in `Message`. */
function throwIfInvalid(modelState: ModelState): void {
  const messages = Object.values(modelState).flat();
  if (messages.length === 0) return;
  const shown = messages.slice(0, 5).join(' ');
  const more = messages.length > 5 ? ` (and ${messages.length - 5} more problems: see ModelState)` : '';
  throw AppError.invalid(modelState, `${shown}${more}`);
}

/**
 * Reads and checks a posted cart (spec §3). Only `CartItems[].ItemID`, `StoreID`,
 * `Qty`, `Staus`, `LineUpdatedTime` and `Substitution` are read (names matched case-insensitively); CartID,
 * CustomerID and every price field are ignored, since the cart always belongs to
 * the caller and prices always come from the catalogue. Every broken rule is a
 * 400 naming the field, such as `CartItems[2].Qty`.
 */
export function parseCartBody(body: Record<string, unknown>): CartLineInput[] {
  const raw = field(body, 'CartItems');
  if (absent(raw)) throw AppError.invalidField('CartItems', 'is required: send the cart items as a list');
  if (!Array.isArray(raw)) throw AppError.invalidField('CartItems', 'must be a list of cart items');
  if (raw.length > MAX_CART_LINES) {
    throw AppError.invalidField('CartItems', `must hold at most ${MAX_CART_LINES} items`);
  }
  const modelState: ModelState = {};
  const fail = (key: string, rule: string) => {
    modelState[key] = [...(modelState[key] ?? []), `${key} ${rule}.`];
  };
  const lines: CartLineInput[] = [];
  raw.forEach((entry: unknown, index) => {
    const at = `CartItems[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      fail(at, 'must be an object with ItemID, StoreID, Qty and Staus');
      return;
    }
    const line = entry as Record<string, unknown>;
    const ids: Record<'ItemID' | 'StoreID', number> = { ItemID: 0, StoreID: 0 };
    for (const name of ['ItemID', 'StoreID'] as const) {
      const r = readId(field(line, name));
      if (r.kind === 'missing') fail(`${at}.${name}`, 'is required');
      else if (r.kind !== 'ok') fail(`${at}.${name}`, ID_RULE);
      else ids[name] = r.id;
    }
    const rawQty = field(line, 'Qty');
    const qty = wholeNumber(rawQty);
    if (absent(rawQty)) fail(`${at}.Qty`, 'is required');
    // A weighed or measured item's Qty is in g or ml; its own rules (step, store's limit) come with its row.
    else if (qty === undefined || qty < 0 || qty > MAX_MEASURED_QTY) {
      fail(`${at}.Qty`, `must be a whole number from 0 to ${MAX_CART_QTY} (pieces) or ${MAX_MEASURED_QTY} (g or ml)`);
    }
    const rawStatus = field(line, 'Staus');
    const status = CART_ITEM_STATUSES.find(
      (s) => typeof rawStatus === 'string' && s === rawStatus.trim().toLowerCase(),
    );
    if (absent(rawStatus)) fail(`${at}.Staus`, `is required and ${STATUS_RULE}`);
    else if (status === undefined) fail(`${at}.Staus`, STATUS_RULE);
    const rawTime = field(line, 'LineUpdatedTime');
    const updatedTime = absent(rawTime) ? undefined : isoTime(rawTime);
    if (!absent(rawTime) && updatedTime === undefined) fail(`${at}.LineUpdatedTime`, TIME_RULE);
    const substitution = parseSubstitution(field(line, 'Substitution'));
    if (substitution === null) fail(`${at}.Substitution`, SUBSTITUTION_RULE);
    else if (substitution === ids.ItemID && ids.ItemID > 0)
      fail(`${at}.Substitution`, "must name another item than the line's own");
    if (ids.ItemID > 0 && ids.StoreID > 0 && qty !== undefined && status !== undefined) {
      lines.push({
        index,
        itemId: ids.ItemID,
        storeId: ids.StoreID,
        qty,
        status,
        ...(updatedTime ? { updatedTime } : {}),
        ...(substitution === undefined || substitution === null ? {} : { substitution }),
      });
    }
  });
  const seen = new Map<string, number>();
  for (const line of keptLines(lines)) {
    const key = `${line.itemId}/${line.storeId}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, line.index);
    else
      fail(
        `CartItems[${line.index}].ItemID`,
        `repeats the item of CartItems[${first}]: send each ItemID and StoreID once`,
      );
  }
  throwIfInvalid(modelState);
  return lines;
}

/** The lines a saved cart keeps: a quantity of 0 or the status `deleted` removes a line. */
export function keptLines(lines: readonly CartLineInput[]): CartLineInput[] {
  return lines.filter((line) => line.qty > 0 && line.status !== 'deleted');
}

/** The `Idempotency-Key` header: undefined when absent, a 400 naming it when empty or too long. */
export function idempotencyKey(c: Context): string | undefined {
  return parseIdempotencyKey(c.req.header('idempotency-key'));
}

/** The `Idempotency-Key` header's value, trimmed: undefined when absent, a 400 naming it when empty or too long. */
export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = raw.trim();
  if (key === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw AppError.invalidField('Idempotency-Key', `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
  return key;
}
