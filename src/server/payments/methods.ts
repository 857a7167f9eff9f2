// The payment seam (issue 32): every way a group of orders can be paid is one
// `PaymentMethodHandler` in the registry below. The order's transaction writes the
// group's `payments` row (`payment-step.ts`); after the commit the route asks the method
// to start the payment (what the client needs next); outcomes are applied once per event
// id by `applyPaymentOutcome` (`payment-outcomes.ts`), whatever method told them; a refund
// goes back through the method that took the money.
import type { Kysely } from 'kysely';
import type { PaymentMethod } from '../../lib/domain/order-groups.ts';
import type { Database, Payment } from '../db/schema.ts';

/** What the client needs to pay for a group just placed (or tried again while it holds). */
export interface PaymentStartDto {
  GroupID: number;
  Method: PaymentMethod;
  /** What the group comes to, rupees. */
  Amount: number;
  /** Until when the group's stock and slot places are held for the payment; null: nothing is held. */
  HoldUntil: string | null;
  /** Where the shopper pays: a page of the site (`/app/pay?group=…` for the test method), or null (at the door). */
  PayUrl: string | null;
  /** What a provider's checkout needs (its order id, key id), per method; empty for ours. */
  Provider: Record<string, string>;
}

/**
 * One way to pay. `holds`: an order paid this way waits in `AwaitingPayment`, holding its
 * stock and slot places until paid or until its hold ends. `offered` answers whether the
 * shop offers it now (keys configured, the test method switched on).
 */
export interface PaymentMethodHandler {
  readonly method: PaymentMethod;
  readonly holds: boolean;
  offered(): boolean;
  /** Starts (or starts again, while the hold lasts) the payment of a group whose row is `payment`. */
  start(db: Kysely<Database>, payment: Payment): Promise<PaymentStartDto>;
  /**
   * Gives `amount` paise of a paid group back through the provider; answers the provider's
   * refund id (ours: a made-up one). `payment_events` and the row's `refunded` are the caller's.
   */
  refund(payment: Payment, amount: number): Promise<MethodRefund>;
}

/** A refund as the method made it: the provider's id, and `Pending` while the provider has yet to process it (default `Processed`). */
export interface MethodRefund {
  refundId: string;
  status?: 'Pending' | 'Processed' | undefined;
}

/** The methods a shop runs with, by name; a method it does not run is absent. */
export type PaymentMethods = Readonly<Partial<Record<PaymentMethod, PaymentMethodHandler>>>;

/** A group's payment as the client reads it: what it comes to, where it stands, until when it holds. */
export function startOf(
  payment: Payment,
  payUrl: string | null,
  provider: Record<string, string> = {},
): PaymentStartDto {
  return {
    GroupID: payment.group_id,
    Method: payment.method,
    Amount: payment.amount / 100,
    HoldUntil: payment.hold_until,
    PayUrl: payUrl,
    Provider: provider,
  };
}

/** Pay on delivery: cash or UPI at the door; nothing held, paid when staff mark the order Delivered. */
export const onDelivery: PaymentMethodHandler = {
  method: 'OnDelivery',
  holds: false,
  offered: () => true,
  start: async (_db, payment) => startOf(payment, null),
  // Nothing was taken: an order paid at the door simply charges less.
  refund: async (payment, amount) => ({ refundId: `ondelivery-${payment.group_id}-${amount}` }),
};

/** The test method (demos and CI): its page answers for the shopper; refunds are made up. */
export function testMethod(on: boolean): PaymentMethodHandler {
  return {
    method: 'Test',
    holds: true,
    offered: () => on,
    start: async (_db, payment) => startOf(payment, `/app/pay?group=${payment.group_id}`),
    refund: async (payment, amount) => ({ refundId: `test-refund-${payment.group_id}-${amount}` }),
  };
}

/**
 * The shop's methods: pay on delivery always, the test method when `paymentsTest` is on;
 * `Online` is the Razorpay method's slot (given by its module when its keys are set).
 */
export function paymentMethods(options: { paymentsTest: boolean; online?: PaymentMethodHandler }): PaymentMethods {
  return {
    OnDelivery: onDelivery,
    ...(options.paymentsTest ? { Test: testMethod(true) } : {}),
    ...(options.online === undefined ? {} : { Online: options.online }),
  };
}

/** The methods offered now, in the cart's order. */
export function offeredMethods(methods: PaymentMethods): PaymentMethod[] {
  return (['OnDelivery', 'Online', 'Test'] as const).filter((m) => methods[m]?.offered() === true);
}

/** The hold runner of a process (`hold-runner.ts`): told of each new hold after its order commits. */
export interface PaymentHolds {
  /** A group placed waiting for its payment: its hold ends at its `hold_until`. */
  scheduled(groupId: number): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
