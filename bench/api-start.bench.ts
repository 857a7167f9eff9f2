// node bench/api-start.bench.ts --data DATA_DIR --a CHECKOUT [--b CHECKOUT] [--pairs 8]
// How soon a cold rebuild's in-process API answers (issue 30: a one-item rebuild waits for it):
// in a new Node process, as `scripts/rebuild.ts` starts it (`startApi` of the checkout's
// `src/publish/catalogue-source.ts`, its compile cache handed to the thread through
// NODE_COMPILE_CACHE), the time from the process's start until the API's thread is ready, and
// until it has answered the rebuild's first call (`reachable`: one category), over the shop in
// DATA_DIR (SQLite, or DATABASE_URL when set). With --b, the two checkouts' APIs alternate, run
// by run, over the same data (two versions of the code on one machine); each checkout's API
// bundle is written by a first run that is not counted. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    a: { type: 'string' },
    b: { type: 'string' },
    pairs: { type: 'string', default: '8' },
  },
  strict: true,
});
const pairs = Number(values.pairs);
if (values.data === undefined || values.a === undefined || !Number.isInteger(pairs) || pairs < 1) {
  console.error('Usage: node bench/api-start.bench.ts --data DATA_DIR --a CHECKOUT [--b CHECKOUT] [--pairs N]');
  process.exit(2);
}
const dataDir = resolve(values.data);
const checkouts = [values.a, values.b].filter((c): c is string => c !== undefined).map((c) => resolve(c));

/** One cold start of `checkout`'s API: milliseconds from the process's start until ready, and until answered. */
function once(checkout: string): { ready: number; answered: number } {
  const url = (file: string) => JSON.stringify(pathToFileURL(resolve(checkout, file)).href);
  const script = `
    const { loadConfig } = await import(${url('src/server/config.ts')});
    const { startApi, reachable } = await import(${url('src/publish/catalogue-source.ts')});
    const api = await startApi(loadConfig(process.env), () => {});
    const ready = performance.now();
    await reachable(api.url);
    const answered = performance.now();
    await api.stop();
    console.log(JSON.stringify({ ready, answered }));`;
  // A file, not `-e`: the API's thread would inherit `--input-type`.
  const file = join(scratch, 'start.mjs');
  writeFileSync(file, script);
  const run = spawnSync(process.execPath, [file], {
    cwd: checkout,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_URL: '',
      NODE_COMPILE_CACHE: resolve(checkout, 'node_modules/.cache/aisle/compile'),
    },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${checkout}: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as { ready: number; answered: number };
}

const scratch = mkdtempSync(join(tmpdir(), 'aisle-api-start-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
for (const c of checkouts) once(c); // writes each API bundle, and fills the compile cache
const runs = new Map(checkouts.map((c) => [c, [] as { ready: number; answered: number }[]]));
for (let i = 0; i < pairs; i++)
  for (const c of i % 2 === 0 ? checkouts : [...checkouts].reverse()) runs.get(c)?.push(once(c));
for (const [c, rs] of runs) {
  const ready = rs.map((r) => r.ready);
  const answered = rs.map((r) => r.answered);
  console.log(
    `${c}: ready after ${median(ready).toFixed(0)} ms (${Math.min(...ready).toFixed(0)}–${Math.max(...ready).toFixed(0)}), ` +
      `answered after ${median(answered).toFixed(0)} ms (${Math.min(...answered).toFixed(0)}–${Math.max(...answered).toFixed(0)}), ` +
      `medians of ${rs.length}`,
  );
}
