import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { SiteBuildDto } from '../../lib/domain/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { recordBuild } from './site-state.ts';
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

/**
 * The steps a build announces, in order (see `src/publish/rebuild.ts` and the
 * site integration), with their rank: `Done` of `Total` counts them until a
 * phase counts its own units. A phase that counts (`Build: {phase} {done}/{total}`)
 * runs after the catalogue is read and before the pages are all rendered.
 */
const STEPS: readonly { phase: string; rank: number; test: RegExp }[] = [
  { phase: 'api', rank: 1, test: /^Build: (API started|reading the API)/ },
  { phase: 'catalogue', rank: 2, test: /^Catalogue: / },
  { phase: 'render', rank: 4, test: /^Build: .*pages rendered/ },
  { phase: 'write', rank: 5, test: /^Build: site written/ },
];
const COUNTED_RANK = 3;

/** `Build: {phase} {done}/{total} …`: a phase reporting its own progress. */
const COUNTED = /^Build: ([A-Za-z][\w-]*(?: [A-Za-z][\w-]*)*) (\d+)\s*\/\s*(\d+)\b/;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');

export function idleBuild(): SiteBuildDto {
  return { Running: false, StartedAt: null, Done: 0, Total: 0, Phase: 'idle', Message: '' };
}

/** A build's progress and how far along its steps it has come (`rank`, 0 before the first). */
export interface BuildTracker {
  progress: SiteBuildDto;
  rank: number;
}

/**
 * Progress after one line the build printed. A known step or a counted phase
 * moves `Phase`, `Done` and `Total`, but never backwards: the build writes to
 * stdout and stderr, and lines of the two can arrive out of order. Every line
 * becomes the `Message` (without its `Build: ` prefix); other lines change only that.
 */
export function readBuildLine(tracker: BuildTracker, rawLine: string): BuildTracker {
  const line = rawLine.replace(ANSI, '').trim().slice(0, LINE_MAX);
  if (line === '') return tracker;
  const progress = { ...tracker.progress, Message: line.replace(/^Build: /, '') };
  const counted = COUNTED.exec(line);
  if (counted !== null) {
    if (tracker.rank > COUNTED_RANK) return { ...tracker, progress };
    return {
      rank: COUNTED_RANK,
      progress: {
        ...progress,
        Phase: (counted[1] ?? '').toLowerCase(),
        Done: Number(counted[2]),
        Total: Number(counted[3]),
      },
    };
  }
  const index = STEPS.findIndex((s) => s.test.test(line));
  const step = STEPS[index];
  if (step === undefined || step.rank < tracker.rank) return { ...tracker, progress };
  return { rank: step.rank, progress: { ...progress, Phase: step.phase, Done: index + 1, Total: STEPS.length } };
}

export interface SiteBuilder {
  /** This process's current or last build. */
  progress(): SiteBuildDto;
  /** Starts a build for `act`'s staff member; false (and nothing started) when one is running. */
  start(act: StaffAct): boolean;
  /** Resolves when the running build (if any) has finished and been recorded. */
  idle(): Promise<void>;
}

/**
 * Runs site builds one at a time as child processes, follows their output for
 * progress, and records each outcome in `site_state` and in the audit log.
 */
export function createSiteBuilder(opts: {
  db: Kysely<Database>;
  log: Logger;
  command: SiteBuilderCommand;
  now: () => Date;
}): SiteBuilder {
  let tracker: BuildTracker = { progress: idleBuild(), rank: 0 };
  let finished: Promise<void> = Promise.resolve();

  function run(act: StaffAct): Promise<void> {
    const startedAt = opts.now().toISOString();
    tracker = {
      progress: { Running: true, StartedAt: startedAt, Done: 0, Total: STEPS.length, Phase: 'starting', Message: '' },
      rank: 0,
    };
    const tail: string[] = [];
    const onLine = (line: string) => {
      const clean = line.replace(ANSI, '').trimEnd().slice(0, LINE_MAX);
      if (clean.trim() === '') return;
      tail.push(clean);
      if (tail.length > TAIL_LINES) tail.shift();
      tracker = readBuildLine(tracker, clean);
    };

    return new Promise<void>((done) => {
      let settled = false;
      const child = spawn(opts.command.command, opts.command.args, {
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const timer = setTimeout(() => {
        onLine(`Build: stopped after ${BUILD_TIMEOUT_MS / 60_000} minutes`);
        child.kill('SIGTERM');
      }, BUILD_TIMEOUT_MS);
      timer.unref();
      const streams = [child.stdout, child.stderr].map((stream) => {
        const rl = createInterface({ input: stream });
        rl.on('line', onLine);
        return new Promise<void>((closed) => rl.once('close', () => closed()));
      });

      const finish = async (ok: boolean, outcome: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // Lines still buffered when the process exits belong to this build.
        await Promise.race([Promise.all(streams), new Promise((r) => setTimeout(r, 1000))]);
        const finishedAt = opts.now().toISOString();
        try {
          await recordBuild(opts.db, {
            status: ok ? 'succeeded' : 'failed',
            startedAt,
            finishedAt,
            logTail: tail.join('\n'),
          });
          await auditStaff(opts.db, { ...act, at: finishedAt }, ok ? 'site.published' : 'site.publish_failed', 'site', {
            startedAt,
            outcome,
          });
        } catch (err) {
          opts.log({ level: 'error', msg: 'site build outcome not recorded', error: String(err) });
        }
        // Only now, with the outcome recorded, does Status say the build is over.
        const last = tracker.progress;
        tracker = {
          ...tracker,
          progress: ok
            ? { ...last, Running: false, Phase: 'done', Done: last.Total, Message: outcome }
            : { ...last, Running: false, Phase: 'failed', Message: outcome },
        };
        opts.log({ msg: 'site build finished', ok, outcome, startedAt, finishedAt });
        done();
      };

      child.once('error', (err) => void finish(false, `The build could not start: ${err.message}`));
      child.once('close', (code, signal) => {
        if (code === 0) {
          void finish(true, 'The site was rebuilt and is live.');
        } else {
          const why = signal !== null ? `was stopped (${signal})` : `exited with code ${code}`;
          // The line that says why, if the build printed one; otherwise its last words.
          const last = tail.findLast((l) => /fail|error/i.test(l)) ?? tail.at(-1);
          void finish(
            false,
            `The build ${why}${last === undefined ? '.' : `: ${last.trim().replace(/^Build: /, '')}`}`,
          );
        }
      });
    });
  }

  return {
    progress: () => tracker.progress,
    start(act) {
      if (tracker.progress.Running) return false;
      finished = run(act);
      return true;
    },
    idle: () => finished,
  };
}
