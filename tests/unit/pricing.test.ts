import { describe, expect, it } from 'vitest';
import {
  bpsToPercent,
  formatRs,
  formatRupees,
  paiseToRupees,
  percentToBps,
  rupeesToPaise,
} from '../../src/lib/domain/money.ts';
import { hasDiscount, lineTotal, priceInclGst, sellingPrice } from '../../src/lib/domain/pricing.ts';

describe('money', () => {
  it('writes two decimals whenever there are paise, none for whole rupees (issue 36)', () => {
    expect(formatRs(64050)).toBe('Rs 640.50');
    expect(formatRs(11450)).toBe('Rs 114.50');
    expect(formatRs(12055)).toBe('Rs 120.55');
    expect(formatRs(12005)).toBe('Rs 120.05');
    expect(formatRs(1)).toBe('Rs 0.01');
    expect(formatRs(50)).toBe('Rs 0.50');
    expect(formatRs(64000)).toBe('Rs 640');
    expect(formatRupees(640.5)).toBe('Rs 640.50');
    expect(formatRupees(119.5)).toBe('Rs 119.50');
    expect(formatRupees(640)).toBe('Rs 640');
  });

  it('groups digits the Indian way: thousands, then lakhs and crores in pairs', () => {
    expect(formatRs(99_900)).toBe('Rs 999');
    expect(formatRs(100_000)).toBe('Rs 1,000');
    expect(formatRs(9_999_999)).toBe('Rs 99,999.99');
    expect(formatRupees(100_000)).toBe('Rs 1,00,000');
    expect(formatRupees(1_234_567.5)).toBe('Rs 12,34,567.50');
    expect(formatRupees(10_000_000)).toBe('Rs 1,00,00,000');
    expect(formatRupees(123_456_789.01)).toBe('Rs 12,34,56,789.01');
  });

  it('writes zero as Rs 0 and a negative amount with its sign in front', () => {
    expect(formatRs(0)).toBe('Rs 0');
    expect(formatRs(-0)).toBe('Rs 0');
    expect(formatRs(-2050)).toBe('-Rs 20.50');
    expect(formatRupees(-150_000)).toBe('-Rs 1,50,000');
    expect(formatRs(-0.4)).toBe('Rs 0');
  });

  it('rounds float sums to the paisa before it writes them', () => {
    expect(formatRupees(0.1 + 0.2)).toBe('Rs 0.30');
    expect(formatRupees(113.4 * 3)).toBe('Rs 340.20');
    expect(formatRupees(1.1 + 2.2)).toBe('Rs 3.30');
    expect(formatRs(12049.6)).toBe('Rs 120.50');
    expect(formatRs(99.5)).toBe('Rs 1');
  });

  it('never writes a price with one decimal', () => {
    for (let paise = 0; paise < 100_000; paise += 7) expect(formatRs(paise)).not.toMatch(/\.\d(?!\d)/);
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
    expect(lineTotal(11340, 3, 'ByUnit')).toBe(34020);
    expect(formatRs(lineTotal(333, 3, 'ByUnit'))).toBe('Rs 9.99');
    // Per kg × grams (issue 33): Rs 48.00/kg × 750 g.
    expect(formatRs(lineTotal(4800, 750, 'ByWeight'))).toBe('Rs 36');
  });
});
