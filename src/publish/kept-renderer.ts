import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { buildChannel } from '../lib/catalogue/build-channel.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { eachAtMost } from './render-pool.ts';

/**
 * The kept renderer: Astro's compiled prerender bundle of the last full build,
 * kept beside the project so that an incremental rebuild renders the changed
 * pages with it, without running Vite again.
 *
 * A full build bundles the site (Vite) and renders every page with the bundle's
 * `app` (`astro/entrypoints/prerender`), then deletes the bundle. The
 * integration below wraps Astro's default prerenderer (`setPrerenderer`, the
 * public hook for adapters): once Astro has loaded the bundle, it copies the
 * bundle's folder to `.astro/renderer/{code fingerprint}/` with the little the
 * bundle takes from the build at run time (`renderer.json`: each page's styles,
 * the inline head scripts, the page script's file, the origin). A rebuild with
 * the same fingerprint loads that bundle and renders pages with `app.render()`,
 * as Astro's own generation step does.
 */

/** The file beside the kept bundle that holds what the bundle needs from the build. */
const SNAPSHOT = 'renderer.json';

interface Snapshot {
  version: 1;
  /** The bundle's entry, relative to its folder. */
  entry: string;
  /** Astro's origin for page requests (`Astro.url`). */
  origin: string;
  /** `settings.scripts`: the integrations' injected scripts. */
  scripts: unknown[];
  /** `internals.pagesByKeys`: each route's page data (its styles). */
  pages: [string, { styles: unknown[] }][];
  /** `internals.entrySpecifierToBundleMap`. */
  bundles: [string, string][];
}

/** Where the renderer of the code with this fingerprint is kept. */
export function keptRendererDir(code: string): string {
  return join(PROJECT_ROOT, '.astro', 'renderer', code);
}

/** True when a renderer of the code with this fingerprint is kept. */
export function hasKeptRenderer(code: string): boolean {
  return existsSync(join(keptRendererDir(code), SNAPSHOT));
}

/** The coming build keeps its renderer in `dir` (`null`: it keeps none). */
export function keepRendererIn(dir: string | null): void {
  buildChannel().keepRendererIn = dir;
}

/** A renderer of other code is removed once it has not been kept again for this long. */
const OTHER_RENDERER_MS = 60 * 60 * 1000;

/**
 * Removes the kept renderers of other code (other sources or settings) that no
 * full build kept in the last hour: a rebuild of another site folder in the
 * same project may still be using a recent one.
 */
export function dropOtherRenderers(keep: string): void {
  const root = join(PROJECT_ROOT, '.astro', 'renderer');
  if (!existsSync(root)) return;
  for (const name of readdirSync(root)) {
    const dir = join(root, name);
    if (dir === keep) continue;
    try {
      if (Date.now() - statSync(dir).mtimeMs > OTHER_RENDERER_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

interface BuildAppLike {
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
}

/** Copies the loaded bundle and what it needs from the build into `target`, atomically. */
function keep(target: string, bundleDir: string, entry: string, internals: unknown, options: unknown): void {
  const i = internals as {
    pagesByKeys: Map<string, { styles: unknown[] }>;
    entrySpecifierToBundleMap: Map<string, string>;
  };
  const o = options as { origin: string; settings: { scripts: unknown[] } };
  const snapshot: Snapshot = {
    version: 1,
    entry,
    origin: o.origin,
    scripts: o.settings.scripts,
    pages: [...i.pagesByKeys].map(([key, data]) => [key, { styles: data.styles }]),
    bundles: [...i.entrySpecifierToBundleMap],
  };
  // The same code makes the same bundle: one kept already (by a build of another site folder) stays.
  if (existsSync(join(target, SNAPSHOT))) {
    const now = new Date();
    utimesSync(target, now, now);
    return;
  }
  const tmp = `${target}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  cpSync(bundleDir, tmp, { recursive: true });
  writeFileSync(join(tmp, SNAPSHOT), JSON.stringify(snapshot));
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(tmp, target);
  } catch {
    // Another build kept the same renderer meanwhile.
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The Astro integration that keeps a full build's renderer when the rebuild
 * asked for it (`keepRendererIn`); a plain `astro build` keeps nothing.
 */
export function rendererKeeper(): AstroIntegration {
  let outDir: URL | undefined;
  return {
    name: 'aisle:renderer-keeper',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:build:start': ({ setPrerenderer }) => {
        const target = buildChannel().keepRendererIn;
        if (typeof target !== 'string' || outDir === undefined) return;
        // Astro writes the bundle to `.prerender/` in the output folder (the rebuild's output is inside the project).
        const bundleDir = fileURLToPath(new URL('./.prerender/', outDir));
        setPrerenderer(
          (standard: AstroPrerenderer): AstroPrerenderer => ({
            ...standard,
            name: 'aisle:kept',
            async setup() {
              const entry = readdirSync(bundleDir).find((n) => /^prerender-entry\..*\.mjs$/.test(n));
              let internals: unknown;
              let options: unknown;
              if (entry !== undefined) {
                // The standard setup imports this same module, so it calls these on this very app.
                const { app } = (await import(pathToFileURL(join(bundleDir, entry)).href)) as { app: BuildAppLike };
                const setInternals = app.setInternals.bind(app);
                const setOptions = app.setOptions.bind(app);
                app.setInternals = (value) => {
                  internals = value;
                  setInternals(value);
                };
                app.setOptions = (value) => {
                  options = value;
                  setOptions(value);
                };
              }
              await standard.setup?.();
              if (entry !== undefined && internals !== undefined && options !== undefined) {
                keep(target, bundleDir, entry, internals, options);
              }
            },
          }),
        );
      },
    },
  };
}

interface RouteLike {
  type: string;
  params: string[];
  route: string;
  component: string;
}

interface KeptApp extends BuildAppLike {
  routeCache: { clearAll(): void };
  match(request: Request, allowPrerenderedRoutes: boolean): RouteLike | undefined;
  render(request: Request, opts: { routeData: RouteLike }): Promise<Response>;
}

/** One page or file the kept renderer wrote, by site path and by file relative to the output folder. */
export interface RenderedFile {
  path: string;
  file: string;
  body: Buffer;
}

export interface KeptRenderer {
  /**
   * Renders the pages at `paths` (catalogue pages must be in the shared set, see `shareOnlyPages`).
   * With `onFile`, each file is handed to it as soon as it is rendered and not kept (at most
   * `concurrency` are held at a time); without, they are returned.
   */
  render(
    paths: readonly string[],
    concurrency?: number,
    onFile?: (file: RenderedFile) => Promise<void>,
  ): Promise<RenderedFile[]>;
  /** Forgets the routes' `getStaticPaths()` results, so the next `render` may name other pages. */
  forget(): void;
}

const STATUS_PAGES = new Set(['/404', '/500']);

/** The file Astro writes for `path` (build format `directory`). */
function outFile(path: string, route: RouteLike): string {
  const rel = path.replace(/^\/+|\/+$/g, '');
  if (route.type === 'endpoint') return rel;
  if (STATUS_PAGES.has(`/${rel}`)) return `${rel}.html`;
  return rel === '' ? 'index.html' : `${rel}/index.html`;
}

/** The URL Astro requests `path` at (build format `directory`, trailing slash `ignore`). */
function requestUrl(origin: string, path: string, route: RouteLike): URL {
  const rel = path.replace(/^\/+|\/+$/g, '');
  if (rel === '') return new URL('/', origin);
  return new URL(route.type === 'endpoint' ? `/${rel}` : `/${rel}/`, origin);
}

/**
 * The renderers this process loaded, by code fingerprint: a long-lived rebuild process
 * (`--watch`, `--every`) loads each once (its modules stay loaded anyway) and forgets the
 * routes' pages before each render.
 */
const loaded = new Map<string, { stamp: string; renderer: KeptRenderer }>();

/** The kept snapshot file as it is now: a renderer kept again under the same code is loaded again. */
function snapshotStamp(code: string): string | null {
  const s = statSync(join(keptRendererDir(code), SNAPSHOT), { throwIfNoEntry: false });
  return s === undefined ? null : `${s.ino}:${s.size}:${s.mtimeMs}`;
}

/**
 * Loads the renderer kept for the code with this fingerprint, or null when
 * there is none (no full build of this code yet, or its copy was interrupted).
 */
export async function loadKeptRenderer(code: string): Promise<KeptRenderer | null> {
  const stamp = snapshotStamp(code);
  const known = loaded.get(code);
  if (known !== undefined && stamp !== null && known.stamp === stamp) return known.renderer;
  const renderer = await loadRenderer(code);
  if (renderer !== null && stamp !== null) loaded.set(code, { stamp, renderer });
  return renderer;
}

async function loadRenderer(code: string): Promise<KeptRenderer | null> {
  const dir = keptRendererDir(code);
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(readFileSync(join(dir, SNAPSHOT), 'utf8')) as Snapshot;
  } catch {
    return null;
  }
  if (snapshot.version !== 1) return null;
  // The bundle imports React from node_modules, which picks its build by NODE_ENV when first loaded:
  // render with the production build, as `astro build` does (the development build is about twice as slow).
  process.env.NODE_ENV ??= 'production';
  let app: KeptApp;
  try {
    ({ app } = (await import(pathToFileURL(join(dir, snapshot.entry)).href)) as { app: KeptApp });
  } catch {
    // Removed or damaged meanwhile: the rebuild makes do without it.
    return null;
  }
  app.setInternals({
    pagesByKeys: new Map(snapshot.pages),
    entrySpecifierToBundleMap: new Map(snapshot.bundles),
  });
  app.setOptions({
    origin: snapshot.origin,
    settings: { scripts: snapshot.scripts },
    logger: {
      options: {
        // Astro's log lines: errors and warnings go to stderr like the build's.
        destination: {
          write(event: { level: string; message: string }) {
            if (event.level === 'error' || event.level === 'warn') process.stderr.write(`${event.message}\n`);
            return true;
          },
        },
      },
    },
  });
  const routeOf = (path: string): RouteLike => {
    const route = app.match(new Request(new URL(path === '' ? '/' : path, snapshot.origin)), true);
    if (route === undefined) throw new Error(`The kept renderer has no route for ${path}.`);
    return route;
  };
  const renderOne = async (path: string): Promise<RenderedFile | null> => {
    const route = routeOf(path);
    const response = await app.render(new Request(requestUrl(snapshot.origin, path, route)), { routeData: route });
    if (response.status >= 300 && response.status < 400) {
      throw new Error(`The kept renderer answered ${path} with a redirect (${response.status}).`);
    }
    if (response.body === null) return null;
    return { path, file: outFile(path, route), body: Buffer.from(await response.arrayBuffer()) };
  };
  return {
    forget() {
      app.routeCache.clearAll();
    },
    async render(paths, concurrency = 4, onFile) {
      const out: RenderedFile[] = [];
      const take = async (file: RenderedFile | null) => {
        if (file === null) return;
        if (onFile === undefined) out.push(file);
        else await onFile(file);
      };
      // The first page of each route runs alone: it fills the route's cache of `getStaticPaths()`,
      // which pages rendered at the same time would each compute again.
      const firsts = new Map<string, string>();
      const rest: string[] = [];
      for (const path of paths) {
        const route = routeOf(path);
        // A route without parameters has no `getStaticPaths()` to fill: its page goes with the rest.
        if (route.params.length === 0 || firsts.has(route.component)) rest.push(path);
        else firsts.set(route.component, path);
      }
      for (const path of firsts.values()) await take(await renderOne(path));
      // After a failure (a page, or a full disk under `onFile`) no page starts, and the render settles only once
      // the pages in flight ended: the caller then releases the catalogue they read.
      await eachAtMost(rest, concurrency, async (path) => take(await renderOne(path)));
      return out;
    },
  };
}
