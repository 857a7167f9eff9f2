import type { Catalogue } from './catalogue.ts';

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

/**
 * What the rebuild (`src/publish`) hands the build it runs in its own process, and what
 * the build tells it back. Astro loads the config's integrations and the pages' bundle as
 * module instances of their own, so module state is not shared with the rebuild: this one
 * object, under one registered symbol, is the only channel between them.
 */
export interface BuildChannel {
  /** The catalogue every page of the coming build renders (null: the pages read `API_URL`). */
  catalogue: Promise<Catalogue> | null;
  /** The only catalogue pages the coming build renders (null: every page). */
  onlyPages: Promise<Set<string>> | null;
  /** Where the coming build keeps its compiled renderer (null: it keeps none). */
  keepRendererIn: string | null;
  /** The build's counters. */
  stats: BuildStats;
}

const CHANNEL = Symbol.for('aisle.site-build');

/** This process's channel between the rebuild and the build. */
export function buildChannel(): BuildChannel {
  const holder = globalThis as { [CHANNEL]?: BuildChannel };
  holder[CHANNEL] ??= {
    catalogue: null,
    onlyPages: null,
    keepRendererIn: null,
    stats: { apiRequests: 0, pagesRendered: 0, renderedPaths: [], orchestrated: false },
  };
  return holder[CHANNEL];
}
