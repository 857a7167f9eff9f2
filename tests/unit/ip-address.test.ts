import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  clientAddress,
  NO_PROXY,
  parseTrustProxy,
  throttleGroup,
} from '../../src/lib/domain/ip-address.ts';

describe('canonicalAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 192.0.2.1 ', '192.0.2.1'],
    ['192.0.2.1:5678', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['::FFFF:C000:0201', '192.0.2.1'],
    ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['2001:DB8:0:0:0:0:0:1', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000:0000:0000:0000:0001'],
    ['[2001:db8::1]:443', '2001:0db8:0000:0000:0000:0000:0000:0001'],
    ['[::1]', '0000:0000:0000:0000:0000:0000:0000:0001'],
    ['::', '0000:0000:0000:0000:0000:0000:0000:0000'],
    ['64:ff9b::192.0.2.1', '0064:ff9b:0000:0000:0000:0000:c000:0201'],
  ])('reads %s as %s', (raw, canonical) => {
    expect(canonicalAddress(raw)).toBe(canonical);
  });

  it.each([
    '',
    'unknown',
    '256.1.1.1',
    '1.2.3',
    '010.0.0.1',
    '1.2.3.4.5',
    '2001:db8::1::2',
    '2001:db8:0:0:0:0:0:0:1',
    '12345::1',
    'g::1',
    '::ffff:300.1.1.1',
    '1.2.3.4, 5.6.7.8',
  ])('refuses %j', (raw) => {
    expect(canonicalAddress(raw)).toBeNull();
  });
});

describe('throttleGroup', () => {
  it('counts every IPv6 address of one /64 as one, however it is written', () => {
    const group = '2001:0db8:0001:0002::/64';
    expect(throttleGroup('2001:db8:1:2::1')).toBe(group);
    expect(throttleGroup('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(group);
    expect(throttleGroup('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe(group);
    expect(throttleGroup('2001:db8:1:3::1')).not.toBe(group);
  });

  it('counts IPv4 (mapped or not) by the address, and leaves what is no address as it is', () => {
    expect(throttleGroup('192.0.2.1')).toBe('192.0.2.1');
    expect(throttleGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(throttleGroup('192.0.2.2')).toBe('192.0.2.2');
    expect(throttleGroup('unknown')).toBe('unknown');
  });
});

describe('parseTrustProxy', () => {
  it('is no proxy when unset, empty or 0', () => {
    for (const raw of [undefined, '', '  ', '0']) expect(parseTrustProxy(raw)).toEqual(NO_PROXY);
  });

  it('refuses what it cannot read, naming the entry', () => {
    expect(() => parseTrustProxy('yes')).toThrow('"yes" is none of these');
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
    expect(() => parseTrustProxy('10.0.0.1,,10.0.0.2')).toThrow('"" is none of these');
    expect(() => parseTrustProxy('1,2')).toThrow('one count of proxies');
    expect(() => parseTrustProxy('17')).toThrow('from 1 to 16');
  });
});

describe('clientAddress', () => {
  const trust = (raw: string) => parseTrustProxy(raw);

  it('is the socket peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', NO_PROXY)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, NO_PROXY)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '198.51.100.1', trust('loopback'))).toBe('unknown');
  });

  it('ignores a forged header from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', trust('10.0.0.0/8'))).toBe('203.0.113.9');
    // A count alone trusts loopback and private peers only: an internet client names nobody.
    expect(clientAddress('203.0.113.9', '198.51.100.1', trust('1'))).toBe('203.0.113.9');
  });

  it('reads the header from a trusted proxy, from its right end, past the trusted proxies', () => {
    expect(clientAddress('10.0.0.5', '198.51.100.1', trust('10.0.0.0/8'))).toBe('198.51.100.1');
    // What the client wrote itself (the left entries) is not believed.
    expect(clientAddress('10.0.0.5', '1.1.1.1, 198.51.100.1', trust('10.0.0.0/8'))).toBe('198.51.100.1');
    // Two proxies of ours: the edge (10.0.0.7) appended the client, the inner one the edge.
    expect(clientAddress('127.0.0.1', '1.1.1.1, 198.51.100.1, 10.0.0.7', trust('loopback,10.0.0.0/8'))).toBe(
      '198.51.100.1',
    );
    expect(clientAddress('127.0.0.1', '198.51.100.1, 10.0.0.7', trust('loopback'))).toBe('10.0.0.7');
  });

  it('passes at most the counted proxies', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1, 10.0.0.7', trust('1'))).toBe('10.0.0.7');
    expect(clientAddress('127.0.0.1', '1.1.1.1, 198.51.100.1, 10.0.0.7', trust('2'))).toBe('198.51.100.1');
    expect(clientAddress('::1', '198.51.100.1', trust('1'))).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.5', '10.0.0.6, 10.0.0.7', trust('10.0.0.0/8,1'))).toBe('10.0.0.7');
  });

  it('stops at an entry that is no address, at the last address a trusted proxy vouched for', () => {
    expect(clientAddress('10.0.0.5', 'evil, 10.0.0.6', trust('10.0.0.0/8'))).toBe('10.0.0.6');
    expect(clientAddress('10.0.0.5', '', trust('10.0.0.0/8'))).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', undefined, trust('10.0.0.0/8'))).toBe('10.0.0.5');
  });

  it('matches IPv6 proxies by range and answers the client canonical', () => {
    expect(clientAddress('fd00::1', '2001:DB8::7', trust('fd00::/8'))).toBe('2001:0db8:0000:0000:0000:0000:0000:0007');
    expect(clientAddress('fe80::1', '2001:db8::7', trust('fd00::/8'))).toBe('fe80:0000:0000:0000:0000:0000:0000:0001');
    expect(clientAddress('::ffff:10.1.2.3', '192.0.2.44', trust('10.0.0.0/8'))).toBe('192.0.2.44');
    expect(clientAddress('10.1.2.3', '192.0.2.44', trust('::ffff:10.0.0.0/104'))).toBe('192.0.2.44');
  });
});
