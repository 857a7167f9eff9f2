// npm run rebuild [-- --full] [--force] [--every 5m]
// Rebuilds the static site from the API: only the pages whose data changed, or
// everything (--full, or when there is no earlier build); publishes atomically.
// With --every it keeps running and rebuilds on that schedule; without, it runs
// once (for cron). Exit codes: 0 published (or nothing changed), 1 failed,
// 2 bad arguments, 3 refused because the page count fell sharply (see --force), 4 another
// process is building and this run was a queued request (AISLE_BUILD_QUEUED=1).
import { spawn } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { BUILD_BUSY_EXIT } from '../src/lib/domain/build-events.ts';
import { buildEventSink } from '../src/publish/build-events.ts';
import { loadBundled, REBUILD_BUNDLE, writeBundleDetached } from '../src/publish/code-bundle.ts';
import { createReporter } from '../src/publish/progress.ts';
import { PROJECT_ROOT } from '../src/publish/project-root.ts';
import { parseInterval } from '../src/publish/schedule.ts';

// One changed item should be live within a second, and loading the API and Astro's runtime takes
// most of that: V8's compiled code is cached on disk, and the rebuild's modules are loaded after this.
enableCompileCache(join(PROJECT_ROOT, 'node_modules', '.cache', 'aisle', 'compile'));

const USAGE =
  'Usage: npm run rebuild -- [--full] [--force] [--every INTERVAL]\n' +
  '  --full            render every page, not only those whose data changed\n' +
  '  --force           publish even when the site would lose more than 20 % of its pages\n' +
  '  --every INTERVAL  keep running and rebuild every INTERVAL (30s, 5m, 1h); without it, rebuild once';

function fail(message: string): never {
  console.error(`rebuild: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { full?: boolean; force?: boolean; every?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      full: { type: 'boolean' },
      force: { type: 'boolean' },
      every: { type: 'string' },
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

if (values.every !== undefined) {
  const interval = parseInterval(values.every);
  if (interval === null)
    fail(`--every must be a number followed by s, m or h (like 30s, 5m or 1h), at least 10s; got "${values.every}".`);
  await runEvery(interval, [...(values.full ? ['--full'] : []), ...(values.force ? ['--force'] : [])]);
} else {
  process.exitCode = await runOnce();
}

async function runOnce(): Promise<number> {
  // "Publish now" runs this with a pipe for structured progress (AISLE_BUILD_EVENTS_FD) and as a
  // queued request (AISLE_BUILD_QUEUED=1): when another process is building, it ends at once (code 4).
  const reporter = createReporter(process.stderr, { events: buildEventSink() });
  const queued = process.env.AISLE_BUILD_QUEUED === '1';
  let api: Promise<import('../src/publish/catalogue-source.ts').Api> | undefined;
  let command: RebuildCommand | undefined;
  let rebundle = false;
  try {
    // A few small modules start the API; the rebuild's own code loads meanwhile, from one bundled file.
    const [{ loadConfig }, { startApi }] = await Promise.all([
      import('../src/server/config.ts'),
      import('../src/publish/catalogue-source.ts'),
    ]);
    const config = loadConfig();
    // Astro keeps its scratch files under the working folder; the paths above are already absolute.
    process.chdir(PROJECT_ROOT);
    // The API starts first, in a thread of its own: it loads and opens the database while the
    // rebuild's code loads here (the rebuild stops it).
    api = startApi(config, (line) => reporter.log(line));
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
    // Started, but the rebuild never took it over (its code failed to load).
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
 * Rebuilds every `intervalMs` (measured from the start of one run to the start
 * of the next; a run that takes longer is followed at once), each run in a child
 * process of its own so a failure or a leak never outlives it. Stops on SIGINT
 * or SIGTERM after the running rebuild has ended.
 */
async function runEvery(intervalMs: number, args: string[]): Promise<void> {
  let stopping = false;
  let child: ReturnType<typeof spawn> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    child?.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.error(`Rebuild: every ${values.every}; stop with Ctrl+C.`);
  while (!stopping) {
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      child = spawn(process.execPath, [process.argv[1] as string, ...args], { stdio: 'inherit' });
      child.once('exit', (c) => resolve(c));
      child.once('error', () => resolve(null));
    });
    child = undefined;
    if (code !== 0 && !stopping) {
      console.error(`Rebuild: that run ended with code ${code}; the live site is as it was. Trying again on schedule.`);
    }
    const wait = Math.max(0, started + intervalMs - Date.now());
    if (!stopping && wait > 0) {
      console.error(`Rebuild: next run at ${new Date(Date.now() + wait).toLocaleTimeString()}.`);
      const timer = new AbortController();
      const onStop = () => timer.abort();
      process.once('SIGINT', onStop);
      process.once('SIGTERM', onStop);
      await sleep(wait, undefined, { signal: timer.signal }).catch(() => {});
      process.off('SIGINT', onStop);
      process.off('SIGTERM', onStop);
    }
  }
}
