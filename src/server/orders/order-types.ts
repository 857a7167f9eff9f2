// The shapes an order's steps (`order-steps.ts`) take and answer: what the order is given
// (`OrderDelivery`, `TokenCaller`) and what it comes to (`StepsOutcome`, `NotPlacedOutcome`),
// as the runners (`order-runners.ts`) and the one order entry (`place-order.ts`) see them.
import type { ShortageDto } from '../../lib/domain/cart.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import type { PlacedOrderDto } from '../../lib/domain/order-groups.ts';
import type { ModelState } from '../errors.ts';
import type { PaymentChoice, PaymentOutcome } from '../payments/payment-step.ts';
import type { CouponOutcome } from './coupon-step.ts';
import type { DeliveryOutcome } from './delivery-rules.ts';
import type { SlotOutcome, SlotPicks } from './order-slots.ts';

/** Where an order goes and who hears about it. */
export interface OrderDelivery {
  address: DeliveryAddressDto;
  /** Also keep the address (not the note) as the account's My Address. */
  saveAsMyAddress: boolean;
  /** The customer's e-mail, for the order mail. */
  email: string;
  /** The site's public origin, for links in the mail. */
  siteUrl: string;
  /** The delivery slot picked at each store (`Slots`). */
  slots: SlotPicks;
  /** `CouponCode` as posted (`parseCouponCode`), or undefined. */
  couponCode?: string | undefined;
  /** `PaymentMethod` as posted and known (`parsePaymentChoice`); undefined: pay on delivery. */
  payment?: PaymentChoice | undefined;
}

/**
 * An order refused inside its transaction, with nothing written: `over-limit` (a line asks
 * for more than its store sells in one order; `modelState` names each such
 * `CartItems[i].Qty`), `short` (stock), `too-many-open` (the account already has `open`
 * orders under way, `max` allowed), `unserved` / `below-minimum` (`delivery-rules.ts`).
 */
export type NotPlacedOutcome =
  | { kind: 'over-limit'; modelState: ModelState }
  | { kind: 'short'; shortages: ShortageDto[]; modelState: ModelState }
  | { kind: 'too-many-open'; open: number; max: number }
  | Exclude<DeliveryOutcome, { kind: 'ok' }>
  | Exclude<SlotOutcome, { kind: 'slotted' }>
  | Exclude<CouponOutcome, { kind: 'coupon-applied' }>
  | Exclude<PaymentOutcome, { kind: 'payment-written' }>;

/** Rows as a statement answers them; each step below knows what its statement returns. */
// biome-ignore lint/suspicious/noExplicitAny: the generator's protocol carries every statement's rows.
export type Rows = any[];

/**
 * What an order's statements came to: placed (`body` is the exact JSON answered, and
 * replayed for a retried key), not placed, or `refused` (a caller known by its token whose
 * account or address did not pass); the runner rolls back whatever a not placed order wrote.
 */
export type StepsOutcome =
  | { kind: 'placed'; order: PlacedOrderDto; body: string }
  | NotPlacedOutcome
  | { kind: 'refused' };

/** Where the caller stands when the order is placed by `callerOrderSteps`: checked inside the transaction. */
export interface TokenCaller {
  userId: number;
  /** The token's security stamp, which the account must still carry. */
  securityStamp: string;
  /** `DeliveryAddress` as posted (`parseDeliveryBody`), or undefined: My Address is used (`deliveryFor`). */
  posted: DeliveryAddressDto | undefined;
  saveAsMyAddress: boolean;
  siteUrl: string;
  slots: SlotPicks;
  couponCode?: string | undefined;
  payment?: PaymentChoice | undefined;
}
