/** Counters of one site build, read by the build's integration when it is done. */
export interface BuildStats {
  /** HTTP requests the build made to the API. */
  apiRequests: number;
}

// Astro loads the pages' bundle and the config's integrations as separate module
// instances in the one build process; a registered symbol lets both see one counter.
const KEY = Symbol.for('aisle.site-build.stats');

/** This process's build counters. */
export function buildStats(): BuildStats {
  const holder = globalThis as { [KEY]?: BuildStats };
  holder[KEY] ??= { apiRequests: 0 };
  return holder[KEY];
}
