import type { Random } from './random.ts';

// Spreading counts over the demo rows: a share of them picked, a total apportioned.

/** Picks `share` of `n` rounded up (so at least one when `n > 0`), avoiding the indices in `avoid` when it can. */
export function pickShare(rng: Random, n: number, share: number, avoid: ReadonlySet<number> = new Set()): Set<number> {
  const k = Math.ceil(n * share);
  const candidates = Array.from({ length: n }, (_, i) => i).filter((i) => !avoid.has(i));
  const pool = candidates.length >= k ? candidates : Array.from({ length: n }, (_, i) => i);
  return new Set(rng.shuffle(pool).slice(0, k));
}

/** Splits `total` over `weights` in whole numbers that add up exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}
