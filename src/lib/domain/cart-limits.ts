/**
 * A cart line's quantity limits, as a stepper shows them. Apart from `cart.ts`
 * (which re-exports them) so that the search page's plain script, which draws
 * steppers before the first interaction, does not carry the cart's rules.
 */

/** The largest quantity of one item a cart line may hold. */
export const MAX_CART_QTY = 999;

/** The most g or ml of an item sold by weight or volume one line may hold (100 kg or litres; `measure.ts`). */
const MAX_MEASURED = 100_000;

/**
 * A stepper's value made safe: a whole number from 0 to `max` (the item's most per
 * order), never above MAX_CART_QTY (NaN counts as 0). With a `step` above 1 (an item
 * sold by weight or volume, in g or ml) the value is a multiple of it, at most 100 kg or litres.
 */
export function clampQty(qty: number, max: number = MAX_CART_QTY, step = 1): number {
  const hard = step > 1 ? MAX_MEASURED : MAX_CART_QTY;
  const top = Number.isFinite(max) ? Math.min(hard, Math.max(0, Math.trunc(max))) : hard;
  const n = !Number.isFinite(qty)
    ? qty === Number.POSITIVE_INFINITY
      ? top
      : 0
    : Math.min(top, Math.max(0, Math.trunc(qty)));
  return step > 1 ? n - (n % step) : n;
}

/** The stepper's hint beside its maximum: `at most 20 per order`. */
export function qtyLimitText(max: number, soldBy?: SoldBy): string {
  if (soldBy === 'ByWeight') return `at most ${max / 1000} kg per order`;
  if (soldBy === 'ByVolume') return `at most ${max / 1000} litres per order`;
  return `at most ${max} per order`;
}

type SoldBy = 'ByUnit' | 'ByWeight' | 'ByVolume';

/** The counting unit's short name: `g`, `ml`, or '' for pieces. */
export function smallUnit(soldBy: SoldBy): string {
  return soldBy === 'ByWeight' ? 'g' : soldBy === 'ByVolume' ? 'ml' : '';
}

/** A number with at most 3 decimals and no trailing zeros (1.5, 0.25, 2). */
function shortNumber(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/**
 * A quantity as people read it: `750 g`, `1.5 kg`, `500 ml`, `1 litre`… below 1,000 in
 * grams or millilitres, from 1,000 on in kg or litres; pieces as the bare number (`3`).
 */
export function formatQty(qty: number, soldBy: SoldBy): string {
  if (soldBy === 'ByUnit') return String(qty);
  if (qty < 1000) return `${qty} ${smallUnit(soldBy)}`;
  return `${shortNumber(qty / 1000)} ${soldBy === 'ByWeight' ? 'kg' : qty === 1000 ? 'litre' : 'litres'}`;
}
