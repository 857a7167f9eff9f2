import { describe, expect, it } from 'vitest';
import {
  formatQty,
  itemUnitPriceText,
  measuredLineTotal,
  parsePackSize,
  qtyProblem,
  unitPriceSpec,
  unitPriceText,
  withinWeighTolerance,
} from '../../src/lib/domain/measure.ts';

describe('a weighed line costs its price per kg × grams, half up to the paisa once per line', () => {
  it.each([
    // price per kg or litre (paise), qty (g or ml), sold by, paise
    [4800, 750, 'ByWeight', 3600], // Rs 48.00/kg × 750 g = Rs 36.00
    [4550, 333, 'ByWeight', 1515], // 1,515.15 → 1,515
    [4550, 330, 'ByWeight', 1502], // 1,501.5 → 1,502 (half up)
    [4500, 1, 'ByWeight', 5], // 4.5 → 5
    [4400, 1, 'ByWeight', 4], // 4.4 → 4
    [6000, 1500, 'ByVolume', 9000],
    [0, 750, 'ByWeight', 0],
    [1250, 3, 'ByUnit', 3750], // pieces: price × qty, no rounding
  ] as const)('%i paise × %i (%s) = %i paise', (price, qty, soldBy, paise) => {
    expect(measuredLineTotal(price, qty, soldBy)).toBe(paise);
  });

  it('stays exact at the largest prices and quantities', () => {
    const exact = (99_999_999n * 999_999n + 500n) / 1000n;
    expect(measuredLineTotal(99_999_999, 999_999, 'ByWeight')).toBe(Number(exact));
    expect(measuredLineTotal(99_999_999, 999_500, 'ByWeight')).toBe(Number((99_999_999n * 999_500n + 500n) / 1000n));
  });
});

describe('quantities', () => {
  it.each([
    [750, 'ByWeight', '750 g'],
    [1000, 'ByWeight', '1 kg'],
    [1500, 'ByWeight', '1.5 kg'],
    [1250, 'ByWeight', '1.25 kg'],
    [500, 'ByVolume', '500 ml'],
    [1000, 'ByVolume', '1 litre'],
    [2500, 'ByVolume', '2.5 litres'],
    [3, 'ByUnit', '3'],
  ] as const)('%i %s reads "%s"', (qty, soldBy, text) => {
    expect(formatQty(qty, soldBy)).toBe(text);
  });

  it('a quantity must be a whole number and a multiple of the step', () => {
    expect(qtyProblem(750, 250)).toBe('');
    expect(qtyProblem(0, 250)).toBe('');
    expect(qtyProblem(700, 250)).toBe("must be a multiple of the item's Step (250)");
    expect(qtyProblem(-250, 250)).toBe('must be a whole number, 0 or more');
    expect(qtyProblem(2.5, 1)).toBe('must be a whole number, 0 or more');
    expect(qtyProblem(7, 1)).toBe('');
  });
});

describe('unit sale prices (Legal Metrology rule 6(11))', () => {
  it('a weighed or measured item reads per kg or litre, two decimals', () => {
    expect(unitPriceText(4800, 'ByWeight')).toBe('Rs 48.00/kg');
    expect(unitPriceText(6050, 'ByVolume')).toBe('Rs 60.50/litre');
    expect(unitPriceText(2100, 'ByWeight', true)).toBe('Rs 2.10/100 g');
    expect(unitPriceText(999, 'ByUnit')).toBe('');
    expect(itemUnitPriceText(4800, 'ByWeight', '')).toBe('Rs 48.00/kg');
  });

  it('a pack sold by the piece reads per 100 g or ml under 1 kg or litre, else per kg or litre', () => {
    expect(itemUnitPriceText(420, 'ByUnit', '200 g')).toBe('Rs 2.10/100 g');
    expect(itemUnitPriceText(5500, 'ByUnit', '500 ml')).toBe('Rs 11.00/100 ml');
    expect(itemUnitPriceText(9000, 'ByUnit', '2 kg')).toBe('Rs 45.00/kg');
    expect(itemUnitPriceText(6800, 'ByUnit', '1 l')).toBe('Rs 68.00/litre');
    expect(itemUnitPriceText(1000, 'ByUnit', '6 pieces')).toBe('');
  });

  it('reads pack sizes as staff write them', () => {
    expect(parsePackSize('500 g')).toEqual({ qty: 500, soldBy: 'ByWeight' });
    expect(parsePackSize('1.5 kg')).toEqual({ qty: 1500, soldBy: 'ByWeight' });
    expect(parsePackSize('2 Litres')).toEqual({ qty: 2000, soldBy: 'ByVolume' });
    expect(parsePackSize('200ml')).toEqual({ qty: 200, soldBy: 'ByVolume' });
    expect(parsePackSize('1 dozen')).toBeUndefined();
    expect(parsePackSize('0 g')).toBeUndefined();
  });

  it('gives the same unit price as structured data, with its reference quantity', () => {
    expect(unitPriceSpec(4800, 'ByWeight', '')).toEqual({ price: 4800, value: 1, unitCode: 'KGM' });
    expect(unitPriceSpec(6000, 'ByVolume', '')).toEqual({ price: 6000, value: 1, unitCode: 'LTR' });
    expect(unitPriceSpec(420, 'ByUnit', '200 g')).toEqual({ price: 210, value: 100, unitCode: 'GRM' });
    expect(unitPriceSpec(5500, 'ByUnit', '500 ml')).toEqual({ price: 1100, value: 100, unitCode: 'MLT' });
    expect(unitPriceSpec(9000, 'ByUnit', '2 kg')).toEqual({ price: 4500, value: 1, unitCode: 'KGM' });
    expect(unitPriceSpec(1000, 'ByUnit', '6 pieces')).toEqual({ price: 1000, value: 1, unitCode: 'H87' });
  });
});

describe('a weighed line packed within ±10 % of what was asked', () => {
  it.each([
    [750, 825, true],
    [750, 675, true],
    [750, 826, false],
    [750, 674, false],
    [1000, 1100, true],
    [1000, 1101, false],
  ])('asked %i, packed %i: %s', (asked, packed, ok) => {
    expect(withinWeighTolerance(asked, packed)).toBe(ok);
  });
});
