/**
 * The cart of spec §3/§4 and the orders it becomes: wire shapes (JSON field names
 * exactly as the spec, money in rupees, rates in percent) and the cart state
 * machine as plain functions `(state, change) => state`. Used by the cart island
 * and by the API alike; no I/O, no mutation of its inputs.
 */

import { clampQty } from './cart-limits.ts';
import type { ItemDto } from './catalogue.ts';
import { itemUnitPriceText, type SoldBy } from './measure.ts';
import { formatRs, paiseToRupees, rupeesToPaise } from './money.ts';
import { lineTotal as lineTotalPaise } from './pricing.ts';
import type { Substitution } from './substitutions.ts';

/** Cart item states of spec §4 (the field is spelled `Staus`, as the spec has it). */
export type CartItemStatus = 'loaded' | 'modified' | 'deleted' | 'added';
export const CART_ITEM_STATUSES: readonly CartItemStatus[] = ['loaded', 'modified', 'deleted', 'added'];

// The stepper's limits live apart so that the search page's plain script takes them without the cart's rules.
export { clampQty, MAX_CART_QTY, qtyLimitText } from './cart-limits.ts';
/** The most lines one cart may hold. */
export const MAX_CART_LINES = 200;

export interface CartItemDto {
  ItemID: number;
  ItemTitle: string;
  Staus: CartItemStatus;
  StoreID: number;
  Qty: number;
  /** Units that can be bought now: the stock, or 0 for an item that is not for sale (hidden). */
  Availability: number;
  Size: string;
  UnitPrice: number;
  /** Percent. */
  Discount: number;
  FlatDiscount: number;
  /** Percent. */
  Gst: number;
  SellingPrice: number;
  /** The store id as text (spec §3). */
  StoreName: string;
  ItemUpdatedTime: string;
  /**
   * The most of this item one order may hold: its store's limit (`MaxQtyPerItem` of
   * the Store). A cart kept from before the limit existed reads as MAX_CART_QTY.
   */
  MaxQtyPerItem: number;
  /**
   * When the line last changed (issue 36, ISO time on the server's clock): the
   * server's time for a saved line, this browser's estimate of it for a line
   * changed here and not yet saved. Absent on a line kept from before.
   */
  LineUpdatedTime?: string | undefined;
  /**
   * What the shopper asks for if the item cannot be sent (issue 33): "None", "BestMatch"
   * or another item of the same section. Absent on a line kept from before: "None"
   * (DEFAULT_SUBSTITUTION says why).
   */
  Substitution?: Substitution | undefined;
  /** How Qty counts (issue 33): absent for pieces; `ByWeight`/`ByVolume`: Qty in g or ml, prices per kg or litre. */
  SoldBy?: SoldBy | undefined;
  /** What Qty moves by, for an item sold by weight or volume (g or ml). */
  Step?: number | undefined;
}

/**
 * The catalogue fields a cart line copies from an item (spec §3 CartItem), as a
 * page hands them to its quantity stepper: no content or descriptions, and the
 * most of it one order may hold (its store's `MaxQtyPerItem`), the stepper's maximum.
 */
export type CartItemSource = Pick<CartItemDto, 'MaxQtyPerItem'> &
  Pick<
    ItemDto,
    | 'ItemID'
    | 'StoreID'
    | 'ItemTitle'
    | 'ItemHidden'
    | 'Availability'
    | 'Size'
    | 'UnitPrice'
    | 'Discount'
    | 'FlatDiscount'
    | 'Gst'
    | 'SellingPrice'
    | 'ItemUpdatedTime'
    | 'SoldBy'
    | 'Step'
  >;

/** A cart line as the stepper takes an item: the line already holds the catalogue's fields. */
export function cartItemSourceOf(line: CartItemDto): CartItemSource {
  return {
    ItemID: line.ItemID,
    StoreID: line.StoreID,
    ItemTitle: line.ItemTitle,
    // A line's Availability is already 0 for an item that is not for sale.
    ItemHidden: false,
    Availability: line.Availability,
    Size: line.Size,
    UnitPrice: line.UnitPrice,
    Discount: line.Discount,
    FlatDiscount: line.FlatDiscount,
    Gst: line.Gst,
    SellingPrice: line.SellingPrice,
    ItemUpdatedTime: line.ItemUpdatedTime,
    MaxQtyPerItem: line.MaxQtyPerItem,
    ...(line.SoldBy === undefined ? {} : { SoldBy: line.SoldBy, Step: line.Step }),
  };
}

export type CartLineItem = ItemDto & Pick<CartItemDto, 'MaxQtyPerItem'>;

export interface CartDto {
  /** The owner's account id (end user or employee). */
  CustomerID: number;
  /** The owner's full name. */
  CustomerName: string;
  /** Always equals the owner's account id: one cart per account. */
  CartID: number;
  CartItems: CartItemDto[];
  /** Lines taken out of the saved cart lately, and when (issue 36: a removal on one device stays). */
  RemovedLines?: RemovedLineDto[] | undefined;
  /** When the server answered this cart (its clock). */
  ReadTime?: string | undefined;
}

/** A line taken out of a saved cart, and when (the server's clock). */
export interface RemovedLineDto {
  ItemID: number;
  StoreID: number;
  RemovedTime: string;
}

/** What the client keeps under the `cartState` key: the cart plus whether it has unsaved changes. */
export interface CartState {
  cart: CartDto | null;
  isDirty: boolean;
  /** When the server's cart was last read into this copy (the server's `ReadTime`). */
  syncedTime?: string;
  /** The server's clock minus this browser's, in ms, as that read measured it. */
  clockOffset?: number;
}

/** Who a new cart is created for (from User or Employee Details). */
export interface Customer {
  id: number;
  fullName: string;
}

export const EMPTY_CART_STATE: CartState = { cart: null, isDirty: false };

/** A requested quantity the stock cannot cover (Check Stock and a refused order). */
export interface ShortageDto {
  ItemID: number;
  StoreID: number;
  ItemTitle: string;
  Requested: number;
  Available: number;
}

/** `POST /api/cart/Create` (Check Stock): the saved cart and what is short. */
export interface CheckedCartDto extends CartDto {
  Shortages: ShortageDto[];
}

/** An empty cart for an account, as Read answers when nothing is saved. */
export function emptyCart(customer: Customer): CartDto {
  return { CustomerID: customer.id, CustomerName: customer.fullName, CartID: customer.id, CartItems: [] };
}

/** A cart line for `item` with the catalogue's current title, price fields, size, update time and limit. */
export function cartItemFromItem(item: CartLineItem, qty: number, status: CartItemStatus): CartItemDto {
  return {
    ItemID: item.ItemID,
    ItemTitle: item.ItemTitle,
    Staus: status,
    StoreID: item.StoreID,
    Qty: qty,
    Availability: item.ItemHidden ? 0 : item.Availability,
    Size: item.Size,
    UnitPrice: item.UnitPrice,
    Discount: item.Discount,
    FlatDiscount: item.FlatDiscount,
    Gst: item.Gst,
    SellingPrice: item.SellingPrice,
    StoreName: String(item.StoreID),
    ItemUpdatedTime: item.ItemUpdatedTime,
    MaxQtyPerItem: item.MaxQtyPerItem,
    // Only a weighed or measured item carries these, so a page of pieces weighs what it did.
    ...(item.SoldBy === undefined || item.SoldBy === 'ByUnit' ? {} : { SoldBy: item.SoldBy, Step: item.Step }),
  };
}

const sameLine = (line: CartItemDto, itemId: number, storeId: number): boolean =>
  line.ItemID === itemId && line.StoreID === storeId;

/** The line with current catalogue data when its update time differs; quantity and status are kept. */
function refreshed(line: CartItemDto, item: CartLineItem): CartItemDto {
  if (line.ItemUpdatedTime === item.ItemUpdatedTime) return line;
  const next = cartItemFromItem(item, line.Qty, line.Staus);
  return line.Substitution === undefined ? next : { ...next, Substitution: line.Substitution };
}

/**
 * Refreshes the line for `item` (matched by ItemID + StoreID) with the current
 * price fields when its ItemUpdatedTime differs, keeping quantity and status.
 * Returns `state` itself when nothing changes. Does not mark the cart dirty: the
 * server answers current prices anyway.
 */
export function refreshItem(state: CartState, item: CartLineItem): CartState {
  const cart = state.cart;
  if (cart === null) return state;
  const i = cart.CartItems.findIndex((line) => sameLine(line, item.ItemID, item.StoreID));
  const line = cart.CartItems[i];
  if (line === undefined) return state;
  const next = refreshed(line, item);
  if (next === line) return state;
  return { ...state, cart: { ...cart, CartItems: cart.CartItems.with(i, next) } };
}

/**
 * A quantity change from an item card's stepper (spec §4). `qty` is clamped to
 * 0..the item's MaxQtyPerItem (never above MAX_CART_QTY). Lines are matched by ItemID + StoreID, and a matched line
 * whose update time differs from `item` is first refreshed with its current price
 * fields. Then:
 * - no cart: one is created for `customer` with the item as added (a quantity of 0
 *   changes nothing); without a customer there is nobody to create it for, which
 *   is a programming error and throws;
 * - line loaded, modified or deleted: it becomes modified with the new quantity;
 * - line added: its quantity is updated, or it is removed at 0;
 * - no line yet: the item is appended as added (at 0 nothing is appended).
 * Any change marks the cart dirty; setting the quantity a line already has returns
 * `state` itself (after any refresh).
 */
export function changeQuantity(
  state: CartState,
  item: CartLineItem,
  qty: number,
  customer?: Customer,
  at?: string,
): CartState {
  const n = clampQty(qty, item.MaxQtyPerItem, item.Step ?? 1);
  const cart = state.cart;
  const stamp = (line: CartItemDto): CartItemDto => (at === undefined ? line : { ...line, LineUpdatedTime: at });
  if (cart === null) {
    if (n === 0) return state;
    if (customer === undefined)
      throw new Error('changeQuantity: there is no cart yet and no customer to create one for');
    return {
      ...state,
      cart: { ...emptyCart(customer), CartItems: [stamp(cartItemFromItem(item, n, 'added'))] },
      isDirty: true,
    };
  }
  const i = cart.CartItems.findIndex((line) => sameLine(line, item.ItemID, item.StoreID));
  const found = cart.CartItems[i];
  if (found === undefined) {
    if (n === 0) return state;
    return {
      ...state,
      cart: { ...cart, CartItems: [...cart.CartItems, stamp(cartItemFromItem(item, n, 'added'))] },
      isDirty: true,
    };
  }
  const line = refreshed(found, item);
  if (line.Qty === n) {
    return line === found ? state : { ...state, cart: { ...cart, CartItems: cart.CartItems.with(i, line) } };
  }
  if (line.Staus === 'added' && n === 0) {
    return { ...state, cart: { ...cart, CartItems: cart.CartItems.toSpliced(i, 1) }, isDirty: true };
  }
  const status: CartItemStatus = line.Staus === 'added' ? 'added' : 'modified';
  const next = stamp({ ...line, Qty: n, Staus: status });
  return { ...state, cart: { ...cart, CartItems: cart.CartItems.with(i, next) }, isDirty: true };
}

/** The CartID (and CustomerID) of a guest's cart: nobody's account, kept only in the browser. */
export const GUEST_CART_ID = 0;

/** The customer a guest's cart is made for. */
export const GUEST_CUSTOMER: Customer = { id: GUEST_CART_ID, fullName: '' };

/**
 * The cart a page shows and changes for `accountId` (null for a guest): a
 * guest's is the cart with CartID GUEST_CART_ID; a signed-in account's is its
 * own, or a guest cart still waiting to be merged into it. Anything else (some
 * other account's leftover copy) counts as no cart.
 */
export function cartFor(state: CartState, accountId: number | null): CartState {
  const id = state.cart?.CartID;
  if (id === undefined || id === GUEST_CART_ID || id === accountId) return state;
  return EMPTY_CART_STATE;
}

/** True when `state` holds a guest's cart with lines to merge into an account. */
export function isGuestCart(state: CartState): boolean {
  return state.cart?.CartID === GUEST_CART_ID && state.cart.CartItems.length > 0;
}

const keeps = (line: Pick<CartItemDto, 'Qty' | 'Staus'>) => line.Qty > 0 && line.Staus !== 'deleted';

/** How many units the cart holds in all (deleted lines count for nothing): the count beside "Cart". */
export function cartCount(state: CartState): number {
  let n = 0;
  for (const line of state.cart?.CartItems ?? []) if (keeps(line)) n += line.Qty;
  return n;
}

/** The state after reading the cart from the server (spec §4): every line loaded, not dirty. */
export function loadedFromServer(cart: CartDto): CartState {
  return { cart: { ...cart, CartItems: cart.CartItems.map((line) => ({ ...line, Staus: 'loaded' })) }, isDirty: false };
}

/** The quantity of an item in the cart (0 when it is not, or its line is deleted), for a stepper's value. */
export function quantityOf(state: CartState, itemId: number, storeId: number): number {
  const line = state.cart?.CartItems.find((l) => sameLine(l, itemId, storeId));
  return line === undefined || line.Staus === 'deleted' ? 0 : line.Qty;
}

/**
 * Removes the line of an item from the cart (a cart line's remove button): an
 * `added` line is dropped, any other becomes `deleted` (spec §4's status), so
 * the server drops it when the cart is saved. Returns `state` itself when there
 * is no such line.
 */
export function removeLine(state: CartState, itemId: number, storeId: number, at?: string): CartState {
  const cart = state.cart;
  if (cart === null) return state;
  const i = cart.CartItems.findIndex((line) => sameLine(line, itemId, storeId));
  const line = cart.CartItems[i];
  if (line === undefined || line.Staus === 'deleted') return state;
  const gone: CartItemDto = { ...line, Staus: 'deleted', ...(at === undefined ? {} : { LineUpdatedTime: at }) };
  const CartItems = line.Staus === 'added' ? cart.CartItems.toSpliced(i, 1) : cart.CartItems.with(i, gone);
  return { ...state, cart: { ...cart, CartItems }, isDirty: true };
}

/**
 * The shopper's substitution choice for a line (issue 33): a changed choice marks the
 * line changed (an `added` line stays added) and the cart dirty, stamped with `at`, so
 * the saved cart keeps the newer choice. Returns `state` itself when nothing changes.
 */
export function chooseSubstitution(
  state: CartState,
  itemId: number,
  storeId: number,
  choice: Substitution,
  at?: string,
): CartState {
  const cart = state.cart;
  if (cart === null) return state;
  const i = cart.CartItems.findIndex((line) => sameLine(line, itemId, storeId));
  const line = cart.CartItems[i];
  if (line === undefined || line.Staus === 'deleted' || line.Substitution === choice) return state;
  const next: CartItemDto = {
    ...line,
    Substitution: choice,
    Staus: line.Staus === 'added' ? 'added' : 'modified',
    ...(at === undefined ? {} : { LineUpdatedTime: at }),
  };
  return { ...state, cart: { ...cart, CartItems: cart.CartItems.with(i, next) }, isDirty: true };
}

/** A cart line's total in rupees (spec §9): selling price × quantity, exact to the paisa. */
export function lineTotal(line: Pick<CartItemDto, 'SellingPrice' | 'Qty' | 'SoldBy'>): number {
  return paiseToRupees(lineTotalPaise(rupeesToPaise(line.SellingPrice), line.Qty, line.SoldBy ?? 'ByUnit'));
}

/** The cart's grand total in rupees: the sum of its line totals; deleted lines count for nothing. */
export function grandTotal(cart: Pick<CartDto, 'CartItems'> | null): number {
  if (cart === null) return 0;
  let paise = 0;
  for (const line of cart.CartItems) {
    if (line.Staus !== 'deleted')
      paise += lineTotalPaise(rupeesToPaise(line.SellingPrice), line.Qty, line.SoldBy ?? 'ByUnit');
  }
  return paiseToRupees(paise);
}

/**
 * A cart line's price as the cart shows it (issue 33): `price` is `Rs 48.00/kg` for a line sold
 * by weight or volume, else the price of one (`Rs 42`); `unitSale` is a pack's unit sale
 * price (`Rs 2.10/100 g`) or ''.
 */
export function linePriceText(line: Pick<CartItemDto, 'SellingPrice' | 'Size' | 'SoldBy'>): {
  price: string;
  unitSale: string;
  weighed: boolean;
} {
  const paise = rupeesToPaise(line.SellingPrice);
  const soldBy = line.SoldBy ?? 'ByUnit';
  if (soldBy !== 'ByUnit') return { price: itemUnitPriceText(paise, soldBy, ''), unitSale: '', weighed: true };
  return { price: formatRs(paise), unitSale: itemUnitPriceText(paise, soldBy, line.Size), weighed: false };
}
