/**
 * Reading the `cartState` copy kept in the browser (spec §4): anything that is not a
 * cart state is the empty state, so a damaged copy costs the unsaved changes, never the page.
 */
import {
  CART_ITEM_STATUSES,
  type CartDto,
  type CartItemDto,
  type CartState,
  EMPTY_CART_STATE,
  MAX_CART_QTY,
} from './cart.ts';

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): v is string => typeof v === 'string';
const isSubstitution = (v: unknown) =>
  v === 'None' || v === 'BestMatch' || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0);

function isCartLine(value: unknown): value is CartItemDto {
  if (typeof value !== 'object' || value === null) return false;
  const l = value as Record<string, unknown>;
  return (
    finite(l.ItemID) &&
    finite(l.StoreID) &&
    finite(l.Qty) &&
    finite(l.Availability) &&
    finite(l.UnitPrice) &&
    finite(l.Discount) &&
    finite(l.FlatDiscount) &&
    finite(l.Gst) &&
    finite(l.SellingPrice) &&
    text(l.ItemTitle) &&
    text(l.Size) &&
    text(l.StoreName) &&
    text(l.ItemUpdatedTime) &&
    (l.MaxQtyPerItem === undefined || finite(l.MaxQtyPerItem)) &&
    (l.LineUpdatedTime === undefined || text(l.LineUpdatedTime)) &&
    (l.Substitution === undefined || isSubstitution(l.Substitution)) &&
    CART_ITEM_STATUSES.includes(l.Staus as CartItemDto['Staus'])
  );
}

/** A stored line as the cart takes it: one kept from before the per-order limit gets the largest quantity. */
function withLimit(line: CartItemDto): CartItemDto {
  return line.MaxQtyPerItem === undefined ? { ...line, MaxQtyPerItem: MAX_CART_QTY } : line;
}

function isCart(value: unknown): value is CartDto {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    finite(c.CartID) &&
    finite(c.CustomerID) &&
    text(c.CustomerName) &&
    Array.isArray(c.CartItems) &&
    c.CartItems.every(isCartLine)
  );
}

/**
 * Reads a stored cart state. Anything that is not one (invalid JSON, another
 * shape, a removed key) is the empty state: a damaged copy costs the unsaved
 * changes, never the page.
 */
export function decodeCartState(stored: unknown): CartState {
  if (typeof stored !== 'string') return EMPTY_CART_STATE;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return EMPTY_CART_STATE;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_CART_STATE;
  const { cart, isDirty, syncedTime, clockOffset } = value as Record<string, unknown>;
  if (typeof isDirty !== 'boolean' || !(cart === null || isCart(cart))) return EMPTY_CART_STATE;
  const sync = {
    ...(text(syncedTime) ? { syncedTime } : {}),
    ...(finite(clockOffset) ? { clockOffset } : {}),
  };
  if (cart === null || cart.CartItems.every((l) => l.MaxQtyPerItem !== undefined)) return { cart, isDirty, ...sync };
  return { cart: { ...cart, CartItems: cart.CartItems.map(withLimit) }, isDirty, ...sync };
}
