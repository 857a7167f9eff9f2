import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * Where the site's shape starts: every file under these folders, and whatever
 * they import. The API (routes, services, seed data) is not among them: it
 * shapes the pages only through the catalogue, which the page keys cover.
 */
const ROOTS = [
  'src/pages',
  'src/layouts',
  'src/components',
  'src/islands',
  'src/stores',
  'src/page-scripts',
  'src/styles',
  'src/publish',
  'src/client.d.ts',
  'src/virtual-modules.d.ts',
  // The header policy `_headers` is written from.
  'src/server/site-headers.ts',
  'public',
  'astro.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];

/**
 * Files of `src/server/` the site's shape may depend on. The build code imports the
 * API to start it in-process (the catalogue source), which does not shape a page.
 */
const SERVER_FILES = new Set(['src/server/site-headers.ts']);

const SOURCE = /\.(?:ts|tsx|mts|js|mjs|jsx|astro|css)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.astro', '/index.ts', '/index.tsx', '/index.js'];
/** Relative module specifiers: `from './x'`, `import './x'`, `import('./x')`, CSS `@import './x'`. */
const SPECIFIER = /(?:\bfrom|\bimport|@import)\s*\(?\s*['"](\.{1,2}\/[^'"\n]+)['"]/g;

/** Settings that change the built pages (origins in canonical links, the API the islands call). */
function buildSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((k) => k.startsWith('PUBLIC_') || k === 'SITE_URL' || k === 'HOST' || k === 'PORT')
    .sort()
    .map((k) => `${k}=${env[k]}`);
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/[?#].*$/, ''));
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The files that shape the built site, relative to `projectRoot` and sorted:
 * everything under the roots (pages, layouts, components, islands, stores,
 * scripts, styles, the build code, public files, the config and lock file)
 * and every project file they import, following imports; never `src/server/`
 * beyond the header policy.
 */
export function siteShapingFiles(projectRoot: string): string[] {
  const root = resolve(projectRoot);
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (file: string) => {
    const rel = relative(root, file).split(sep).join('/');
    if (rel.startsWith('..') || rel.startsWith('node_modules/') || seen.has(rel)) return;
    if (rel.startsWith('src/server/') && !SERVER_FILES.has(rel)) return;
    seen.add(rel);
    queue.push(file);
  };
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isFile()) {
      add(path);
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = join(path, entry.name);
      if (entry.isDirectory() || entry.isFile()) walk(child);
    }
  };
  for (const r of ROOTS) walk(join(root, r));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (!SOURCE.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const target = resolveImport(file, m[1] as string);
      if (target !== null) add(target);
    }
  }
  return [...seen].sort();
}

/**
 * A digest of everything but the catalogue that shapes a build's pages: the
 * site-shaping files (`siteShapingFiles`), the build settings and the Node
 * version. Two builds with the same fingerprint render the same rows into the
 * same bytes; a change to the API's routes, services or seed data keeps it.
 */
export function codeFingerprint(projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n${buildSettings(env).join('\n')}\n`);
  for (const rel of siteShapingFiles(projectRoot)) {
    hash
      .update(`${rel}\0`)
      .update(readFileSync(join(projectRoot, rel)))
      .update('\0');
  }
  return hash.digest('base64url').slice(0, 32);
}
