import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeFingerprint, siteShapingFiles } from '../../src/publish/code-fingerprint.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const ENV = { SITE_URL: 'https://shop.example' };

let project: string;

function write(rel: string, text: string): void {
  const file = join(project, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

// A small project laid out like Aisle: pages and components that import a shared library,
// the build code that starts the API in-process, and the API with its routes and seed data.
beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'aisle-fingerprint-'));
  write('astro.config.mjs', "import { site } from './src/publish/site.ts';\nexport default { site };\n");
  write('package-lock.json', '{"lockfileVersion": 3}\n');
  write('src/pages/index.astro', "---\nimport Card from '../components/Card.astro';\n---\n<Card />\n");
  write('src/components/Card.astro', "---\nimport { price } from '../lib/domain/money.ts';\n---\n<p>{price(5)}</p>\n");
  write('src/lib/domain/money.ts', 'export const price = (n: number) => String(n);\n');
  write('src/lib/domain/unused.ts', 'export const unused = 1;\n');
  write('src/styles/global.css', "@import './tokens.css';\nbody { margin: 0; }\n");
  write('src/styles/tokens.css', ':root { --ink: #111; }\n');
  write(
    'src/publish/site.ts',
    "import { startApi } from './catalogue-source.ts';\nimport { HEADERS } from '../server/site-headers.ts';\nexport const site = [startApi, HEADERS];\n",
  );
  write('src/publish/catalogue-source.ts', "export { startApi } from '../server/runtime.ts';\n");
  write('src/publish/api-worker.ts', "import { startApi } from '../server/runtime.ts';\nstartApi();\n");
  write('src/server/site-headers.ts', "export const HEADERS = 'X-Frame-Options: DENY';\n");
  write('src/server/runtime.ts', "import { items } from './routes/items.ts';\nexport const startApi = () => items;\n");
  write('src/server/routes/items.ts', "import { seed } from '../db/seed/data.ts';\nexport const items = seed;\n");
  write('src/server/db/seed/data.ts', "export const seed = ['Apples'];\n");
  write('public/robots.txt', 'User-agent: *\n');
});

afterEach(() => {
  rmSync(project, { recursive: true, force: true });
});

describe('the code fingerprint', () => {
  it('covers pages, components, the libraries they import, styles, public files, build code, header policy and lock file', () => {
    expect(siteShapingFiles(project)).toEqual([
      'astro.config.mjs',
      'package-lock.json',
      'public/robots.txt',
      'src/components/Card.astro',
      'src/lib/domain/money.ts',
      'src/pages/index.astro',
      'src/publish/site.ts',
      'src/server/site-headers.ts',
      'src/styles/global.css',
      'src/styles/tokens.css',
    ]);
  });

  it('stays the same when an API route or the seed data changes', () => {
    const before = codeFingerprint(project, ENV);
    write(
      'src/server/routes/items.ts',
      "import { seed } from '../db/seed/data.ts';\nexport const items = [...seed];\n",
    );
    write('src/server/db/seed/data.ts', "export const seed = ['Apples', 'Pears'];\n");
    write('src/server/runtime.ts', 'export const startApi = () => [];\n');
    write('src/lib/domain/unused.ts', 'export const unused = 2;\n');
    expect(codeFingerprint(project, ENV)).toBe(before);
  });

  it('stays the same when the build code that starts the in-process API changes', () => {
    const before = codeFingerprint(project, ENV);
    write('src/publish/catalogue-source.ts', "export { startApi as start, startApi } from '../server/runtime.ts';\n");
    write('src/publish/api-worker.ts', "import { startApi } from '../server/runtime.ts';\nawait startApi();\n");
    expect(codeFingerprint(project, ENV)).toBe(before);
  });

  it.each([
    ['a component', 'src/components/Card.astro', '<p>changed</p>\n'],
    ['a library a component imports', 'src/lib/domain/money.ts', 'export const price = (n: number) => `Rs ` + n;\n'],
    ['a style sheet imported by another', 'src/styles/tokens.css', ':root { --ink: #000; }\n'],
    ['the header policy', 'src/server/site-headers.ts', "export const HEADERS = 'X-Frame-Options: SAMEORIGIN';\n"],
    ['the build code', 'src/publish/site.ts', 'export const site = 1;\n'],
    ['a public file', 'public/robots.txt', 'User-agent: *\nDisallow: /app/\n'],
    ['the lock file', 'package-lock.json', '{"lockfileVersion": 3, "packages": {}}\n'],
  ])('changes when %s changes', (_what, rel, text) => {
    const before = codeFingerprint(project, ENV);
    write(rel, text);
    expect(codeFingerprint(project, ENV)).not.toBe(before);
  });

  it('changes with the settings pages show (SITE_URL, PUBLIC_*)', () => {
    expect(codeFingerprint(project, { SITE_URL: 'https://other.example' })).not.toBe(codeFingerprint(project, ENV));
    expect(codeFingerprint(project, { ...ENV, PUBLIC_API_URL: 'https://api.example' })).not.toBe(
      codeFingerprint(project, ENV),
    );
  });

  it("leaves Aisle's own API routes, services and seed data out", () => {
    const files = siteShapingFiles(ROOT);
    expect(files).toContain('src/pages/404.astro');
    expect(files).toContain('src/layouts/Base.astro');
    expect(files).toContain('src/server/site-headers.ts');
    expect(files).toContain('src/publish/rebuild.ts');
    expect(files).toContain('package-lock.json');
    expect(files).not.toContain('src/publish/api-worker.ts');
    expect(files).not.toContain('src/publish/catalogue-source.ts');
    expect(files.filter((f) => f.startsWith('src/server/') && f !== 'src/server/site-headers.ts')).toEqual([]);
  });

  describe('kept beside the project while its files keep their sizes and times', () => {
    const cache = () => join(project, 'node_modules/.cache/aisle/code-fingerprint.json');
    /** Every file and folder of the project dated `secondsAgo` back, as a checkout some time old. */
    const age = (secondsAgo: number, path = project) => {
      const when = new Date(Date.now() - secondsAgo * 1000);
      for (const entry of readdirSync(path, { withFileTypes: true })) {
        if (entry.isDirectory()) age(secondsAgo, join(path, entry.name));
        else utimesSync(join(path, entry.name), when, when);
      }
      utimesSync(path, when, when);
    };

    it('is taken from the stamp while nothing changed, and made again when a file changes at the same size', () => {
      age(3600);
      const before = codeFingerprint(project, ENV);
      expect(existsSync(cache())).toBe(true);
      expect(codeFingerprint(project, ENV)).toBe(before);
      write('src/styles/tokens.css', ':root { --ink: #000; }\n');
      const when = new Date(Date.now() - 1800 * 1000);
      utimesSync(join(project, 'src/styles/tokens.css'), when, when);
      expect(codeFingerprint(project, ENV)).not.toBe(before);
    });

    it('changes when a page is added, though every file the stamp lists is as it was', () => {
      age(3600);
      const before = codeFingerprint(project, ENV);
      write('src/pages/about.astro', '<p>About</p>\n');
      const when = new Date(Date.now() - 3600 * 1000);
      utimesSync(join(project, 'src/pages/about.astro'), when, when);
      expect(codeFingerprint(project, ENV)).not.toBe(before);
    });

    it('makes do without a damaged or foreign stamp', () => {
      age(3600);
      const before = codeFingerprint(project, ENV);
      writeFileSync(cache(), '{"format":1,"root":');
      expect(codeFingerprint(project, ENV)).toBe(before);
      writeFileSync(cache(), JSON.stringify({ format: 1, root: '/elsewhere', inputs: [], digest: 'x' }));
      expect(codeFingerprint(project, ENV)).toBe(before);
      writeFileSync(cache(), JSON.stringify({ format: 1, root: project, inputs: [[1, 2]], digest: 'x' }));
      expect(codeFingerprint(project, ENV)).toBe(before);
    });
  });
});
