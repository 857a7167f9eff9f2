import { describe, expect, it } from 'vitest';
import { splitByUtcDays } from '../../src/server/orders/sales-report.ts';

describe('splitByUtcDays: which part of a range the sales report reads from sales_days', () => {
  it.each([
    // A month of IST days: whole UTC days inside, the 5.5 hours before and the 18.5 after from the orders.
    [
      '2026-10-31T18:30:00.000Z',
      '2026-11-30T18:30:00.000Z',
      ['2026-11-01', '2026-11-30'],
      [
        ['2026-10-31T18:30:00.000Z', '2026-11-01T00:00:00.000Z'],
        ['2026-11-30T00:00:00.000Z', '2026-11-30T18:30:00.000Z'],
      ],
    ],
    // UTC days: nothing left at either end.
    ['2026-11-03T00:00:00.000Z', '2026-11-06T00:00:00.000Z', ['2026-11-03', '2026-11-06'], []],
    // One IST day holds no whole UTC day: all of it from the orders.
    [
      '2026-11-02T18:30:00.000Z',
      '2026-11-03T18:30:00.000Z',
      null,
      [['2026-11-02T18:30:00.000Z', '2026-11-03T18:30:00.000Z']],
    ],
    // A New York day in winter (UTC-5) ends after its UTC midnight: only the end is ragged.
    [
      '2026-11-02T00:00:00.000Z',
      '2026-11-04T05:00:00.000Z',
      ['2026-11-02', '2026-11-04'],
      [['2026-11-04T00:00:00.000Z', '2026-11-04T05:00:00.000Z']],
    ],
  ])('%s to %s', (starts, ends, days, edges) => {
    expect(splitByUtcDays(starts, ends)).toEqual({ days, edges });
  });
});
