/**
 * One order per store (issue 31, item 3): a cart that spans stores is placed as one order
 * per store under one group, all or none. The group's shapes on the wire and the pure
 * rules both sides share: which store's order comes first and a group's total. No I/O.
 */
import { rupeesToPaise } from './money.ts';
import type { OrderDto } from './orders.ts';

/** How an order is paid (contract: `OnDelivery`, `Online`, `Test`; issue 32 brings the last two). */
export type PaymentMethod = 'OnDelivery' | 'Online' | 'Test';
/** Where an order's payment stands. */
export type PaymentStatus = 'Pending' | 'Paid' | 'Failed' | 'Refunded' | 'PartlyRefunded';

/** An order's `Payment`. */
export interface OrderPaymentDto {
  Method: PaymentMethod;
  Status: PaymentStatus;
}

/** What every order is until payment methods come (issue 32): paid on delivery, pending. */
export const PAY_ON_DELIVERY: OrderPaymentDto = { Method: 'OnDelivery', Status: 'Pending' };

/**
 * `CreateOrder`'s answer: the first store's order as the call answered before groups
 * (so existing clients keep working), plus `Orders`, every store's order of the group in
 * the same order as the stores first appear in the cart (the first is the order above).
 */
export type PlacedOrderDto = OrderDto & { Orders: OrderDto[] };

/**
 * The stores of a cart's lines in the order they first appear: the group's orders are
 * placed and answered in this order, the first being the one `CreateOrder` answers as before.
 */
export function storesInCartOrder(storeIds: readonly number[]): number[] {
  return [...new Set(storeIds)];
}

/** What a group comes to: every order's total (lines and fee), in paise. */
export function groupTotalPaise(orders: readonly Pick<OrderDto, 'OrderTotal'>[]): number {
  return orders.reduce((sum, o) => sum + rupeesToPaise(o.OrderTotal), 0);
}
