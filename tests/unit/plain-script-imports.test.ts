import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// ARCHITECTURE.md "Which part may import which" (issue 30): what the plain scripts of the
// catalogue, cart and search pages import statically is shipped before the first
// interaction, so they import only src/lib/domain, src/lib/search, jwt-decode and each
// other; and the staff pages' shared pieces keep the forms and zod out of every staff page.

const ROOT = resolve(import.meta.dirname, '../..');

/** The static imports of a file (`import … from`, `export … from`), not `import type` nor `import()`. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && !node.isTypeOnly) {
      found.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

/** Every file `entry` reaches through static imports (project files, relative to the root) and the packages. */
function reach(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const rel = relative(ROOT, file);
    if (files.has(rel)) return;
    files.add(rel);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
      else packages.add(spec);
    }
  };
  visit(resolve(ROOT, entry));
  return { files: [...files].sort(), packages: [...packages].sort() };
}

const allowed = (file: string) =>
  /^src\/page-scripts\/[\w-]+\.ts$/.test(file) ||
  file.startsWith('src/lib/domain/') ||
  file.startsWith('src/lib/search/');

describe('plain scripts before the first interaction', () => {
  for (const entry of ['first-paint.ts', 'site.ts', 'cart-page.ts', 'search-page.ts', 'search.ts']) {
    it(`src/page-scripts/${entry} reaches only src/page-scripts, src/lib/domain, src/lib/search and jwt-decode`, () => {
      const { files, packages } = reach(`src/page-scripts/${entry}`);
      expect(files.filter((f) => !allowed(f))).toEqual([]);
      // zod is allowed to lib/domain, but none of these may reach it: it is 15 kB on its own.
      // The delivery area's module (issue 31) and the search box's (issue 34) are files apart whose
      // URLs alone site.ts imports; the cart store's URL is a string (src/publish/client-integration.ts), not its code.
      const urls = ['virtual:aisle/delivery-area-url', 'virtual:aisle/search-box-url', 'virtual:aisle/cart-store-url'];
      expect(packages.filter((p) => p !== 'jwt-decode' && !urls.includes(p))).toEqual([]);
    });
  }

  // Issue 34: the box's code (the API search, Pagefind, the hit's prices) loads on its first focus or
  // key, by URL; imported by site.ts, it would be shared chunks on every catalogue page (layout.spec.ts).
  it('site.ts reaches none of the search box, the search libraries or the prices', () => {
    const { files } = reach('src/page-scripts/site.ts');
    expect(files.filter((f) => /search|pricing|money/.test(f))).toEqual([]);
  });

  it('the scripts React pages share stay out of the stores and islands', () => {
    for (const entry of ['cart-page.ts', 'search-page.ts']) {
      expect(reach(`src/page-scripts/${entry}`).files.filter((f) => /^src\/(stores|islands)\//.test(f))).toEqual([]);
    }
  });
});

describe('staff pages load only their islands’ code', () => {
  it('the publish banner (on every staff page) reaches neither the forms nor zod', () => {
    const { files, packages } = reach('src/islands/admin/PublishBanner.tsx');
    expect(files.filter((f) => /admin\/(form-state|spec-validator|FormShell|TextFields)\./.test(f))).toEqual([]);
    for (const forms of ['form-fields.ts', 'form-validation.ts', 'catalogue-forms.ts']) {
      expect(files).not.toContain(`src/lib/domain/${forms}`);
    }
    expect(packages).not.toContain('zod');
  });

  // Issue 29 item 5 / issue 30 item 3: one island a file, so a page without the shared
  // schemas' forms loads neither zod nor another page's island.
  for (const island of ['EmployeesAdmin', 'EndusersAdmin', 'RolesAdmin', 'OrdersBoard', 'LogViewer']) {
    it(`${island} reaches neither zod nor another page's island`, () => {
      const { files, packages } = reach(`src/islands/admin/${island}.tsx`);
      expect(packages).not.toContain('zod');
      expect(files).not.toContain('src/islands/admin/spec-validator.ts');
      const others = files.filter((f) => /admin\/[A-Z]\w*Admin\.tsx$/.test(f) && !f.endsWith(`/${island}.tsx`));
      expect(others).toEqual([]);
    });
  }
});
