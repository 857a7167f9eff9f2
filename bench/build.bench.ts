// npm run bench:build [-- --items 2000,20000,100000] [--seed S] [--incremental-at 20000,100000] [--compare-api-bundle 5]
//   [--warm N] [--warm-edits E] [--warm-memory M] [--reuse DIR [--build-again]] [--engine sqlite|postgres]
// For each catalogue size: seeds a throw-away data folder, runs a full build
// (`scripts/rebuild.ts --full`, the operator's command) and reports its wall time,
// time until live, the CPU time and the peak memory of its process tree. At the size named by
// --incremental-at it then changes one item's price and runs `npm run rebuild`
// (incremental) at once, right after the full build ended (what a shop that deploys code and
// then fixes a price sees), then three times more once everything the full build left has
// settled, timing each from the start of npm until the changed
// page's new bytes are served (the live link resolves to them), and reports
// the bytes of HTML and JavaScript each page type sends. With --compare-api-bundle N
// it then runs N pairs of them, alternating the in-process API loaded from its sources
// and from its bundle (src/publish/code-bundle.ts).
// With --warm N it then times N pairs of one title edit through the API until its page is
// live, alternating `npm run rebuild -- --watch` (warm) and a cold `npm run rebuild`, and with
// --warm-memory M the watcher's memory over M edits in a row (bench/warm-rebuild.ts). --reuse DIR
// takes a folder with data/ and site/ seeded and built earlier (one size) instead of a new one,
// and keeps it; a folder without data/ yet is seeded, built and measured first, and kept; with
// --build-again a seeded folder is built and measured again (another setting, same catalogue).
// --engine postgres keeps the shop in a database of its own on BENCH_PG_URL's server (default the local
// PostgreSQL), created for the run and dropped after it (kept with --reuse, named after the folder), so
// the watcher of --warm is woken by PostgreSQL's notice rather than by polling SQLite.
// Nothing outside the temp folders is touched but the API bundle's stamp (written
// again by the next rebuild); see bench/README.md "Builds".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildProcessEnv } from '../src/lib/domain/build-events.ts';
import { API_WORKER_BUNDLE, forgetBundle } from '../src/publish/code-bundle.ts';
import { openDb } from '../src/server/db/connection.ts';
import { benchWarm } from './warm-rebuild.ts';

const ROOT = resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000,20000,100000' },
    seed: { type: 'string', default: '1' },
    'incremental-at': { type: 'string', default: '20000' },
    // After the timed runs: N pairs of one-item rebuilds, alternating the API loaded from its sources and from its bundle.
    'compare-api-bundle': { type: 'string', default: '0' },
    // Pairs of one edit made live by the watcher and by a cold `npm run rebuild` (bench/warm-rebuild.ts).
    warm: { type: 'string', default: '0' },
    'warm-memory': { type: 'string', default: '0' },
    // Edits a watcher makes live in each pair before the cold run.
    'warm-edits': { type: 'string', default: '3' },
    reuse: { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
    // With --reuse of a seeded folder: the full build (and what follows it) again, on the kept data.
    'build-again': { type: 'boolean', default: false },
  },
  strict: true,
});
if (values.engine !== 'sqlite' && values.engine !== 'postgres') {
  console.error(`bench:build: --engine must be sqlite or postgres, got "${values.engine}".`);
  process.exit(2);
}
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The shop's database for one size: SQLite in the data folder, or a PostgreSQL database created now (or kept). */
async function databaseUrl(dir: string, n: number): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  if (values.engine === 'sqlite') return { url: undefined, drop: async () => {} };
  const name =
    values.reuse !== undefined
      ? `aisle_bench_build_${basename(dir)
          .replace(/[^a-z0-9]/gi, '_')
          .toLowerCase()}`
      : `aisle_bench_build_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const known = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (known.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (values.reuse !== undefined) return;
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).finally(() => c.end());
    },
  };
}
const sizes = (values.items ?? '').split(',').map((s) => Number(s.trim()));
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) {
  console.error(`bench:build: --items must be whole numbers separated by commas, got "${values.items}".`);
  process.exit(2);
}
const incrementalAt = new Set((values['incremental-at'] ?? '').split(',').map((s) => Number(s.trim())));
const bundlePairs = Number(values['compare-api-bundle']);
if (!Number.isSafeInteger(bundlePairs) || bundlePairs < 0) {
  console.error(
    `bench:build: --compare-api-bundle must be a whole number of pairs, got "${values['compare-api-bundle']}".`,
  );
  process.exit(2);
}

const warmPairs = Number(values.warm);
const warmMemory = Number(values['warm-memory']);
const warmEdits = Number(values['warm-edits']);
if (![warmPairs, warmMemory, warmEdits].every((x) => Number.isSafeInteger(x) && x >= 0)) {
  console.error('bench:build: --warm, --warm-edits and --warm-memory must be whole numbers.');
  process.exit(2);
}
if (values.reuse !== undefined && sizes.length !== 1) {
  console.error('bench:build: --reuse takes one size in --items (the size the folder was seeded with).');
  process.exit(2);
}
const warmLines: string[] = [];

interface Measured {
  wallSeconds: number;
  /** Seconds from the start of the process until the watched file's bytes changed (NaN if they never did). */
  servedSeconds: number;
  /** Seconds from the start of the process until its log said the in-process API was ready (NaN if it never did). */
  apiReadySeconds: number;
  peakRssMb: number;
  /** The tree's processes at the peak (`peakParts`), when it came (seconds from the start) and the log's last line then. */
  peakAt: { parts: string; seconds: number; doing: string };
  /** CPU seconds (user + system) of the process tree, sampled with the memory. */
  cpuSeconds: number;
  output: string;
  code: number | null;
}

/**
 * RSS of a process and all its descendants (Linux /proc), in kB, and their CPU time in clock
 * ticks: each process's own (all its threads) and its ended children's, so a Pagefind process
 * that ended counts in its parent.
 */
function treeUsage(root: number): { rssKb: number; cpuTicks: number; parts: { pid: number; rssKb: number }[] } {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(name));
      children.set(ppid, list);
    } catch {
      // Gone meanwhile.
    }
  }
  let rssKb = 0;
  let cpuTicks = 0;
  const parts: { pid: number; rssKb: number }[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      rssKb += rss;
      parts.push({ pid, rssKb: rss });
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields 14–17 (utime, stime, cutime, cstime), counted after the command name.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      for (const i of [11, 12, 13, 14]) cpuTicks += Number(fields[i] ?? 0);
    } catch {
      // Gone meanwhile.
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { rssKb, cpuTicks, parts };
}

/** A process's program and, for Node, its script: `node rebuild.ts`, `pagefind_extended`. */
function processName(pid: number): string {
  try {
    const [program = '?', first] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const name = basename(program);
    return name === 'node' && first !== undefined ? `node ${basename(first)}` : name;
  } catch {
    return '?';
  }
}

/** The processes of a tree at its peak, largest first: `node rebuild.ts 1,012 MB, pagefind_extended 391 MB`. */
function peakParts(parts: { pid: number; rssKb: number }[]): string {
  return parts
    .filter((p) => p.rssKb >= 10 * 1024)
    .sort((a, b) => b.rssKb - a.rssKb)
    .map((p) => `${processName(p.pid)} ${Math.round(p.rssKb / 1024).toLocaleString('en-US')} MB`)
    .join(', ');
}

/** Clock ticks a second (`getconf CLK_TCK`; 100 on Linux). */
const CLOCK_TICKS = 100;

/** The machine's load averages (1, 5, 15 minutes), recorded beside each figure: the machine is shared. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return '?';
  }
}

/**
 * The operator's command for a script with an npm entry (`npm run rebuild`), when this
 * bench runs under npm; else the script itself.
 */
function viaNpm(script: string, args: string[]): string[] {
  const npm = process.env.npm_execpath;
  const name = script === 'scripts/rebuild.ts' ? 'rebuild' : null;
  if (npm === undefined || name === null) return [join(ROOT, script), ...args];
  return [npm, 'run', '--silent', name, ...(args.length > 0 ? ['--', ...args] : [])];
}

/**
 * Runs a script of the project with `env` (through npm when `npm` is set: the time
 * then includes npm's own start), sampling its process tree's memory every 200 ms.
 */
function measure(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  watch?: string,
  npm = false,
): Promise<Measured> {
  const read = (file: string) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  };
  const was = watch === undefined ? null : read(watch);
  let servedSeconds = Number.NaN;
  return new Promise((done) => {
    const started = performance.now();
    // The site server resolves the link for each request: once the file behind it changed, it is served.
    const watcher =
      watch === undefined
        ? undefined
        : setInterval(() => {
            const now = read(watch);
            if (Number.isNaN(servedSeconds) && now !== null && was !== null && !now.equals(was)) {
              servedSeconds = (performance.now() - started) / 1000;
              clearInterval(watcher);
            }
          }, 5);
    const child = spawn(process.execPath, npm ? viaNpm(script, args) : [join(ROOT, script), ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let apiReadySeconds = Number.NaN;
    let peak = 0;
    let peakAt = { parts: '', seconds: 0, doing: '' };
    let cpu = 0;
    const sample = () => {
      if (child.pid === undefined || !existsSync('/proc')) return;
      const usage = treeUsage(child.pid);
      if (usage.rssKb > peak) {
        peak = usage.rssKb;
        const text = output.trimEnd();
        const doing = text.slice(text.lastIndexOf('\n') + 1);
        peakAt = { parts: peakParts(usage.parts), seconds: (performance.now() - started) / 1000, doing };
      }
      cpu = Math.max(cpu, usage.cpuTicks);
    };
    const timer = setInterval(sample, 200);
    const collect = (d: Buffer) => {
      output += d.toString();
      if (Number.isNaN(apiReadySeconds) && output.includes('API started in-process'))
        apiReadySeconds = (performance.now() - started) / 1000;
      for (const line of d.toString().split('\n')) {
        if (/^(Build|Rebuild|Catalogue): /.test(line) && !/ \d+\/\d+ /.test(line)) console.error(`    ${line}`);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('close', (code) => {
      clearInterval(timer);
      clearInterval(watcher);
      done({
        wallSeconds: (performance.now() - started) / 1000,
        servedSeconds,
        apiReadySeconds,
        peakRssMb: peak / 1024,
        peakAt,
        cpuSeconds: cpu / CLOCK_TICKS,
        output,
        code,
      });
    });
  });
}

function liveSeconds(output: string): number {
  return Number(/Build: site written to .* in ([\d.]+) s/.exec(output)?.[1] ?? Number.NaN);
}

function searchSeconds(output: string): number {
  return Number(
    /search index of \d+ pages (?:\([^)]*\) )?(?:written|live) in ([\d.]+) s/.exec(output)?.[1] ?? Number.NaN,
  );
}

/**
 * Waits for the background work a build leaves (deleting the builds it replaced; a
 * lock held by a background job, as the standby copy of earlier versions), so each
 * measurement has the disk to itself.
 */
async function settled(siteDir: string): Promise<number> {
  const started = performance.now();
  const builds = `${siteDir}-builds`;
  const busy = () =>
    existsSync(join(builds, 'lock')) ||
    (existsSync(builds) && readdirSync(builds).some((name) => name.startsWith('trash-')));
  while (busy()) await new Promise((r) => setTimeout(r, 100));
  return (performance.now() - started) / 1000;
}

/** An item with a page in the built site, changed as a staff edit would change it. */
async function changeOneItem(env: NodeJS.ProcessEnv): Promise<string> {
  const siteDir = env.SITE_DIR as string;
  const items = join(siteDir, 'app/section');
  const sid = readdirSync(items).sort((a, b) => Number(a) - Number(b))[Math.floor(readdirSync(items).length / 2)];
  const dbId = readdirSync(join(items, sid as string))[0];
  const db = openDb({ dataDir: env.DATA_DIR as string, databaseUrl: env.DATABASE_URL });
  try {
    await db.db
      .updateTable('items')
      .set((eb) => ({ unit_price: eb('unit_price', '+', 1100), updated_at: new Date().toISOString() }))
      .where('id', '=', Number(sid))
      .execute();
  } finally {
    await db.close();
  }
  return `/app/section/${sid}/${dbId}`;
}

interface Bytes {
  raw: number;
  gz: number;
}

/** A file's size, and its `.gz` sibling's (what a browser that accepts gzip downloads). */
function bytesOf(file: string): Bytes {
  return { raw: statSync(file).size, gz: existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size };
}

/**
 * The JavaScript a page makes the browser download: its scripts and islands and their
 * static imports. `upFront` leaves out islands that load only on the first interaction
 * (`client:interaction`, issue 12); `later` is what they add then.
 */
function pageScripts(root: string, html: string): { upFront: Set<string>; later: Set<string> } {
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  const urls = (tags: string[]) =>
    tags.flatMap((tag) => [...tag.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1] as string));
  const onInteraction = (tag: string) => /\sclient="interaction"/.test(tag);
  const follow = (start: string[], known: Set<string>) => {
    const found = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const url = queue.pop() as string;
      if (found.has(url) || known.has(url) || !url.startsWith('/')) continue;
      found.add(url);
      const js = readFileSync(join(root, url), 'utf8');
      for (const m of js.matchAll(/(?:import|from)\s*["'](\.\.?\/[^"']+\.js)["']/g)) {
        queue.push(new URL(m[1] as string, `http://x${url}`).pathname);
      }
    }
    return found;
  };
  const upFront = follow(
    [
      ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] as string),
      ...urls(islands.filter((t) => !onInteraction(t))),
    ],
    new Set(),
  );
  return { upFront, later: follow(urls(islands.filter(onInteraction)), upFront) };
}

function pageWeights(siteDir: string): { type: string; path: string; html: Bytes; js: Bytes; later: Bytes }[] {
  const root = realpathSync(siteDir);
  // The lowest id that is a page (`0` holds the landing redirects).
  const first = (dir: string) =>
    readdirSync(join(root, dir))
      .filter((name) => name !== '0')
      .sort((a, b) => Number(a) - Number(b))[0] as string;
  const section = first('app/store-section');
  const item = first('app/section');
  const pages: [string, string][] = [
    ['home', `/app/home/${first('app/home')}`],
    ['category', `/app/categories/${first('app/categories')}`],
    ['stores', `/app/stores/${first('app/stores')}`],
    ['section', `/app/store-section/${section}/${first(`app/store-section/${section}`)}`],
    ['book', `/app/book/${section}/${first(`app/book/${section}`)}`],
    ['item', `/app/section/${item}/${first(`app/section/${item}`)}`],
    ['login', '/app/login'],
    ['cart', '/app/cart/my-cart'],
    ['staff', '/app/edu-shopy'],
  ];
  return pages
    .filter(([, path]) => existsSync(join(root, path, 'index.html')))
    .map(([type, path]) => {
      const file = join(root, path, 'index.html');
      const scripts = pageScripts(root, readFileSync(file, 'utf8'));
      const sum = (urls: Set<string>) => {
        const all = [...urls].map((u) => bytesOf(join(root, u)));
        return { raw: all.reduce((a, b) => a + b.raw, 0), gz: all.reduce((a, b) => a + b.gz, 0) };
      };
      return { type, path, html: bytesOf(file), js: sum(scripts.upFront), later: sum(scripts.later) };
    });
}

/**
 * One-item rebuilds in pairs, alternating the in-process API loaded from its
 * sources (the bundle's stamp removed first: src/publish/code-bundle.ts then writes
 * it again after the page is served) and from its bundle.
 */
async function compareApiBundle(n: number, env: NodeJS.ProcessEnv): Promise<void> {
  const sides = { sources: [] as [number, number][], bundle: [] as [number, number][] };
  for (let i = 0; i < bundlePairs; i++) {
    for (const side of ['sources', 'bundle'] as const) {
      if (side === 'sources') forgetBundle(API_WORKER_BUNDLE);
      const changed = await changeOneItem(env);
      const run = await measure(
        'scripts/rebuild.ts',
        [],
        env,
        join(env.SITE_DIR as string, changed, 'index.html'),
        true,
      );
      if (run.code !== 0) throw new Error(`the incremental rebuild failed:\n${run.output}`);
      sides[side].push([run.apiReadySeconds, run.servedSeconds]);
      console.error(
        `    ${side}: API ready ${run.apiReadySeconds.toFixed(2)} s, served ${run.servedSeconds.toFixed(2)} s`,
      );
      await settled(env.SITE_DIR as string);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const cell = (runs: [number, number][]) =>
    `${median(runs.map((r) => r[0])).toFixed(2)} s, ${median(runs.map((r) => r[1])).toFixed(2)} s`;
  bundleRows.push(`| ${n.toLocaleString('en-US')} | ${bundlePairs} | ${cell(sides.sources)} | ${cell(sides.bundle)} |`);
}

const tree = { usage: treeUsage, load: loadAverage };
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const rows: string[] = [];
let weights: ReturnType<typeof pageWeights> = [];
const incremental: string[] = [];
const bundleRows: string[] = [];

console.error(
  `bench:build on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
for (const n of sizes) {
  const dir = values.reuse ?? mkdtempSync(join(tmpdir(), 'aisle-bench-build-'));
  // As `npm run build` and `npm run rebuild` start it (package.json): MALLOC_ARENA_MAX=2 unless set.
  const env: NodeJS.ProcessEnv = {
    ...buildProcessEnv(process.env),
    DATA_DIR: join(dir, 'data'),
    SITE_DIR: join(dir, 'site'),
  };
  delete env.API_URL;
  delete env.DATABASE_URL;
  const database = await databaseUrl(dir, n);
  if (database.url !== undefined) env.DATABASE_URL = database.url;
  const seededAlready = values.reuse !== undefined && existsSync(join(dir, 'data'));
  if (seededAlready && values['build-again'] !== true) {
    warmLines.push(...(await benchWarm(n, env, { pairs: warmPairs, edits: warmEdits, memoryRuns: warmMemory }, tree)));
    continue;
  }
  try {
    if (!seededAlready) {
      console.error(`${n} items: seeding ...`);
      const seeded = await measure('scripts/db-seed.ts', ['--items', String(n), '--seed', String(values.seed)], env);
      if (seeded.code !== 0) throw new Error(`seeding failed:\n${seeded.output}`);
    }
    console.error(`${n} items: full build ...`);
    const loadBefore = loadAverage();
    const full = await measure('scripts/rebuild.ts', ['--full'], env);
    if (full.code !== 0) throw new Error(`the full build failed:\n${full.output}`);
    const loadAfter = loadAverage();
    const { parts, seconds, doing } = full.peakAt;
    console.error(
      `    peak RSS ${full.peakRssMb.toFixed(0)} MB at ${seconds.toFixed(0)} s: ${parts}; the log then: ${doing.trim()}`,
    );
    // Right after the full build, before anything it left settles: one item changed and rebuilt.
    let afterFull: Measured | undefined;
    if (incrementalAt.has(n)) {
      const changed = await changeOneItem(env);
      console.error(`${n} items: incremental rebuild right after the full build, after changing ${changed} ...`);
      afterFull = await measure(
        'scripts/rebuild.ts',
        [],
        env,
        join(env.SITE_DIR as string, changed, 'index.html'),
        true,
      );
      if (afterFull.code !== 0) throw new Error(`the incremental rebuild failed:\n${afterFull.output}`);
    }
    const settledSeconds = await settled(env.SITE_DIR as string);
    const pages = /\((\d+) pages\)\.\s*$/m.exec(full.output)?.[1] ?? '?';
    rows.push(
      `| ${n.toLocaleString('en-US')} | ${Number(pages).toLocaleString('en-US')} | ${liveSeconds(full.output).toFixed(0)} s | ` +
        `${searchSeconds(full.output).toFixed(0)} s | ${full.wallSeconds.toFixed(0)} s | ` +
        `${full.cpuSeconds.toFixed(0)} s | ${settledSeconds.toFixed(0)} s | ${full.peakRssMb.toFixed(0)} MB | ` +
        `${loadBefore} → ${loadAfter} |`,
    );
    // Each row as soon as it is measured: the tables come at the end, after the largest sizes' clean-up.
    console.error(`    ${rows.at(-1)}`);
    if (incrementalAt.has(n)) {
      const runs: Measured[] = [];
      for (let i = 0; i < 3; i++) {
        const changed = await changeOneItem(env);
        console.error(`${n} items: incremental rebuild after changing ${changed} ...`);
        const page = join(env.SITE_DIR as string, changed, 'index.html');
        // Timed as operators run it: `npm run rebuild`, from the start of npm.
        const inc = await measure('scripts/rebuild.ts', [], env, page, true);
        if (inc.code !== 0) throw new Error(`the incremental rebuild failed:\n${inc.output}`);
        runs.push(inc);
        // The search shards follow the pages; the next run starts once this one has ended.
        await settled(env.SITE_DIR as string);
      }
      const median = [...runs].sort((a, b) => a.servedSeconds - b.servedSeconds)[1] as Measured;
      const summary = /Incremental rebuild: (\d+) pages rendered, (\d+) reused/.exec(median.output);
      incremental.push(
        `| ${n.toLocaleString('en-US')} | ${summary?.[1]} | ${Number(summary?.[2]).toLocaleString('en-US')} | ` +
          `${afterFull?.servedSeconds.toFixed(2)} s | ` +
          `${median.servedSeconds.toFixed(2)} s (${runs.map((r) => r.servedSeconds.toFixed(2)).join(', ')}) | ` +
          `${liveSeconds(median.output).toFixed(2)} s | ${searchSeconds(median.output).toFixed(1)} s | ` +
          `${median.wallSeconds.toFixed(1)} s | ${median.peakRssMb.toFixed(0)} MB | ${loadAverage()} |`,
      );
      console.error(`    ${incremental.at(-1)}`);
      weights = pageWeights(env.SITE_DIR as string);
      if (bundlePairs > 0) await compareApiBundle(n, env);
    }
    if (warmPairs > 0 || warmMemory > 0) {
      warmLines.push(
        ...(await benchWarm(n, env, { pairs: warmPairs, edits: warmEdits, memoryRuns: warmMemory }, tree)),
      );
    }
  } finally {
    await settled(env.SITE_DIR as string);
    if (values.reuse === undefined) rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

if (rows.length > 0) {
  console.log(
    '\n| items | pages | live after | search index | command | CPU (user+sys, tree) | then settled | peak RSS (process tree) | load avg before → after |',
  );
  console.log(
    '| ----: | ----: | ---------: | -----------: | ------: | ---: | ----------------: | ----------------------: | --- |',
  );
  for (const r of rows) console.log(r);
}
if (incremental.length > 0) {
  console.log(
    '\n| items | rendered | reused | served after, right after the full build | served after, from the start of npm run rebuild (median; 3 runs) | live after, by its own clock | search index | whole run | peak RSS | load avg |',
  );
  console.log(
    '| ----: | -------: | -----: | ---: | ----------------------------------------------------: | ---------------------------: | -----------: | --------: | -------: | --- |',
  );
  for (const row of incremental) console.log(row);
}
if (bundleRows.length > 0) {
  console.log(
    '\n| items | pairs | API from its sources: API ready, served (medians) | API from its bundle: API ready, served (medians) |',
  );
  console.log('| ----: | ----: | ---: | ---: |');
  for (const row of bundleRows) console.log(row);
}
if (weights.length > 0) {
  console.log('\n| page type | HTML | HTML gzip | JS up front | JS up front gzip | + on first tap gzip |');
  console.log('| --------- | ---: | --------: | ----------: | ---------------: | ------------------: |');
  for (const w of weights)
    console.log(
      `| ${w.type} | ${kb(w.html.raw)} | ${kb(w.html.gz)} | ${kb(w.js.raw)} | ${kb(w.js.gz)} | ${kb(w.later.gz)} |`,
    );
}
for (const line of warmLines) console.log(line);
