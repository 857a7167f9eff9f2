import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * The build code that starts that API in a thread of its own and talks to it: like the API, it
 * serves the catalogue and shapes no page, so a change to how the API starts keeps the kept
 * renderer and the next rebuild incremental.
 */
const API_STARTERS = new Set(['src/publish/api-worker.ts', 'src/publish/catalogue-source.ts']);

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
 * beyond the header policy, nor the build code that starts the API (`API_STARTERS`).
 */
export function siteShapingFiles(projectRoot: string): string[] {
  const root = resolve(projectRoot);
  const seen = new Set<string>();
  const queue: string[] = [];
  const add = (file: string) => {
    const rel = relative(root, file).split(sep).join('/');
    if (rel.startsWith('..') || rel.startsWith('node_modules/') || seen.has(rel)) return;
    if (rel.startsWith('src/server/') && !SERVER_FILES.has(rel)) return;
    if (API_STARTERS.has(rel)) return;
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
export function codeFingerprint(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
  cacheFile = join(projectRoot, 'node_modules', '.cache', 'aisle', 'code-fingerprint.json'),
): string {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n${buildSettings(env).join('\n')}\n`);
  hash.update(filesDigest(resolve(projectRoot), cacheFile));
  return hash.digest('base64url').slice(0, 32);
}

/**
 * What the digest of the site-shaping files was made from: each file's and each folder's
 * size and modification time (a folder's changes when a file is added to or removed from it).
 */
interface FilesStamp {
  format: 1;
  root: string;
  /** [path relative to the root, size, mtimeMs]; folders too (`''` is the root). */
  inputs: [string, number, number][];
  digest: string;
}

/** Stamps record only files older than this: a file written in the same clock tick as its stamp would keep its time. */
const SETTLED_MS = 2000;

/**
 * The digest of the site-shaping files' names and bytes. Reading, following and hashing them
 * costs a rebuild 20–30 ms of CPU; while every file and folder it was made from keeps its size
 * and modification time, the digest kept in `cacheFile` is taken instead (one stat each).
 */
function filesDigest(root: string, cacheFile: string): string {
  const kept = keptDigest(root, cacheFile);
  if (kept !== null) return kept;
  const started = Date.now();
  const files = siteShapingFiles(root);
  const hash = createHash('sha256');
  for (const rel of files) {
    hash
      .update(`${rel}\0`)
      .update(readFileSync(join(root, rel)))
      .update('\0');
  }
  const digest = hash.digest('base64url');
  try {
    const folders = new Set(['', ...ROOTS.map((r) => dirname(r)), ...files.map((f) => dirname(f))]);
    const inputs: [string, number, number][] = [];
    for (const rel of [...folders, ...files]) {
      const s = statSync(join(root, rel === '.' ? '' : rel));
      inputs.push([rel === '.' ? '' : rel, s.isDirectory() ? 0 : s.size, s.mtimeMs]);
    }
    // Walked folders (the roots and every folder below them) count too: a new page is a new file in one.
    for (const r of ROOTS)
      for (const dir of foldersUnder(join(root, r))) inputs.push([relative(root, dir), 0, statSync(dir).mtimeMs]);
    if (inputs.some(([, , mtimeMs]) => mtimeMs >= started - SETTLED_MS)) return digest;
    const stamp: FilesStamp = { format: 1, root, inputs, digest };
    mkdirSync(dirname(cacheFile), { recursive: true });
    const tmp = `${cacheFile}.tmp-${process.pid}`;
    writeFileSync(tmp, JSON.stringify(stamp));
    renameSync(tmp, cacheFile);
  } catch {
    // Only a cache: the next rebuild hashes the files again.
  }
  return digest;
}

function foldersUnder(path: string): string[] {
  if (!existsSync(path) || !statSync(path).isDirectory()) return [];
  const out = [path];
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) out.push(...foldersUnder(join(path, entry.name)));
  }
  return out;
}

/** The kept digest while everything it was made from is as it was; else null (also for a damaged stamp). */
function keptDigest(root: string, cacheFile: string): string | null {
  let stamp: FilesStamp;
  try {
    stamp = JSON.parse(readFileSync(cacheFile, 'utf8')) as FilesStamp;
  } catch {
    return null;
  }
  if (stamp?.format !== 1 || stamp.root !== root || typeof stamp.digest !== 'string' || !Array.isArray(stamp.inputs)) {
    return null;
  }
  for (const input of stamp.inputs) {
    if (!Array.isArray(input) || typeof input[0] !== 'string') return null;
    const [rel, size, mtimeMs] = input;
    const s = statSync(join(root, rel), { throwIfNoEntry: false });
    if (s === undefined || (s.isDirectory() ? 0 : s.size) !== size || s.mtimeMs !== mtimeMs) return null;
  }
  return stamp.digest;
}
