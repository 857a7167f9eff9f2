import { writeSync } from 'node:fs';
import type { BuildEvent } from '../lib/domain/build-events.ts';

export type { BuildEvent, BuildStep } from '../lib/domain/build-events.ts';

/**
 * Structured progress of a build, for the API process that runs it ("Publish
 * now"): one JSON object a line (`lib/domain/build-events.ts`) on the file
 * descriptor named by `AISLE_BUILD_EVENTS_FD` (the API passes a pipe as fd 3).
 */
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
