// npm run bench:lighthouse [-- --items 2000] [--runs 3] [--chromium /usr/bin/chromium (or CHROMIUM_PATH)]
// Lighthouse (mobile: Moto G Power emulation, simulated slow 4G and 4x CPU slow-down,
// Lighthouse's default) for the home, section and item pages of the production site:
// seeds a throw-away data folder, builds the site with `npm run build`'s script, serves
// it with `npm run serve`'s script (brotli, cache and security headers as in production)
// and runs Lighthouse in Chromium `--runs` times per page, reporting the median.
// Nothing outside the temp folder is touched; see bench/README.md "Lighthouse".
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: CHROMIUM_PATH },
  },
  strict: true,
});
const items = Number(values.items);
const runs = Number(values.runs);
if (!Number.isSafeInteger(items) || items < 1 || !Number.isSafeInteger(runs) || runs < 1) {
  console.error('bench:lighthouse: --items and --runs must be whole numbers of at least 1.');
  process.exit(2);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`${script} failed:\n${output}`))));
  });
}

/** Starts `npm run serve`'s script and resolves once it answers. */
async function serve(env: NodeJS.ProcessEnv, origin: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/serve.ts')], { cwd: ROOT, env, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the site server did not start');
}

/** The lowest id under `dir` that is a page (`0` holds redirect pages). */
function firstId(siteDir: string, dir: string): string {
  const ids = readdirSync(join(siteDir, dir)).filter((name) => /^\d+$/.test(name) && name !== '0');
  return ids.sort((a, b) => Number(a) - Number(b))[0] as string;
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;

const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-lighthouse-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  SITE_DIR: join(dir, 'site'),
  SITE_URL: origin,
  HOST: '127.0.0.1',
  PORT: String(port),
};
delete env.API_URL;
delete env.DATABASE_URL;
let server: ChildProcess | undefined;
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
try {
  console.error(
    `bench:lighthouse on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.error(`Seeding ${items} items and building the site ...`);
  await run('scripts/db-seed.ts', ['--items', String(items), '--seed', '1'], env);
  await run('scripts/build.ts', [], env);
  server = await serve(env, origin);
  const site = realpathSync(env.SITE_DIR as string);
  const section = firstId(site, 'app/store-section');
  const pages: [string, string][] = [
    ['home', `/app/home/${firstId(site, 'app/home')}`],
    ['section', `/app/store-section/${section}/${firstId(site, `app/store-section/${section}`)}`],
    [
      'item',
      `/app/section/${firstId(site, 'app/section')}/${firstId(site, `app/section/${firstId(site, 'app/section')}`)}`,
    ],
  ];
  chrome = await launch({
    chromePath: values.chromium,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const table: string[] = [];
  for (const [type, path] of pages) {
    const all: Scores[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result?.lhr;
      if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      all.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        si: audit('speed-index'),
        bytes: audit('total-byte-weight'),
      });
      console.error(`  ${type} ${path} run ${i + 1}: performance ${all.at(-1)?.performance}`);
    }
    const m = (k: keyof Scores) => median(all.map((s) => s[k]));
    table.push(
      `| ${type} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ` +
        `${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${m('tbt').toFixed(0)} ms | ` +
        `${m('cls').toFixed(3)} | ${(m('si') / 1000).toFixed(1)} s | ${(m('bytes') / 1024).toFixed(0)} kB |`,
    );
  }
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, median of ${runs}\n`,
  );
  console.log(
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | transferred |',
  );
  console.log(
    '| ---- | ----------: | ------------: | -------------: | --: | --: | --: | --: | --: | ----------: | ----------: |',
  );
  for (const row of table) console.log(row);
} finally {
  await chrome?.kill();
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
