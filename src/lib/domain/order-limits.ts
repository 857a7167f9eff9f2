/**
 * What keeps one account from emptying a store (issue 27): each store's most of one
 * item per order, and the most orders one account may have open at a time. These are
 * the pure decisions; the order transaction (src/server/orders/order-steps.ts) reads
 * the rows, holds the locks and calls them, for both doors an order comes in by.
 */
import { MAX_CART_QTY, qtyLimitText } from './cart.ts';
import { formatQty, priceBase, qtyProblem, type SoldBy } from './measure.ts';

/** A new store's most of one item per order (`MaxQtyPerItem`). */
export const DEFAULT_MAX_QTY_PER_ITEM = 20;
/** The rule of `MaxQtyPerItem`: 1 to MAX_CART_QTY, as a cart line's quantity. */
export const MAX_QTY_PER_ITEM_RULE = `must be a whole number from 1 to ${MAX_CART_QTY}`;

/** The open orders one account may have when `OPEN_ORDERS_MAX` is not set. */
export const DEFAULT_OPEN_ORDERS_MAX = 10;

/** A line the stock update did not take, as the catalogue has it now (undefined: no such item). */
export interface LineNow {
  stock: number;
  hidden: boolean;
  /** Its store's most per order: pieces, or kg or litres of an item sold by weight or volume. */
  maxQtyPerItem: number;
  /** How it is counted and what its quantity moves by (issue 33); absent: pieces, step 1. */
  soldBy?: SoldBy;
  step?: number;
}

/** Why a line was not sold: not for sale, more than its store allows in one order, or short of stock. */
export type Unsold =
  | { kind: 'not-for-sale' }
  | { kind: 'bad-step'; step: number }
  | { kind: 'over-limit'; max: number }
  | { kind: 'short'; available: number };

/**
 * Why `qty` of an item was not taken from stock. The limit is named before the stock:
 * asking for more than the store sells in one order is the request's fault (400), and
 * lowering it to the limit may be enough.
 */
export function whyUnsold(qty: number, now: LineNow | undefined): Unsold {
  if (now === undefined || now.hidden) return { kind: 'not-for-sale' };
  const step = now.step ?? 1;
  if (qtyProblem(qty, step) !== '') return { kind: 'bad-step', step };
  const max = now.maxQtyPerItem * priceBase(now.soldBy ?? 'ByUnit');
  if (qty > max) return { kind: 'over-limit', max };
  return { kind: 'short', available: now.stock };
}

/** The ModelState message of a line over its store's limit; `field` is such as `CartItems[2].Qty`. */
export function overLimitMessage(
  field: string,
  qty: number,
  title: string,
  max: number,
  soldBy: SoldBy = 'ByUnit',
): string {
  return `${field} asks for ${formatQty(qty, soldBy)} of ${title}, but its store sells ${qtyLimitText(max, soldBy)}.`;
}

/** The ModelState message of a weighed line whose quantity is not a multiple of its item's step. */
export function badStepMessage(field: string, qty: number, title: string, step: number, soldBy: SoldBy): string {
  return `${field} must be a multiple of the item's Step (${formatQty(step, soldBy)}): ${formatQty(qty, soldBy)} of ${title} is not.`;
}

/**
 * Whether an order may stand when, counting itself, the account has `open` orders
 * in OPEN_ORDER_STATUSES (`orders.ts`) and may have `max`.
 */
export function withinOpenOrders(open: number, max: number): boolean {
  return open <= max;
}

/** Why an order beyond the open-order limit was refused, and what to do: `open` are already open. */
export function openOrdersMessage(open: number, max: number): string {
  return (
    `The order was not placed: you have ${open} open ${open === 1 ? 'order' : 'orders'} (not yet delivered or cancelled), ` +
    `and one account may have at most ${max} at a time. Cancel one you no longer need on My Orders, ` +
    'or wait until one is delivered, then order again.'
  );
}
