import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildStats } from '../lib/catalogue/build-stats.ts';
import type { Catalogue } from '../lib/catalogue/catalogue.ts';
import { shareCatalogue } from '../lib/catalogue/load.ts';
import { renderedLine } from '../lib/catalogue/site-integration.ts';
import { shareOnlyPages } from '../lib/catalogue/site-pages.ts';
import type { Phase, Reporter } from './progress.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { isAlive } from './site-folders.ts';

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

/**
 * A lean Astro build started before the rebuild knows which pages changed:
 * Vite bundles the site while the API starts and the catalogue is read.
 */
export interface LeanBuild {
  /** Renders these catalogue pages (and the pages without keys); resolves to the paths Astro rendered. */
  render(paths: readonly string[]): Promise<string[]>;
  /** Lets the build end with no catalogue page to render, and forgets it. */
  abandon(): Promise<void>;
  scratch: string;
}

export function startLeanBuild(reporter: Reporter, catalogue: Promise<Catalogue>, staticPages: number): LeanBuild {
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
    scratch,
    render(paths) {
      only.resolve(paths);
      return result;
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

/** Astro's own scratch folders go inside the project (see ARCHITECTURE.md "Rebuilds"). */
export function scratchDir(kind: 'full' | 'lean'): string {
  return join(PROJECT_ROOT, '.astro', `site-${kind}-${process.pid}`);
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
