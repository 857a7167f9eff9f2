import { describe, expect, it } from 'vitest';
import { atReorderLevel, shopDay, signedChange, stockChangeBy } from '../../src/lib/domain/stock-history.ts';

// Issue 33, item 4: the stock ledger's pure rules.
describe('the stock ledger rules', () => {
  it('names who changed stock as people read it', () => {
    expect(stockChangeBy('edit', { name: 'Esha Employee', email: 'esha@aisle.test' }, null)).toBe('Esha Employee');
    expect(stockChangeBy('order', { name: ' ', email: 'asha@aisle.test' }, null)).toBe('asha@aisle.test');
    expect(stockChangeBy('feed', { name: null, email: null }, 'Till')).toBe('Feed key "Till"');
    // An import is "Import" whoever ran it.
    expect(stockChangeBy('import', { name: 'Esha Employee', email: 'esha@aisle.test' }, null)).toBe('Import');
    expect(stockChangeBy('opening', { name: null, email: null }, null)).toBe('Stock before the ledger');
    expect(stockChangeBy('seed', { name: null, email: null }, null)).toBe('Demo catalogue');
  });

  it('an item is due for reordering at or below its level, never without one', () => {
    expect(
      [
        [3, 5],
        [5, 5],
        [6, 5],
        [0, 0],
        [0, null],
        [0, undefined],
      ].map(([stock, level]) => atReorderLevel(stock as number, level)),
    ).toEqual([true, true, false, true, false, false]);
  });

  it("counts the shop's days in its time zone", () => {
    expect(shopDay(new Date('2026-03-01T18:29:59.000Z'))).toBe('2026-03-01');
    expect(shopDay(new Date('2026-03-01T18:30:00.000Z'))).toBe('2026-03-02');
    expect(shopDay(new Date('2026-03-01T18:30:00.000Z'), 'UTC')).toBe('2026-03-01');
  });

  it('writes a change with its sign', () => {
    expect([5, -2, 0].map(signedChange)).toEqual(['+5', '-2', '0']);
  });
});
