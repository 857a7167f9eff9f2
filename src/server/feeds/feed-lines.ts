import { z } from 'zod';
import {
  flagField,
  gstField,
  idField,
  moneyField,
  percentField,
  productCodeField,
  stockField,
} from '../../lib/domain/form-fields.ts';
import { pickFields } from '../../lib/domain/form-validation.ts';
import { AppError, type ModelState } from '../errors.ts';

// A stock feed's body: its lines, each checked against the item form's field rules.

/** The most lines one feed request may carry. */
export const FEED_MAX_LINES = 10_000;

const lineShape = z.object({
  ItemID: idField('ItemID').optional(),
  StoreID: idField('StoreID').optional(),
  ProductCode: productCodeField('ProductCode').optional(),
  Availability: stockField('Availability').optional(),
  UnitPrice: moneyField('UnitPrice').optional(),
  Discount: percentField('Discount').optional(),
  FlatDiscount: moneyField('FlatDiscount').optional(),
  Gst: gstField('Gst').optional(),
  /** This line's UnitPrice change is meant even though it is more than `FEED_PRICE_LIMIT_BPS`. */
  Confirm: flagField('Confirm').optional(),
});
/** One checked line of a feed. */
export type FeedLine = z.output<typeof lineShape>;
const LINE_FIELDS = Object.keys(lineShape.shape);

/** Reads and checks a feed body: `{ "Lines": [ … ] }`, or a 400 naming each bad line and field. */
export function parseFeed(body: unknown): FeedLine[] {
  const lines = (body as { Lines?: unknown } | null)?.Lines ?? (body as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines) || lines.length === 0) {
    throw AppError.invalidField('Lines', `must be a list of 1 to ${FEED_MAX_LINES} lines`);
  }
  if (lines.length > FEED_MAX_LINES) {
    throw AppError.invalidField('Lines', `must list at most ${FEED_MAX_LINES} lines; send the rest in another request`);
  }
  const modelState: ModelState = {};
  const out: FeedLine[] = [];
  for (const [i, raw] of lines.entries()) {
    const at = `Lines[${i}]`;
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      modelState[at] = [`${at} must be an object such as { "ItemID": 12, "Availability": 40 }.`];
      continue;
    }
    const r = lineShape.safeParse(pickFields(raw as Record<string, unknown>, LINE_FIELDS));
    if (!r.success) {
      for (const issue of r.error.issues) {
        const key = `${at}.${String(issue.path[0] ?? '')}`;
        modelState[key] = [...(modelState[key] ?? []), `${at}: ${issue.message}`];
      }
      continue;
    }
    const line = r.data;
    const named = line.ItemID !== undefined || (line.StoreID !== undefined && line.ProductCode != null);
    if (!named) {
      modelState[`${at}.ItemID`] = [`${at}: ItemID is required, or StoreID with ProductCode (the store's own code).`];
    }
    const sets = ['Availability', 'UnitPrice', 'Discount', 'FlatDiscount', 'Gst'].some(
      (k) => line[k as keyof FeedLine] !== undefined,
    );
    if (!sets) {
      modelState[`${at}.Availability`] = [
        `${at}: give Availability or a price (UnitPrice, Discount, FlatDiscount, Gst) to set.`,
      ];
    }
    out.push(line);
  }
  if (Object.keys(modelState).length > 0) {
    const n = new Set(Object.keys(modelState).map((k) => k.split('.')[0])).size;
    throw AppError.badRequest(
      `${n === 1 ? '1 line breaks' : `${n} lines break`} the rules; nothing was applied.`,
      modelState,
    );
  }
  return out;
}
