/**
 * Where each store delivers, and for how much (issue 31, item 1). Pure, so the API, the
 * staff form, the cart page and the item cards apply the same rules and say the same words.
 *
 * A store's settings: the PIN codes it serves (`411001` exactly, or a prefix `4110*`), a
 * delivery fee, a minimum order value and a free-delivery threshold. Money is integer paise
 * here and in the database; the wire carries rupees with paise exact, like every other price.
 * A store without settings, or with an empty list of PIN codes, delivers everywhere; without
 * settings it charges no fee and asks no minimum.
 */
import type { FieldErrors } from './account-rules.ts';
import { formatRs, paiseToRupees, rupeesToPaise } from './money.ts';

/** A store's delivery settings as the API answers and takes them (money in rupees). */
export interface StoreDeliveryDto {
  StoreID: number;
  /** The store's title, so a page can name it (the cart's lines carry only the StoreID). */
  StoreTitle: string;
  /** Exact 6-digit PIN codes and prefixes ending in `*`; empty: every PIN code. */
  PostalCodes: string[];
  Fee: number;
  MinimumOrder: number;
  /** From this much of the store's items (rupees), the delivery is free; null: never free. */
  FreeAbove: number | null;
  /** The most an order of this store may come to when paid on delivery (rupees); null: the shop's cap; 0: none. */
  OnDeliveryMax: number | null;
  /** PIN codes and prefixes where this store takes no pay on delivery. */
  NoOnDeliveryPostalCodes: string[];
}

/** A store's delivery settings in paise, as the rules below read them. */
export interface DeliveryRules {
  postalCodes: readonly string[];
  fee: number;
  minimumOrder: number;
  freeAbove: number | null;
  /** Paise; null: the shop's pay-on-delivery cap; 0: no pay on delivery (issue 32). */
  onDeliveryMax: number | null;
  /** Where the store takes no pay on delivery (patterns as `postalCodes`). */
  noOnDeliveryCodes: readonly string[];
}

/** The settings of a store that has none: everywhere, no fee, no minimum, the shop's pay-on-delivery cap. */
export const DELIVERS_EVERYWHERE: DeliveryRules = {
  postalCodes: [],
  fee: 0,
  minimumOrder: 0,
  freeAbove: null,
  onDeliveryMax: null,
  noOnDeliveryCodes: [],
};

/** The most PIN codes and prefixes one store may list. */
export const MAX_POSTAL_CODES = 500;
/** The highest fee, minimum or threshold a store may set: Rs 1,00,000. */
export const MAX_DELIVERY_AMOUNT = 10_000_000;

/** An Indian PIN code: six digits, the first not 0. */
export const PIN_CODE = /^[1-9][0-9]{5}$/;
/** A PIN code pattern a store serves: a whole PIN code, or 1 to 5 leading digits then `*`. */
const PIN_PATTERN = /^(?:[1-9][0-9]{5}|[1-9][0-9]{0,4}\*)$/;

export function isPinCode(text: string): boolean {
  return PIN_CODE.test(text);
}

/** True when a store listing `patterns` delivers to `pin` (an empty list serves every PIN code). */
export function servesPostalCode(patterns: readonly string[], pin: string): boolean {
  if (patterns.length === 0) return true;
  const code = pin.trim();
  return patterns.some((p) => (p.endsWith('*') ? code.startsWith(p.slice(0, -1)) : p === code));
}

/** What delivering a store's part of an order costs, or why it cannot be delivered. */
export type DeliveryQuote =
  | { kind: 'unserved' }
  | { kind: 'below-minimum'; missing: number }
  | {
      kind: 'ok';
      /** The fee charged, in paise (0 at or above the free-delivery threshold). */
      fee: number;
      /** How much more of the store's items makes the delivery free; null when it is free or never is. */
      moreForFree: number | null;
    };

/**
 * The delivery of one store's part of an order: `subtotal` (paise) of that store's lines to `pin`.
 * A PIN code not served comes first; then the minimum; then the fee, waived at `freeAbove` or more.
 */
export function quoteDelivery(rules: DeliveryRules, pin: string, subtotal: number): DeliveryQuote {
  if (!servesPostalCode(rules.postalCodes, pin)) return { kind: 'unserved' };
  if (subtotal < rules.minimumOrder) return { kind: 'below-minimum', missing: rules.minimumOrder - subtotal };
  const free = rules.freeAbove !== null && subtotal >= rules.freeAbove;
  const fee = free ? 0 : rules.fee;
  const moreForFree = free || rules.freeAbove === null || fee === 0 ? null : rules.freeAbove - subtotal;
  return { kind: 'ok', fee, moreForFree };
}

/** The words a shopper reads for a store's quote (`Rs 30 more for free delivery`), one per fact. */
export function deliveryWords(quote: DeliveryQuote, storeTitle: string, pin: string): string[] {
  if (quote.kind === 'unserved') return [`${storeTitle} does not deliver to ${pin}.`];
  if (quote.kind === 'below-minimum') {
    return [`Add ${formatRs(quote.missing)} more from ${storeTitle} to reach its minimum order.`];
  }
  const fee = quote.fee === 0 ? 'Free delivery' : `Delivery fee ${formatRs(quote.fee)}`;
  return quote.moreForFree === null ? [fee] : [fee, `${formatRs(quote.moreForFree)} more for free delivery`];
}

/** The wire form of a store's settings. */
export function toStoreDeliveryDto(storeId: number, storeTitle: string, rules: DeliveryRules): StoreDeliveryDto {
  return {
    StoreID: storeId,
    StoreTitle: storeTitle,
    PostalCodes: [...rules.postalCodes],
    Fee: paiseToRupees(rules.fee),
    MinimumOrder: paiseToRupees(rules.minimumOrder),
    FreeAbove: rules.freeAbove === null ? null : paiseToRupees(rules.freeAbove),
    OnDeliveryMax: rules.onDeliveryMax === null ? null : paiseToRupees(rules.onDeliveryMax),
    NoOnDeliveryPostalCodes: [...rules.noOnDeliveryCodes],
  };
}

/** Settings read back from the wire (the page script's cache, the staff form). */
export function rulesOfDto(dto: StoreDeliveryDto): DeliveryRules {
  return {
    postalCodes: dto.PostalCodes,
    fee: rupeesToPaise(dto.Fee),
    minimumOrder: rupeesToPaise(dto.MinimumOrder),
    freeAbove: dto.FreeAbove === null ? null : rupeesToPaise(dto.FreeAbove),
    onDeliveryMax: dto.OnDeliveryMax === null ? null : rupeesToPaise(dto.OnDeliveryMax),
    noOnDeliveryCodes: dto.NoOnDeliveryPostalCodes,
  };
}

/** An amount in rupees with at most two decimals, 0 to Rs 1,00,000, as paise; or the rule it breaks. */
function amountOf(raw: unknown, name: string): { paise: number } | { error: string } {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { error: `${name} must be a number of rupees.` };
  if (raw < 0) return { error: `${name} must not be negative.` };
  const paise = Math.round(raw * 100);
  if (Math.abs(paise - raw * 100) > 1e-6) return { error: `${name} must have at most two decimals (paise).` };
  if (paise > MAX_DELIVERY_AMOUNT) return { error: `${name} must be at most ${formatRs(MAX_DELIVERY_AMOUNT)}.` };
  return { paise };
}

/**
 * A posted `{ PostalCodes, Fee, MinimumOrder, FreeAbove }` as rules, or every field that breaks
 * a rule (`PostalCodes[2]` names one bad pattern). `FreeAbove` may be null or left out (never free);
 * repeated PIN codes are kept once.
 */
export function parseDeliverySettings(
  body: Record<string, unknown>,
): { ok: true; rules: DeliveryRules } | { ok: false; errors: FieldErrors } {
  const errors: Record<string, string[]> = {};
  const codes = patternsOf(body.PostalCodes, 'PostalCodes', errors);
  const noOnDeliveryCodes =
    body.NoOnDeliveryPostalCodes === undefined || body.NoOnDeliveryPostalCodes === null
      ? []
      : patternsOf(body.NoOnDeliveryPostalCodes, 'NoOnDeliveryPostalCodes', errors);
  const amounts: Record<string, number> = {};
  for (const name of ['Fee', 'MinimumOrder'] as const) {
    const got = body[name] === undefined ? { paise: 0 } : amountOf(body[name], name);
    if ('error' in got) errors[name] = [got.error];
    else amounts[name] = got.paise;
  }
  let freeAbove: number | null = null;
  if (body.FreeAbove !== undefined && body.FreeAbove !== null) {
    const got = amountOf(body.FreeAbove, 'FreeAbove');
    if ('error' in got) errors.FreeAbove = [got.error];
    else freeAbove = got.paise;
  }
  let onDeliveryMax: number | null = null;
  if (body.OnDeliveryMax !== undefined && body.OnDeliveryMax !== null) {
    const got = amountOf(body.OnDeliveryMax, 'OnDeliveryMax');
    if ('error' in got) errors.OnDeliveryMax = [got.error];
    else onDeliveryMax = got.paise;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    rules: {
      postalCodes: codes,
      fee: amounts.Fee ?? 0,
      minimumOrder: amounts.MinimumOrder ?? 0,
      freeAbove,
      onDeliveryMax,
      noOnDeliveryCodes,
    },
  };
}

/** A posted list of PIN codes and prefixes (`name`), each once; each bad one named in `errors`. */
function patternsOf(raw: unknown, name: string, errors: Record<string, string[]>): string[] {
  const codes: string[] = [];
  if (!Array.isArray(raw)) {
    errors[name] = [`${name} must be a list of PIN codes ("411001") and prefixes ("4110*").`];
  } else if (raw.length > MAX_POSTAL_CODES) {
    errors[name] = [`${name} may list at most ${MAX_POSTAL_CODES} PIN codes and prefixes.`];
  } else {
    raw.forEach((p, i) => {
      const text = typeof p === 'string' ? p.trim() : '';
      if (!PIN_PATTERN.test(text)) {
        errors[`${name}[${i}]`] = [
          `${name}[${i}] must be a 6-digit PIN code not starting with 0 ("411001") or 1 to 5 leading digits and * ("4110*").`,
        ];
      } else if (!codes.includes(text)) codes.push(text);
    });
  }
  return codes;
}
