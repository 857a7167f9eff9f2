import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Rooms with one job (issue 29, item 5): no source file of src/ (.ts, .tsx, .astro) is over
// MAX_LINES lines, unless it is a file of data or declarations listed below. A file that grows
// past the limit is split by job (each part named for what it is), not added to the list.

const ROOT = resolve(import.meta.dirname, '../..');
const MAX_LINES = 400;

/** Files allowed past MAX_LINES, each with why. */
const ALLOWED: Record<string, string> = {
  // Data and declarations: long because there is a lot of it, not because they do several jobs.
  'src/lib/api/openapi.d.ts': 'generated from the OpenAPI document by `npm run openapi:types`',
  'src/server/openapi/calls.ts': 'declares every API call once (access, parameters, body, answers)',
  'src/server/openapi/wire-schemas.ts': "the answers' zod schemas, one per DTO",
  'src/server/db/seed/data.ts': "the demo catalogue's words: categories, stores, aisles and products",
  'src/server/db/schema.ts': "every table's row type, as Kysely reads it: one declaration per table",
};

/** Every source file under `dir`, relative to the project's root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** Lines of a text as `wc -l` and an editor count them: a last line without a newline counts too. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Each file of `files` over `max` lines and not in `allowed`, with its count. */
function oversized(
  files: readonly { path: string; text: string }[],
  allowed: Readonly<Record<string, string>>,
  max: number,
): string[] {
  return files
    .map(({ path, text }) => ({ path, lines: lineCount(text) }))
    .filter(({ path, lines }) => lines > max && !(path in allowed))
    .map(({ path, lines }) => `${path}: ${lines} lines (at most ${max}; split it by job)`);
}

describe('rooms with one job', () => {
  const files = sourceFiles('src').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

  it('reads the real tree', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.map((f) => f.path)).toContain('src/server/app.ts');
    expect(files.some((f) => f.path.endsWith('.astro'))).toBe(true);
    expect(files.some((f) => f.path.endsWith('.tsx'))).toBe(true);
  });

  it(`has no source file over ${MAX_LINES} lines but the listed data files`, () => {
    expect(oversized(files, ALLOWED, MAX_LINES)).toEqual([]);
  });

  it('lists only files that exist and still need the exception', () => {
    const byPath = new Map(files.map((f) => [f.path, lineCount(f.text)]));
    const stale = Object.keys(ALLOWED).flatMap((path) => {
      const lines = byPath.get(path);
      if (lines === undefined) return [`${path}: no such file; take it off the list`];
      return lines <= MAX_LINES ? [`${path}: ${lines} lines now; take it off the list`] : [];
    });
    expect(stale).toEqual([]);
  });

  it('counts lines as wc -l does, and names a file one line over the limit', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    const at = { path: 'src/a.ts', text: 'x\n'.repeat(MAX_LINES) };
    const over = { path: 'src/b.ts', text: 'x\n'.repeat(MAX_LINES + 1) };
    const listed = { path: 'src/c.ts', text: 'x\n'.repeat(MAX_LINES + 1) };
    expect(oversized([at, over, listed], { 'src/c.ts': 'data' }, MAX_LINES)).toEqual([
      `src/b.ts: ${MAX_LINES + 1} lines (at most ${MAX_LINES}; split it by job)`,
    ]);
  });
});
