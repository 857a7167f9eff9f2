import type { SiteBuildDto } from './staff-dtos.ts';

/**
 * The protocol between a site build and the API process that runs it ("Publish now"):
 * the build writes one JSON event a line on a pipe (`src/publish/build-events.ts` writes,
 * `src/server/catalogue/site-builder.ts` reads), and ends with `BUILD_BUSY_EXIT` when
 * another process holds the publish lock. Log lines stay for people; nothing parses them.
 */
export type BuildEvent =
  /** A step of the build began: the API is up, the catalogue is read, the pages are live, the search index is live. */
  | { type: 'step'; step: BuildStep }
  /** A phase that counts its units (`rendering` 120/655 `pages`). */
  | { type: 'progress'; phase: string; done: number; total: number; unit: string };

export type BuildStep = 'api' | 'catalogue' | 'render' | 'live' | 'search';

/** The steps in order: `Done` of `Total` counts them until a phase counts its own units. */
export const BUILD_STEPS: readonly BuildStep[] = ['api', 'catalogue', 'render', 'live', 'search'];

/** The exit code of a queued build that found another process building (`scripts/rebuild.ts`). */
export const BUILD_BUSY_EXIT = 4;

/**
 * The environment a build process starts with: `MALLOC_ARENA_MAX=2` unless set already. glibc gives
 * each thread that allocates (the page writers, libuv's pool compressing) a malloc arena of its own,
 * and what the compression frees stays spread over them: at 250,000 items the build's process peaked
 * 250–300 MB higher without it (bench/README.md, "Issue 30: the whole tree under 1.5 GiB"). glibc reads
 * it when a process starts, so it is set for the child (and in package.json's `build` and `rebuild`).
 * With `compileCache` (the project's `node_modules/.cache/aisle/compile`), `NODE_COMPILE_CACHE` too,
 * unless set, as `npm run rebuild` sets it: Node then takes `scripts/rebuild.ts` from V8's cache with its
 * types stripped, and never loads its TypeScript stripper (60–90 ms before the API could start).
 */
export function buildProcessEnv(env: NodeJS.ProcessEnv, compileCache?: string): NodeJS.ProcessEnv {
  const unset = (name: string) => env[name] === undefined || env[name] === '';
  return {
    ...env,
    ...(unset('MALLOC_ARENA_MAX') ? { MALLOC_ARENA_MAX: '2' } : {}),
    ...(compileCache !== undefined && unset('NODE_COMPILE_CACHE') ? { NODE_COMPILE_CACHE: compileCache } : {}),
  };
}
/** One line of the events pipe as read: a step may name one this version does not know. */
export type BuildEventLine =
  | { type: 'step'; step: string }
  | { type: 'progress'; phase: string; done: number; total: number; unit: string };

/** A build's progress and how far along its steps it has come (`rank`, 0 before the first). */
export interface BuildTracker {
  progress: SiteBuildDto;
  rank: number;
}

/**
 * Progress after one event of the build. A step moves `Phase`, `Done` and
 * `Total` forward (never back); a counting phase shows its own units until
 * the pages are live. Anything else is ignored.
 */
export function readBuildEvent(tracker: BuildTracker, event: BuildEventLine): BuildTracker {
  if (event.type === 'progress') {
    const rank = BUILD_STEPS.indexOf('render') + 1;
    if (tracker.rank > rank) return tracker;
    const done = Math.max(0, Math.trunc(event.done));
    const total = Math.max(done, Math.trunc(event.total));
    const phase = String(event.phase).slice(0, 40);
    const unit = String(event.unit).slice(0, 20);
    return {
      rank,
      progress: {
        ...tracker.progress,
        Phase: phase,
        Done: done,
        Total: total,
        Message: `${phase} ${done}/${total} ${unit}`,
      },
    };
  }
  if (event.type === 'step') {
    const index = BUILD_STEPS.indexOf(event.step as BuildStep);
    if (index < 0 || index + 1 <= tracker.rank) return tracker;
    return {
      rank: index + 1,
      progress: {
        ...tracker.progress,
        Phase: BUILD_STEPS[index] as string,
        Done: index + 1,
        Total: BUILD_STEPS.length,
      },
    };
  }
  return tracker;
}

/** Parses one line of the events pipe; null for anything that is not an event. */
export function parseBuildEvent(line: string): BuildEventLine | null {
  try {
    const e = JSON.parse(line) as BuildEventLine;
    if (e.type === 'step' && typeof e.step === 'string') return e;
    if (
      e.type === 'progress' &&
      typeof e.phase === 'string' &&
      Number.isFinite(e.done) &&
      Number.isFinite(e.total) &&
      typeof e.unit === 'string'
    ) {
      return e;
    }
  } catch {
    // Not an event.
  }
  return null;
}
