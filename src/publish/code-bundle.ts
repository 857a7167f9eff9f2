import { spawn } from 'node:child_process';
import { readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from './project-root.ts';

/**
 * A module and everything it imports bundled into one file with esbuild, kept
 * beside V8's compile cache: the in-process API's worker (`api-worker.ts`) and
 * the rebuild's own code (`rebuild-command.ts`). Loading either from its
 * hundreds of source and package files takes Node about twice the CPU time of
 * one bundle (resolving, reading and stripping types file by file), and a
 * one-item rebuild waits for both before anything else.
 *
 * A bundle is a cache: it is used only while every file it was made from lies in
 * this checkout (or its own node_modules) and still has the size and
 * modification time it had then (a stamp beside it lists them): a bundle copied
 * or hard-linked from another checkout vouches for that checkout's files, not
 * this one's. It is written again by the rebuild that found it stale, after its
 * pages are live. Each module's `import.meta.url`, `import.meta.dirname` and
 * `import.meta.filename` are its source file's, so paths a module finds beside
 * itself (a worker thread's entry, the project's root) are the same bundled or
 * not.
 */

/** One bundle: its entry module and the name of the file it is kept in. */
export interface CodeBundle {
  entry: string;
  file: string;
}

/** The in-process API's worker thread. */
export const API_WORKER_BUNDLE: CodeBundle = {
  entry: join(PROJECT_ROOT, 'src', 'publish', 'api-worker.ts'),
  file: 'api-worker.mjs',
};

/** Everything `npm run rebuild` runs once the API is starting (`scripts/rebuild.ts`). */
export const REBUILD_BUNDLE: CodeBundle = {
  entry: join(PROJECT_ROOT, 'src', 'publish', 'rebuild-command.ts'),
  file: 'rebuild.mjs',
};

/** Where the bundles are kept: beside V8's compile cache. */
export const BUNDLE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'aisle');
const bundleFile = (b: CodeBundle, dir: string) => join(dir, b.file);
const stampFile = (b: CodeBundle, dir: string) => `${bundleFile(b, dir)}.inputs.json`;
/** Changes whenever the bundles' options below change, so older bundles count as stale. */
const FORMAT = 4;
/**
 * Packages loaded from node_modules at run time: native addons, the large ones loaded only on
 * demand (workbooks, pictures, tax invoices: pdfkit also reads its fonts' metrics from files
 * beside its code), and the tools a full build runs (Astro, Vite, Pagefind, esbuild).
 */
const EXTERNAL = ['sharp', 'exceljs', 'pdfkit', 'pg-native', '@node-rs/*', 'astro', 'vite', 'pagefind', 'esbuild'];
// Spelled so that this file's own text never matches what the plugin below replaces.
const META = 'import.meta';

interface Stamp {
  format: number;
  node: string;
  inputs: [file: string, size: number, mtimeMs: number][];
}

/** The folders a bundle's inputs may lie in: this checkout, and its node_modules wherever that really is. */
function checkoutRoots(root: string): string[] {
  const roots = [resolve(root)];
  try {
    roots.push(realpathSync(join(root, 'node_modules')));
  } catch {
    // No node_modules of its own: the checkout alone.
  }
  return roots.map((r) => (r.endsWith(sep) ? r : r + sep));
}

/**
 * The bundle's path when every file it was made from lies under `root` (the checkout, or its
 * node_modules) and is unchanged since; else null.
 */
export function freshBundle(b: CodeBundle, dir = BUNDLE_DIR, root = PROJECT_ROOT): string | null {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(b, dir), 'utf8')) as Stamp;
    statSync(bundleFile(b, dir));
  } catch {
    return null;
  }
  if (stamp.format !== FORMAT || stamp.node !== process.version || !Array.isArray(stamp.inputs)) return null;
  const roots = checkoutRoots(root);
  for (const input of stamp.inputs) {
    if (!Array.isArray(input)) return null;
    const [file, size, mtimeMs] = input;
    if (typeof file !== 'string' || !isAbsolute(file) || resolve(file) !== file) return null;
    if (!roots.some((r) => file.startsWith(r))) return null;
    const s = statSync(file, { throwIfNoEntry: false });
    if (s === undefined || s.size !== size || s.mtimeMs !== mtimeMs) return null;
  }
  return bundleFile(b, dir);
}

/** Makes the bundle stale (its stamp goes), as a change to a file it was made from would. */
export function forgetBundle(b: CodeBundle, dir = BUNDLE_DIR): void {
  rmSync(stampFile(b, dir), { force: true });
}

/** Bundles being written in this process now: esbuild's service stops when the last one is done. */
let writing = 0;

/**
 * Bundles `b.entry` and everything it imports (esbuild), replacing the bundle and its stamp atomically.
 * esbuild's service (a process of its own, about 120 MB) is stopped once no bundle is being written:
 * a full build writes the API's bundle as it starts rendering, and the service would otherwise stay
 * beside it to the end, in the build's process tree (issue 30: under 1.5 GiB at 250,000 items). A
 * later call starts it again.
 */
export async function writeBundle(b: CodeBundle, dir = BUNDLE_DIR): Promise<void> {
  const esbuild = await import('esbuild');
  writing++;
  try {
    await bundleWith(esbuild.build, b, dir);
  } finally {
    if (--writing === 0) await esbuild.stop();
  }
}

async function bundleWith(build: typeof import('esbuild').build, b: CodeBundle, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const bundle = bundleFile(b, dir);
  const stamp = stampFile(b, dir);
  const tmp = `${bundle}.${process.pid}.${Date.now()}.tmp`;
  const started = Date.now();
  try {
    const result = await build({
      entryPoints: [b.entry],
      outfile: tmp,
      // The metafile's input paths are relative to this folder.
      absWorkingDir: PROJECT_ROOT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      external: EXTERNAL,
      metafile: true,
      logLevel: 'silent',
      // CommonJS packages inside an ES module still call require().
      banner: {
        js: `import { createRequire as __aisleRequire } from 'node:module';\nconst require = __aisleRequire(${META}.url);`,
      },
      plugins: [
        {
          name: 'source-import-meta',
          setup(builder) {
            // Every module is read here once (esbuild reads no file an onLoad callback answers for).
            builder.onLoad({ filter: /\.(?:[cm]?js|m?ts)$/ }, (args) => ({
              contents: readFileSync(args.path, 'utf8')
                .replaceAll(`${META}.url`, JSON.stringify(pathToFileURL(args.path).href))
                .replaceAll(`${META}.dirname`, JSON.stringify(dirname(args.path)))
                .replaceAll(`${META}.filename`, JSON.stringify(args.path)),
              loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js',
            }));
          },
        },
      ],
    });
    const inputs = Object.keys(result.metafile?.inputs ?? {})
      .map((file) => resolve(PROJECT_ROOT, file))
      .map((file): [string, number, number] => {
        const s = statSync(file);
        return [file, s.size, s.mtimeMs];
      });
    // A file edited while esbuild read it may be in the bundle as it was: no stamp, so the next rebuild bundles again.
    if (inputs.some(([, , mtimeMs]) => mtimeMs >= started - 1000)) return;
    const made: Stamp = { format: FORMAT, node: process.version, inputs };
    // The stamp goes last and is checked first: a bundle without its own stamp is never used.
    rmSync(stamp, { force: true });
    renameSync(tmp, bundle);
    writeFileSync(`${stamp}.tmp${process.pid}`, JSON.stringify(made));
    renameSync(`${stamp}.tmp${process.pid}`, stamp);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Loads a bundled module: from its bundle while that is up to date, else from its sources
 * (`fromSources`; `stale`: the caller writes the bundle again once done, `writeBundle`). A bundle
 * that fails to load is only a cache: the sources load instead, and it is written again.
 */
export async function loadBundled<T>(
  b: CodeBundle,
  fromSources: () => Promise<T>,
  log: (line: string) => void,
  dir = BUNDLE_DIR,
): Promise<{ module: T; stale: boolean }> {
  const bundle = freshBundle(b, dir);
  if (bundle !== null) {
    try {
      return { module: (await import(pathToFileURL(bundle).href)) as T, stale: false };
    } catch (err) {
      log(`Build: the bundle ${b.file} did not load (${(err as Error).message}); loading its sources.`);
    }
  }
  return { module: await fromSources(), stale: true };
}

/**
 * Writes the bundle in a process of its own that outlives this one (esbuild takes seconds on a
 * busy machine, and a command that has done its work should not wait for a cache).
 */
export function writeBundleDetached(b: CodeBundle, dir = BUNDLE_DIR): void {
  const script = `import(${JSON.stringify(import.meta.url)}).then((m) => m.writeBundle(${JSON.stringify(b)}, ${JSON.stringify(dir)})).catch(() => {});`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { detached: true, stdio: 'ignore' });
  child.once('error', () => {});
  child.unref();
}
