import { describe, expect, it } from 'vitest';
import {
  allocateDiscount,
  type CouponRules,
  checkCouponForm,
  couponDiscount,
  couponRefusal,
  storeBelowMinimum,
} from '../../src/lib/domain/coupons.ts';

const RULES: CouponRules = {
  code: 'SAVE10',
  percentBps: 1000,
  amount: null,
  minimumBasket: 0,
  firstOrderOnly: false,
  freeDelivery: false,
  maxUses: null,
  maxUsesPerCustomer: null,
  validFrom: null,
  validTo: null,
  enabled: true,
  used: 0,
};
const NOW = Date.parse('2026-11-27T12:00:00Z');
const ctx = { nowMs: NOW, itemsTotal: 50_000, priorOrders: 0, myUses: 0 };

describe('a coupon’s discount', () => {
  it.each([
    [{ percentBps: 1250, amount: null }, 39_330, 4916],
    [{ percentBps: 1000, amount: null }, 5, 1],
    [{ percentBps: 9000, amount: null }, 100, 90],
    [{ percentBps: null, amount: 5000 }, 39_330, 5000],
    [{ percentBps: null, amount: 5000 }, 3000, 3000],
    [{ percentBps: null, amount: 5000 }, 0, 0],
  ])('%o on %i paise takes off %i paise, never more than the items', (rules, items, off) => {
    expect(couponDiscount(rules, items)).toBe(off);
  });
});

describe('the discount split per store part', () => {
  it.each([
    // In proportion, rounded down; the paise left over to the largest part.
    [
      [
        { storeId: 1, subtotal: 34_020 },
        { storeId: 3, subtotal: 5310 },
      ],
      4916,
      [4253, 663],
    ],
    [
      [
        { storeId: 1, subtotal: 34_020 },
        { storeId: 3, subtotal: 5310 },
      ],
      5000,
      [4325, 675],
    ],
    // Equal parts: the lowest StoreID takes the remainder.
    [
      [
        { storeId: 2, subtotal: 100 },
        { storeId: 1, subtotal: 100 },
        { storeId: 3, subtotal: 100 },
      ],
      100,
      [34, 33, 33],
    ],
    // A part never takes more than its items: what it cannot take goes to the next largest.
    [
      [
        { storeId: 1, subtotal: 1 },
        { storeId: 2, subtotal: 1 },
        { storeId: 3, subtotal: 1 },
      ],
      2,
      [1, 1, 0],
    ],
    [[{ storeId: 1, subtotal: 7 }], 7, [7]],
  ])('%o sharing %i paise', (parts, discount, shares) => {
    const split = allocateDiscount(parts, discount);
    expect(split.map((p) => p.discount)).toEqual(shares);
    expect(split.reduce((s, p) => s + p.discount, 0)).toBe(discount);
  });
});

describe('why a coupon is refused', () => {
  it.each([
    ['unknown', undefined, ctx],
    ['unknown', { ...RULES, enabled: false }, ctx],
    ['not-yet', { ...RULES, validFrom: '2026-11-28T00:00:00.000Z' }, ctx],
    ['expired', { ...RULES, validTo: '2026-11-27T12:00:00.000Z' }, ctx],
    ['below-basket', { ...RULES, minimumBasket: 50_001 }, ctx],
    ['first-order-only', { ...RULES, firstOrderOnly: true }, { ...ctx, priorOrders: 1 }],
    ['used-up', { ...RULES, maxUses: 3, used: 3 }, ctx],
    ['used-up-for-you', { ...RULES, maxUsesPerCustomer: 2 }, { ...ctx, myUses: 2 }],
  ] as const)('%s', (kind, rules, context) => {
    expect(couponRefusal(rules, context)?.kind).toBe(kind);
  });

  it('applies within every rule', () => {
    const within = {
      ...RULES,
      validFrom: '2026-11-27T00:00:00.000Z',
      validTo: '2026-11-28T00:00:00.000Z',
      minimumBasket: 50_000,
      firstOrderOnly: true,
      maxUses: 3,
      used: 2,
      maxUsesPerCustomer: 1,
    };
    expect(couponRefusal(within, ctx)).toBeUndefined();
  });

  it('names the store whose part a discount would bring below its minimum', () => {
    const minimums = new Map([
      [1, { minimum: 20_000, title: 'Green Grocer' }],
      [3, { minimum: 0, title: 'Clean Home' }],
    ]);
    expect(storeBelowMinimum([{ storeId: 1, subtotal: 22_680, discount: 2000 }], minimums)).toBeUndefined();
    expect(storeBelowMinimum([{ storeId: 1, subtotal: 22_680, discount: 2681 }], minimums)).toEqual({
      kind: 'store-minimum',
      storeId: 1,
      storeTitle: 'Green Grocer',
      minimum: 20_000,
    });
  });
});

describe('the create form', () => {
  it('stores the code in capitals, amounts in paise, times in UTC', () => {
    const checked = checkCouponForm({ Code: ' save10 ', Amount: 49.5, ValidTo: '2026-12-01T00:00:00+05:30' });
    expect(checked).toEqual({
      ok: true,
      coupon: {
        code: 'SAVE10',
        percentBps: null,
        amount: 4950,
        minimumBasket: 0,
        firstOrderOnly: false,
        freeDelivery: false,
        maxUses: null,
        maxUsesPerCustomer: null,
        validFrom: null,
        validTo: '2026-11-30T18:30:00.000Z',
      },
    });
  });
});
