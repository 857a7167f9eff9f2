/**
 * The staff forms' field rules (zod), shared by the admin islands and the API so a
 * form and the server can never disagree: each builder takes the field's wire name
 * (spec §3: `CategoryTitle`, `UnitPrice`, …) and every message names that field and
 * says the rule, as the API's `ModelState` does. The forms made of them are
 * `catalogue-forms.ts`; checking a form is `form-validation.ts`.
 */
import { z } from 'zod';
import { MAX_CART_QTY } from './cart.ts';
import { parseCustomOrder, type StoreTypeName } from './catalogue.ts';
import { GSTIN_RULE, gstinProblem, HSN_RULE, isHsnCode, isStateCode, STATE_CODE_RULE } from './gst.ts';
import { ID_MAX, ID_MIN, ID_RULE } from './ids.ts';
import { MAX_STEP, SOLD_BY, type SoldBy } from './measure.ts';
import { MAX_QTY_PER_ITEM_RULE } from './order-limits.ts';

/** Titles of categories, stores, databases, sections and items. */
export const TITLE_MAX_LENGTH = 120;
/** Meta descriptions and store descriptions. */
export const META_MAX_LENGTH = 300;
/** Section and item HTML, in UTF-8 bytes (100 KB). */
export const CONTENT_MAX_BYTES = 100 * 1024;
export const SIZE_MAX_LENGTH = 40;
/** Rs 1 crore: keeps every price, in paise with GST, inside a 32-bit column. */
export const PRICE_MAX_RUPEES = 10_000_000;
export const STOCK_MAX = 1_000_000;
/** The GST slabs an item may carry, in percent. */
export const GST_RATES = [0, 5, 12, 18, 28] as const;
export const STORE_TYPE_NAMES: readonly StoreTypeName[] = ['public_store', 'client_store', 'edu_shopy_store'];
/** The most ItemIDs a CustomOrder may list. */
export const CUSTOM_ORDER_MAX_ITEMS = 5000;

const utf8 = new TextEncoder();

/** Digits in text (a form input's value) become a number; anything else is left for the schema to judge. */
function numberFromText(v: unknown): unknown {
  return typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v;
}

function flagFromText(v: unknown): unknown {
  return v === 'true' ? true : v === 'false' ? false : v;
}

/** At most two decimals, allowing for binary fractions (0.29 * 100 is 28.999…). */
function hasAtMostTwoDecimals(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}

function requiredOr(field: string, rule: string) {
  return (iss: { input?: unknown }) => (iss.input === undefined ? `${field} is required.` : `${field} ${rule}.`);
}

/** Text of 1 to 120 characters, trimmed. */
export function titleField(field: string) {
  const rule = `must be 1 to ${TITLE_MAX_LENGTH} characters long`;
  return z
    .string({ error: requiredOr(field, rule) })
    .trim()
    .min(1, `${field} ${rule}.`)
    .max(TITLE_MAX_LENGTH, `${field} ${rule}.`);
}

/** Optional text of at most `max` characters, trimmed. */
export function textField(field: string, max: number) {
  const rule = `must be text of at most ${max} characters`;
  return z
    .string({ error: requiredOr(field, rule) })
    .trim()
    .max(max, `${field} ${rule}.`);
}

/** Rich HTML of at most 100 KB; the server sanitizes it before storing it. */
export function htmlField(field: string) {
  const rule = `must be HTML of at most ${CONTENT_MAX_BYTES / 1024} KB`;
  return z
    .string({ error: requiredOr(field, rule) })
    .refine((html) => utf8.encode(html).length <= CONTENT_MAX_BYTES, `${field} ${rule}.`);
}

export function flagField(field: string) {
  return z.preprocess(flagFromText, z.boolean({ error: requiredOr(field, 'must be true or false') }));
}

/** An id (see `ids.ts`: 1 to 2,147,483,647), given as a number or as digits. */
export function idField(field: string) {
  const rule = ID_RULE;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .int(`${field} ${rule}.`)
      .min(ID_MIN, `${field} ${rule}.`)
      .max(ID_MAX, `${field} ${rule}.`),
  );
}

/** Rupees from 0 to `PRICE_MAX_RUPEES` with at most 2 decimals. */
export function moneyField(field: string) {
  const rule = `must be an amount in rupees from 0 to ${PRICE_MAX_RUPEES} with at most 2 decimals`;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .min(0, `${field} ${rule}.`)
      .max(PRICE_MAX_RUPEES, `${field} ${rule}.`)
      .refine(hasAtMostTwoDecimals, `${field} ${rule}.`),
  );
}

/** A percent from 0 to 100 with at most 2 decimals. */
export function percentField(field: string) {
  const rule = 'must be a percent from 0 to 100 with at most 2 decimals';
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .min(0, `${field} ${rule}.`)
      .max(100, `${field} ${rule}.`)
      .refine(hasAtMostTwoDecimals, `${field} ${rule}.`),
  );
}

export function gstField(field: string) {
  const rule = `must be one of ${GST_RATES.join(', ')} (percent)`;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .refine((v) => (GST_RATES as readonly number[]).includes(v), `${field} ${rule}.`),
  );
}

export function stockField(field: string) {
  const rule = `must be a whole number from 0 to ${STOCK_MAX}`;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .int(`${field} ${rule}.`)
      .min(0, `${field} ${rule}.`)
      .max(STOCK_MAX, `${field} ${rule}.`),
  );
}

/** A stock level that may be left unset: empty or null is none, else a whole number from 0 to STOCK_MAX. */
export function optionalStockField(field: string) {
  const rule = `must be a whole number from 0 to ${STOCK_MAX}, or empty for none`;
  return z.preprocess(
    (v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : numberFromText(v)),
    z
      .number({ error: `${field} ${rule}.` })
      .int(`${field} ${rule}.`)
      .min(0, `${field} ${rule}.`)
      .max(STOCK_MAX, `${field} ${rule}.`)
      .nullable(),
  );
}

/** A store's most of one item per order: 1 to MAX_CART_QTY. */
export function qtyLimitField(field: string) {
  const rule = MAX_QTY_PER_ITEM_RULE;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .int(`${field} ${rule}.`)
      .min(1, `${field} ${rule}.`)
      .max(MAX_CART_QTY, `${field} ${rule}.`),
  );
}

/** The most characters a store's own product code may have. */
export const PRODUCT_CODE_MAX_LENGTH = 40;

/** A store's own product code: up to 40 characters without spaces at either end; empty means none (null). */
export function productCodeField(field: string) {
  const rule = `must be text of at most ${PRODUCT_CODE_MAX_LENGTH} characters`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: requiredOr(field, rule) })
      .trim()
      .max(PRODUCT_CODE_MAX_LENGTH, `${field} ${rule}.`)
      .nullable(),
  );
}

export function storeTypeField(field: string) {
  const rule = `must be one of ${STORE_TYPE_NAMES.join(', ')}`;
  return z.enum(STORE_TYPE_NAMES as [StoreTypeName, ...StoreTypeName[]], { error: requiredOr(field, rule) });
}

/** A display order of items: ItemIDs each listed once, as an array or as JSON text of one. */
export function itemOrderField(field: string) {
  const rule = 'must be a JSON array of ItemIDs, such as [3, 1, 2]';
  return z.unknown().transform((value, ctx): number[] => {
    const ids = value === undefined ? null : parseCustomOrder(value);
    if (ids === null) {
      ctx.addIssue({ code: 'custom', message: value === undefined ? `${field} is required.` : `${field} ${rule}.` });
      return z.NEVER;
    }
    if (ids.length > CUSTOM_ORDER_MAX_ITEMS) {
      ctx.addIssue({ code: 'custom', message: `${field} must list at most ${CUSTOM_ORDER_MAX_ITEMS} ItemIDs.` });
      return z.NEVER;
    }
    const seen = new Set<number>();
    for (const id of ids) {
      if (seen.has(id)) {
        ctx.addIssue({ code: 'custom', message: `${field} must list each ItemID once; ${id} is listed twice.` });
        return z.NEVER;
      }
      seen.add(id);
    }
    return ids;
  });
}

/** Text that is either empty or passes `problem` ('' when it does), upper-cased and trimmed first when `upper`. */
function codeField(field: string, rule: string, problem: (v: string) => string, upper: boolean) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (upper ? v.trim().toUpperCase() : v.trim()) : v),
    z.string({ error: requiredOr(field, `${rule}, or empty`) }).superRefine((v, ctx) => {
      const why = v === '' ? '' : problem(v);
      if (why !== '') ctx.addIssue({ code: 'custom', message: `${field} ${rule}: ${v} ${why}.` });
    }),
  );
}

/** An item's HSN code (4 to 8 digits), or empty until it is known. */
export function hsnField(field: string) {
  return codeField(field, HSN_RULE, (v) => (isHsnCode(v) ? '' : 'is not 4 to 8 digits'), false);
}

/** A store's GSTIN, checked by format, state code and check character, or empty. */
export function gstinField(field: string) {
  return codeField(field, GSTIN_RULE, gstinProblem, true);
}

/** A store's GST state code (`27`), or empty. */
export function stateCodeField(field: string) {
  return codeField(field, STATE_CODE_RULE, (v) => (isStateCode(v) ? '' : 'is not one'), false);
}

/** How an item is counted (issue 33): ByUnit, ByWeight or ByVolume; empty reads as ByUnit. */
export function soldByField(field: string) {
  const rule = `must be one of ${SOLD_BY.join(', ')}`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || 'ByUnit' : v),
    z.enum(SOLD_BY as unknown as [SoldBy, ...SoldBy[]], { error: requiredOr(field, rule) }),
  );
}

/** What an item's quantity moves by: a whole number from 1 to MAX_STEP (grams or millilitres; 1 for a unit). */
export function stepField(field: string) {
  const rule = `must be a whole number from 1 to ${MAX_STEP}`;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: requiredOr(field, rule) })
      .int(`${field} ${rule}.`)
      .min(1, `${field} ${rule}.`)
      .max(MAX_STEP, `${field} ${rule}.`),
  );
}
