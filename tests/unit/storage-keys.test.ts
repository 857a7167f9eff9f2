import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as keys from '../../src/lib/domain/storage-keys.ts';

const SRC = resolve(import.meta.dirname, '../../src');
const HOME = 'lib/domain/storage-keys.ts';
// The script every page ships imports nothing shared (no extra chunk before the first interaction),
// so it spells the sign-out keys; the test below holds it to `SIGNED_IN_KEYS`.
const SITE_SCRIPT = 'page-scripts/site.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(entry.name) ? [path] : [];
  });
}

const names = Object.entries(keys).flatMap(([name, value]): [string, string][] =>
  typeof value === 'string' ? [[name, value]] : [],
);

/** The files of src (relative to it) other than the keys' home that spell `value` as a string literal. */
function spelledOutside(value: string, files = sourceFiles(SRC)): string[] {
  // Quoted as a string; comments name keys in backticks, which is fine.
  const quoted = new RegExp(`(['"])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`);
  return files
    .map((f) => relative(SRC, f))
    .filter((f) => f !== HOME && f !== SITE_SCRIPT && quoted.test(readFileSync(join(SRC, f), 'utf8')));
}

describe('browser storage keys', () => {
  it("keep spec §4's names, which clients of the original front end read", () => {
    expect(keys.TOKEN_KEY).toBe('jtoken');
    expect(keys.CART_STATE_KEY).toBe('cartState');
  });

  it('are all different', () => {
    const values = names.map(([, v]) => v);
    expect(new Set(values).size).toBe(values.length);
    expect(values.length).toBeGreaterThanOrEqual(7);
  });

  it('sign-out removes the token, the cart copy and the name', () => {
    expect([...keys.SIGNED_IN_KEYS].sort()).toEqual([keys.CART_STATE_KEY, keys.PROFILE_KEY, keys.TOKEN_KEY].sort());
  });

  it('are spelled in one place: no other file of src writes a key as a literal', () => {
    const files = sourceFiles(SRC);
    expect(files.map((f) => relative(SRC, f))).toContain(HOME);
    expect(names.flatMap(([name, value]) => spelledOutside(value, files).map((f) => `${f}: ${name}`))).toEqual([]);
  });

  it("the site script's sign-out keys are SIGNED_IN_KEYS, spelled out", () => {
    const source = readFileSync(join(SRC, SITE_SCRIPT), 'utf8');
    const spelled = keys.SIGNED_IN_KEYS.map((k) => `'${k}'`).join(', ');
    expect(source).toContain(`const SIGNED_IN_KEYS = [${spelled}];`);
    expect(source).not.toMatch(/from '[^']*storage-keys/);
    expect(source).toContain(`const DELIVERY_PIN_KEY = '${keys.DELIVERY_PIN_KEY}';`);
  });

  it('finds a key spelled outside its home', () => {
    expect(spelledOutside('jtoken', [join(SRC, HOME)])).toEqual([]);
    expect(spelledOutside('jtoken', [resolve(import.meta.dirname, 'storage-keys.test.ts')])).toEqual([
      relative(SRC, resolve(import.meta.dirname, 'storage-keys.test.ts')),
    ]);
  });
});
