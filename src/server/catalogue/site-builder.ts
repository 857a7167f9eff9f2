import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import {
  BUILD_BUSY_EXIT,
  BUILD_STEPS,
  type BuildTracker,
  buildProcessEnv,
  parseBuildEvent,
  readBuildEvent,
} from '../../lib/domain/build-events.ts';
import type { SiteBuildDto } from '../../lib/domain/staff-dtos.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import {
  claimBuildRequest,
  readSiteState,
  recordBuild,
  requestBuild,
  storedProgress,
  writeBuildProgress,
} from './site-state.ts';
import { auditStaff, type StaffAct } from './staff.ts';

/** The program that rebuilds the site, run as a child process with the server's environment. */
export interface SiteBuilderCommand {
  command: string;
  args: string[];
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `npm run rebuild` without npm: this Node running `scripts/rebuild.ts` (same
 * DATA_DIR, DATABASE_URL, SITE_DIR), which renders only the pages whose data
 * changed and publishes them atomically.
 */
export function defaultSiteBuilder(): SiteBuilderCommand {
  return { command: process.execPath, args: [join(ROOT, 'scripts', 'rebuild.ts')] };
}

/** A build that runs longer than this is stopped and counts as failed. */
export const BUILD_TIMEOUT_MS = 30 * 60 * 1000;
const TAIL_LINES = 60;
const LINE_MAX = 400;
/** A running build's progress is written at most this often, and at least this often again (a heartbeat). */
const WRITE_EVERY_MS = 250;
const HEARTBEAT_MS = 5000;

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

export function idleBuild(): SiteBuildDto {
  return { Running: false, Queued: false, StartedAt: null, Done: 0, Total: 0, Phase: 'idle', Message: '' };
}

/** A build that was asked for and has not reported yet. */
function starting(at: string): SiteBuildDto {
  return { ...idleBuild(), Running: true, StartedAt: at, Total: BUILD_STEPS.length, Phase: 'starting' };
}

export interface SiteBuilder {
  /** The running or last build's progress, whichever API process runs it (read from the database). */
  progress(): Promise<SiteBuildDto>;
  /**
   * "Publish now" for `act`'s staff member: queues a build request in the
   * database and starts a builder. `started` when no build was running;
   * `queued` when one is: the request is served by the next build, once.
   */
  request(act: StaffAct): Promise<'started' | 'queued'>;
  /** Resolves when this process's builders (if any) have finished and been recorded. */
  idle(): Promise<void>;
}

/**
 * Runs site builds as child processes for "Publish now". Many API processes may
 * share one database: the request is queued in it (`site_state.build_requested_at`),
 * a builder takes the publish lock (a PostgreSQL advisory lock; on SQLite the site
 * folder's lock file) and claims the request, or ends at once (code 4) when another
 * process is building; the process whose builder built starts the next one if a
 * request came in meanwhile. The builder's structured events (a pipe on fd 3) become
 * the progress every API process reads from the database; the outcome goes to
 * `site_state` and the audit log.
 */
export function createSiteBuilder(opts: {
  db: Kysely<Database>;
  log: Logger;
  command: SiteBuilderCommand;
  now: () => Date;
  /** Counts the builds this process runs, by outcome, and their durations. */
  metrics?: Metrics | undefined;
}): SiteBuilder {
  let running: Promise<void> | undefined;
  let finished: Promise<void> = Promise.resolve();

  /** Runs one builder; resolves to whether it took the publish lock (and so claimed the request). */
  function run(act: StaffAct, startedAt: string): Promise<boolean> {
    let tracker: BuildTracker = { progress: starting(startedAt), rank: 0 };
    // Only a builder that took the publish lock speaks for the build; one that found another
    // process building ends without an event and leaves that build's progress alone.
    let building = false;
    let claimed = false;
    let writtenAt = 0;
    let writing: Promise<void> = Promise.resolve();
    const save = (force: boolean) => {
      if (!building) return;
      const now = Date.now();
      if (!force && now - writtenAt < WRITE_EVERY_MS) return;
      writtenAt = now;
      const progress = tracker.progress;
      writing = writing
        .then(() => writeBuildProgress(opts.db, progress))
        .catch((err) => opts.log({ level: 'error', msg: 'site build progress not recorded', error: String(err) }));
    };
    const tail: string[] = [];
    const onLine = (line: string) => {
      const clean = line.replace(ANSI, '').trimEnd().slice(0, LINE_MAX);
      if (clean.trim() === '') return;
      tail.push(clean);
      if (tail.length > TAIL_LINES) tail.shift();
    };
    const onEvent = (line: string) => {
      const event = parseBuildEvent(line);
      if (event === null) return;
      building = true;
      claimed = true;
      tracker = readBuildEvent(tracker, event);
      save(false);
    };

    const began = performance.now();
    return new Promise<void>((done) => {
      let settled = false;
      const child = spawn(opts.command.command, opts.command.args, {
        env: {
          ...buildProcessEnv(process.env, join(ROOT, 'node_modules', '.cache', 'aisle', 'compile')),
          AISLE_BUILD_EVENTS_FD: '3',
          AISLE_BUILD_QUEUED: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      });
      const timer = setTimeout(() => {
        onLine(`Build: stopped after ${BUILD_TIMEOUT_MS / 60_000} minutes`);
        child.kill('SIGTERM');
      }, BUILD_TIMEOUT_MS);
      timer.unref();
      const heartbeat = setInterval(() => save(true), HEARTBEAT_MS);
      heartbeat.unref();
      const follow = (stream: Readable | null | undefined, each: (line: string) => void) => {
        if (stream === null || stream === undefined) return Promise.resolve();
        const rl = createInterface({ input: stream });
        rl.on('line', each);
        return new Promise<void>((closed) => rl.once('close', () => closed()));
      };
      const streams = [
        follow(child.stdout, onLine),
        follow(child.stderr, onLine),
        follow(child.stdio[3] as Readable | null, onEvent),
      ];

      const finish = async (code: number | null, outcome: { ok: boolean; message: string } | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(heartbeat);
        // Lines and events still buffered when the process exits belong to this build.
        await Promise.race([Promise.all(streams), new Promise((r) => setTimeout(r, 1000))]);
        await writing;
        if (code === BUILD_BUSY_EXIT && !building) {
          // Another process is building; it serves this request when it ends.
          opts.log({ msg: 'site build queued behind another process', startedAt });
          done();
          return;
        }
        const { ok, message } = outcome ?? { ok: false, message: 'The build ended.' };
        opts.metrics?.buildFinished(ok ? 'succeeded' : 'failed', (performance.now() - began) / 1000);
        // A builder that failed before it took the lock served the request with its failure:
        // asking again is up to the staff (no endless retries of a build that cannot start).
        if (!claimed) await claimBuildRequest(opts.db).catch(() => {});
        const finishedAt = opts.now().toISOString();
        building = true;
        const last = tracker.progress;
        tracker = {
          ...tracker,
          progress: ok
            ? { ...last, Running: false, Phase: 'done', Done: last.Total, Message: message }
            : { ...last, Running: false, Phase: 'failed', Message: message },
        };
        try {
          await recordBuild(opts.db, {
            status: ok ? 'succeeded' : 'failed',
            startedAt,
            finishedAt,
            logTail: tail.join('\n'),
          });
          await auditStaff(opts.db, { ...act, at: finishedAt }, ok ? 'site.published' : 'site.publish_failed', 'site', {
            startedAt,
            outcome: message,
          });
          // Only now, with the outcome recorded, does Status say the build is over.
          await writeBuildProgress(opts.db, tracker.progress);
        } catch (err) {
          opts.log({ level: 'error', msg: 'site build outcome not recorded', error: String(err) });
        }
        opts.log({ msg: 'site build finished', ok, outcome: message, startedAt, finishedAt });
        done();
      };

      child.once(
        'error',
        (err) => void finish(null, { ok: false, message: `The build could not start: ${err.message}` }),
      );
      child.once('close', (code, signal) => {
        if (code === 0) {
          void finish(code, { ok: true, message: 'The site was rebuilt and is live.' });
        } else {
          const why = signal !== null ? `was stopped (${signal})` : `exited with code ${code}`;
          // The line that says why, if the build printed one; otherwise its last words.
          const last = tail.findLast((l) => /fail|error/i.test(l)) ?? tail.at(-1);
          void finish(code, {
            ok: false,
            message: `The build ${why}${last === undefined ? '.' : `: ${last.trim().replace(/^Build: /, '')}`}`,
          });
        }
      });
    }).then(() => claimed);
  }

  /** Starts a builder in this process unless one is running here already. */
  function dispatch(act: StaffAct): void {
    if (running !== undefined) return;
    const startedAt = opts.now().toISOString();
    const current: Promise<void> = run(act, startedAt).then(async (claimed) => {
      running = undefined;
      // A press that came while this builder built (after it claimed the request) gets its build now.
      if (!claimed) return;
      const state = await readSiteState(opts.db).catch(() => null);
      if (state?.build_requested_at == null) return;
      await writeBuildProgress(opts.db, starting(opts.now().toISOString())).catch(() => {});
      dispatch(act);
    });
    running = current;
    finished = finished.then(() => current);
  }

  async function progress(): Promise<SiteBuildDto> {
    const state = await readSiteState(opts.db);
    const stored = storedProgress(state) ?? idleBuild();
    // Queued only for a request newer than the running build: the request that started it
    // is not "another publish" while the builder has yet to claim it (issue 35).
    const requested = state.build_requested_at;
    const queued = stored.Running && requested !== null && (stored.StartedAt === null || requested > stored.StartedAt);
    return { ...stored, Queued: queued };
  }

  return {
    progress,
    async request(act) {
      const at = opts.now().toISOString();
      const before = storedProgress(await readSiteState(opts.db));
      const busy = before?.Running === true;
      await requestBuild(opts.db, at);
      if (!busy) await writeBuildProgress(opts.db, starting(at));
      dispatch(act);
      return busy ? 'queued' : 'started';
    },
    idle: async () => {
      // A builder may start the next one as it ends.
      for (let seen: Promise<void> | undefined; seen !== finished; ) {
        seen = finished;
        await seen;
      }
    },
  };
}
