import { describe, expect, it } from 'vitest';
import { bpsToPercent, formatRs, paiseToRupees, percentToBps, rupeesToPaise } from '../../src/lib/domain/money.ts';
import { hasDiscount, lineTotal, priceInclGst, sellingPrice } from '../../src/lib/domain/pricing.ts';

describe('money', () => {
  it('formats Rs with 0 to 2 decimals and Indian digit grouping', () => {
    expect(formatRs(12000)).toBe('Rs 120');
    expect(formatRs(12050)).toBe('Rs 120.5');
    expect(formatRs(12055)).toBe('Rs 120.55');
    expect(formatRs(12000000)).toBe('Rs 1,20,000');
    expect(formatRs(0)).toBe('Rs 0');
  });

  it('converts between the wire and integers without float drift', () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(paiseToRupees(1999)).toBe(19.99);
    expect(percentToBps(12.5)).toBe(1250);
    expect(bpsToPercent(1250)).toBe(12.5);
  });
});

describe('pricing', () => {
  const apple = { unitPrice: 12000, discountBps: 1000, flatDiscount: 0, gstBps: 500 };

  it('takes the percent discount, then the flat discount, then adds GST', () => {
    // 120.00 − 10 % = 108.00, + 5 % GST = 113.40
    expect(sellingPrice(apple)).toBe(11340);
    // 300.50 − 0.50 flat = 300.00, + 12 % GST = 336.00
    expect(sellingPrice({ unitPrice: 30050, discountBps: 0, flatDiscount: 50, gstBps: 1200 })).toBe(33600);
  });

  it('never sells below zero', () => {
    expect(sellingPrice({ unitPrice: 1000, discountBps: 0, flatDiscount: 5000, gstBps: 1800 })).toBe(0);
  });

  it('strikes through the unit price plus GST percent (spec §9)', () => {
    expect(priceInclGst(12000, 500)).toBe(12600);
    expect(priceInclGst(4500, 1800)).toBe(5310);
    expect(hasDiscount(apple)).toBe(true);
    expect(hasDiscount({ unitPrice: 4500, discountBps: 0, flatDiscount: 0, gstBps: 1800 })).toBe(false);
  });

  it('totals a line as selling price times quantity, exact to the paisa', () => {
    expect(lineTotal(11340, 3)).toBe(34020);
    expect(formatRs(lineTotal(333, 3))).toBe('Rs 9.99');
  });
});
