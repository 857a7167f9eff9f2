/**
 * A small seeded pseudo-random generator for the demo catalogue: the same seed
 * gives the same sequence on every machine and Node version, which
 * `Math.random` does not promise.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[];
  /** Exactly `k` distinct indices of `0..n-1` (fewer when `k > n`), as a set. */
  sample(n: number, k: number): Set<number>;
  /** An independent generator for one part of the data, so parts do not shift each other. */
  fork(label: string): Random;
}

/** FNV-1a over the text: turns a seed and a label into 32 bits of generator state. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: 32 bits of state, good spread, a few integer operations per draw. */
export function createRandom(seed: string): Random {
  let state = hash32(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      const a = out[i] as T;
      out[i] = out[j] as T;
      out[j] = a;
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(list: readonly T[]): T {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[int(0, list.length - 1)] as T;
    },
    shuffle,
    sample(n, k) {
      const indices = Array.from({ length: n }, (_, i) => i);
      return new Set(shuffle(indices).slice(0, Math.max(0, Math.min(n, k))));
    },
    fork: (label) => createRandom(`${seed}/${label}`),
  };
}
