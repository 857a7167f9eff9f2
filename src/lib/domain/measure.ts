import { smallUnit } from './cart-limits.ts';

/**
 * Items sold by weight or volume (issue 33 item 1): how a quantity is counted, what a
 * line of it costs, and how quantities and unit sale prices read. A `ByUnit` item counts
 * pieces and is priced per piece; a `ByWeight` item counts grams and a `ByVolume` item
 * millilitres, both priced per kg or litre (1,000 of its counting unit). Amounts are paise.
 */

export const SOLD_BY = ['ByUnit', 'ByWeight', 'ByVolume'] as const;
export type SoldBy = (typeof SOLD_BY)[number];
// Quantities as text live with the stepper's limits (`cart-limits.ts`), which the search page's script takes alone.
export { formatQty } from './cart-limits.ts';

/** The most g or ml one cart line may hold (100 kg or litres); a store's MaxQtyPerItem, in kg or litres, is the tighter rule. */
export const MAX_MEASURED_QTY = 100_000;

/** The largest step of a weighed or measured item: 10 kg or litres. */
export const MAX_STEP = 10_000;

/** Why an item's Step does not suit its SoldBy, or '': 1 for a unit; for weight or volume at least 1 g or ml. */
export function stepProblem(soldBy: SoldBy, step: number): string {
  return soldBy === 'ByUnit' && step !== 1 ? 'must be 1 for an item sold ByUnit' : '';
}

/** How many of the counting unit the price is for: 1 piece, or 1,000 g / 1,000 ml. */
export function priceBase(soldBy: SoldBy): number {
  return soldBy === 'ByUnit' ? 1 : 1000;
}

/**
 * What a line costs, in paise: price × qty ÷ base, rounded half up to the paisa once per
 * line (never per gram). Rs 48.00/kg × 750 g = 3,600,000 ÷ 1,000 = 3,600 paise, Rs 36.00;
 * Rs 45.50/kg × 333 g = 15,151.5 → 15,152 paise. Integer arithmetic only: exact for every
 * price and quantity the shop allows (both below 10^9, so the product stays below 2^53).
 */
export function measuredLineTotal(pricePaise: number, qty: number, soldBy: SoldBy): number {
  const base = priceBase(soldBy);
  const product = pricePaise * qty;
  if (base === 1) return product;
  const whole = Math.floor(product / base);
  return product - whole * base >= base / 2 ? whole + 1 : whole;
}

/** Why a quantity is refused for an item, or '' when it is fine: a whole number, 0 or more, a multiple of its step. */
export function qtyProblem(qty: number, step: number): string {
  if (!Number.isInteger(qty) || qty < 0) return 'must be a whole number, 0 or more';
  if (step > 1 && qty % step !== 0) return `must be a multiple of the item's Step (${step})`;
  return '';
}

/** Paise with exactly two decimals (`Rs 48.00`, `Rs 2.10`), as Legal Metrology unit sale prices read. */
function rsTwoDecimals(paise: number): string {
  const whole = Math.round(paise);
  const rupees = Math.floor(whole / 100);
  return `Rs ${rupees}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * The unit sale price of Legal Metrology (Packaged Commodities) rule 6(11), or '' for an
 * item sold by the piece: per kg or litre (`Rs 48.00/kg`, `Rs 60.00/litre`); for an item
 * whose step is under a kg or litre, per 100 g or 100 ml instead (`Rs 2.10/100 g`) when
 * `per100` is asked, as the rule allows for packs under 1 kg. The price is rounded half up
 * to the paisa.
 */
export function unitPriceText(pricePaise: number, soldBy: SoldBy, per100 = false): string {
  if (soldBy === 'ByUnit') return '';
  const unit = soldBy === 'ByWeight' ? 'kg' : 'litre';
  if (!per100) return `${rsTwoDecimals(pricePaise)}/${unit}`;
  return `${rsTwoDecimals(measuredLineTotal(pricePaise, 100, soldBy))}/100 ${smallUnit(soldBy)}`;
}

/** A pack size as items write it (`500 g`, `1 kg`, `200 ml`, `1.5 l`, `2 litres`) in g or ml, or undefined. */
export function parsePackSize(size: string): { qty: number; soldBy: SoldBy } | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(g|gm|gms|grams?|kg|kgs|ml|l|ltr|litres?|liters?)\s*$/i.exec(size);
  if (m === null) return undefined;
  const [n, unit] = [Number(m[1]), (m[2] ?? '').toLowerCase()];
  const weight = unit.startsWith('g') || unit.startsWith('k');
  const big = unit.startsWith('k') || (!weight && unit !== 'ml');
  const qty = Math.round(big ? n * 1000 : n);
  return qty > 0 ? { qty, soldBy: weight ? 'ByWeight' : 'ByVolume' } : undefined;
}

/**
 * The unit sale price an item shows beside its price, or '' when none applies: a weighed
 * item per kg or litre of its price; an item sold by the piece whose Size is a weight or
 * volume, its price per 100 g or ml under 1 kg or litre, else per kg or litre
 * (`Rs 2.10/100 g` for a 200 g pack at Rs 4.20). The text of `unitPriceSpec`.
 */
export function itemUnitPriceText(pricePaise: number, soldBy: SoldBy, size: string): string {
  const spec = unitPriceSpec(pricePaise, soldBy, size);
  const per = { KGM: 'kg', LTR: 'litre', GRM: '100 g', MLT: '100 ml', H87: '' }[spec.unitCode];
  return per === '' ? '' : `${rsTwoDecimals(spec.price)}/${per}`;
}

/**
 * The unit sale price as structured data (schema.org `UnitPriceSpecification`): the price
 * (paise) of `value` of `unitCode` (UN/CEFACT: KGM, LTR, GRM, MLT, or H87 for a piece), as
 * `itemUnitPriceText` reads it; an item sold by the piece without a weight or volume is priced per piece.
 */
export function unitPriceSpec(
  pricePaise: number,
  soldBy: SoldBy,
  size: string,
): { price: number; value: number; unitCode: 'KGM' | 'LTR' | 'GRM' | 'MLT' | 'H87' } {
  if (soldBy !== 'ByUnit') return { price: pricePaise, value: 1, unitCode: soldBy === 'ByWeight' ? 'KGM' : 'LTR' };
  const pack = parsePackSize(size);
  if (pack === undefined) return { price: pricePaise, value: 1, unitCode: 'H87' };
  const perBase = Math.round((pricePaise * 1000) / pack.qty);
  const weight = pack.soldBy === 'ByWeight';
  return pack.qty < 1000
    ? { price: measuredLineTotal(perBase, 100, pack.soldBy), value: 100, unitCode: weight ? 'GRM' : 'MLT' }
    : { price: perBase, value: 1, unitCode: weight ? 'KGM' : 'LTR' };
}

/** How far a weighed line's packed weight may be from what was asked: ±10 %. */
export const WEIGH_TOLERANCE_PERCENT = 10;

/** Whether `packed` is within ±10 % of `asked` (integer arithmetic: |packed − asked| × 100 ≤ asked × 10). */
export function withinWeighTolerance(asked: number, packed: number): boolean {
  return Math.abs(packed - asked) * 100 <= asked * WEIGH_TOLERANCE_PERCENT;
}
