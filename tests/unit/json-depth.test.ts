import { describe, expect, it } from 'vitest';
import { DEPTH_RULE, findTooDeep, JSON_MAX_DEPTH } from '../../src/lib/domain/json-depth.ts';
import { findNul } from '../../src/lib/domain/text-rules.ts';
import { parseJsonBody } from '../../src/server/http/input.ts';

const arrays = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const objects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

/** A parsed value `depth` arrays deep, built without recursion. */
function nestedArrays(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('the nesting rule', () => {
  it('takes 64 levels and refuses the 65th, arrays and objects alike', () => {
    expect(JSON_MAX_DEPTH).toBe(64);
    expect(findTooDeep(arrays(64))).toBeUndefined();
    expect(findTooDeep(arrays(65))).toBe('(body)');
    expect(findTooDeep(objects(64))).toBeUndefined();
    expect(findTooDeep(objects(65))).toBe('a');
    expect(findTooDeep(`[${'{"a":'.repeat(32)}${arrays(31)}${'}'.repeat(32)}]`)).toBeUndefined();
    expect(findTooDeep(`[${'{"a":'.repeat(32)}${arrays(32)}${'}'.repeat(32)}]`)).toBe('(body)');
  });

  it('names the top-level field the deep value sits under', () => {
    const body = `{"Title":"Tea","Tags":["a",{"b":[]}],"CustomOrder":${arrays(100)},"Z":1}`;
    expect(findTooDeep(body)).toBe('CustomOrder');
    expect(findTooDeep(`{"a\\"b":${arrays(70)}}`)).toBe('a"b');
    expect(findTooDeep(`{ "x" : 1 , "y\\u0041" : ${objects(80)} }`)).toBe('yA');
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(findTooDeep(JSON.stringify({ a: '['.repeat(1000) }))).toBeUndefined();
    expect(findTooDeep(JSON.stringify({ a: `\\"${'{'.repeat(1000)}` }))).toBeUndefined();
    expect(findTooDeep(JSON.stringify(['"]]]]', '\\', '[[[[']))).toBeUndefined();
    expect(findTooDeep(`["\\"", ${arrays(64)}]`)).toBe('(body)');
  });

  it('scans text that is not JSON without throwing, closing brackets before opening ones included', () => {
    expect(findTooDeep(']]]]}}}}')).toBeUndefined();
    expect(findTooDeep('"unterminated [[[[')).toBeUndefined();
    expect(findTooDeep('{"a": [[[')).toBeUndefined();
    expect(findTooDeep('[[[', 2)).toBe('(body)');
  });

  it('scans 100,000 and 1,000,000 levels in one pass, text JSON.parse itself would take', () => {
    for (const depth of [100_000, 1_000_000]) {
      expect(findTooDeep(arrays(depth))).toBe('(body)');
      expect(findTooDeep(objects(depth))).toBe('a');
    }
  });

  it('is the rule the 400 states', () => {
    expect(DEPTH_RULE).toBe('must not nest arrays and objects more than 64 levels deep');
  });
});

describe('the NUL rule on deep values', () => {
  it('walks a value 1,000,000 levels deep without overflowing the stack', { timeout: 30_000 }, () => {
    const deep = nestedArrays(1_000_000, 'fine');
    let found: string | undefined = 'not walked';
    expect(() => {
      found = findNul(deep);
    }).not.toThrow();
    expect(found).toBeUndefined();
    expect(findNul(nestedArrays(1_000_000, 'a\u0000'))).toMatch(/^(\[0\]){1000000}$/);
    let object: unknown = { last: 'x\u0000' };
    for (let i = 0; i < 1_000_000; i++) object = { a: object };
    expect(findNul(object)).toBe(`${'a.'.repeat(1_000_000)}last`);
  });

  it('names the first NUL in document order, keys before their values, siblings after', () => {
    expect(findNul({ a: ['ok', { b: 'x\u0000' }], c: '\u0000' })).toBe('a[1].b');
    expect(findNul({ a: { 'k\u0000': 'v\u0000' } })).toBe('a.k\u0000');
    expect(findNul([[], [[]], ['\u0000']])).toBe('[2][0]');
    expect(findNul({ a: [], b: {}, c: null, d: 1, e: true })).toBeUndefined();
    expect(findNul('\u0000')).toBe('(body)');
  });
});

describe('the JSON body door (parseJsonBody)', () => {
  it('refuses depth from the text before parsing, then NULs, and tells text that is not JSON', () => {
    expect(parseJsonBody(`{"CustomOrder":${arrays(100_000)}}`)).toEqual({
      kind: 'refused',
      field: 'CustomOrder',
      rule: DEPTH_RULE,
    });
    expect(parseJsonBody('{"City":"Pune\\u0000"}')).toEqual({
      kind: 'refused',
      field: 'City',
      rule: 'must not contain a NUL character (U+0000)',
    });
    expect(parseJsonBody('{"a":')).toMatchObject({ kind: 'not-json' });
    expect(parseJsonBody('{"a":[1,2]}')).toEqual({ kind: 'ok', value: { a: [1, 2] } });
  });
});
