/**
 * How a group of orders is paid (issue 32): the methods, the rules that decide whether pay
 * on delivery may be chosen, the test method's outcomes and the words shown to shoppers.
 * Pure: the server (`src/server/payments/`) and the cart's review share it.
 */
import { formatRs } from './money.ts';
import type { PaymentMethod } from './order-groups.ts';

/** Every method the contract names, in the order the cart offers them. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['OnDelivery', 'Online', 'Test'];

/**
 * How long an unpaid online order holds its stock and slot places: the shop's setting
 * (`HoldMinutes`, from `HOLD_MINUTES.min` to `.max`, `.default` in a new shop), unless the
 * operator's `PAYMENT_HOLD_SECONDS` overrides it (tests, demos).
 */
export const HOLD_MINUTES = { min: 1, max: 120, default: 15 } as const;

/** True for a hold length the shop may set: whole minutes within `HOLD_MINUTES`. */
export function isHoldMinutes(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= HOLD_MINUTES.min && (value as number) <= HOLD_MINUTES.max;
}

/** The reason an unpaid group's orders are cancelled with when its hold ends. */
export const PAYMENT_NOT_RECEIVED = 'payment not received';

/** True for a text naming a method of the contract. */
export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/** What the test payment page may answer (`POST /api/Payment/Test/{GroupID}`); `late` approves after the hold was let go. */
export const TEST_OUTCOMES = ['approve', 'decline', 'fail', 'late'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

/** One store's rules for pay on delivery, as its delivery settings and the shop's cap give them. */
export interface OnDeliveryRules {
  storeTitle: string;
  /** The most the store's order may come to, paise; 0: the store takes no pay on delivery. */
  max: number;
  /** PIN codes and prefixes (`4110*`) where the store takes no pay on delivery. */
  refusedCodes: readonly string[];
}

/**
 * Why a store's order may not be paid on delivery, as a sentence naming `PaymentMethod`,
 * or undefined when it may: the store takes none, not at this PIN code, or the order comes
 * to more than its cap (`total` in paise).
 */
export function onDeliveryRefusal(rules: OnDeliveryRules, pin: string, total: number): string | undefined {
  const code = pin.trim();
  const refusedHere = rules.refusedCodes.some((p) => (p.endsWith('*') ? code.startsWith(p.slice(0, -1)) : p === code));
  if (rules.max === 0 || refusedHere) {
    return `PaymentMethod OnDelivery is not offered by ${rules.storeTitle} at PIN code ${code}: choose another way to pay.`;
  }
  if (total > rules.max) {
    return `PaymentMethod OnDelivery is allowed up to ${formatRs(rules.max)} an order at ${rules.storeTitle}; this order comes to ${formatRs(total)}: choose another way to pay.`;
  }
  return undefined;
}

/** The methods' names for people. */
export const PAYMENT_METHOD_WORDS: Readonly<Record<PaymentMethod, string>> = {
  OnDelivery: 'Pay on delivery (cash or UPI)',
  Online: 'Pay online (UPI, card or netbanking)',
  Test: 'Test payment (no money moves)',
};
