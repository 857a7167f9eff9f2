import { describe, expect, it } from 'vitest';
import { acceptedEncodings, parseRange } from '../../src/server/site-files.ts';

/** The fastest of `runs` calls of `fn`, in milliseconds. */
function fastest(fn: () => void, runs = 5): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

describe('acceptedEncodings', () => {
  it('reads codings with their q values, in any case and spacing', () => {
    expect([...acceptedEncodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br']);
    expect([...acceptedEncodings(' BR ;q=0.5 ,gzip;q=0, identity')]).toEqual(['br', 'identity']);
    expect([...acceptedEncodings('gzip; Q=0.000')]).toEqual([]);
    expect([...acceptedEncodings('')]).toEqual([]);
    expect([...acceptedEncodings('br;q=1.0;x=y,,')]).toEqual(['br']);
  });

  it('reads a 16 KB header in linear time (well under a millisecond on a quiet machine)', () => {
    const header = `gzip${' '.repeat(16_000)}x`;
    expect([...acceptedEncodings(header)]).toEqual([`gzip${' '.repeat(16_000)}x`.toLowerCase().trim()]);
    for (const h of [header, `${' ,'.repeat(8_000)}br`, `gzip;${'q=1;'.repeat(4_000)}`]) {
      expect(
        fastest(() => acceptedEncodings(h)),
        h.slice(0, 20),
      ).toBeLessThan(5);
    }
  });
});

describe('parseRange', () => {
  it('reads one range of bytes and answers the rest whole', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange(' Bytes = 10 - ', 1000)).toEqual({ kind: 'partial', start: 10, end: 999 });
    expect(parseRange('bytes=-50', 1000)).toEqual({ kind: 'partial', start: 950, end: 999 });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5-2', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,5-6', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=-', 1000)).toEqual({ kind: 'full' });
    expect(parseRange(undefined, 1000)).toEqual({ kind: 'full' });
  });

  it('reads a 16 KB header in linear time (well under a millisecond on a quiet machine)', () => {
    for (const h of [`bytes=${' '.repeat(16_000)}x`, `bytes=${'1'.repeat(16_000)}x`, `${' '.repeat(16_000)}bytes=`]) {
      expect(
        fastest(() => parseRange(h, 1000)),
        h.trim().slice(0, 12),
      ).toBeLessThan(5);
    }
  });
});
