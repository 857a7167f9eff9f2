import { describe, expect, it } from 'vitest';
import { addressKey, backoffMs, pairKey, signInCounters, THROTTLE } from '../../src/server/auth/throttle.ts';

describe('sign-in back-off', () => {
  it('is free for the first failures, then doubles up to 15 minutes', () => {
    expect(backoffMs(4, 5)).toBe(0);
    expect(backoffMs(5, 5)).toBe(1000);
    expect(backoffMs(6, 5)).toBe(2000);
    expect(backoffMs(8, 5)).toBe(8000);
    expect(backoffMs(60, 5)).toBe(THROTTLE.maxDelayMs);
  });

  it.each([
    { knownDevice: true, justReset: false, counters: ['device'] },
    { knownDevice: true, justReset: true, counters: ['device'] },
    { knownDevice: false, justReset: false, counters: ['pair', 'address'] },
    { knownDevice: false, justReset: true, counters: ['pair'] },
  ])('holds back a sign-in (known device: $knownDevice, just reset: $justReset) by $counters', (row) => {
    expect(signInCounters(row)).toEqual(row.counters);
  });

  it('counts an IPv6 caller by its /64, for the address and for the account from it', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:DB8:1:2:aaaa::9'));
    expect(pairKey('a@x.in', '2001:db8:1:2::1')).toBe(pairKey('a@x.in', '2001:db8:1:2:aaaa::9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('192.0.2.1')).not.toBe(addressKey('192.0.2.2'));
  });
});
