/**
 * Coupons (issue 32, item 5): what staff may create, what a code takes off an order and
 * why a code is refused, as pure functions shared by the API (the check call and the
 * order's transaction: one decision for both) and the pages. Money is integer paise here;
 * the wire carries rupees with paise exact, percentages as numbers (12.5).
 */
import type { FieldErrors } from './account-rules.ts';
import { formatRs, paiseToRupees, rupeesToPaise } from './money.ts';

/** A coupon as staff read it (`GET /api/Coupon/ReadAll`, `/Read/{CouponID}`). */
export interface CouponDto {
  CouponID: number;
  Code: string;
  /** Percent off the items (1 to 90), or null for a flat coupon. */
  Percent: number | null;
  /** Rupees off the items, or null for a percentage coupon. */
  Amount: number | null;
  /** The least the order's items must come to (rupees). */
  MinimumBasket: number;
  FirstOrderOnly: boolean;
  FreeDelivery: boolean;
  /** Uses in all; null: no limit. */
  MaxUses: number | null;
  MaxUsesPerCustomer: number | null;
  /** ISO 8601; null: from always, to forever. */
  ValidFrom: string | null;
  ValidTo: string | null;
  /** Uses by orders not cancelled. */
  Used: number;
  Enabled: boolean;
  CreatedTime: string;
  UpdatedTime: string;
}

/** The discount of one store's part of an order (rupees). */
export interface CouponPartDto {
  StoreID: number;
  Discount: number;
}

/** What a code does to a cart (`POST /api/Coupon/Check`). */
export interface CouponCheckDto {
  Code: string;
  /** Rupees off the items. */
  Discount: number;
  /** The delivery fees are waived. */
  FreeDelivery: boolean;
  /** The items as priced now (rupees), before the discount. */
  ItemsTotal: number;
  /** The discount of each store's part, in StoreID order. */
  Parts: CouponPartDto[];
}

/** A coupon's rules in paise and basis points, as the decisions below read them. */
export interface CouponRules {
  code: string;
  percentBps: number | null;
  amount: number | null;
  minimumBasket: number;
  firstOrderOnly: boolean;
  freeDelivery: boolean;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  validFrom: string | null;
  validTo: string | null;
  enabled: boolean;
  used: number;
}

export const COUPON_LIMITS = {
  codeMin: 3,
  codeMax: 20,
  percentMin: 1,
  percentMax: 90,
  /** Rs 1,00,000, as the delivery amounts. */
  amountMax: 10_000_000,
  usesMax: 1_000_000_000,
} as const;

const CODE = /^[A-Za-z0-9]+$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A code as shoppers type it (`save10 `) in the form it is stored and matched (`SAVE10`). */
export function normaliseCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The rule of a code, or undefined when `raw` keeps it. */
export function codeRule(raw: unknown, field = 'Code'): string | undefined {
  if (typeof raw !== 'string') return `${field} must be text: 3 to 20 letters or digits.`;
  const code = raw.trim();
  if (code.length < COUPON_LIMITS.codeMin || code.length > COUPON_LIMITS.codeMax || !CODE.test(code)) {
    return `${field} must be 3 to 20 letters or digits (A-Z, 0-9), with no spaces or signs.`;
  }
  return undefined;
}

function isAbsent(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

function rupeesRule(v: unknown, field: string, min: number): string | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return `${field} must be an amount in rupees, such as 50 or 49.50.`;
  if (Math.abs(rupeesToPaise(v) - v * 100) > 1e-6) return `${field} must be exact to the paisa (at most 2 decimals).`;
  if (rupeesToPaise(v) < min) return min > 0 ? `${field} must be more than 0.` : `${field} must not be negative.`;
  if (rupeesToPaise(v) > COUPON_LIMITS.amountMax)
    return `${field} must be at most ${formatRs(COUPON_LIMITS.amountMax)}.`;
  return undefined;
}

function usesRule(v: unknown, field: string): string | undefined {
  if (isAbsent(v)) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > COUPON_LIMITS.usesMax) {
    return `${field} must be a whole number from 1 up, or left out for no limit.`;
  }
  return undefined;
}

function timeOf(v: unknown): number | undefined {
  if (typeof v !== 'string' || !ISO_WITH_OFFSET.test(v)) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

function flagRule(v: unknown, field: string): string | undefined {
  return isAbsent(v) || typeof v === 'boolean' ? undefined : `${field} must be true or false.`;
}

/**
 * `POST /api/Coupon/Create`'s rules, each field named: `Code` 3 to 20 letters or digits
 * (stored in capitals); exactly one of `Percent` (1 to 90, at most 2 decimals) and `Amount`
 * (rupees, more than 0, paise exact); `MinimumBasket` rupees, not negative (default 0);
 * `FirstOrderOnly`, `FreeDelivery` true or false (default false); `MaxUses`,
 * `MaxUsesPerCustomer` whole numbers from 1 (absent: no limit); `ValidFrom`, `ValidTo` ISO
 * 8601 times with an offset (absent: no bound), `ValidTo` after `ValidFrom`.
 */
export function checkCouponForm(
  body: Record<string, unknown>,
): { ok: true; coupon: Omit<CouponRules, 'enabled' | 'used'> } | { ok: false; errors: FieldErrors } {
  const errors: Record<string, string[]> = {};
  const note = (field: string, message: string | undefined) => {
    if (message !== undefined) errors[field] = [message];
  };
  note('Code', codeRule(body.Code));
  const hasPercent = !isAbsent(body.Percent);
  const hasAmount = !isAbsent(body.Amount);
  if (hasPercent === hasAmount) {
    const both = 'must be given, and only one of Percent and Amount: a coupon takes a percentage or a flat amount off.';
    note('Percent', `Percent ${both}`);
    note('Amount', `Amount ${both}`);
  } else if (hasPercent) {
    const p = body.Percent;
    if (typeof p !== 'number' || !Number.isFinite(p) || p < COUPON_LIMITS.percentMin || p > COUPON_LIMITS.percentMax) {
      note('Percent', 'Percent must be a number from 1 to 90.');
    } else if (Math.abs(Math.round(p * 100) - p * 100) > 1e-6) note('Percent', 'Percent must have at most 2 decimals.');
  } else note('Amount', rupeesRule(body.Amount, 'Amount', 1));
  if (!isAbsent(body.MinimumBasket)) note('MinimumBasket', rupeesRule(body.MinimumBasket, 'MinimumBasket', 0));
  note('FirstOrderOnly', flagRule(body.FirstOrderOnly, 'FirstOrderOnly'));
  note('FreeDelivery', flagRule(body.FreeDelivery, 'FreeDelivery'));
  note('MaxUses', usesRule(body.MaxUses, 'MaxUses'));
  note('MaxUsesPerCustomer', usesRule(body.MaxUsesPerCustomer, 'MaxUsesPerCustomer'));
  const from = timeOf(body.ValidFrom);
  const to = timeOf(body.ValidTo);
  const iso = 'must be an ISO 8601 time with an offset, such as 2026-12-01T00:00:00+05:30, or left out.';
  if (!isAbsent(body.ValidFrom) && from === undefined) note('ValidFrom', `ValidFrom ${iso}`);
  if (!isAbsent(body.ValidTo) && to === undefined) note('ValidTo', `ValidTo ${iso}`);
  else if (from !== undefined && to !== undefined && to <= from) note('ValidTo', 'ValidTo must be after ValidFrom.');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    coupon: {
      code: normaliseCode(body.Code as string),
      percentBps: hasPercent ? Math.round((body.Percent as number) * 100) : null,
      amount: hasAmount ? rupeesToPaise(body.Amount as number) : null,
      minimumBasket: isAbsent(body.MinimumBasket) ? 0 : rupeesToPaise(body.MinimumBasket as number),
      firstOrderOnly: body.FirstOrderOnly === true,
      freeDelivery: body.FreeDelivery === true,
      maxUses: isAbsent(body.MaxUses) ? null : (body.MaxUses as number),
      maxUsesPerCustomer: isAbsent(body.MaxUsesPerCustomer) ? null : (body.MaxUsesPerCustomer as number),
      validFrom: from === undefined ? null : new Date(from).toISOString(),
      validTo: to === undefined ? null : new Date(to).toISOString(),
    },
  };
}

/** What a coupon takes off items worth `itemsTotal` paise: a percentage rounded to the paisa, or the flat amount; never more than the items. */
export function couponDiscount(rules: Pick<CouponRules, 'percentBps' | 'amount'>, itemsTotal: number): number {
  const off = rules.percentBps !== null ? Math.round((itemsTotal * rules.percentBps) / 10_000) : (rules.amount ?? 0);
  return Math.max(0, Math.min(off, itemsTotal));
}

/**
 * A discount split over an order's store parts in proportion to each part's items (paise,
 * rounded down), the paise left over to the largest part (the lowest StoreID of equals),
 * and never more than a part's items (what a part cannot take goes to the next largest).
 * The parts' discounts add up to `discount` exactly when it is at most the items' total.
 */
export function allocateDiscount(
  parts: readonly { storeId: number; subtotal: number }[],
  discount: number,
): { storeId: number; discount: number }[] {
  const total = parts.reduce((s, p) => s + p.subtotal, 0);
  const shares = parts.map((p) => ({
    storeId: p.storeId,
    subtotal: p.subtotal,
    discount: total === 0 ? 0 : Math.floor((discount * p.subtotal) / total),
  }));
  let left = Math.min(discount, total) - shares.reduce((s, p) => s + p.discount, 0);
  const largestFirst = [...shares].sort((a, b) => b.subtotal - a.subtotal || a.storeId - b.storeId);
  for (const part of largestFirst) {
    if (left <= 0) break;
    const more = Math.min(left, part.subtotal - part.discount);
    part.discount += more;
    left -= more;
  }
  return shares.map(({ storeId, discount: d }) => ({ storeId, discount: d })).sort((a, b) => a.storeId - b.storeId);
}

/** Why a code is refused; `store-minimum` names the store whose part it would push below its minimum. */
export type CouponRefusal =
  | { kind: 'unknown' }
  | { kind: 'not-yet'; from: string }
  | { kind: 'expired'; to: string }
  | { kind: 'below-basket'; minimum: number; missing: number }
  | { kind: 'first-order-only' }
  | { kind: 'used-up' }
  | { kind: 'used-up-for-you'; max: number }
  | { kind: 'store-minimum'; storeId: number; storeTitle: string; minimum: number };

/** Where a customer stands with a coupon when it is checked or used. */
export interface CouponContext {
  nowMs: number;
  /** The items' total in paise. */
  itemsTotal: number;
  /** The customer's earlier orders that were not cancelled. */
  priorOrders: number;
  /** The customer's uses of this coupon (by orders not cancelled). */
  myUses: number;
}

/**
 * The one decision whether a coupon applies (the check call and the order's transaction
 * both call it): unknown or switched off, the dates, the basket's minimum, first order only,
 * the total and the customer's uses, in that order. Undefined: it applies.
 */
export function couponRefusal(rules: CouponRules | undefined, ctx: CouponContext): CouponRefusal | undefined {
  if (rules === undefined || !rules.enabled) return { kind: 'unknown' };
  if (rules.validFrom !== null && ctx.nowMs < Date.parse(rules.validFrom))
    return { kind: 'not-yet', from: rules.validFrom };
  if (rules.validTo !== null && ctx.nowMs >= Date.parse(rules.validTo)) return { kind: 'expired', to: rules.validTo };
  if (ctx.itemsTotal < rules.minimumBasket) {
    return { kind: 'below-basket', minimum: rules.minimumBasket, missing: rules.minimumBasket - ctx.itemsTotal };
  }
  if (rules.firstOrderOnly && ctx.priorOrders > 0) return { kind: 'first-order-only' };
  if (rules.maxUses !== null && rules.used >= rules.maxUses) return { kind: 'used-up' };
  if (rules.maxUsesPerCustomer !== null && ctx.myUses >= rules.maxUsesPerCustomer) {
    return { kind: 'used-up-for-you', max: rules.maxUsesPerCustomer };
  }
  return undefined;
}

/**
 * The first store part a discount would push below that store's minimum order, or
 * undefined. `parts`: each store's items (paise) and its discount; `minimums`: each store's
 * minimum order (paise) and title.
 */
export function storeBelowMinimum(
  parts: readonly { storeId: number; subtotal: number; discount: number }[],
  minimums: ReadonlyMap<number, { minimum: number; title: string }>,
): Extract<CouponRefusal, { kind: 'store-minimum' }> | undefined {
  for (const part of parts) {
    const store = minimums.get(part.storeId);
    if (store !== undefined && part.discount > 0 && part.subtotal - part.discount < store.minimum) {
      return { kind: 'store-minimum', storeId: part.storeId, storeTitle: store.title, minimum: store.minimum };
    }
  }
  return undefined;
}

/** The words of a refusal, led by the field that carried the code (`Code` or `CouponCode`). */
export function couponRefusalMessage(field: string, code: string, why: CouponRefusal): string {
  const named = `${field} ${code}`;
  switch (why.kind) {
    case 'unknown':
      return `${named} is not a coupon of this shop: check the spelling.`;
    case 'not-yet':
      return `${named} is not valid yet: it can be used from ${why.from}.`;
    case 'expired':
      return `${named} has expired: it could be used until ${why.to}.`;
    case 'below-basket':
      return `${named} needs items worth at least ${formatRs(why.minimum)}: add ${formatRs(why.missing)} more.`;
    case 'first-order-only':
      return `${named} is for a first order only, and this account has ordered before.`;
    case 'used-up':
      return `${named} has been used as many times as it may be: it is used up.`;
    case 'used-up-for-you':
      return `${named} is used up for you: it may be used ${why.max} ${why.max === 1 ? 'time' : 'times'} per customer.`;
    case 'store-minimum':
      return `${named} would bring the part of ${why.storeTitle} (StoreID ${why.storeId}) below its minimum order of ${formatRs(why.minimum)}: add more of its items or order without the code.`;
  }
}

/** The discount split per store as the wire carries it. */
export function toPartDtos(parts: readonly { storeId: number; discount: number }[]): CouponPartDto[] {
  return parts.map((p) => ({ StoreID: p.storeId, Discount: paiseToRupees(p.discount) }));
}
