import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Which part of the project may import which (ARCHITECTURE.md "Which part may import which"),
// checked on the import lines TypeScript's pre-processor reads from every source file
// (an .astro file's frontmatter and its <script> elements included). The rules inside
// src/server are tests/unit/server-imports.test.ts.

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The part a project file belongs to: `src/lib/<x>`, `src/<x>`, `tests/<x>`, or its top folder. */
function partOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'src' && parts[1] === 'lib') return parts.slice(0, 3).join('/');
  if (parts[0] === 'src' || parts[0] === 'tests') return parts.slice(0, 2).join('/');
  return parts[0] as string;
}

/** The code of a file as TypeScript sees it: an .astro file's frontmatter and scripts. */
function codeOf(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (!file.endsWith('.astro')) return text;
  const frontmatter = text.match(/^---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

interface Import {
  file: string;
  /** A project file (relative to the root) or a package name (`node:fs`, `react`, `@tiptap/react`). */
  target: string;
  isPackage: boolean;
}

function importsOf(file: string): Import[] {
  return ts.preProcessFile(codeOf(file), true, true).importedFiles.map(({ fileName }) => {
    if (fileName.startsWith('.')) {
      return { file, target: relative(ROOT, resolve(dirname(join(ROOT, file)), fileName)), isPackage: false };
    }
    const name = fileName.startsWith('@') ? fileName.split('/').slice(0, 2).join('/') : fileName.split('/')[0];
    return { file, target: name as string, isPackage: true };
  });
}

/**
 * Each part with the parts it may import (besides itself) and the packages it may use
 * (`*` for any). A part of src/ missing here fails the test: every folder has a rule.
 */
const RULES: Record<string, { parts: string[]; packages: string[] | '*' }> = {
  'src/lib/domain': { parts: [], packages: ['zod'] },
  'src/lib/content': { parts: [], packages: ['sanitize-html'] },
  'src/lib/api': { parts: ['src/lib/domain'], packages: ['ofetch'] },
  'src/lib/search': { parts: ['src/lib/domain'], packages: [] },
  'src/lib/catalogue': {
    parts: ['src/lib/domain', 'src/lib/api', 'src/lib/content'],
    packages: ['astro', 'ofetch', 'node:crypto'],
  },
  'src/server': { parts: ['src/lib/domain', 'src/lib/content'], packages: '*' },
  'src/publish': {
    parts: ['src/server', 'src/lib/domain', 'src/lib/api', 'src/lib/catalogue', 'src/lib/content'],
    packages: '*',
  },
  'src/page-scripts': {
    parts: ['src/lib/domain', 'src/lib/api', 'src/lib/search'],
    // virtual:aisle/cart-store-url: the built cart store's URL (a string), for search-page.ts.
    packages: ['jwt-decode', 'astro', 'virtual:aisle'],
  },
  'src/stores': {
    parts: ['src/lib/domain', 'src/lib/api', 'src/page-scripts'],
    packages: ['nanostores', '@nanostores/persistent', 'jwt-decode'],
  },
  'src/islands': {
    parts: ['src/lib/domain', 'src/lib/api', 'src/lib/search', 'src/lib/content', 'src/stores', 'src/page-scripts'],
    packages: [
      'react',
      'react-dom',
      'nanostores',
      '@nanostores/react',
      'zod',
      'uqr',
      'uplot',
      '@tiptap/react',
      '@tiptap/starter-kit',
      '@tiptap/extension-image',
      '@tiptap/extension-table',
      '@tiptap/pm',
    ],
  },
  'src/components': {
    parts: ['src/lib/domain', 'src/lib/catalogue', 'src/lib/api', 'src/islands', 'src/layouts', 'src/page-scripts'],
    packages: ['astro'],
  },
  'src/layouts': {
    parts: ['src/lib/domain', 'src/lib/catalogue', 'src/components', 'src/page-scripts', 'src/styles'],
    packages: ['astro', 'virtual:aisle'],
  },
  'src/pages': {
    parts: [
      'src/lib/domain',
      'src/lib/catalogue',
      'src/lib/api',
      'src/lib/search',
      'src/components',
      'src/islands',
      'src/layouts',
      'src/page-scripts',
    ],
    // uplot: the Reports page starts the charts' chunk as it is parsed (issue 33 item 5).
    packages: ['astro', 'virtual:aisle', 'uplot'],
  },
  'tests/e2e': { parts: ['tests/fixtures'], packages: '*' },
};

/** The page scripts shipped before the first interaction import less than their folder may. */
const FIRST_PAINT = [
  'src/page-scripts/first-paint.ts',
  'src/page-scripts/site.ts',
  'src/page-scripts/search.ts',
  'src/page-scripts/cart-page.ts',
  'src/page-scripts/search-page.ts',
  'src/page-scripts/search-result-cards.ts',
  'src/page-scripts/search-hit-view.ts',
  'src/page-scripts/local-state.ts',
  'src/page-scripts/server-cart.ts',
  'src/page-scripts/stepper-markup.ts',
  'src/page-scripts/cart-look.ts',
  'src/page-scripts/stepper-look.ts',
];

/**
 * Imports allowed beyond the rules because they are a dynamic `import()` made on the first
 * interaction, never before it (`tests/unit/plain-script-imports.test.ts` holds that they
 * are not static): the search results page has no island, so its first stepper touch
 * loads the cart store, which saves a signed-in shopper's cart.
 * Also the delivery area (issue 31): `site.ts` loads `delivery-area.ts` after the first paint,
 * only for a shopper who kept a PIN code or sends the header's PIN form; it reads the stores'
 * settings through `lib/api/base-url.ts` and the cart through `local-state.ts`.
 */
const LAZY = [
  'src/page-scripts/search-page.ts -> src/stores/cart-sync.ts',
  'src/page-scripts/site.ts -> src/page-scripts/delivery-area.ts',
];

function brokenRules(imports: Import[]): string[] {
  const broken: string[] = [];
  for (const { file, target, isPackage } of imports) {
    const rule = RULES[partOf(file)];
    if (rule === undefined || LAZY.includes(`${file} -> ${target}`)) continue;
    if (isPackage) {
      if (rule.packages !== '*' && !rule.packages.includes(target)) broken.push(`${file} -> package ${target}`);
      continue;
    }
    const to = partOf(target);
    if (to !== partOf(file) && !rule.parts.includes(to)) broken.push(`${file} -> ${target}`);
  }
  return broken;
}

describe('which part may import which', () => {
  const files = ['src', 'tests/e2e'].flatMap(sourceFiles);
  const imports = files.flatMap(importsOf);

  it('reads the real graph', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(imports).toContainEqual({
      file: 'src/stores/cart-state.ts',
      target: 'src/lib/domain/cart.ts',
      isPackage: false,
    });
  });

  it('has a rule for every part of src/', () => {
    const parts = new Set(files.filter((f) => f.split('/').length > 2).map(partOf));
    const unruled = [...parts].filter(
      (part) => RULES[part] === undefined && part !== 'src/styles' && part.startsWith('src/'),
    );
    expect(unruled).toEqual([]);
  });

  it('keeps every import within its part’s rule', () => {
    expect(brokenRules(imports)).toEqual([]);
  });

  it('ships nothing before the first interaction but the domain, the page events and jwt-decode', () => {
    const early = imports.filter(
      ({ file, target }) => FIRST_PAINT.includes(file) && !LAZY.includes(`${file} -> ${target}`),
    );
    const beyond = early.filter(
      ({ target, isPackage }) =>
        !(isPackage && (target === 'jwt-decode' || target === 'virtual:aisle')) &&
        !(!isPackage && (target.startsWith('src/lib/domain/') || target.startsWith('src/lib/search/'))) &&
        !(!isPackage && FIRST_PAINT.concat('src/page-scripts/page-events.ts').includes(target)),
    );
    expect(beyond.map(({ file, target }) => `${file} -> ${target}`)).toEqual([]);
  });

  it('keeps the migrations frozen: they import only kysely', () => {
    const migrations = imports.filter(({ file }) => file.startsWith('src/server/db/migrations/'));
    expect(migrations.length).toBeGreaterThan(10);
    expect(
      migrations.filter(({ target }) => target !== 'kysely').map(({ file, target }) => `${file} -> ${target}`),
    ).toEqual([]);
  });

  it('catches an import that breaks a rule', () => {
    expect(
      brokenRules([
        { file: 'src/islands/X.tsx', target: 'src/server/app.ts', isPackage: false },
        { file: 'src/islands/X.tsx', target: 'node:fs', isPackage: true },
        { file: 'src/lib/domain/x.ts', target: 'src/lib/api/client.ts', isPackage: false },
        { file: 'src/server/x.ts', target: 'src/lib/catalogue/views.ts', isPackage: false },
        { file: 'tests/e2e/x.spec.ts', target: 'src/lib/domain/money.ts', isPackage: false },
        { file: 'src/stores/cart-state.ts', target: 'src/lib/domain/cart.ts', isPackage: false },
      ]),
    ).toEqual([
      'src/islands/X.tsx -> src/server/app.ts',
      'src/islands/X.tsx -> package node:fs',
      'src/lib/domain/x.ts -> src/lib/api/client.ts',
      'src/server/x.ts -> src/lib/catalogue/views.ts',
      'tests/e2e/x.spec.ts -> src/lib/domain/money.ts',
    ]);
  });
});
