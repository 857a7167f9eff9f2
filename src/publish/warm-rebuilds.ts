import { readFileSync, statSync } from 'node:fs';
import type { Config } from '../server/config.ts';
import { prepareKeptFrame } from './catalogue-changes.ts';
import { type Api, startApi } from './catalogue-source.ts';
import { codeFingerprint } from './code-fingerprint.ts';
import { onDatabaseWrite } from './database-writes.ts';
import { KeptItems } from './kept-items.ts';
import { loadKeptRenderer } from './kept-renderer.ts';
import type { Reporter } from './progress.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { PublishBusy } from './publish-lock.ts';
import { PublishRefused, type RebuildResult, rebuildSite, summaryLine } from './rebuild.ts';
import { SiteBusy } from './rebuild-lock.ts';
import { watchFallbackMs } from './schedule.ts';
import { liveSite, manifestFile, siteFolders } from './site-folders.ts';

/**
 * The long-lived rebuild process (`npm run rebuild -- --every 5m`, `--watch`): it
 * loads the rebuild's code, the API's thread, the kept renderer and the kept catalogue
 * frame once and runs each rebuild in-process, so one changed item costs only its own
 * work. `scripts/rebuild.ts` runs this in a child process and starts it again when it
 * ends for `reload`: the code changed (a fingerprint or a bundle's stamp), or a full
 * build ran (its memory goes with the process).
 */

export interface WarmOptions {
  config: Config;
  full: boolean;
  force: boolean;
  /** Rebuild on this schedule (`--every`), in milliseconds; null: only on changes. */
  everyMs: number | null;
  /**
   * Poll the change feed this often (`--watch`) and rebuild as soon as it moved; null: no watching.
   * The feed is asked as soon as the database is written (`database-writes.ts`: SQLite's file,
   * PostgreSQL's notice), and polled only every `watchFallbackMs()` besides while those can come.
   */
  watchMs: number | null;
  /** The API, started by the command before it loaded this code. */
  api: Promise<Api>;
  /** False once a file the loaded code was made from changed (the bundles' stamps). */
  codeCurrent: () => boolean;
  reporter: () => Reporter;
  log: (line: string) => void;
  /** Resolves when the process is asked to stop (SIGINT, SIGTERM): the running rebuild ends first. */
  stop: Promise<void>;
}

/** How a warm process ended: asked to stop, or to be started again (new code, or after a full build). */
export type WarmEnd = 'stopped' | 'reload';

/** After a failed run, the next one waits this long (a database that is down is not asked 5 times a second). */
const RETRY_AFTER_FAILURE_MS = 10_000;
/** After finding another builder at work, the next try comes this much later. */
const RETRY_WHEN_BUSY_MS = 1_000;
/** Grown by this much since its first run, the process makes way for a new one. */
const MAX_GROWTH_BYTES = 512 * 2 ** 20;

export async function runWarm(opts: WarmOptions): Promise<WarmEnd> {
  const { config, log } = opts;
  const folders = siteFolders(config.siteDir);
  const code = codeFingerprint(PROJECT_ROOT);
  let stopping = false;
  let wake: (() => void) | null = null;
  void opts.stop.then(() => {
    stopping = true;
    wake?.();
  });
  const nap = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(() => {
        wake = null;
        done();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        done();
      };
    });

  // The API's thread stays up between runs; a full build ends it (`idle`) and a failed run drops it.
  let api: Promise<Api> | null = opts.api;
  api.catch(() => {});
  const theApi = (): Promise<Api> => {
    if (api === null) {
      api = startApi(config, log);
      api.catch(() => {});
    }
    return api;
  };
  const dropApi = async () => {
    const was = api;
    api = null;
    await (await was?.catch(() => null))?.stop();
  };
  // Lent to each run: `stop` leaves it running; `idle` (a full build) ends it for good.
  const lent = async (): Promise<Api> => {
    const a = await theApi();
    return {
      ...a,
      stop: async () => {},
      idle: async () => {
        api = null;
        await a.idle();
      },
    };
  };

  // Set by a write to the database while the feed was being asked: ask again before napping.
  let poked = false;
  const writes =
    opts.watchMs === null
      ? null
      : onDatabaseWrite(
          config,
          () => {
            poked = true;
            wake?.();
          },
          log,
        );
  const fallbackMs = watchFallbackMs();
  // While writes cannot be told (no watch, or PostgreSQL's notices lost until it reconnects), the fast poll.
  const pollMs = () => (opts.watchMs === null ? null : writes === null || !writes.live() ? opts.watchMs : fallbackMs);
  // The items earlier runs read, for the next ones (the feed vouches for every row it does not name).
  const keptItems = new KeptItems();
  const cursor = liveCursor(folders);
  /** What the feed held just before the last run started: a later poll that holds more means a new change. */
  let seen: Set<string> | null = null;
  let due = Date.now();
  let notBefore = 0;
  let runs = 0;
  let busy = false;
  /** The process's size after its first run. */
  let baseline: number | undefined;
  try {
    for (;;) {
      // Wait for the schedule, or (watching) for the feed to show a change no run has seen.
      while (!stopping) {
        const now = Date.now();
        if (now >= notBefore && now >= due) break;
        const poll = pollMs();
        if (poll !== null && now >= notBefore && seen !== null) {
          poked = false;
          if (await moved(seen)) break;
          if (poked) continue;
        }
        const wait = Math.max(due, notBefore) - now;
        await nap(Math.min(wait, poll ?? wait, 2 ** 31 - 1));
      }
      if (stopping) return 'stopped';
      if (!opts.codeCurrent() || codeFingerprint(PROJECT_ROOT) !== code) {
        log('Rebuild: the code changed; starting again with the new code.');
        return 'reload';
      }
      const started = Date.now();
      due = opts.everyMs === null ? Number.POSITIVE_INFINITY : started + opts.everyMs;
      seen = new Set((await feedSince(cursor().cursor)) ?? []);
      let result: RebuildResult | null = null;
      try {
        result = await rebuildSite(config, {
          full: opts.full,
          force: opts.force,
          reporter: opts.reporter(),
          api: lent(),
          keptItems,
        });
        log(summaryLine(result));
        busy = false;
      } catch (err) {
        if (err instanceof SiteBusy || err instanceof PublishBusy) {
          seen = new Set();
          if (!busy)
            log(`Rebuild: another builder is at work (${(err as Error).message}); trying again once it is done.`);
          busy = true;
          notBefore = Date.now() + RETRY_WHEN_BUSY_MS;
          due = Math.min(due, notBefore);
          continue;
        }
        if (err instanceof PublishRefused) {
          // Refused again until the catalogue changes (or, on a schedule, at the next run).
          log(`Rebuild: that run was refused: ${err.message}`);
        } else {
          log(`Rebuild: that run failed: ${(err as Error).message} The live site is as it was; trying again.`);
          seen = new Set();
          notBefore = Date.now() + RETRY_AFTER_FAILURE_MS;
          due = Math.min(due, notBefore);
          await dropApi();
        }
      }
      runs++;
      const memory = process.memoryUsage();
      log(
        `Rebuild: run ${runs} ended in ${((Date.now() - started) / 1000).toFixed(2)} s; ` +
          `${Math.round(memory.rss / 2 ** 20)} MB resident, ${Math.round(memory.heapUsed / 2 ** 20)} MB of heap in use; ` +
          `${opts.watchMs !== null ? 'watching the catalogue' : `next run at ${new Date(due).toLocaleTimeString()}`}.`,
      );
      // The kept frame parsed and indexed now, between runs, rather than by the next change.
      prepareKeptFrame(folders.manifestsDir, cursor().frame);
      // A full build leaves a large heap behind: a new process starts lean (and loads the new renderer).
      if (result?.mode === 'full' && !stopping) return 'reload';
      // The kept renderer's modules loaded now, once, so that the first change does not wait for them.
      if (runs === 1 && !stopping) await loadKeptRenderer(code).catch(() => null);
      // A guard, not the plan: the heap stays level across runs, and the process's size settles
      // after a few dozen (bench/README.md); should it ever grow far past that, a new process starts.
      baseline ??= memory.rss;
      if (memory.rss - baseline > MAX_GROWTH_BYTES && !stopping) {
        log(
          `Rebuild: the process grew by ${Math.round((memory.rss - baseline) / 2 ** 20)} MB since its first run; starting again.`,
        );
        return 'reload';
      }
    }
  } finally {
    writes?.stop();
    // The API's thread ends with the process anyway: its stop is waited for a few seconds at most.
    await Promise.race([dropApi(), new Promise((done) => setTimeout(done, 10_000).unref())]);
  }

  /** The feed's entries since the live build's cursor; null when there is no cursor or the read failed. */
  async function feedSince(since: string | null): Promise<string[] | null> {
    if (since === null) return null;
    try {
      return await (await theApi()).changesSince(since);
    } catch (err) {
      log(`Rebuild: could not read the change feed (${(err as Error).message}); trying again.`);
      notBefore = Date.now() + RETRY_AFTER_FAILURE_MS;
      await dropApi();
      return null;
    }
  }

  /** True when the feed holds an entry that was not there before the last run started (false once asked to stop). */
  async function moved(before: Set<string>): Promise<boolean> {
    const entries = await Promise.race([feedSince(cursor().cursor), opts.stop.then(() => null)]);
    return (entries ?? []).some((e) => !before.has(e));
  }
}

/**
 * The change cursor of the live build's manifest, read again only when the live link or its
 * manifest changed (a poll every 200 ms costs a `stat` and a `readlink`).
 */
function liveCursor(folders: ReturnType<typeof siteFolders>): () => { cursor: string | null; frame?: string } {
  let known: { stamp: string; cursor: string | null; frame?: string } | null = null;
  return () => {
    const live = liveSite(folders);
    if (live.kind !== 'build') return { cursor: null };
    const file = manifestFile(folders, live.dir);
    try {
      const s = statSync(file);
      const stamp = `${file}:${s.size}:${s.mtimeMs}:${s.ino}`;
      if (known?.stamp !== stamp) {
        const m = JSON.parse(readFileSync(file, 'utf8')) as { changeCursor?: string | null; frame?: string };
        known = {
          stamp,
          cursor: typeof m.changeCursor === 'string' ? m.changeCursor : null,
          ...(typeof m.frame === 'string' ? { frame: m.frame } : {}),
        };
      }
      return known;
    } catch {
      return { cursor: null };
    }
  };
}
