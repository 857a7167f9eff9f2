// npm run bench:search-phone [-- --items 2000] [--big 100000] [--terms rice,panner] [--runs 3] [--port 51320]
//   [--parts api,pagefind,big] (which to measure: the API's search, Pagefind's, the API at --big items)
//   [--dir D [--prepare]]: keep the data and site in D; with --prepare, only seed and build there
//   (outside the bench lock), and a later run with the same D measures without building again.
// The navigation's search box on a phone (issue 34 item 2): Chromium at 390 px with a 4x CPU
// slow-down, on DevTools' Slow 3G (2 s round trip, 50 kB/s) and a fast 4G profile (150 ms,
// 1.5 MB/s), with a cold cache. Seeds a throw-away data folder (`--seed 3`), builds the site
// (`npm run build`'s script), serves it with `npm run serve`'s script, opens the home page,
// waits for it to settle, then types each term into the box as a person does (120 ms a key)
// and measures, in the page's own clock, from the last key to the box's answer drawn for
// the whole term (its options, or that nothing matches), and every byte the browser received from the first key until then
// (headers and encoded bodies). Each figure for the API's search and, with /api/Search
// answered 404 as a static host would, for the Pagefind index the site falls back to.
// With `--big N`, a second data folder of N items is seeded and served with the same
// site: the box only asks the API, so the figure is the API's search at N items (the
// site's pages are the smaller catalogue's). Nothing outside the temp folder is touched;
// see bench/README.md "Search box on a phone".
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';
import { run, serve } from './site-fixture.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    big: { type: 'string', default: '0' },
    terms: { type: 'string', default: 'rice,panner' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '51320' },
    dir: { type: 'string' },
    parts: { type: 'string', default: 'api,pagefind,big' },
    prepare: { type: 'boolean', default: false },
  },
  strict: true,
});
const items = Number(values.items);
const big = Number(values.big);
const runs = Number(values.runs);
const port = Number(values.port);
const parts = String(values.parts).split(',');
const terms = String(values.terms)
  .split(',')
  .map((t) => t.trim())
  .filter((t) => t !== '');

const PROFILES = {
  'fast 4G': { offline: false, latency: 150, downloadThroughput: 1_500_000, uploadThroughput: 750_000 },
  'Slow 3G': { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 },
} as const;
type Profile = keyof typeof PROFILES;
const CPU_SLOWDOWN = 4;
const KEY_DELAY_MS = 120;

interface Search {
  hits: number;
  ms: number;
  bytes: number;
  requests: number;
}

/** One search typed into the box of a fresh phone (empty cache); `pagefind`: the site without its search API. */
async function searchOnce(
  browser: Browser,
  origin: string,
  term: string,
  profile: Profile,
  pagefind: boolean,
): Promise<Search> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (pagefind) {
    await page.route(
      (url) => url.pathname.toLowerCase() === '/api/search',
      (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '' }),
    );
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILES[profile]);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let counting = false;
  let bytes = 0;
  let requests = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    if (!counting) return;
    pending.push(
      req.sizes().then((s) => {
        bytes += s.responseBodySize + s.responseHeadersSize;
        requests++;
      }),
    );
  });
  await page.goto(`${origin}/`, { waitUntil: 'load', timeout: 180_000 });
  await page.waitForLoadState('networkidle', { timeout: 180_000 });
  await page.evaluate((whole) => {
    const clock: { last?: number; drawn?: number | undefined; hits?: number } = {};
    (window as unknown as { __search: typeof clock }).__search = clock;
    const box = document.querySelector('[data-search-input]');
    const panel = document.querySelector('[data-search-panel]');
    if (box === null || panel === null) throw new Error('no search box');
    box.addEventListener('input', () => {
      clock.last = performance.now();
      clock.drawn = undefined;
    });
    new MutationObserver(() => {
      const status = document.querySelector('[data-search-status]')?.textContent ?? '';
      // The box writes its status and its options together: hits, or that nothing matches.
      if (clock.drawn === undefined && status.includes(`“${whole}”`)) {
        clock.drawn = performance.now();
        clock.hits = document.querySelectorAll('[data-search-list] [role="option"]').length;
      }
    }).observe(panel, { subtree: true, childList: true, characterData: true });
  }, term);
  counting = true;
  const box = page.getByRole('combobox', { name: 'Search items and sections' });
  await box.tap();
  await box.pressSequentially(term, { delay: KEY_DELAY_MS });
  await page.waitForFunction(
    () => (window as unknown as { __search: { drawn?: number } }).__search.drawn !== undefined,
    undefined,
    { timeout: 180_000 },
  );
  const clock = await page.evaluate(
    () => (window as unknown as { __search: { last: number; drawn: number; hits: number } }).__search,
  );
  counting = false;
  await Promise.all(pending);
  await context.close();
  return { ms: clock.drawn - clock.last, bytes, requests, hits: clock.hits };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function measure(browser: Browser, origin: string, label: string, engines: boolean[]): Promise<void> {
  for (const pagefind of engines) {
    for (const profile of Object.keys(PROFILES) as Profile[]) {
      for (const term of terms) {
        const got: Search[] = [];
        for (let r = 0; r < runs; r++) got.push(await searchOnce(browser, origin, term, profile, pagefind));
        const ms = median(got.map((g) => g.ms));
        const kb = median(got.map((g) => g.bytes)) / 1024;
        console.log(
          `| ${label} | ${pagefind ? 'Pagefind (no API)' : 'API'} | ${profile} | "${term}" (${median(got.map((g) => g.hits))} shown) | ${(ms / 1000).toFixed(2)} s | ${kb.toFixed(1)} kB | ${median(got.map((g) => g.requests))} | ${load()} |`,
        );
      }
    }
  }
}

const kept = values.dir !== undefined;
const dir = kept ? String(values.dir) : mkdtempSync(join(tmpdir(), 'aisle-bench-search-phone-'));
mkdirSync(dir, { recursive: true });
/** Seeds `items` items into `env`'s data folder unless a prepared folder has them already. */
async function seed(count: number, folderEnv: NodeJS.ProcessEnv): Promise<void> {
  if (existsSync(join(folderEnv.DATA_DIR as string, 'aisle.db'))) return;
  console.error(`Seeding ${count} items (--seed 3) ...`);
  await run('scripts/db-seed.ts', ['--items', String(count), '--seed', '3'], folderEnv);
}
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
try {
  console.error(
    `bench:search-phone on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load ${load()}`,
  );
  const bigEnv = { ...env, DATA_DIR: join(dir, 'big') };
  await seed(items, env);
  if (!existsSync(join(env.SITE_DIR as string, 'index.html'))) {
    console.error('Building the site ...');
    await run('scripts/build.ts', [], env);
  }
  if (big > 0) await seed(big, bigEnv);
  if (values.prepare) process.exit(0);
  server = await serve(env, origin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  console.log(
    '\n| catalogue | search | network | term (options shown) | last key → first hits (median) | bytes moved | requests | load avg |',
  );
  console.log('| --- | --- | --- | --- | ---: | ---: | ---: | --- |');
  const engines = [...(parts.includes('api') ? [false] : []), ...(parts.includes('pagefind') ? [true] : [])];
  await measure(browser, origin, `${items.toLocaleString('en-US')} items`, engines);
  if (big > 0 && parts.includes('big')) {
    // The small catalogue's server gone before the large one's answers on the same port.
    const small = server;
    const gone = new Promise((done) => small.once('exit', done));
    small.kill();
    await gone;
    server = undefined;
    server = await serve(bigEnv, origin);
    await measure(
      browser,
      origin,
      `${big.toLocaleString('en-US')} items (API; ${items.toLocaleString('en-US')}-item site)`,
      [false],
    );
  }
  await browser.close();
} finally {
  server?.kill();
  if (!kept) rmSync(dir, { recursive: true, force: true });
}
