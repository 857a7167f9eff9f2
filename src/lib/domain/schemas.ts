/**
 * The staff forms' fields and rules, in one schema library (zod) for the admin
 * islands and the API alike, so a form and the server can never disagree. Field
 * names are the wire names of spec §3 (`CategoryTitle`, `UnitPrice`, …); every
 * message names its field and says the rule, as the API's `ModelState` does.
 *
 * A form is a `FormSpec`: its fields' schemas, the values a new row takes for
 * fields left out, and rules that tie fields together. `validateForm` checks a
 * whole form (create, PUT); `validatePatch` checks the fields a PATCH carries.
 * Rules that need the database (that a CategoryID names a category, that a
 * CustomOrder's items are in the section's database) are the server's.
 */
import { z } from 'zod';
import type { FieldErrors } from './account-rules.ts';
import { MAX_CART_QTY } from './cart.ts';
import { parseCustomOrder, type StoreTypeName } from './catalogue.ts';
import { ID_MAX, ID_MIN, ID_RULE } from './ids.ts';
import { percentToBps, rupeesToPaise } from './money.ts';
import { DEFAULT_MAX_QTY_PER_ITEM, MAX_QTY_PER_ITEM_RULE } from './order-limits.ts';
import type { PriceFields } from './pricing.ts';

export type { FieldErrors };

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

/** One staff form: its fields, the values fields left out of a new row take, and cross-field rules. */
export interface FormSpec<S extends z.ZodRawShape> {
  shape: S;
  /** Values for fields a create or a PUT leaves out; fields without one are required. */
  defaults: { [K in keyof S]?: z.input<S[K]> };
  /** Rules over several fields, run on the whole (merged) values. */
  cross?: (values: FormValues<S>) => FieldErrors;
  /** The fields `cross` reads: a PATCH touching none of them skips it. */
  crossFields?: readonly (keyof S & string)[];
}

export type FormValues<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * The form's fields out of a request body, their keys matched case-insensitively
 * (as ASP.NET model binding did) and spelled as the form spells them (the exact
 * spelling wins over others, else the first); unknown keys and undefined values are left out.
 */
export function pickFields(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = byLower.get(key.toLowerCase());
    if (name !== undefined && value !== undefined && !(name in out && key !== name)) out[name] = value;
  }
  return out;
}

function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((list) => list !== undefined && list.length > 0);
}

// Building a zod object is costly (zod 4 compiles a parser for it): one per form, made once.
const wholeSchemas = new WeakMap<object, z.ZodObject>();
const partialSchemas = new WeakMap<object, z.ZodObject>();

function wholeSchema<S extends z.ZodRawShape>(spec: FormSpec<S>): z.ZodObject<S> {
  let schema = wholeSchemas.get(spec);
  if (schema === undefined) {
    schema = z.object(spec.shape);
    wholeSchemas.set(spec, schema);
  }
  return schema as z.ZodObject<S>;
}

function partialSchema<S extends z.ZodRawShape>(spec: FormSpec<S>): z.ZodObject {
  let schema = partialSchemas.get(spec);
  if (schema === undefined) {
    schema = z.object(spec.shape).partial();
    partialSchemas.set(spec, schema);
  }
  return schema;
}

/** Checks a whole form (a create, or a PUT): fields left out take the spec's defaults. */
export function validateForm<S extends z.ZodRawShape>(
  spec: FormSpec<S>,
  input: Record<string, unknown>,
): Validated<FormValues<S>> {
  const values = { ...spec.defaults, ...pickFields(input, Object.keys(spec.shape)) };
  const result = wholeSchema(spec).safeParse(values);
  if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues) };
  const crossErrors = spec.cross?.(result.data) ?? {};
  return hasErrors(crossErrors) ? { ok: false, errors: crossErrors } : { ok: true, value: result.data };
}

/**
 * Checks the fields a PATCH carries against their rules, and the cross-field
 * rules on the row as it would become (`current` merged with the change).
 * Answers only the changed fields.
 */
export function validatePatch<S extends z.ZodRawShape>(
  spec: FormSpec<S>,
  input: Record<string, unknown>,
  current: FormValues<S>,
): Validated<Partial<FormValues<S>>> {
  const picked = pickFields(input, Object.keys(spec.shape));
  const result = partialSchema(spec).safeParse(picked);
  if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues) };
  const change = result.data as Partial<FormValues<S>>;
  const touches = (spec.crossFields ?? []).some((f) => f in picked);
  if (spec.cross !== undefined && touches) {
    const crossErrors = spec.cross({ ...current, ...change });
    if (hasErrors(crossErrors)) return { ok: false, errors: crossErrors };
  }
  return { ok: true, value: change };
}

const categoryShape = { CategoryTitle: titleField('CategoryTitle') };
export const categoryForm: FormSpec<typeof categoryShape> = { shape: categoryShape, defaults: {} };

const storeShape = {
  CategoryID: idField('CategoryID'),
  StoreTitle: titleField('StoreTitle'),
  StoreDescription: textField('StoreDescription', META_MAX_LENGTH),
  StoreHidden: flagField('StoreHidden'),
  StoreType: storeTypeField('StoreType'),
  /** The most of one item an order may hold from this store. */
  MaxQtyPerItem: qtyLimitField('MaxQtyPerItem'),
};
export const storeForm: FormSpec<typeof storeShape> = {
  shape: storeShape,
  defaults: {
    StoreDescription: '',
    StoreHidden: false,
    StoreType: 'public_store',
    MaxQtyPerItem: DEFAULT_MAX_QTY_PER_ITEM,
  },
};

const storeDbShape = { StoreID: idField('StoreID'), DbTitle: titleField('DbTitle') };
export const storeDbForm: FormSpec<typeof storeDbShape> = { shape: storeDbShape, defaults: {} };

const sectionShape = {
  DbID: idField('DbID'),
  SectionTitle: titleField('SectionTitle'),
  SectionMetaDescription: textField('SectionMetaDescription', META_MAX_LENGTH),
  SectionContent: htmlField('SectionContent'),
  SectionHidden: flagField('SectionHidden'),
  CustomOrder: itemOrderField('CustomOrder'),
};
export const sectionForm: FormSpec<typeof sectionShape> = {
  shape: sectionShape,
  defaults: { SectionMetaDescription: '', SectionContent: '', SectionHidden: false, CustomOrder: [] },
};

/**
 * What `PUT /api/Publisher/Edit/{SectionID}` may carry: the section's database,
 * and overrides of the draft's fields for the public copy. Every field is optional.
 */
export const publishForm: FormSpec<typeof sectionShape> = { shape: sectionShape, defaults: {} };

const reorderShape = { ItemIDs: itemOrderField('ItemIDs') };
/** `PUT /api/Section/Reorder/{id}`: the section's items in their new order. */
export const reorderForm: FormSpec<typeof reorderShape> = { shape: reorderShape, defaults: {} };

const itemShape = {
  DbID: idField('DbID'),
  /** The store of DbID; taken from the database when left out. */
  StoreID: idField('StoreID').optional(),
  SectionID: idField('SectionID').nullable(),
  ItemTitle: titleField('ItemTitle'),
  ItemMetaDescription: textField('ItemMetaDescription', META_MAX_LENGTH),
  ItemContent: htmlField('ItemContent'),
  ItemHidden: flagField('ItemHidden'),
  Availability: stockField('Availability'),
  Size: textField('Size', SIZE_MAX_LENGTH),
  UnitPrice: moneyField('UnitPrice'),
  Discount: percentField('Discount'),
  FlatDiscount: moneyField('FlatDiscount'),
  Gst: gstField('Gst'),
  ProductCode: productCodeField('ProductCode'),
};

/**
 * An item. `SellingPrice` is not a field: the server always computes it from
 * UnitPrice, Discount, FlatDiscount and Gst (see `itemPriceFields`).
 */
export const itemForm: FormSpec<typeof itemShape> = {
  shape: itemShape,
  defaults: {
    SectionID: null,
    ItemMetaDescription: '',
    ItemContent: '',
    ItemHidden: false,
    Availability: 0,
    Size: '',
    Discount: 0,
    FlatDiscount: 0,
    Gst: 0,
    ProductCode: null,
  },
  cross: (v) =>
    v.FlatDiscount > v.UnitPrice
      ? { FlatDiscount: [`FlatDiscount must not be more than UnitPrice (${v.UnitPrice}).`] }
      : {},
  crossFields: ['UnitPrice', 'FlatDiscount'],
};

export type CategoryForm = FormValues<typeof categoryShape>;
export type StoreForm = FormValues<typeof storeShape>;
export type StoreDbForm = FormValues<typeof storeDbShape>;
export type SectionForm = FormValues<typeof sectionShape>;
export type ItemForm = FormValues<typeof itemShape>;

/** An item form's prices as the pricing rules take them (paise and basis points). */
export function itemPriceFields(v: Pick<ItemForm, 'UnitPrice' | 'Discount' | 'FlatDiscount' | 'Gst'>): PriceFields {
  return {
    unitPrice: rupeesToPaise(v.UnitPrice),
    discountBps: percentToBps(v.Discount),
    flatDiscount: rupeesToPaise(v.FlatDiscount),
    gstBps: percentToBps(v.Gst),
  };
}

/* The answers of the staff calls (docs/api.md "Staff calls"), beside the forms that produce them. */

/** A store database (the spec's DbID): `GET /api/StoreDb/Read/{id}`. */
export interface StoreDbDto {
  DbID: number;
  StoreID: number;
  DbTitle: string;
  DbUpdatedTime: string;
  /** Sections (drafts) filed in it. */
  SectionCount: number;
  ItemCount: number;
}

/** A section as staff edit it in a store database, published or not: `GET /api/Section/Read/{id}`. */
export interface StaffSectionDto {
  SectionID: number;
  DbID: number;
  StoreID: number;
  SectionTitle: string;
  SectionMetaDescription: string;
  /** Sanitized HTML. */
  SectionContent: string;
  SectionHidden: boolean;
  /** JSON text: ItemIDs in display order. */
  CustomOrder: string;
  SectionUpdatedTime: string;
  ItemCount: number;
  /** Whether a public copy exists (Publisher), and when it was last published. */
  Published: boolean;
  PublishedTime: string | null;
}

/** One audit log entry: `GET /api/Log/ReadAll`. */
export interface AuditEntryDto {
  LogID: number;
  At: string;
  ActorID: number | null;
  ActorEmail: string;
  /** Stable dotted name such as `item.edited` or `role.added`. */
  Action: string;
  /** What was acted on, such as `item:12`. */
  Target: string;
  Detail: Record<string, unknown>;
  /** The caller's network address. */
  Address: string;
}

/** Progress of the site build this server runs (`POST /api/Site/Publish`). */
export interface SiteBuildDto {
  Running: boolean;
  /** A "Publish now" came while this build ran: the next build starts when it ends. */
  Queued: boolean;
  StartedAt: string | null;
  /** Steps (or, in a phase that counts, units) done of Total. */
  Done: number;
  Total: number;
  /** `idle`, `starting`, a phase the build announced (`api`, `catalogue`, `render`, `write`, …), `done` or `failed`. */
  Phase: string;
  /** The latest line the build printed, or the outcome. */
  Message: string;
}

/** `GET /api/Site/Status`. */
export interface SiteStatusDto {
  /** Public content changed after the content the last successful build read. */
  OutOfDate: boolean;
  ContentChangedAt: string | null;
  LastBuiltAt: string | null;
  Build: SiteBuildDto;
  /** The last finished build, from any process (`npm run build` too), or null before the first. */
  LastBuild: { Status: 'succeeded' | 'failed'; FinishedAt: string | null; LogTail: string } | null;
}

/** The body of a 409 refusing a delete that other rows refer to. */
export interface ReferencedConflictDto {
  Message: string;
  /** How many rows of each kind refer to the target, such as `{ "Stores": 4 }`. */
  References: Record<string, number>;
}
