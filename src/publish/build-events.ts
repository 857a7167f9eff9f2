import { writeSync } from 'node:fs';

/**
 * Structured progress of a build, for the API process that runs it ("Publish
 * now"): one JSON object a line on the file descriptor named by
 * `AISLE_BUILD_EVENTS_FD` (the API passes a pipe as fd 3). The log lines stay
 * on stdout/stderr for people; nothing reads them for progress.
 */
export type BuildEvent =
  /** A step of the build began: the API is up, the catalogue is read, the pages are live, the search index is live. */
  | { type: 'step'; step: BuildStep }
  /** A phase that counts its units (`rendering` 120/655 `pages`). */
  | { type: 'progress'; phase: string; done: number; total: number; unit: string };

export type BuildStep = 'api' | 'catalogue' | 'render' | 'live' | 'search';

/** The ordered steps, for a progress bar before any phase counts. */
export const BUILD_STEPS: readonly BuildStep[] = ['api', 'catalogue', 'render', 'live', 'search'];

/** The sink `AISLE_BUILD_EVENTS_FD` names, or undefined when the build runs on its own. */
export function buildEventSink(env: NodeJS.ProcessEnv = process.env): ((event: BuildEvent) => void) | undefined {
  const fd = Number(env.AISLE_BUILD_EVENTS_FD);
  if (!Number.isInteger(fd) || fd < 3) return undefined;
  return (event) => {
    try {
      writeSync(fd, `${JSON.stringify(event)}\n`);
    } catch {
      // The API process went away; the build carries on and records its outcome itself.
    }
  };
}
