import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The layers of src/server and their import rules (ARCHITECTURE.md "The server's layers"),
// checked on the import graph that TypeScript's own pre-processor reads from each file
// (`import`, `import type`, `export … from` and dynamic `import()` all count).

const SERVER = resolve(import.meta.dirname, '../../src/server');

type Graph = Map<string, string[]>;

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each file of src/server (relative to it) with the files of src/server it imports. */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of serverFiles(SERVER)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(file), name))
      .filter((target) => target.startsWith(`${SERVER}/`))
      .map((target) => relative(SERVER, target));
    graph.set(relative(SERVER, file), targets);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): the import cycles. */
function importCycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

function importsWhere(graph: Graph, from: (f: string) => boolean, to: (t: string) => boolean): string[] {
  return [...graph].flatMap(([file, targets]) =>
    from(file) ? targets.filter(to).map((target) => `${file} -> ${target}`) : [],
  );
}

const isRoute = (f: string) => f.startsWith('routes/');
/** The foundation: what every layer above may use, and which uses nothing above it. */
const isFoundation = (f: string) =>
  f.startsWith('http/') ||
  (f.startsWith('db/') && f !== 'db/seed.ts' && !f.startsWith('db/seed/')) ||
  ['errors.ts', 'logger.ts', 'metrics.ts'].includes(f);
/** What only use cases call, never a route: the throttles, password hashing, mail and the audit log's writer. */
const USE_CASE_ONLY = [
  'audit.ts',
  'auth/throttle.ts',
  'auth/anon-throttle.ts',
  'auth/passwords.ts',
  'mail.ts',
  'mail-queue.ts',
  'mail-templates.ts',
];
/** The auth files that speak HTTP: the middleware and the reading of the caller's address. */
const AUTH_HTTP = ['auth/middleware.ts', 'auth/address.ts'];
/** The servers that start the API (and the API itself). */
const SERVERS = ['app.ts', 'runtime.ts', 'site-server.ts', 'serve-shop.ts'];
/** The API's two compositions of routes: the whole API, and the build's reads (a rebuild's in-process API). */
const APPS = ['app.ts', 'catalogue-app.ts'];

describe('src/server import rules', () => {
  const graph = importGraph();

  it('reads the real graph', () => {
    expect(graph.get('app.ts')).toContain('routes/order.ts');
    expect(graph.get('catalogue-app.ts')).toContain('routes/item.ts');
    expect(graph.size).toBeGreaterThan(50);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const cyclic: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(cyclic)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(new Map([['a.ts', ['a.ts']]]))).toEqual([['a.ts']]);
  });

  it('lets only the API apps (app.ts, catalogue-app.ts) import a route module', () => {
    expect(importsWhere(graph, (f) => !APPS.includes(f), isRoute)).toEqual([]);
  });

  it("keeps the whole API out of the build's API and of what starts a server", () => {
    // A rebuild's in-process API loads catalogue-app.ts and runtime.ts only (issue 30: a one-item rebuild waits for them).
    const reach = (from: string) => {
      const seen = new Set<string>();
      const visit = (f: string) => {
        if (seen.has(f)) return;
        seen.add(f);
        for (const t of graph.get(f) ?? []) visit(t);
      };
      visit(from);
      return seen;
    };
    for (const light of ['catalogue-app.ts', 'runtime.ts']) {
      const reached = reach(light);
      expect(reached.has('app.ts'), light).toBe(false);
      expect(
        [...reached].filter((f) => f.startsWith('routes/order')),
        light,
      ).toEqual([]);
    }
  });

  it('lets only the servers import app.ts', () => {
    expect(
      importsWhere(
        graph,
        (f) => !SERVERS.includes(f),
        (t) => t === 'app.ts',
      ),
    ).toEqual([]);
  });

  it('keeps the foundation (db, http, errors, logger, metrics) below every resource', () => {
    expect(importsWhere(graph, isFoundation, (t) => !isFoundation(t))).toEqual([]);
  });

  it('keeps SQL out of the routes: no route imports kysely, the query helpers or paginate()', () => {
    const sqlImports = [...graph.keys()].filter(isRoute).flatMap((file) =>
      ts
        .preProcessFile(readFileSync(join(SERVER, file), 'utf8'), true, true)
        .importedFiles.map((f) => f.fileName)
        .filter((name) => name === 'kysely' || /\/db\/(query|paginate|connection)\.ts$/.test(name))
        .map((name) => `${file} -> ${name}`),
    );
    expect(sqlImports).toEqual([]);
  });

  it('keeps use cases out of the routes: no route imports the throttle, hashing, mail or audit modules', () => {
    for (const file of USE_CASE_ONLY) expect(graph.has(file), file).toBe(true);
    expect(importsWhere(graph, isRoute, (t) => USE_CASE_ONLY.includes(t))).toEqual([]);
    expect(
      importsWhere(new Map([['routes/x.ts', ['auth/passwords.ts']]]), isRoute, (t) => USE_CASE_ONLY.includes(t)),
    ).toEqual(['routes/x.ts -> auth/passwords.ts']);
  });

  it("keeps the account use cases free of Hono: only the auth middleware reads a request's context", () => {
    const honoImports = [...graph.keys()]
      .filter((f) => f.startsWith('auth/') && !AUTH_HTTP.includes(f))
      .flatMap((file) =>
        ts
          .preProcessFile(readFileSync(join(SERVER, file), 'utf8'), true, true)
          .importedFiles.map((f) => f.fileName)
          .filter((name) => name === 'hono' || name.startsWith('hono/'))
          .map((name) => `${file} -> ${name}`),
      );
    expect(honoImports).toEqual([]);
  });

  it('keeps deps.ts to types', () => {
    const source = readFileSync(join(SERVER, 'deps.ts'), 'utf8');
    const valueImports = source.split('\n').filter((line) => /^import (?!type )/.test(line));
    expect(valueImports).toEqual([]);
  });
});
