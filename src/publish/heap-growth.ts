import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a build's heaps grow past what they held after the last full collection, in
 * percent. Left to itself, V8 sizes a fast-allocating heap at several times what it holds (the
 * rendering makes garbage fast, and a machine with much memory gets a high limit), so a build's
 * process sat at 925 MB at 20,000 items where it held far less; at 10 % it stayed at 652 MB, at
 * about 7 % more build time (bench/README.md, "Issue 30: the whole tree under 1.5 GiB").
 * `AISLE_BUILD_HEAP_GROWTH` sets another percentage; 0 leaves V8's own heuristics.
 */
export const HEAP_GROWTH_PERCENT = 10;

/** The heap growth `env` asks for: `AISLE_BUILD_HEAP_GROWTH` when set, else the default; 0 for V8's own. */
export function heapGrowthPercent(env: NodeJS.ProcessEnv): number {
  const raw = env.AISLE_BUILD_HEAP_GROWTH;
  const wanted = raw === undefined || raw.trim() === '' ? HEAP_GROWTH_PERCENT : Number(raw);
  return Number.isSafeInteger(wanted) && wanted > 0 ? wanted : 0;
}

/**
 * Sets the heap growth of this process (every thread, the page writers' too) for a build or a
 * rebuild; answers the percentage set, or 0 when V8 keeps its own. Call it before the catalogue is
 * read: it applies from the next collection on.
 */
export function boundHeapGrowth(env: NodeJS.ProcessEnv = process.env): number {
  const percent = heapGrowthPercent(env);
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
