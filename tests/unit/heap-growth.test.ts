import { describe, expect, it } from 'vitest';
import { buildProcessEnv } from '../../src/lib/domain/build-events.ts';
import { HEAP_GROWTH_PERCENT, heapGrowthPercent } from '../../src/publish/heap-growth.ts';

describe("a build's memory (issue 30)", () => {
  it('bounds the heap growth by default; AISLE_BUILD_HEAP_GROWTH sets another bound, or 0 for V8 to choose', () => {
    expect(HEAP_GROWTH_PERCENT).toBe(10);
    expect(heapGrowthPercent({})).toBe(10);
    expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: ' ' })).toBe(10);
    expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: '25' })).toBe(25);
    expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: '0' })).toBe(0);
    for (const bad of ['-5', '2.5', 'ten']) expect(heapGrowthPercent({ AISLE_BUILD_HEAP_GROWTH: bad })).toBe(0);
  });

  it("starts a build's process with two malloc arenas unless the operator chose another number", () => {
    expect(buildProcessEnv({ DATA_DIR: 'd' })).toEqual({ DATA_DIR: 'd', MALLOC_ARENA_MAX: '2' });
    expect(buildProcessEnv({ MALLOC_ARENA_MAX: '' }).MALLOC_ARENA_MAX).toBe('2');
    expect(buildProcessEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
  });

  it("gives a build started without npm the compile cache npm's rebuild has, unless the operator chose one", () => {
    expect(buildProcessEnv({ DATA_DIR: 'd' }, '/shop/cache')).toEqual({
      DATA_DIR: 'd',
      MALLOC_ARENA_MAX: '2',
      NODE_COMPILE_CACHE: '/shop/cache',
    });
    expect(buildProcessEnv({ NODE_COMPILE_CACHE: '' }, '/shop/cache').NODE_COMPILE_CACHE).toBe('/shop/cache');
    expect(buildProcessEnv({ NODE_COMPILE_CACHE: '/mine' }, '/shop/cache').NODE_COMPILE_CACHE).toBe('/mine');
    expect(buildProcessEnv({}).NODE_COMPILE_CACHE).toBeUndefined();
  });
});
