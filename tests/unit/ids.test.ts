import { describe, expect, it } from 'vitest';
import { ID_MAX, idOrUndefined, isId, readId } from '../../src/lib/domain/ids.ts';
import { findNul } from '../../src/lib/domain/text-rules.ts';

describe('the id rule', () => {
  it('takes whole numbers from 1 to 2147483647, as numbers or digits', () => {
    expect(readId(1)).toEqual({ kind: 'ok', id: 1 });
    expect(readId(' 42 ')).toEqual({ kind: 'ok', id: 42 });
    expect(readId('007')).toEqual({ kind: 'ok', id: 7 });
    expect(readId(ID_MAX)).toEqual({ kind: 'ok', id: 2147483647 });
    expect(readId('2147483647')).toEqual({ kind: 'ok', id: 2147483647 });
  });

  it('tells a number beyond the range from one that is not an id at all', () => {
    for (const v of [2 ** 31, '2147483648', 10 ** 15, '1000000000000000', '99999999999999999999999', 1e300]) {
      expect(readId(v), String(v)).toEqual({ kind: 'out-of-range' });
    }
    for (const v of [0, '0', '000', -1, '-1', 1.5, '1.5', 'abc', '1e3', '0x10', true, {}, [], Number.NaN]) {
      expect(readId(v), String(v)).toEqual({ kind: 'malformed' });
    }
    for (const v of [undefined, null, '', '  ']) expect(readId(v)).toEqual({ kind: 'missing' });
  });

  it('answers plain checks', () => {
    expect(isId(ID_MAX)).toBe(true);
    expect(isId(ID_MAX + 1)).toBe(false);
    expect(idOrUndefined('12')).toBe(12);
    expect(idOrUndefined('2147483648')).toBeUndefined();
  });
});

describe('the NUL rule', () => {
  it('names the first field holding a NUL, nested fields and keys included', () => {
    expect(findNul({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b[0].c');
    expect(findNul({ 'k\u0000': 1 })).toBe('k\u0000');
    expect(findNul('\u0000')).toBe('(body)');
    expect(findNul({ a: 'fine', n: 1, z: null })).toBeUndefined();
  });
});
