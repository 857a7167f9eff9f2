/**
 * Orders (spec §3/§7): the statuses an order moves through and who may move it,
 * and the order's wire shapes (JSON field names exactly as the spec, money in
 * rupees, rates in percent). No I/O.
 */
import type { DeliveryAddressDto } from './delivery.ts';
import type { OrderSlotDto } from './slots.ts';

/** Order statuses, in the order an order moves through them. */
export type OrderStatusName = 'Placed' | 'Packed' | 'Delivered' | 'Cancelled';
export const ORDER_STATUS_NAMES: readonly OrderStatusName[] = ['Placed', 'Packed', 'Delivered', 'Cancelled'];

/** Where an order may move from each status: Placed → Packed → Delivered; Placed or Packed → Cancelled. */
export const ORDER_MOVES: Readonly<Record<OrderStatusName, readonly OrderStatusName[]>> = {
  Placed: ['Packed', 'Cancelled'],
  Packed: ['Delivered', 'Cancelled'],
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

/** Where a customer may cancel their own order (`POST /api/Order/Cancel/{OrderID}`): before it is packed. */
export const CUSTOMER_CANCELLABLE: readonly OrderStatusName[] = ['Placed'];

export function canCustomerCancel(status: OrderStatusName): boolean {
  return CUSTOMER_CANCELLABLE.includes(status) && canMoveOrder(status, 'Cancelled');
}

/** A status name matched case-insensitively (`packed` → `Packed`), or undefined. */
export function parseOrderStatus(raw: string): OrderStatusName | undefined {
  const lower = raw.trim().toLowerCase();
  return ORDER_STATUS_NAMES.find((s) => s.toLowerCase() === lower);
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
  /** SellingPrice × Qty, in rupees. */
  LineTotal: number;
}

export interface OrderDto {
  OrderID: number;
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
  /** What a coupon took off the items, in rupees (issue 32): deducted in OrderTotal; 0 without one. */
  Discount: number;
  /** The coupon's code, or null. */
  CouponCode: string | null;
  /** The first store's delivery slot, when the order holds one (issue 31). */
  SlotID?: number | undefined;
  /** The delivery slot the order holds at each store that delivers in slots. */
  Slots?: OrderSlotDto[] | undefined;
}

/** How an order moved: a staff move, an undo of one, an Admin's reopen of a Delivered order, or the customer's own cancel. */
export type OrderMoveKind = 'Move' | 'Undo' | 'Reopen' | 'CustomerCancel';

/** One move in an order's history (`GET /api/Order/History/{id}`), as its audit entry recorded it. */
export interface OrderMoveDto {
  At: string;
  From: OrderStatusName;
  To: OrderStatusName;
  /** The e-mail of whoever moved it. */
  By: string;
  Kind: OrderMoveKind;
  /** An Admin's reason for a reopen; '' otherwise. */
  Reason: string;
  /** Units put back in stock (a cancel, positive) or taken out again (a cancel undone, negative). */
  StockChange: number;
}
