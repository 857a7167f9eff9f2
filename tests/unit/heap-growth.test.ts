import { describe, expect, it } from 'vitest';
import { HEAP_GROWTH_PERCENT, heapGrowthPercent } from '../../src/publish/heap-growth.ts';

describe("a build's heap growth (issue 30)", () => {
  it('is bounded by default, and AISLE_BUILD_HEAP_GROWTH sets another bound or 0 for V8 to choose', () => {
    expect(HEAP_GROWTH_PERCENT).toBe(10);
    expect(heapGrowthPercent({})).toBe(10);
    expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: ' ' })).toBe(10);
    expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: '25' })).toBe(25);
    expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: '0' })).toBe(0);
    for (const bad of ['-5', '2.5', 'ten']) expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: bad })).toBe(0);
  });
});
