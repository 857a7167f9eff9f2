import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeBundle, freshBundle, writeBundle } from '../../src/publish/code-bundle.ts';

// A code bundle is trusted only for the checkout it was made from: a bundle (and its stamp) copied
// or hard-linked from another checkout names that checkout's files, which may be unchanged while
// this checkout's code has moved on.

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = join(ROOT, 'src', 'publish', 'project-root.ts');
const SMALL: CodeBundle = { entry: SOURCE, file: 'small.mjs' };
let work: string;
let dir: string;
let stampPath: string;
let ownStamp: string;

type Stamp = { inputs: [string, number, number][] };

/** A copy of `file` at `to`, and its entry in a stamp (its size and modification time there). */
function twin(file: string, to: string): [string, number, number] {
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(file, to);
  const s = statSync(to);
  return [to, s.size, s.mtimeMs];
}

/** The stamp with every input moved from this checkout into `elsewhere` (the files there twins). */
function stampMovedTo(elsewhere: string): void {
  const stamp = JSON.parse(ownStamp) as Stamp;
  stamp.inputs = stamp.inputs.map(([file]) => twin(file, join(elsewhere, relative(ROOT, file))));
  writeFileSync(stampPath, JSON.stringify(stamp));
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aisle-bundle-roots-'));
  dir = join(work, 'cache');
  await writeBundle(SMALL, dir);
  stampPath = join(dir, 'small.mjs.inputs.json');
  ownStamp = readFileSync(stampPath, 'utf8');
}, 60_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('a code bundle made in another checkout', () => {
  it('is fresh in the checkout whose files it names', () => {
    writeFileSync(stampPath, ownStamp);
    const inputs = (JSON.parse(ownStamp) as Stamp).inputs.map(([file]) => file);
    expect(inputs).toEqual([SOURCE]);
    expect(freshBundle(SMALL, dir)).toBe(join(dir, 'small.mjs'));
  });

  it('is stale here when its inputs lie in another checkout, however unchanged they are there', () => {
    const other = join(work, 'other-checkout');
    stampMovedTo(other);
    expect(freshBundle(SMALL, dir)).toBeNull();
    // The very same stamp vouches for the checkout it names.
    expect(freshBundle(SMALL, dir, other)).toBe(join(dir, 'small.mjs'));
  });

  it('is stale when an input is named by a path that climbs out of the checkout', () => {
    const [elsewhere, size, mtimeMs] = twin(SOURCE, join(work, 'climbed', 'project-root.ts'));
    // Starts with this checkout's folder, yet names a file outside it.
    const climbing = `${ROOT}/${relative(ROOT, elsewhere)}`;
    expect(climbing.startsWith(`${ROOT}/../`)).toBe(true);
    const stamp = JSON.parse(ownStamp) as Stamp;
    stamp.inputs = [[climbing, size, mtimeMs]];
    writeFileSync(stampPath, JSON.stringify(stamp));
    expect(freshBundle(SMALL, dir)).toBeNull();
  });

  it('is fresh for files in the checkout node_modules even when that folder is a link elsewhere', () => {
    const checkout = join(work, 'linked-checkout');
    const realModules = join(work, 'shared-modules');
    mkdirSync(checkout, { recursive: true });
    symlinkSync(realModules, join(checkout, 'node_modules'));
    const stamp = JSON.parse(ownStamp) as Stamp;
    stamp.inputs = [twin(SOURCE, join(realModules, 'pkg', 'index.js'))];
    writeFileSync(stampPath, JSON.stringify(stamp));
    expect(freshBundle(SMALL, dir, checkout)).toBe(join(dir, 'small.mjs'));
    // Another checkout without that link does not trust it.
    expect(freshBundle(SMALL, dir)).toBeNull();
  });
});
