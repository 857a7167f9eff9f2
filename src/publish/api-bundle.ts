import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from './project-root.ts';

/**
 * The in-process API's worker (`api-worker.ts`) bundled into one file, kept
 * beside V8's compile cache. Loading the server from its ~700 source and
 * package files takes Node about 0.3 s (resolving, reading and stripping
 * types file by file); one bundle loads in about 0.1 s, and the API starting
 * is what a one-item rebuild waits for first.
 *
 * The bundle is a cache: it is used only while every file it was made from
 * still has the size and modification time it had then (a stamp beside it
 * lists them), and is written again after a rebuild that found it stale. Each
 * module's `import.meta.url` and `import.meta.dirname` are its source file's,
 * so paths a module finds beside itself are the same bundled or not.
 */

/** Where the bundle is kept: beside V8's compile cache. */
export const API_BUNDLE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'aisle');
const bundleFile = (dir: string) => join(dir, 'api-worker.mjs');
const stampFile = (dir: string) => `${bundleFile(dir)}.inputs.json`;
const ENTRY = join(PROJECT_ROOT, 'src', 'publish', 'api-worker.ts');
/** Changes whenever the bundle's options below change, so older bundles count as stale. */
const FORMAT = 2;
/** Packages loaded from node_modules at run time: native addons, and the large ones the API imports only on demand. */
const EXTERNAL = ['sharp', 'exceljs', 'pg-native', '@node-rs/*'];

interface Stamp {
  format: number;
  node: string;
  inputs: [file: string, size: number, mtimeMs: number][];
}

/** The bundle's path when it is up to date with every file it was made from; else null. */
export function freshApiBundle(dir = API_BUNDLE_DIR): string | null {
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(dir), 'utf8')) as Stamp;
    statSync(bundleFile(dir));
  } catch {
    return null;
  }
  if (stamp.format !== FORMAT || stamp.node !== process.version) return null;
  for (const [file, size, mtimeMs] of stamp.inputs) {
    const s = statSync(file, { throwIfNoEntry: false });
    if (s === undefined || s.size !== size || s.mtimeMs !== mtimeMs) return null;
  }
  return bundleFile(dir);
}

/** Makes the bundle stale (its stamp goes), as a change to a file it was made from would. */
export function forgetApiBundle(dir = API_BUNDLE_DIR): void {
  rmSync(stampFile(dir), { force: true });
}

/** Bundles `api-worker.ts` and everything it imports (esbuild), replacing the bundle and its stamp atomically. */
export async function writeApiBundle(dir = API_BUNDLE_DIR): Promise<void> {
  const { build } = await import('esbuild');
  await mkdir(dir, { recursive: true });
  const bundle = bundleFile(dir);
  const stamp = stampFile(dir);
  const tmp = `${bundle}.${process.pid}.${Date.now()}.tmp`;
  const started = Date.now();
  try {
    const result = await build({
      entryPoints: [ENTRY],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: `node${process.versions.node.split('.')[0]}`,
      external: EXTERNAL,
      metafile: true,
      logLevel: 'silent',
      // CommonJS packages inside an ES module still call require().
      banner: {
        js: "import { createRequire as __aisleRequire } from 'node:module';\nconst require = __aisleRequire(import.meta.url);",
      },
      plugins: [
        {
          name: 'source-import-meta',
          setup(b) {
            // Every module is read here once (esbuild reads no file an onLoad callback answers for).
            b.onLoad({ filter: /\.(?:[cm]?js|m?ts)$/ }, (args) => ({
              contents: readFileSync(args.path, 'utf8')
                .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
                .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
                .replaceAll('import.meta.filename', JSON.stringify(args.path)),
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
