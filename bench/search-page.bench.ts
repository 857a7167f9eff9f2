// npm run bench:search-page [-- --items 7000] [--word pack] [--runs 3] [--port 51300]
// The search results page (/app/search) against the page-weight budget of the
// catalogue pages: seeds a throw-away data folder big enough for `--word` to hit at
// least 5,000 pages, builds the site (`npm run build`'s script), serves it with
// `npm run serve`'s script (brotli, cache headers as in production) and loads, in
// Chromium at 390 px with an empty cache, in turn: the heaviest catalogue page
// type (a store section: item cards with steppers), an item page, and the results
// page for `--word` until its first page of results is shown. Counts every byte
// the browser receives (headers and encoded bodies: HTML, JS, CSS, the search
// index's WebAssembly and chunks, the fragments of the shown hits, pictures),
// alternating the pages for `--runs` rounds, and reports medians. Nothing outside
// the temp folder is touched; see bench/README.md "Search results page".
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';
import { firstId, run, serve } from './site-fixture.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '7000' },
    word: { type: 'string', default: 'pack' },
    rare: { type: 'string', default: 'turmeric' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '51300' },
  },
  strict: true,
});
const items = Number(values.items);
const runs = Number(values.runs);
const port = Number(values.port);
const word = String(values.word);
const rare = String(values.rare);

/** The store-section page with the most HTML (the most item cards): the heaviest catalogue page. */
function largestSection(siteDir: string): string {
  let best = { path: '', size: -1 };
  const root = join(siteDir, 'app/store-section');
  for (const bid of readdirSync(root).filter((n) => /^\d+$/.test(n) && n !== '0')) {
    for (const dbid of readdirSync(join(root, bid)).filter((n) => /^\d+$/.test(n))) {
      const file = join(root, bid, dbid, 'index.html');
      try {
        const size = statSync(file).size;
        if (size > best.size) best = { path: `/app/store-section/${bid}/${dbid}`, size };
      } catch {
        // A redirect folder without a page.
      }
    }
  }
  return best.path;
}

interface Load {
  bytes: number;
  requests: number;
  ms: number;
  /** Bytes by kind of resource. */
  kinds: Record<string, number>;
}

function kindOf(url: string): string {
  const path = new URL(url).pathname;
  if (path.startsWith('/pagefind')) {
    if (path.includes('/fragment/')) return 'index: hit fragments';
    if (path.endsWith('.wasm') || path.includes('wasm')) return 'index: WebAssembly';
    if (path.includes('/index/')) return 'index: word chunks';
    return 'index: entry files';
  }
  if (path.startsWith('/content/') || path.startsWith('/images/')) return 'pictures';
  if (path.endsWith('.js')) return 'JavaScript';
  if (path.endsWith('.css')) return 'CSS';
  if (path.startsWith('/api/')) return 'API';
  return 'HTML and other';
}

/** Loads `path` in a fresh context (empty cache) and counts what arrives until `ready` and the network is idle. */
async function load(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  origin: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  whole: boolean,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  let bytes = 0;
  let requests = 0;
  const kinds: Record<string, number> = {};
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    pending.push(
      req.sizes().then((s) => {
        const n = s.responseBodySize + s.responseHeadersSize;
        bytes += n;
        requests++;
        const kind = kindOf(req.url());
        kinds[kind] = (kinds[kind] ?? 0) + n;
        if (process.env.BENCH_DETAIL === '1' && kind === 'JavaScript') console.error(`${path} ${n} ${req.url()}`);
      }),
    );
  });
  const started = performance.now();
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  if (whole) {
    // A shopper who looks at the whole page: scroll to the end a screen at a time, so every lazy
    // picture and every island on it loads.
    for (let i = 0; i < 200; i++) {
      const done = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight);
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(150);
      if (done) break;
    }
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  }
  const ms = performance.now() - started;
  await Promise.all(pending);
  await context.close();
  return { bytes, requests, ms, kinds };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-search-'));
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
    `bench:search-page on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.error(`Seeding ${items} items and building the site ...`);
  await run('scripts/db-seed.ts', ['--items', String(items), '--seed', '1'], env);
  await run('scripts/build.ts', [], env);
  server = await serve(env, origin);
  const site = realpathSync(env.SITE_DIR as string);
  const sectionPath = largestSection(site);
  const item = firstId(site, 'app/section');
  const itemPath = `/app/section/${item}/${firstId(site, `app/section/${item}`)}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const hits = new Map<string, number>();
  const shown = (term: string) => async (page: Page) => {
    const heading = page.getByRole('heading', { level: 1, name: /results? for/ });
    await heading.waitFor({ timeout: 60_000 });
    hits.set(term, Number(/^(\d+)/.exec((await heading.textContent()) ?? '')?.[1] ?? 0));
    await page.locator('[data-search-result]').first().waitFor();
  };
  const pages: [string, string, (page: Page) => Promise<void>][] = [
    ['section (the largest)', sectionPath, async () => {}],
    ['item', itemPath, async () => {}],
    [`search results, "${word}"`, `/app/search?q=${encodeURIComponent(word)}`, shown(word)],
    [`search results, "${rare}"`, `/app/search?q=${encodeURIComponent(rare)}`, shown(rare)],
  ];
  const modes = [
    ['first screen', false],
    ['whole page', true],
  ] as const;
  const results = new Map<string, Load[]>();
  for (const [mode] of modes) for (const [name] of pages) results.set(`${name}, ${mode}`, []);
  for (let r = 0; r < runs; r++) {
    // Alternating, so a slower moment of the machine does not fall on one page only.
    for (const [mode, whole] of modes) {
      for (const [name, path, ready] of r % 2 === 0 ? pages : [...pages].reverse()) {
        results.get(`${name}, ${mode}`)?.push(await load(browser, origin, path, ready, whole));
      }
    }
  }
  await browser.close();
  const many = hits.get(word) ?? 0;
  if (many < 5000) console.error(`Warning: "${word}" hit only ${many} pages; raise --items for 5,000.`);
  console.log(
    `\n${many.toLocaleString('en-US')} hits for "${word}", ${hits.get(rare) ?? 0} for "${rare}", in a ${items.toLocaleString('en-US')}-item site.\n`,
  );
  console.log('| page | transferred (median) | requests | load until shown |');
  console.log('| ---- | -------------------: | -------: | ---------------: |');
  for (const [name, loads] of results) {
    console.log(
      `| ${name} | ${kb(median(loads.map((l) => l.bytes)))} | ${median(loads.map((l) => l.requests))} | ${(median(loads.map((l) => l.ms)) / 1000).toFixed(1)} s |`,
    );
  }
  for (const [name, loads] of results) {
    const last = loads.at(-1);
    if (last === undefined) continue;
    const parts = Object.entries(last.kinds)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${kb(n)}`);
    console.log(`\n${name}, by kind (last round): ${parts.join(', ')}`);
  }
  // The page weight of bench/README.md's table: the page and the code it runs (HTML, CSS, JS).
  const pageWeight = (l: Load) => (l.kinds['HTML and other'] ?? 0) + (l.kinds.CSS ?? 0) + (l.kinds.JavaScript ?? 0);
  const searchData = (l: Load) =>
    Object.entries(l.kinds)
      .filter(([k]) => k.startsWith('index:'))
      .reduce((n, [, v]) => n + v, 0);
  console.log('\n| page | page weight (HTML, CSS, JS) | search data (index, fragments) | pictures |');
  console.log('| ---- | ---: | ---: | ---: |');
  for (const [mode] of modes) {
    for (const [name] of pages) {
      const loads = results.get(`${name}, ${mode}`) ?? [];
      console.log(
        `| ${name}, ${mode} | ${kb(median(loads.map(pageWeight)))} | ${kb(median(loads.map(searchData)))} | ${kb(median(loads.map((l) => l.kinds.pictures ?? 0)))} |`,
      );
    }
  }
  // Each page at its heaviest (first screen or the whole page looked at).
  const weightOf = (i: number) =>
    Math.max(...modes.map(([mode]) => median(results.get(`${pages[i]?.[0]}, ${mode}`)?.map(pageWeight) ?? [0])));
  const budget = Math.max(weightOf(0), weightOf(1));
  const search = Math.max(weightOf(2), weightOf(3));
  console.log(
    `\nPage weight of the search results page with ${many.toLocaleString('en-US')} hits: ${kb(search)}, ${((search / budget) * 100).toFixed(0)} % of the heaviest catalogue page's ${kb(budget)}: ${search <= budget ? 'within' : 'OVER'} the budget.`,
  );
  if (search > budget) process.exitCode = 1;
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
