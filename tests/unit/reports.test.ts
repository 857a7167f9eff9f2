import { describe, expect, it } from 'vitest';
import {
  dayBoundaries,
  defaultReportRange,
  isTimeZone,
  localDate,
  localDayStart,
  parseReportRange,
} from '../../src/lib/domain/reports.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('the shop-local day', () => {
  it.each([
    // A zone without daylight saving, half an hour off the hour.
    ['Asia/Kolkata', '2026-11-10', '2026-11-09T18:30:00.000Z'],
    ['Asia/Kathmandu', '2026-11-10', '2026-11-09T18:15:00.000Z'],
    ['UTC', '2026-11-10', '2026-11-10T00:00:00.000Z'],
    // New York: the clocks change at 02:00, so midnight is there every day.
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02', '2026-11-02T05:00:00.000Z'],
    ['Europe/London', '2026-03-29', '2026-03-29T00:00:00.000Z'],
    ['Europe/London', '2026-03-30', '2026-03-29T23:00:00.000Z'],
    // Santiago moves its clocks forward at midnight: 6 September 2026 starts at 01:00 (UTC-3).
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z'],
    ['America/Santiago', '2026-04-05', '2026-04-05T04:00:00.000Z'],
    // Havana turns 01:00 back to 00:00 on 1 November 2026: midnight comes twice, the day starts at the first.
    ['America/Havana', '2026-11-01', '2026-11-01T04:00:00.000Z'],
  ])('in %s, %s starts at %s', (zone, date, start) => {
    expect(iso(localDayStart(date, zone))).toBe(start);
    expect(localDate(Date.parse(start), zone)).toBe(date);
    expect(localDate(Date.parse(start) - 1000, zone)).not.toBe(date);
  });

  it('gives a boundary after each day, one more than the days', () => {
    const b = dayBoundaries(['2026-03-07', '2026-03-08'], 'America/New_York').map(iso);
    expect(b).toEqual(['2026-03-07T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('opens the staff page on the last 30 local days, today included', () => {
    // 20:00 UTC on 30 November is 01:30 on 1 December in India.
    expect(defaultReportRange(Date.parse('2026-11-30T20:00:00Z'), 'Asia/Kolkata')).toEqual({
      from: '2026-11-02',
      to: '2026-12-01',
    });
  });

  it('knows time zone names', () => {
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('a report range', () => {
  it('lists every date of a valid range, across a leap day', () => {
    const r = parseReportRange('2028-02-28', '2028-03-01');
    expect(r).toEqual({
      ok: true,
      range: { from: '2028-02-28', to: '2028-03-01', days: ['2028-02-28', '2028-02-29', '2028-03-01'] },
    });
  });

  it('names each field and rule it breaks', () => {
    expect(parseReportRange(undefined, '2026-13-01')).toEqual({
      ok: false,
      errors: {
        from: ['from is required and must be a date YYYY-MM-DD, such as 2026-11-01.'],
        to: ['to must be a date YYYY-MM-DD, such as 2026-11-01.'],
      },
    });
    expect(parseReportRange('2026-01-02', '2026-01-01')).toMatchObject({ ok: false, errors: { to: [/before from/] } });
    expect(parseReportRange('2024-01-01', '2024-12-31').ok).toBe(true);
    expect(parseReportRange('2025-01-01', '2026-01-01').ok).toBe(true);
    expect(parseReportRange('2025-01-01', '2026-01-02')).toMatchObject({ ok: false, errors: { to: [/366 days/] } });
  });
});
