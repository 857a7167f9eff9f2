/**
 * Wire shapes of the weekly-shop helpers (issue 13): back-in-stock requests and
 * ordering a past order again.
 */
import type { CartLineItem } from './cart.ts';

/** A back-in-stock request (`/api/StockAlert`). */
export interface StockAlertDto {
  AlertID: number;
  ItemID: number;
  StoreID: number;
  DbID: number;
  ItemTitle: string;
  StoreTitle: string;
  Size: string;
  /** Units in stock now. */
  Availability: number;
  CreatedTime: string;
}

/** One line of `GET /api/Order/Again/{id}`: a past order's line as it can be bought today. */
export interface OrderAgainLineDto {
  ItemID: number;
  StoreID: number;
  ItemTitle: string;
  /** The quantity ordered then. */
  Ordered: number;
  /** The quantity that can go into the cart now (0: none). */
  Add: number;
  /** Why less than `Ordered` can be added ('' when all of it can). */
  Reason: string;
  /** The item today (today's prices, its store's most per order), or null when it is no longer sold. */
  Item: CartLineItem | null;
}
