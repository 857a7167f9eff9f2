// npm run rebuild [-- --full] [--force] [--every 5m] [--watch]
// Rebuilds the static site from the API: only the pages whose data changed, or
// everything (--full, or when there is no earlier build); publishes atomically.
// With --every and/or --watch it keeps running: a long-lived process that loads the
// rebuild's code once and rebuilds on that schedule, or as soon as the catalogue
// changes; without, it runs once (for cron). Exit codes: 0 published (or nothing
// changed), 1 failed, 2 bad arguments, 3 refused because the page count fell sharply
// (see --force), 4 another process is building and this run was a queued request
// (AISLE_BUILD_QUEUED=1).
import { spawn } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { BUILD_BUSY_EXIT, buildProcessEnv } from '../src/lib/domain/build-events.ts';
import { buildEventSink } from '../src/publish/build-events.ts';
import { type Api, type ApiThread, launchApiThread, startApi } from '../src/publish/catalogue-source.ts';
import {
  API_WORKER_BUNDLE,
  BUNDLE_DIR,
  type CodeBundle,
  freshBundle,
  loadBundled,
  REBUILD_BUNDLE,
  writeBundle,
  writeBundleDetached,
} from '../src/publish/code-bundle.ts';
import { boundHeapGrowth } from '../src/publish/heap-growth.ts';
import { createReporter } from '../src/publish/progress.ts';
import { COMPILE_CACHE_DIR, PROJECT_ROOT } from '../src/publish/project-root.ts';
import {
  parseInterval,
  RELOAD_EXIT,
  WARM_CHILD_ENV,
  WATCH_FALLBACK_MS,
  WATCH_POLL_MS,
} from '../src/publish/schedule.ts';

// One changed item should be live within a second, and loading the API and Astro's runtime takes
// most of that: V8's compiled code is cached on disk, and the rebuild's modules are loaded after this.
// `npm run rebuild` sets NODE_COMPILE_CACHE already, so that this file too comes from the cache with its
// types stripped: Node then never loads its TypeScript stripper (60–90 ms before the API could start).
enableCompileCache(COMPILE_CACHE_DIR);
// Threads inherit it only through the environment: the API's thread then compiles its bundle from the cache
// before its first line runs (about 80 ms sooner ready at 100,000 items; bench/README.md). Absolute, as
// the rebuild changes its working folder and starts processes elsewhere.
process.env.NODE_COMPILE_CACHE = resolve(process.env.NODE_COMPILE_CACHE || COMPILE_CACHE_DIR);
// The catalogue's garbage collected before the heap grows far past what it holds (issue 30: under 1.5 GiB).
boundHeapGrowth();

const USAGE =
  'Usage: npm run rebuild -- [--full] [--force] [--every INTERVAL] [--watch]\n' +
  '  --full            render every page, not only those whose data changed\n' +
  '  --force           publish even when the site would lose more than 20 % of its pages\n' +
  '  --every INTERVAL  keep running and rebuild every INTERVAL (30s, 5m, 1h); without it, rebuild once\n' +
  `  --watch           keep running and rebuild as soon as the catalogue changes (asks its change feed when SQLite's file is\n` +
  `                    written or PostgreSQL's notice comes, every ${WATCH_FALLBACK_MS / 1000} s besides; changes during a rebuild make one more);\n` +
  '                    needs the database here (API_URL unset)';

function fail(message: string): never {
  console.error(`rebuild: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { full?: boolean; force?: boolean; every?: string; watch?: boolean; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      full: { type: 'boolean' },
      force: { type: 'boolean' },
      every: { type: 'string' },
      watch: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  fail((err as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

if (values.every !== undefined || values.watch === true) {
  const interval = values.every === undefined ? null : parseInterval(values.every);
  if (values.every !== undefined && interval === null)
    fail(`--every must be a number followed by s, m or h (like 30s, 5m or 1h), at least 10s; got "${values.every}".`);
  if (values.watch === true && process.env.API_URL !== undefined && process.env.API_URL !== '')
    fail(
      '--watch reads the change feed from the database, so it runs without API_URL; use --every with an API elsewhere.',
    );
  // The rebuilding process ends when its loop does, whatever is left open (an API thread that stopped answering).
  if (process.env[WARM_CHILD_ENV] === '1') process.exit(await runWarm(interval));
  else await supervise(interval);
} else {
  // One run: the API's thread starts now, before anything else loads (Node's own start of a thread
  // and the API's modules take longer than the rest of the rebuild's start); it opens the database
  // once `startApi` hands it the configuration. Not with API_URL, where the rebuild reads that API.
  const thread = (process.env.API_URL ?? '').trim() === '' ? launchApiThread() : undefined;
  process.exitCode = await runOnce(thread);
}

async function runOnce(thread: ApiThread | undefined): Promise<number> {
  // "Publish now" runs this with a pipe for structured progress (AISLE_BUILD_EVENTS_FD) and as a
  // queued request (AISLE_BUILD_QUEUED=1): when another process is building, it ends at once (code 4).
  const reporter = createReporter(process.stderr, { events: buildEventSink() });
  const queued = process.env.AISLE_BUILD_QUEUED === '1';
  let api: Promise<Api> | undefined;
  let command: RebuildCommand | undefined;
  let rebundle = false;
  try {
    // A few small modules read the settings; the rebuild's own code loads meanwhile, from one bundled file.
    const { loadConfig } = await import('../src/server/config.ts');
    const config = loadConfig();
    // Astro keeps its scratch files under the working folder; the paths above are already absolute.
    process.chdir(PROJECT_ROOT);
    // The API's thread, started already, opens the database while the rebuild's code loads here
    // (the rebuild stops it).
    api = startApi(config, (line) => reporter.log(line), BUNDLE_DIR, thread);
    api.catch(() => {});
    const loaded = await loadBundled(
      REBUILD_BUNDLE,
      (): Promise<RebuildCommand> => import('../src/publish/rebuild-command.ts'),
      (line) => reporter.log(line),
    );
    command = loaded.module;
    rebundle = loaded.stale;
    const started = api;
    api = undefined;
    const result = await command.rebuildSite(config, {
      full: values.full === true,
      force: values.force === true,
      queued,
      reporter,
      api: started,
    });
    reporter.log(command.summaryLine(result));
    return 0;
  } catch (err) {
    // Started, but the rebuild never took it over (its code failed to load), or never handed its settings.
    if (api === undefined && command === undefined) await thread?.worker.terminate();
    await (await api?.catch(() => null))?.stop();
    if (command !== undefined && err instanceof command.PublishBusy) {
      reporter.log(`rebuild queued: ${err.message}`);
      return BUILD_BUSY_EXIT;
    }
    const refused = command !== undefined && err instanceof command.PublishRefused;
    reporter.log(`rebuild ${refused ? 'refused' : 'failed'}: ${(err as Error).message}`);
    return refused ? 3 : 1;
  } finally {
    // Once the site is live (or the run failed), in the background: the next run loads the bundle.
    if (rebundle) writeBundleDetached(REBUILD_BUNDLE);
  }
}

type RebuildCommand = typeof import('../src/publish/rebuild-command.ts');

/**
 * The long-lived mode's parent: runs the rebuilding process (this script again, `WARM_CHILD_ENV`)
 * and starts it again when it asks to (new code, or after a full build: `RELOAD_EXIT`) or when
 * it died (after 10 s). Stops on SIGINT or SIGTERM once the running rebuild has ended
 * (killed if that takes more than `STOP_GRACE_MS`).
 */
async function supervise(intervalMs: number | null): Promise<void> {
  /** How long a stopped rebuilding process may take to end its run before it is killed. */
  const STOP_GRACE_MS = 20_000;
  let stopping = false;
  let child: ReturnType<typeof spawn> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    const running = child;
    running?.kill(signal);
    // A run ends within seconds; one that does not is ended (the live site is switched
    // atomically, so a rebuild killed midway leaves it as it was).
    setTimeout(() => running?.kill('SIGKILL'), STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  const what = [
    ...(intervalMs === null ? [] : [`every ${values.every}`]),
    ...(values.watch === true ? ['as soon as the catalogue changes'] : []),
  ].join(' and ');
  console.error(`Rebuild: ${what}, in one long-lived process; stop with Ctrl+C.`);
  while (!stopping) {
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      // A process group of its own, so a signal to the terminal's or the test's group reaches
      // only this parent, which passes it on: the rebuild's own helpers (esbuild, Pagefind) are
      // not killed under a run that would then wait for them. The IPC channel ends the child
      // should this parent die.
      child = spawn(process.execPath, process.argv.slice(1), {
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        detached: true,
        env: { ...buildProcessEnv(process.env), [WARM_CHILD_ENV]: '1' },
      });
      child.once('exit', (c) => resolve(c));
      child.once('error', () => resolve(null));
    });
    child = undefined;
    if (stopping || code === RELOAD_EXIT) continue;
    console.error(
      `Rebuild: the rebuilding process ended with code ${code}; the live site is as it was. Starting it again.`,
    );
    const timer = new AbortController();
    const onStop = () => timer.abort();
    process.once('SIGINT', onStop);
    process.once('SIGTERM', onStop);
    await sleep(Math.max(0, started + 10_000 - Date.now()), undefined, { signal: timer.signal }).catch(() => {});
    process.off('SIGINT', onStop);
    process.off('SIGTERM', onStop);
  }
}

/**
 * The long-lived rebuilding process: the bundles made up to date first (so that a change to
 * any file they were made from shows in their stamps), the API started and the rebuild's
 * code loaded once, then every run in-process (`warm-rebuilds.ts`).
 */
async function runWarm(intervalMs: number | null): Promise<number> {
  const log = (line: string) => console.error(line);
  // Until the first run starts nothing is being published: a stop then ends the process at
  // once (a signal to the process group also ends esbuild's service, which a bundling step
  // started at the reload would otherwise wait for forever). After, the running rebuild ends first.
  let running = false;
  const stop = new Promise<void>((resolve) => {
    const onStop = () => (running ? resolve() : process.exit(0));
    process.on('SIGINT', onStop);
    process.on('SIGTERM', onStop);
    process.on('disconnect', onStop);
  });
  const fresh = async (b: CodeBundle) => {
    if (freshBundle(b) !== null) return true;
    log(`Rebuild: bundling ${b.file} before the first run ...`);
    await writeBundle(b).catch((err: Error) => log(`Rebuild: ${b.file} was not written (${err.message}).`));
    return freshBundle(b) !== null;
  };
  const [apiFresh, rebuildFresh] = [await fresh(API_WORKER_BUNDLE), await fresh(REBUILD_BUNDLE)];
  const { loadConfig } = await import('../src/server/config.ts');
  const config = loadConfig();
  process.chdir(PROJECT_ROOT);
  const api = startApi(config, log);
  api.catch(() => {});
  const { module: command } = await loadBundled(
    REBUILD_BUNDLE,
    (): Promise<RebuildCommand> => import('../src/publish/rebuild-command.ts'),
    log,
  );
  running = true;
  const end = await command.runWarm({
    config,
    full: values.full === true,
    force: values.force === true,
    everyMs: intervalMs,
    watchMs: values.watch === true ? WATCH_POLL_MS : null,
    api,
    // A bundle that was up to date at the start and is not now: a file it was made from changed.
    codeCurrent: () =>
      (!apiFresh || freshBundle(API_WORKER_BUNDLE) !== null) && (!rebuildFresh || freshBundle(REBUILD_BUNDLE) !== null),
    reporter: () => createReporter(process.stderr),
    log,
    stop,
  });
  return end === 'reload' ? RELOAD_EXIT : 0;
}
