import { describe, expect, it } from 'vitest';
import { feedKeyRefusal, isBigPriceChange, linesOutsideStores, parseInstant } from '../../src/lib/domain/feed-rules.ts';

describe('feed rules', () => {
  it.each([
    [10_000, 10_000, false],
    [10_000, 15_000, false],
    [10_000, 15_001, true],
    [10_000, 5_000, false],
    [10_000, 4_999, true],
    [10_000, 0, true],
    [0, 0, false],
    [0, 100, true],
    [3, 5, true],
    [3, 4, false],
  ])('a UnitPrice moving from %i to %i paise is big: %s', (before, after, big) => {
    expect(isBigPriceChange(before, after)).toBe(big);
  });

  it('names the lines writing stores outside the key, in line order, and ignores lines naming no item', () => {
    const lines = [
      { line: 2, storeId: 3 },
      { line: 0, storeId: 1 },
      { line: 1, storeId: null },
      { line: 3, storeId: 2 },
    ];
    expect(linesOutsideStores(lines, new Set([1]))).toEqual([
      { line: 2, storeId: 3 },
      { line: 3, storeId: 2 },
    ]);
    expect(linesOutsideStores(lines, new Set([1, 2, 3]))).toEqual([]);
    expect(linesOutsideStores(lines, new Set())).toHaveLength(3);
  });

  it('refuses a revoked key, and an expired one from its expiry on', () => {
    const at = Date.parse('2026-03-01T10:00:00Z');
    expect(feedKeyRefusal({ revokedAt: null, expiresAt: null }, at)).toBeNull();
    expect(feedKeyRefusal({ revokedAt: null, expiresAt: '2026-03-01T10:00:01.000Z' }, at)).toBeNull();
    expect(feedKeyRefusal({ revokedAt: null, expiresAt: '2026-03-01T10:00:00.000Z' }, at)).toBe('expired');
    expect(feedKeyRefusal({ revokedAt: '2026-02-01T00:00:00.000Z', expiresAt: '2027-01-01T00:00:00.000Z' }, at)).toBe(
      'revoked',
    );
  });

  it('reads a date and time with offset, and nothing vaguer', () => {
    expect(parseInstant('2026-03-01T15:30+05:30')).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(parseInstant('2026-03-01T10:00:00.250Z')).toBe(Date.parse('2026-03-01T10:00:00.250Z'));
    for (const text of ['2026-03-01', '2026-03-01T10:00:00', 'tomorrow', '2026-13-45T10:00Z', '']) {
      expect(parseInstant(text), text).toBeNull();
    }
  });
});
