import { describe, expect, it } from 'vitest';
import {
  CODE_FAILURE_LIMIT,
  CODE_FAILURE_WINDOW_MS,
  decideCodeTry,
  formatUtcMinute,
  withCodeFailure,
} from '../../src/lib/domain/code-guard.ts';

const HOUR = 60 * 60 * 1000;
const DAY = CODE_FAILURE_WINDOW_MS;
const NOW = Date.parse('2026-03-03T12:00:00.000Z');
/** `n` wrong codes, one an hour, the last `lastAgo` before NOW. */
const hourly = (n: number, lastAgo = 0) => Array.from({ length: n }, (_, i) => NOW - lastAgo - (n - 1 - i) * HOUR);

describe('decideCodeTry', () => {
  it('is 10 wrong codes in a sliding 24 hours', () => {
    expect(CODE_FAILURE_LIMIT).toBe(10);
    expect(DAY).toBe(24 * HOUR);
  });

  const cases: [string, number[], ReturnType<typeof decideCodeTry>][] = [
    ['no wrong code yet', [], { allowed: true }],
    ['9 within the day', hourly(9), { allowed: true }],
    ['10 within the day: wait until the oldest leaves it', hourly(10), { allowed: false, until: NOW - 9 * HOUR + DAY }],
    ['10 in one minute', Array(10).fill(NOW - 60_000), { allowed: false, until: NOW - 60_000 + DAY }],
    [
      '12 within the day: wait until the third oldest leaves it',
      hourly(12),
      { allowed: false, until: NOW - 9 * HOUR + DAY },
    ],
    ['10, the oldest exactly a day ago', [NOW - DAY, ...hourly(9)], { allowed: true }],
    ['10, the oldest a millisecond short of a day', [NOW - DAY + 1, ...hourly(9)], { allowed: false, until: NOW + 1 }],
    ['20 older than a day', hourly(20, DAY), { allowed: true }],
    ['in any order', [...hourly(10)].reverse(), { allowed: false, until: NOW - 9 * HOUR + DAY }],
    [
      'one from a clock slightly ahead still counts',
      [...hourly(9), NOW + 1000],
      { allowed: false, until: NOW - 8 * HOUR + DAY },
    ],
  ];
  it.each(cases)('%s', (_, failures, expected) => {
    expect(decideCodeTry(failures, NOW)).toEqual(expected);
  });

  it('allows the next try exactly at `until`, not a millisecond before', () => {
    const decision = decideCodeTry(hourly(10), NOW);
    if (decision.allowed) throw new Error('expected a wait');
    expect(decideCodeTry(hourly(10), decision.until - 1).allowed).toBe(false);
    expect(decideCodeTry(hourly(10), decision.until)).toEqual({ allowed: true });
  });
});

describe('withCodeFailure', () => {
  const cases: [string, number[], number[]][] = [
    ['the first', [], [NOW]],
    ['drops those out of the window', [NOW - DAY - 1, NOW - DAY, NOW - HOUR], [NOW - HOUR, NOW]],
    ['keeps the newest 10, oldest first', hourly(12, HOUR), [...hourly(9, HOUR), NOW]],
    ['sorts what it keeps', [NOW - HOUR, NOW - 2 * HOUR], [NOW - 2 * HOUR, NOW - HOUR, NOW]],
  ];
  it.each(cases)('%s', (_, failures, expected) => {
    expect(withCodeFailure(failures, NOW)).toEqual(expected);
  });

  it('reaches the limit on the 10th wrong code and not before', () => {
    let kept: number[] = [];
    const decisions: boolean[] = [];
    for (let i = 0; i < 11; i++) {
      const at = NOW + i * 60_000;
      const decision = decideCodeTry(kept, at);
      decisions.push(decision.allowed);
      if (decision.allowed) kept = withCodeFailure(kept, at);
    }
    expect(decisions).toEqual([...Array(10).fill(true), false]);
  });
});

describe('formatUtcMinute', () => {
  const cases: [string, string][] = [
    ['2026-03-03T14:05:00.000Z', '3 March 2026, 14:05 UTC'],
    ['2026-03-03T14:04:00.001Z', '3 March 2026, 14:05 UTC'],
    ['2026-12-31T23:59:30.000Z', '1 January 2027, 00:00 UTC'],
    ['2026-07-09T08:00:00.000Z', '9 July 2026, 08:00 UTC'],
  ];
  it.each(cases)('%s reads %s', (iso, text) => {
    expect(formatUtcMinute(Date.parse(iso))).toBe(text);
  });
});
