/** Counters of one site build, read by the build's integration and by the rebuild's progress display. */
export interface BuildStats {
  /** HTTP requests the build made to the API. */
  apiRequests: number;
  /** HTML pages rendered so far (the layout counts each page it renders). */
  pagesRendered: number;
  /** The paths of every page and file the build wrote (`/app/login`, `/robots.txt`), once it is done. */
  renderedPaths: string[];
  /** Set by the rebuild, which reports the build itself; a plain `astro build` leaves it false. */
  orchestrated: boolean;
}

// Astro loads the pages' bundle and the config's integrations as separate module
// instances in the one build process; a registered symbol lets both see one counter.
const KEY = Symbol.for('aisle.site-build.stats');

/** This process's build counters. */
export function buildStats(): BuildStats {
  const holder = globalThis as { [KEY]?: BuildStats };
  holder[KEY] ??= { apiRequests: 0, pagesRendered: 0, renderedPaths: [], orchestrated: false };
  return holder[KEY];
}

/** Sets the counters back to zero before a build. */
export function resetBuildStats(): void {
  const stats = buildStats();
  stats.apiRequests = 0;
  stats.pagesRendered = 0;
  stats.renderedPaths = [];
}
