import { describe, expect, it } from 'vitest';
import { type LineFigures, lineFigures, packRates, type ReportLine } from '../../src/lib/domain/reports.ts';

const asked = (qty: number, extra: Partial<ReportLine> = {}): ReportLine => ({
  itemId: 7,
  qty,
  sellingPrice: 11_340,
  soldBy: 'ByUnit',
  outcome: null,
  sentItemId: null,
  sentQty: null,
  sentPrice: null,
  ...extra,
});

describe('lineFigures: what an order line counts for in the sales report', () => {
  it('counts a line not packed yet as asked, in no rate', () => {
    expect(lineFigures(asked(3))).toEqual({
      itemId: 7,
      qty: 3,
      total: 34_020,
      packedLines: 0,
      askedQty: 0,
      filledQty: 0,
      replacedLines: 0,
    });
  });

  it.each<[string, Partial<ReportLine>, Partial<LineFigures>]>([
    ['packed as asked', { outcome: 'Packed', sentItemId: 7, sentQty: 3, sentPrice: 11_340 }, { qty: 3, filledQty: 3 }],
    [
      'short: the units found',
      { outcome: 'Short', sentItemId: 7, sentQty: 1, sentPrice: 11_340 },
      { qty: 1, filledQty: 1 },
    ],
    [
      'short of everything',
      { outcome: 'Short', sentItemId: 7, sentQty: 0, sentPrice: 11_340 },
      { qty: 0, filledQty: 0 },
    ],
    [
      'replaced: the other item sells, none of the asked one is sent',
      { outcome: 'Replaced', sentItemId: 9, sentQty: 3, sentPrice: 11_000 },
      { itemId: 9, qty: 3, total: 33_000, filledQty: 0, replacedLines: 1 },
    ],
  ])('once packed, %s', (_, sent, want) => {
    const f = lineFigures(asked(3, sent));
    expect(f).toMatchObject({ packedLines: 1, askedQty: 3, replacedLines: 0, itemId: 7, ...want });
    expect(f.total).toBe(f.qty * (sent.sentPrice ?? 0));
  });
});

describe('lineFigures of a line sold by weight', () => {
  it('counts per kg × g ÷ 1000, half up to the paisa, asked and sent alike', () => {
    // ₹113.40 a kg: 750 g asked is ₹85.05; 733 g sent is ₹83.12 (83122.2 → 8312 paise, half up).
    const loose = (extra: Partial<ReportLine> = {}) => asked(750, { soldBy: 'ByWeight', ...extra });
    expect(lineFigures(loose()).total).toBe(8505);
    const sent = lineFigures(loose({ outcome: 'Packed', sentItemId: 7, sentQty: 733, sentPrice: 11_340 }));
    expect(sent).toMatchObject({ qty: 733, total: 8312, askedQty: 750, filledQty: 733 });
    expect(lineFigures(loose({ qty: 5, sellingPrice: 100 })).total).toBe(1);
  });
});

describe('packRates: fill rate and substitution rate over packed lines', () => {
  it('is null for both before any line is packed, however much was asked', () => {
    expect(packRates({ packedLines: 0, askedQty: 0, filledQty: 0, replacedLines: 0 })).toEqual({
      FillRate: null,
      SubstitutionRate: null,
    });
  });

  it('sums lines first, then divides: units of the asked item sent over units asked, lines replaced over lines packed', () => {
    const lines = [
      asked(3, { outcome: 'Replaced', sentItemId: 9, sentQty: 3, sentPrice: 11_000 }),
      asked(4, { outcome: 'Short', sentItemId: 7, sentQty: 1, sentPrice: 11_340 }),
      asked(2, { outcome: 'Packed', sentItemId: 7, sentQty: 2, sentPrice: 11_340 }),
      asked(5),
    ].map(lineFigures);
    const sum = (k: keyof LineFigures) => lines.reduce((n, l) => n + l[k], 0);
    const rates = packRates({
      packedLines: sum('packedLines'),
      askedQty: sum('askedQty'),
      filledQty: sum('filledQty'),
      replacedLines: sum('replacedLines'),
    });
    // 3 of 9 units asked on packed lines came as asked; 1 of 3 packed lines was replaced.
    expect(rates).toEqual({ FillRate: 0.3333, SubstitutionRate: 0.3333 });
  });

  it('is 1 and 0 when everything packed went as asked', () => {
    expect(packRates({ packedLines: 2, askedQty: 5, filledQty: 5, replacedLines: 0 })).toEqual({
      FillRate: 1,
      SubstitutionRate: 0,
    });
  });
});
