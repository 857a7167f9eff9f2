// node bench/rebuild-beside.bench.ts --dir DIR [--code DIR] [--pairs 3] [--conditions quiet,deletion,deletion-before]
// What a one-item rebuild right after a full build shares the machine with (issue 30 item 2), one
// condition at a time, in alternating rounds (ABC, CBA, ...). DIR is a folder that
// `npm run bench:build -- --reuse DIR` seeded and built (data/, site/), and --code the checkout
// whose `npm run rebuild` is timed (this one by default; it must be the code that built DIR, or the
// rebuild is a full one). Each run raises one item's price in the database, starts
// `npm run rebuild` and times it until the item's page file behind the live link has its new bytes
// (polled every 5 ms), after the machine has settled (no site lock, no trash). Conditions:
// - `quiet`: nothing else runs;
// - `deletion`: beside the deletion of a replaced build as a full build leaves it (a hard-linked copy
//   of the live build, about 290,000 files at 100,000 items, trashed and deleted by `emptyTrash`);
// - `deletion-before`: the same with the deleter of 960fc59 (one `rmSync` at the lowest CPU
//   priority, which never waits for a rebuild);
// - `cold-cache`: V8's compile cache empty (a new NODE_COMPILE_CACHE folder);
// - `cold-bundles`: the API's and the rebuild's bundles not in the compile cache (a comment
//   appended to each, as new code's first rebuild finds them).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { emptyTrash, siteFolders } from '../src/publish/site-folders.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    code: { type: 'string', default: '.' },
    pairs: { type: 'string', default: '3' },
    conditions: { type: 'string', default: 'quiet,deletion,deletion-before' },
  },
});
if (values.dir === undefined) throw new Error('Usage: node bench/rebuild-beside.bench.ts --dir DIR [--code DIR]');
const root = resolve(values.dir);
const code = resolve(values.code);
const rounds = Number(values.pairs);
const conditions = values.conditions.split(',');
const KNOWN = ['quiet', 'deletion', 'deletion-before', 'cold-cache', 'cold-bundles'];
for (const c of conditions) if (!KNOWN.includes(c)) throw new Error(`Unknown condition ${c}: ${KNOWN.join(', ')}`);
const site = join(root, 'site');
const folders = siteFolders(site);
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(root, 'data'), SITE_DIR: site };
delete env.API_URL;
delete env.DATABASE_URL;

/** Raises the middle item's price (it has a page); answers its page file. */
function changeOneItem(): string {
  const items = join(site, 'app/section');
  const ids = readdirSync(items).sort((a, b) => Number(a) - Number(b));
  const sid = ids[Math.floor(ids.length / 2)] as string;
  const dbId = readdirSync(join(items, sid))[0] as string;
  const db = new DatabaseSync(join(root, 'data', 'aisle.db'));
  try {
    db.prepare('update items set unit_price = unit_price + 1100, updated_at = ? where id = ?').run(
      new Date().toISOString(),
      Number(sid),
    );
  } finally {
    db.close();
  }
  return join(site, 'app/section', sid, dbId, 'index.html');
}

const busy = () =>
  existsSync(join(folders.buildsDir, 'lock')) ||
  readdirSync(folders.buildsDir).some((name) => name.startsWith('trash-'));

async function settle(): Promise<void> {
  while (busy()) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1_500));
}

/** The live build, hard-linked to `trash-bench-{tag}` (what a full build trashes: a build it replaced). */
function trashACopy(tag: string): string {
  const live = readdirSync(folders.buildsDir).find((name) => /^site-\d+$/.test(name)) as string;
  const trash = join(folders.buildsDir, `trash-bench-${tag}`);
  spawnSync('cp', ['-al', join(folders.buildsDir, live), trash]);
  return trash;
}

/** 960fc59's detached deleter: the trash claimed, then one `rmSync` at the lowest priority. */
const DELETER_BEFORE =
  'try { require("node:os").setPriority(19); } catch {}\n' +
  'const fs = require("node:fs");\n' +
  'for (const d of process.argv.slice(1)) {\n' +
  '  const mine = d + ".deleting-" + process.pid;\n' +
  '  try { fs.renameSync(d, mine); } catch { continue; }\n' +
  '  fs.rmSync(mine, { recursive: true, force: true });\n' +
  '}';

async function run(condition: string): Promise<number> {
  await settle();
  const page = changeOneItem();
  const before = readFileSync(page);
  const runEnv = { ...env };
  if (condition === 'cold-cache') runEnv.NODE_COMPILE_CACHE = mkdtempSync(join(tmpdir(), 'aisle-compile-'));
  if (condition === 'cold-bundles') {
    for (const file of ['api-worker.mjs', 'rebuild.mjs']) {
      appendFileSync(join(code, 'node_modules', '.cache', 'aisle', file), `\n// ${Date.now()}\n`);
    }
  }
  if (condition === 'deletion') {
    trashACopy('now');
    emptyTrash(folders, { detached: true });
  }
  if (condition === 'deletion-before') {
    const trash = trashACopy('before');
    spawn(process.execPath, ['-e', DELETER_BEFORE, trash], { detached: true, stdio: 'ignore' }).unref();
  }
  const started = performance.now();
  const child = spawn('npm', ['run', 'rebuild', '--silent'], {
    cwd: code,
    env: runEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let served: number | null = null;
  const changed = () => {
    try {
      return !readFileSync(page).equals(before);
    } catch {
      return false;
    }
  };
  const poll = setInterval(() => {
    if (served === null && changed()) served = performance.now() - started;
  }, 5);
  const exit = await new Promise<number | null>((r) => child.on('exit', r));
  clearInterval(poll);
  if (served === null && changed()) served = performance.now() - started;
  if (exit !== 0 || served === null) throw new Error(`the rebuild failed (code ${exit}):\n${output}`);
  if (/rendering every page/.test(output))
    throw new Error('the rebuild was a full one: --code is not the code that built --dir');
  return served / 1000;
}

const times = new Map<string, number[]>(conditions.map((c) => [c, []]));
for (let round = 0; round < rounds; round++) {
  for (const condition of round % 2 === 0 ? conditions : [...conditions].reverse()) {
    const seconds = await run(condition);
    times.get(condition)?.push(seconds);
    console.error(`  round ${round + 1}, ${condition}: served after ${seconds.toFixed(3)} s`);
  }
}
await settle();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log('| condition | served after, from the start of npm run rebuild (median) | runs |');
console.log('| --- | --: | --- |');
for (const [condition, xs] of times) {
  console.log(`| ${condition} | ${median(xs).toFixed(3)} s | ${xs.map((x) => x.toFixed(2)).join(', ')} |`);
}
