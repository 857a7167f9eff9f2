/**
 * One order per store (issue 31, item 3): a cart that spans stores is placed as one order
 * per store under one group, all or none. The group's shapes on the wire and the pure
 * rules both sides share: which store's order comes first and a group's total. No I/O.
 */
import { formatRs, rupeesToPaise } from './money.ts';
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

/** A refund of an order's payment (issue 32, item 3): rupees, when, where it stands, why. */
export interface OrderRefundDto {
  Amount: number;
  At: string;
  /** `Pending` until the provider processed it; the test method's are `Processed` at once. */
  Status: 'Pending' | 'Processed' | 'Failed';
  Reason: string;
}

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

/** The store an order is packed by: its lines' (one store per order since groups), or undefined for an empty one. */
export function storeOfOrder(order: Pick<OrderDto, 'OrderItems'>): number | undefined {
  return order.OrderItems[0]?.StoreID;
}

/**
 * Orders as the groups they were placed in, for My Orders: groups in the order their
 * first order appears (newest first as listed), each group's orders by `OrderID`, which is
 * the order of the stores in the cart.
 */
export function groupsOf<T extends Pick<OrderDto, 'OrderID' | 'GroupID'>>(
  orders: readonly T[],
): { groupId: number; orders: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const order of orders) groups.set(order.GroupID, [...(groups.get(order.GroupID) ?? []), order]);
  return [...groups].map(([groupId, own]) => ({ groupId, orders: own.sort((a, b) => a.OrderID - b.OrderID) }));
}

/**
 * Whether some group among `orders` has an order not among them (`GroupOrderIDs` names
 * more): a page of orders that ends inside a group, whose other orders are on the next page.
 */
export function endsInsideGroup(orders: readonly Pick<OrderDto, 'OrderID' | 'GroupID' | 'GroupOrderIDs'>[]): boolean {
  const shown = new Set(orders.map((o) => o.OrderID));
  return orders.some((o) => (o.GroupOrderIDs ?? []).some((id) => !shown.has(id)));
}

/**
 * The other orders of an order's group, in id order: what "part of group #51 (orders #52,
 * #53)" names. Empty for a one-store order (or an answer without `GroupOrderIDs`).
 */
export function otherOrdersOfGroup(order: Pick<OrderDto, 'OrderID' | 'GroupOrderIDs'>): number[] {
  return (order.GroupOrderIDs ?? []).filter((id) => id !== order.OrderID);
}

/** A group's heading on My Orders: `Order of 27 Nov: 3 stores, Rs 316.50` (`day` as the page writes dates). */
export function groupTitle(day: string, orders: readonly Pick<OrderDto, 'OrderTotal'>[]): string {
  return `Order of ${day}: ${orders.length} stores, ${formatRs(groupTotalPaise(orders))}`;
}
