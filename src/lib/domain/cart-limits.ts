/**
 * A cart line's quantity limits, as a stepper shows them. Apart from `cart.ts`
 * (which re-exports them) so that the search page's plain script, which draws
 * steppers before the first interaction, does not carry the cart's rules.
 */

/** The largest quantity of one item a cart line may hold. */
export const MAX_CART_QTY = 999;

/**
 * A stepper's value made safe: a whole number from 0 to `max` (the item's most per
 * order), never above MAX_CART_QTY (NaN counts as 0).
 */
export function clampQty(qty: number, max: number = MAX_CART_QTY): number {
  const top = Number.isFinite(max) ? Math.min(MAX_CART_QTY, Math.max(0, Math.trunc(max))) : MAX_CART_QTY;
  if (!Number.isFinite(qty)) return qty === Number.POSITIVE_INFINITY ? top : 0;
  return Math.min(top, Math.max(0, Math.trunc(qty)));
}

/** The stepper's hint beside its maximum: `at most 20 per order`. */
export function qtyLimitText(max: number): string {
  return `at most ${max} per order`;
}
