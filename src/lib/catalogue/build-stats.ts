import { type BuildStats, buildChannel } from './build-channel.ts';

export type { BuildStats };

/** This process's build counters (kept in the build channel, which Astro's module instances share). */
export function buildStats(): BuildStats {
  return buildChannel().stats;
}

/** Sets the counters back to zero before a build. */
export function resetBuildStats(): void {
  const stats = buildStats();
  stats.apiRequests = 0;
  stats.pagesRendered = 0;
  stats.renderedPaths = [];
}
