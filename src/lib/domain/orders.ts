/**
 * Orders (spec §3/§7): the statuses an order moves through and who may move it,
 * and the order's wire shapes (JSON field names exactly as the spec, money in
 * rupees, rates in percent). No I/O.
 */

import type { DeliveryAddressDto } from './delivery.ts';
import type { SoldBy } from './measure.ts';
import type { OrderPaymentDto, OrderRefundDto } from './order-groups.ts';
import type { OrderSlotDto } from './slots.ts';
import type { PackOutcome, Substitution } from './substitutions.ts';

/**
 * Order statuses, in the order an order moves through them (issue 31): an online order
 * waits for its payment (AwaitingPayment), then Placed → Confirmed → Packing →
 * OutForDelivery → Delivered; Cancelled from any but Delivered.
 */
export const ORDER_STATUS_NAMES = [
  'AwaitingPayment',
  'Placed',
  'Confirmed',
  'Packing',
  'OutForDelivery',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatusName = (typeof ORDER_STATUS_NAMES)[number];

/** Where an order may move from each status: one step along the way to the door, or Cancelled before Delivered. */
export const ORDER_MOVES: Readonly<Record<OrderStatusName, readonly OrderStatusName[]>> = {
  AwaitingPayment: ['Placed', 'Confirmed', 'Cancelled'],
  Placed: ['Confirmed', 'Cancelled'],
  Confirmed: ['Packing', 'Cancelled'],
  Packing: ['OutForDelivery', 'Cancelled'],
  OutForDelivery: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

export function canMoveOrder(from: OrderStatusName, to: OrderStatusName): boolean {
  return ORDER_MOVES[from].includes(to);
}

/** Orders still under way (not delivered or cancelled): the ones an account's open-order limit counts. */
export const OPEN_ORDER_STATUSES: readonly OrderStatusName[] = ORDER_STATUS_NAMES.filter(
  (s) => ORDER_MOVES[s].length > 0,
);

/** Where a customer may cancel their own order (`POST /api/Order/Cancel/{OrderID}`): before the shop confirms it. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatusName[] = ['AwaitingPayment', 'Placed'];

export function canCustomerCancel(status: OrderStatusName): boolean {
  return CUSTOMER_CANCELLABLE.includes(status) && canMoveOrder(status, 'Cancelled');
}

/** Where an Admin's reopen moves a Delivered order back to: on its way again (a delivery that did not arrive). */
export const REOPENED_STATUS: OrderStatusName = 'OutForDelivery';

/**
 * A status name matched case-insensitively, spaces, hyphens and underscores aside
 * (`packing` → `Packing`, `out for delivery` → `OutForDelivery`), or undefined.
 */
export function parseOrderStatus(raw: string): OrderStatusName | undefined {
  const bare = raw.replace(/[\s_-]+/g, '').toLowerCase();
  return ORDER_STATUS_NAMES.find((s) => s.toLowerCase() === bare);
}

/** One line of an order: the item as it was sold (prices copied from the catalogue when ordered). */
export interface OrderItemDto {
  ItemID: number;
  StoreID: number;
  ItemTitle: string;
  UnitPrice: number;
  /** Percent. */
  Gst: number;
  /** Percent. */
  Discount: number;
  FlatDiscount: number;
  SellingPrice: number;
  Qty: number;
  Size: string;
  /** How Qty counts (issue 33): pieces, or g / ml with prices per kg or litre. */
  SoldBy?: SoldBy | undefined;
  /** A weighed line's quantity the shopper asked for, once staff entered the weight packed (Qty). */
  AskedQty?: number | undefined;
  /** SellingPrice × Qty, in rupees (per kg or litre × g or ml ÷ 1,000, half up to the paisa). */
  LineTotal: number;
  /** What the shopper asked for if the item cannot be sent (issue 33): "None", "BestMatch" or an ItemID. */
  Substitution?: Substitution | undefined;
  /** What packing sent for the line; null until the order is packed. */
  Sent?: SentItemDto | null | undefined;
}

/** What packing sent for an order line: the outcome, the item, the units and what they cost (rupees). */
export interface SentItemDto {
  Outcome: PackOutcome;
  ItemID: number;
  ItemTitle: string;
  Size: string;
  Qty: number;
  /** What each unit sent costs the shopper (a replacement's never above the asked item's). */
  SellingPrice: number;
  LineTotal: number;
}

export interface OrderDto {
  OrderID: number;
  /** The group of orders placed together, one per store (issue 31): the OrderID of its first order. */
  GroupID: number;
  /** Every order of the group, itself too, in id order: answered by the order lists and reads (one id: a one-store order). */
  GroupOrderIDs?: number[] | undefined;
  CustomerID: number;
  CustomerName: string;
  Status: OrderStatusName;
  /** The sum of the line totals plus `DeliveryFee` less `Discount`, in rupees. */
  OrderTotal: number;
  CreatedTime: string;
  UpdatedTime: string;
  OrderItems: OrderItemDto[];
  /** Where the order goes: the snapshot taken when it was placed. */
  DeliveryAddress: DeliveryAddressDto;
  /** The delivery fee charged, in rupees (issue 31): each store's fee unless its part reached free delivery; included in OrderTotal. */
  DeliveryFee: number;
  /** The order's delivery slot (its store's; the first store's for an order from before groups), or null: none. */
  SlotID: number | null;
  /** What a coupon took off the items, in rupees (issue 32): deducted in OrderTotal; 0 without one. */
  Discount: number;
  /** The coupon's code, or null. */
  CouponCode: string | null;
  /** The delivery slot the order holds at each store that delivers in slots. */
  Slots?: OrderSlotDto[] | undefined;
  /** How the order is paid and where that stands. */
  Payment: OrderPaymentDto;
  /** The refunds made for the order, oldest first (issue 32, item 3); empty without any. */
  Refunds: OrderRefundDto[];
}

/** How an order moved: a staff move, an undo of one, an Admin's reopen of a Delivered order, or the customer's own cancel. */
export type OrderMoveKind = 'Move' | 'Undo' | 'Reopen' | 'CustomerCancel';

/**
 * One move in an order's history (`GET /api/Order/History/{id}`), as the move recorded it.
 * The order's customer reads their own order's moves with `By` and `Reason` left empty
 * for the shop's moves (whose staff member moved it is the shop's business).
 */
export interface OrderMoveDto {
  At: string;
  From: OrderStatusName;
  To: OrderStatusName;
  /** The e-mail of whoever moved it ('' for the shop's moves, read by the customer). */
  By: string;
  Kind: OrderMoveKind;
  /** An Admin's reason for a reopen; '' otherwise. */
  Reason: string;
  /** Units put back in stock (a cancel, positive) or taken out again (a cancel undone, negative). */
  StockChange: number;
}
