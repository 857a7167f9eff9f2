import type { Random } from './random.ts';

// The demo items' shelf prices and offers.

/** A shelf price in paise from a list price in rupees: whole rupees, often ending in 9, sometimes 50 paise. */
export function shelfPrice(rupees: number, hash: number): number {
  // Within ±5 % of the list price, fixed per store and SKU by `hash`.
  let r = Math.max(5, Math.round(rupees * (0.95 + ((hash >>> 8) % 1001) / 10_000)));
  if (r >= 20 && (hash & 1) === 1) r = Math.ceil((r + 1) / 10) * 10 - 1;
  return r * 100 + ((hash >>> 1) % 8 === 0 ? 50 : 0);
}

const PERCENT_OFFERS = [500, 1000, 1000, 1500, 2000, 2500, 3000];
const FLAT_OFFERS = [500, 1000, 2000, 2500, 5000];

/** About a quarter of items carry a percent offer, one in ten a flat one, a few both. */
export function discountFor(rng: Random, unitPrice: number): { discountBps: number; flatDiscount: number } {
  const r = rng.next();
  const percent = r < 0.25 || (r >= 0.33 && r < 0.36) ? rng.pick(PERCENT_OFFERS) : 0;
  let flat = 0;
  if (r >= 0.25 && r < 0.36) {
    // A flat offer never takes more than a fifth of the price.
    const fitting = FLAT_OFFERS.filter((f) => f * 5 <= unitPrice);
    if (fitting.length > 0) flat = rng.pick(fitting);
  }
  return { discountBps: percent, flatDiscount: flat };
}
