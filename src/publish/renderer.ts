import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildStats } from '../lib/catalogue/build-stats.ts';
import type { Catalogue } from '../lib/catalogue/catalogue.ts';
import { shareCatalogue } from '../lib/catalogue/load.ts';
import { renderedLine } from '../lib/catalogue/site-integration.ts';
import { shareOnlyPages } from '../lib/catalogue/site-pages.ts';
import { listFiles } from './deploy-files.ts';
import { loadKeptRenderer, type RenderedFile } from './kept-renderer.ts';
import type { Phase, Reporter } from './progress.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { isAlive } from './rebuild-lock.ts';
import { NeedsFullBuild } from './run.ts';

/** The renderer: Astro, run over a shared catalogue for every page or only the named ones. */

export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(err: unknown): void } {
  let resolve: (value: T) => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Whoever needs the value awaits it; a failure nobody awaited yet is not an unhandled one.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** The pages an incremental rebuild rendered: their site paths, and their files by path relative to a build folder. */
export interface RenderedPages {
  rendered: string[];
  files: Map<string, Buffer>;
}

/**
 * Renders the changed pages of an incremental rebuild, started before the
 * rebuild knows which pages changed (it gets ready while the API starts and
 * the catalogue is read).
 */
export interface PageRenderer {
  /** `kept` (the last full build's compiled renderer) or `lean` (a second, lean Astro build). */
  kind: 'kept' | 'lean';
  /**
   * Renders these catalogue pages and (unless `keyless` is false) the pages
   * without keys. Throws `NeedsFullBuild` when the result cannot go beside the
   * live build's files.
   */
  render(paths: readonly string[], liveDir: string, keyless?: boolean): Promise<RenderedPages>;
  /** Lets the renderer go with nothing rendered. */
  abandon(): Promise<void>;
}

/**
 * A lean Astro build: Vite bundles the site again and Astro renders only the
 * named catalogue pages (`shareOnlyPages`) and the pages without keys. Used
 * when no renderer of this code is kept (its bundle must then match the live
 * site's `/_astro/` files, or the code changed after all).
 */
export function startLeanBuild(reporter: Reporter, catalogue: Promise<Catalogue>, staticPages: number): PageRenderer {
  const scratch = scratchDir('lean');
  const only = deferred<readonly string[]>();
  let abandoned = false;
  // An abandoned build shows no progress: it renders nothing anyone asked for.
  const total = only.promise.then((paths) => {
    if (abandoned) throw new Error('abandoned');
    return paths.filter((p) => p !== '/_redirects').length + staticPages;
  });
  const result = runAstro(reporter, scratch, catalogue, only.promise, total);
  result.catch(() => {});
  return {
    kind: 'lean',
    async render(paths, liveDir) {
      only.resolve(paths);
      try {
        const rendered = await result;
        const liveAssets = new Set(existsSync(join(liveDir, '_astro')) ? readdirSync(join(liveDir, '_astro')) : []);
        const assets = existsSync(join(scratch, '_astro')) ? readdirSync(join(scratch, '_astro')) : [];
        const foreign = assets.filter((a) => !liveAssets.has(a));
        if (foreign.length > 0) {
          throw new NeedsFullBuild(`the built scripts or styles differ from the live site's (${foreign[0]})`);
        }
        const files = new Map<string, Buffer>();
        for (const rel of listFiles(scratch, (r) => r === '_astro')) files.set(rel, await readFile(join(scratch, rel)));
        return { rendered, files };
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
    async abandon() {
      abandoned = true;
      only.resolve([]);
      await result.catch(() => {});
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * The compiled renderer kept by the last full build of this code
 * (`kept-renderer.ts`): renders the named catalogue pages and the live
 * site's pages without keys, with no bundling. Null when none is kept.
 */
export async function keptPageRenderer(
  reporter: Reporter,
  code: string,
  catalogue: Promise<Catalogue>,
  staticPages: readonly string[],
): Promise<PageRenderer | null> {
  const renderer = await loadKeptRenderer(code);
  if (renderer === null) return null;
  return {
    kind: 'kept',
    async render(paths, liveDir, keyless = true) {
      const stats = buildStats();
      stats.pagesRendered = 0;
      shareCatalogue(catalogue);
      shareOnlyPages(Promise.resolve(paths));
      const all = keyless ? [...paths, ...staticPages] : [...paths];
      const phase = reporter.phase('rendering', all.filter((p) => p !== '/_redirects').length, 'pages');
      const timer = setInterval(() => phase.update(stats.pagesRendered), 100);
      let out: RenderedFile[];
      try {
        // A renderer this process used before still holds the routes' pages of that catalogue.
        renderer.forget();
        out = await renderer.render(all);
      } finally {
        clearInterval(timer);
        phase.update(stats.pagesRendered);
        phase.end();
        shareCatalogue(null);
        shareOnlyPages(null);
      }
      reporter.log(renderedLine(out.length, stats.apiRequests));
      // The pages must only name scripts and styles the live build has (the same code made both).
      // A name ends at a quote of any kind: the inlined first script names the search box's file in a template.
      const assets = new Set(existsSync(join(liveDir, '_astro')) ? readdirSync(join(liveDir, '_astro')) : []);
      for (const f of out) {
        for (const m of f.body.toString('latin1').matchAll(/\/_astro\/([^"'`\s?#)]+)/g)) {
          if (!assets.has(m[1] as string)) {
            throw new NeedsFullBuild(`the kept renderer names a script or style the live site lacks (${m[1]})`);
          }
        }
      }
      return { rendered: out.map((f) => f.path), files: new Map(out.map((f) => [f.file, f.body])) };
    },
    async abandon() {},
  };
}

/**
 * Runs `astro build` into `outDir` over `catalogue`, limited to the catalogue
 * pages `only` names (every page when null); shows the rendering's progress
 * once the number of pages to render (`total`) is known. Resolves to the paths
 * of the pages Astro rendered.
 */
export async function runAstro(
  reporter: Reporter,
  outDir: string,
  catalogue: Promise<Catalogue>,
  only: Promise<readonly string[]> | null,
  total: Promise<number>,
): Promise<string[]> {
  rmSync(outDir, { recursive: true, force: true });
  const stats = buildStats();
  stats.pagesRendered = 0;
  stats.renderedPaths = [];
  shareCatalogue(catalogue);
  shareOnlyPages(only);
  stats.orchestrated = true;
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  let phase: Phase | undefined;
  let timer: NodeJS.Timeout | undefined;
  total.then(
    (n) => {
      stats.pagesRendered = 0;
      phase = reporter.phase('rendering', n, 'pages');
      timer = setInterval(() => phase?.update(stats.pagesRendered), 100);
    },
    () => {},
  );
  try {
    const { build } = await import('astro');
    // A lean build skips Astro's type generation (`sync`): it changes no page, and the
    // full builds and `astro check` keep the types up to date. The option is internal
    // to Astro's build (the version is pinned); the public type does not list it.
    const internal = { sync: only === null } as Parameters<typeof build>[1];
    await build({ root: PROJECT_ROOT, outDir, logLevel: 'warn' }, internal);
  } finally {
    clearInterval(timer);
    phase?.update(stats.pagesRendered);
    phase?.end();
    stats.orchestrated = false;
    shareCatalogue(null);
    shareOnlyPages(null);
  }
  reporter.log(renderedLine(stats.renderedPaths.length, stats.apiRequests));
  return stats.renderedPaths;
}

/** Astro's own scratch folders go inside the project (see docs/design/rebuilds.md). */
export function scratchDir(kind: 'full' | 'lean'): string {
  return join(PROJECT_ROOT, '.astro', `site-${kind}-${process.pid}`);
}

/** Removes this process's scratch folder of that kind. */
export function removeScratch(kind: 'full' | 'lean'): void {
  rmSync(scratchDir(kind), { recursive: true, force: true });
}

/** Removes scratch folders of rebuilds that died (any process id no longer running). */
export function removeDeadScratch(): void {
  const dir = join(PROJECT_ROOT, '.astro');
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const m = /^site-(full|lean)-(\d+)/.exec(name);
    if (m === null) continue;
    const pid = Number(m[2]);
    const alive = pid === process.pid || isAlive(pid);
    if (!alive) rmSync(join(dir, name), { recursive: true, force: true });
  }
}
