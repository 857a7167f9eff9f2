// npm run bench:lighthouse [-- --items 2000] [--runs 3] [--chromium /usr/bin/chromium (or CHROMIUM_PATH)]
// Lighthouse (mobile: Moto G Power emulation, simulated slow 4G and 4x CPU slow-down,
// Lighthouse's default) for the home, section and item pages of the production site,
// signed out and signed in with a cart: bench/site-fixture.ts seeds a throw-away data
// folder, builds and serves the site as in production; Lighthouse runs in Chromium
// `--runs` times per page, reporting the median. Nothing outside the temp folder is
// touched; see bench/README.md "Lighthouse".
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';
import { type BenchSite, startBenchSite } from './site-fixture.ts';

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

/** Stores the shopper's token and cart for the site (Lighthouse keeps them: disableStorageReset) and empties the cache. */
async function signIn(port: number, site: BenchSite): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${site.origin}/robots.txt`);
  await page.evaluate(
    ({ token, cartState }) => {
      localStorage.setItem('jtoken', token);
      localStorage.setItem('cartState', cartState);
    },
    { token: site.shopper.token, cartState: site.shopper.cartState },
  );
  // A cold cache as for the signed-out runs (which Lighthouse's storage reset gives): only the storage stays.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  // Leaves the browser running for Lighthouse: only this connection ends.
  await browser.close();
}

let site: BenchSite | undefined;
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
try {
  console.error(
    `bench:lighthouse on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  console.error(`Seeding ${items} items and building the site ...`);
  site = await startBenchSite('lighthouse', items);
  const pages = site.pages.filter(([type]) => type === 'home' || type === 'section' || type === 'item');
  chrome = await launch({
    chromePath: values.chromium,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const table: string[] = [];
  for (const who of ['signed out', 'signed in with a cart'] as const) {
    for (const [type, path] of pages) {
      const all: Scores[] = [];
      for (let i = 0; i < runs; i++) {
        if (who !== 'signed out') await signIn(chrome.port, site);
        const result = await lighthouse(`${site.origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          // Signed out: Lighthouse clears the site's storage first. Signed in: the token and cart stay.
          disableStorageReset: who !== 'signed out',
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
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => a.id);
        console.error(
          `  ${type} ${who} ${path} run ${i + 1}: performance ${all.at(-1)?.performance}${failing.length > 0 ? `; below 0.9: ${failing.join(', ')}` : ''}`,
        );
      }
      const m = (k: keyof Scores) => median(all.map((s) => s[k]));
      table.push(
        `| ${type} | ${who} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ` +
          `${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${m('tbt').toFixed(0)} ms | ` +
          `${m('cls').toFixed(3)} | ${(m('si') / 1000).toFixed(1)} s | ${(m('bytes') / 1024).toFixed(0)} kB |`,
      );
    }
  }
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, median of ${runs}\n`,
  );
  console.log(
    '| page | who | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | Speed Index | transferred |',
  );
  console.log(
    '| ---- | --- | ----------: | ------------: | -------------: | --: | --: | --: | --: | --: | ----------: | ----------: |',
  );
  for (const row of table) console.log(row);
} finally {
  await chrome?.kill();
  await site?.close();
}
