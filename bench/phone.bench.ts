// npm run bench:phone [-- --items 2000] [--runs 3] [--only weights|timing] [--chromium /usr/bin/chromium (or CHROMIUM_PATH)]
// The shop on a cheap phone (issue 12): a 390 px viewport, DevTools' Slow 3G (2 s round
// trip, 50 kB/s each way) and a 4x CPU slow-down, set through the Chrome DevTools
// Protocol, with a cold cache. On the production site (bench/site-fixture.ts) it measures:
//  1. JavaScript transferred before the first interaction, per page type, signed out and
//     signed in with a cart: every script file the page loads until the network has been
//     quiet for 2 s (sized gzip, as the issue counts, and as served), plus the inline
//     scripts of the HTML (gzip); scripts the page starts as web workers (Pagefind's search)
//     are fetched before the first interaction too and are reported in a column of their own;
//  2. the time from first paint to a working stepper showing the right quantity: a probe
//     (an init script) looks at the page's first stepper every frame; once it shows the
//     quantity the cart holds, it presses + and checks that the quantity went up (then
//     presses - to put it back). The figure is that moment minus the first paint.
//  3. (issue 30) the cart page, signed in with three lines, and the search results page:
//     the same script weights, the time from first paint to the cart's lines and grand
//     total shown, and from first paint to the search page's first stepper working.
// See bench/README.md "Phone".

import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';
import { type BenchSite, fetchAgain, startBenchSite } from './site-fixture.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '3' },
    chromium: { type: 'string', default: CHROMIUM_PATH },
    only: { type: 'string' },
  },
  strict: true,
});
const items = Number(values.items);
const runs = Number(values.runs);
if (!Number.isSafeInteger(items) || items < 1 || !Number.isSafeInteger(runs) || runs < 1) {
  console.error('bench:phone: --items and --runs must be whole numbers of at least 1.');
  process.exit(2);
}

/** Chrome DevTools' "Slow 3G" preset. */
const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const CPU_SLOWDOWN = 4;
const QUIET_MS = 2000;

type Signed = 'signed out' | 'signed in';

async function phoneContext(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  site: BenchSite,
  signed: Signed,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  if (signed === 'signed in') {
    await context.addInitScript(
      ({ token, cartState }) => {
        localStorage.setItem('jtoken', token);
        if (localStorage.getItem('cartState') === null) localStorage.setItem('cartState', cartState);
      },
      { token: site.shopper.token, cartState: site.shopper.cartState },
    );
  }
  return context;
}

async function throttle(context: BrowserContext, page: Awaited<ReturnType<BrowserContext['newPage']>>) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

interface JsWeight {
  files: string[];
  /** Bytes on the wire, as the server sent them (brotli). */
  served: number;
  /** The same files compressed with gzip, as the issue counts them. */
  gzip: number;
  /** The HTML's inline scripts, gzip. */
  inlineGzip: number;
  /** Scripts started as web workers (off the main thread; not in `gzip`), gzip. */
  workerGzip: number;
  workerFiles: string[];
}

const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;

async function inlineScriptGzip(url: string): Promise<number> {
  const html = await (await fetchAgain(url)).text();
  let code = '';
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || /application\/ld\+json/i.test(attrs)) continue;
    code += m[2] ?? '';
  }
  return code === '' ? 0 : gzipSync(code, { level: 9 }).length;
}

async function gzipSize(url: string): Promise<number> {
  const res = await fetchAgain(url, { headers: { 'Accept-Encoding': 'gzip' } });
  // fetch decodes the body: compress it again at the level the build uses for .gz files.
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

/** Loads `path` on a throttled phone and adds up the script files fetched before any interaction. */
async function jsBeforeInteraction(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  site: BenchSite,
  path: string,
  signed: Signed,
): Promise<JsWeight> {
  const context = await phoneContext(browser, site, signed);
  const page = await context.newPage();
  const cdp = await throttle(context, page);
  const scripts = new Map<string, string>();
  const served = new Map<string, number>();
  // A dedicated worker's script is fetched for the page too, but runs off its main thread:
  // counted apart (Pagefind's search runs in one).
  const workers = new Set<string>();
  page.on('worker', (w) => workers.add(w.url()));
  let pending = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', () => {
    pending++;
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.set(e.requestId, e.response.url);
  });
  const done = (e: { requestId: string; encodedDataLength?: number }) => {
    pending = Math.max(0, pending - 1);
    lastActivity = Date.now();
    if (scripts.has(e.requestId)) served.set(e.requestId, e.encodedDataLength ?? 0);
  };
  cdp.on('Network.loadingFinished', done);
  cdp.on('Network.loadingFailed', done);
  await page.goto(`${site.origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (pending > 0 || Date.now() - lastActivity < QUIET_MS)) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await context.close();
  const files = [...new Set(scripts.values())];
  let gzip = 0;
  for (const url of files) gzip += await gzipSize(url);
  return {
    files: files.map((u) => new URL(u).pathname.split('/').pop() ?? u),
    served: [...served.values()].reduce((a, b) => a + b, 0),
    gzip,
    inlineGzip: await inlineScriptGzip(`${site.origin}${path}`),
    workerGzip: (await Promise.all([...workers].map((url) => gzipSize(url)))).reduce((a, b) => a + b, 0),
    workerFiles: [...workers].map((u) => new URL(u).pathname.split('/').pop() ?? u),
  };
}

/** The probe: every frame, the first stepper on screen; records when it shows `expected` and a + press works. */
function stepperProbe(expected: Record<string, number>): void {
  const w = window as unknown as { __stepperWorking?: number; __stepperChecks?: number };
  let pressed: { input: HTMLInputElement; minus: HTMLElement; want: string } | null = null;
  const frame = () => {
    w.__stepperChecks = (w.__stepperChecks ?? 0) + 1;
    if (pressed !== null) {
      if (pressed.input.value === pressed.want) {
        w.__stepperWorking = performance.now();
        pressed.minus.click();
        return;
      }
      requestAnimationFrame(frame);
      return;
    }
    // The page's first stepper, on screen or not: every server-rendered stepper works the same way.
    const stepper = document.querySelector<HTMLElement>('[data-stepper]') ?? undefined;
    const input = stepper?.querySelector('input');
    const plus = stepper?.querySelector<HTMLElement>('[data-step="1"]');
    const minus = stepper?.querySelector<HTMLElement>('[data-step="-1"]');
    if (stepper !== undefined && input && plus && minus) {
      const qty = expected[stepper.dataset.stepper ?? ''] ?? 0;
      if (input.value === String(qty)) {
        pressed = { input, minus, want: String(qty + 1) };
        plus.click();
        // A control that answers at once is working in this very frame.
        if (input.value === pressed.want) {
          w.__stepperWorking = performance.now();
          minus.click();
          return;
        }
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

interface StepperTiming {
  firstPaint: number;
  working: number;
  lcp: number;
}

async function firstPaintToStepper(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  site: BenchSite,
  path: string,
  signed: Signed,
): Promise<StepperTiming> {
  const context = await phoneContext(browser, site, signed);
  const expected: Record<string, number> = {};
  if (signed === 'signed in') {
    const cart = JSON.parse(site.shopper.cartState) as {
      cart: { CartItems: { ItemID: number; StoreID: number; Qty: number }[] };
    };
    for (const l of cart.cart.CartItems) expected[`${l.StoreID}:${l.ItemID}`] = l.Qty;
  }
  await context.addInitScript(stepperProbe, expected);
  const page = await context.newPage();
  await throttle(context, page);
  await page.goto(`${site.origin}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => (window as { __stepperWorking?: number }).__stepperWorking !== undefined, null, {
    timeout: 120_000,
  });
  const timing = await page.evaluate(
    () =>
      new Promise<StepperTiming>((resolve) => {
        const fp = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
        let lcp = Number.NaN;
        new PerformanceObserver((list) => {
          lcp = list.getEntries().at(-1)?.startTime ?? lcp;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(
          () =>
            resolve({
              firstPaint: fp,
              working: (window as { __stepperWorking?: number }).__stepperWorking ?? Number.NaN,
              lcp,
            }),
          200,
        );
      }),
  );
  await context.close();
  return timing;
}

/** The probe of the cart page: every frame, whether the cart's table shows `lines` lines and a grand total. */
function cartProbe(lines: number): void {
  const w = window as unknown as { __cartShown?: number };
  const frame = () => {
    for (const table of document.querySelectorAll('table')) {
      if (!table.caption?.textContent?.startsWith('Items in your cart')) continue;
      const rows = table.tBodies[0]?.rows.length ?? 0;
      const total = table.tFoot?.textContent ?? '';
      if (rows === lines && /Grand total/.test(total) && /Rs\s?\d/.test(total) && table.checkVisibility()) {
        w.__cartShown = performance.now();
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function firstPaintToCart(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  site: BenchSite,
  lines: number,
): Promise<StepperTiming> {
  const context = await phoneContext(browser, site, 'signed in');
  await context.addInitScript(cartProbe, lines);
  const page = await context.newPage();
  await throttle(context, page);
  await page.goto(`${site.origin}/app/cart/my-cart`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => (window as { __cartShown?: number }).__cartShown !== undefined, null, {
    timeout: 120_000,
  });
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
    working: (window as { __cartShown?: number }).__cartShown ?? Number.NaN,
    lcp: Number.NaN,
  }));
  await context.close();
  return timing;
}

/** A word of the item page's title that the search page finds items for. */
async function searchWord(site: BenchSite): Promise<string> {
  const [, iid, idb] = /(\d+)\/(\d+)$/.exec(site.pages.find(([t]) => t === 'item')?.[1] ?? '') ?? [];
  const item = (await (await fetchAgain(`${site.origin}/api/Item/Read/${iid}/${idb}`)).json()) as { ItemTitle: string };
  const words = item.ItemTitle.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w));
  return (words[0] ?? item.ItemTitle).toLowerCase();
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

console.error(
  `bench:phone on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.error(`Seeding ${items} items and building the site ...`);
const site = await startBenchSite('phone', items);
const browser = await chromium.launch({ executablePath: values.chromium, args: [...CHROMIUM_ARGS] });
try {
  const signedStates: Signed[] = ['signed out', 'signed in'];
  const searchPath = `/app/search?q=${encodeURIComponent(await searchWord(site))}`;
  // The cart page is open to guests too (issue 37).
  const measured: [string, string, Signed[]][] = [
    ...site.pages.map(([t, p]): [string, string, Signed[]] => [t, p, signedStates]),
    ['cart', '/app/cart/my-cart', signedStates],
    ['search', searchPath, signedStates],
  ];
  const weights: string[] = [];
  for (const [type, path, who] of values.only === 'timing' ? [] : measured) {
    for (const signed of who) {
      const w = await jsBeforeInteraction(browser, site, path, signed);
      console.error(
        `  ${type} ${signed}: ${w.files.join(', ')}${w.workerFiles.length > 0 ? `; workers: ${w.workerFiles.join(', ')}` : ''}`,
      );
      weights.push(
        `| ${type} | ${signed} | ${kB(w.gzip)} | ${kB(w.inlineGzip)} | **${kB(w.gzip + w.inlineGzip)}** | ${kB(w.served)} | ${w.files.length} | ${w.workerGzip === 0 ? '–' : kB(w.workerGzip)} |`,
      );
    }
  }
  const timings: string[] = [];
  const timed: [string, string][] =
    values.only === 'weights'
      ? []
      : [...site.pages.filter(([t]) => t === 'section' || t === 'item'), ['search', searchPath]];
  for (const [type, path] of timed) {
    for (const signed of signedStates) {
      const all: StepperTiming[] = [];
      for (let i = 0; i < runs; i++) {
        all.push(await firstPaintToStepper(browser, site, path, signed));
        const t = all.at(-1) as StepperTiming;
        console.error(
          `  ${type} ${signed} run ${i + 1}: first paint ${t.firstPaint.toFixed(0)} ms, working ${t.working.toFixed(0)} ms`,
        );
      }
      const gap = median(all.map((t) => Math.max(0, t.working - t.firstPaint)));
      timings.push(
        `| ${type} | ${signed} | ${(median(all.map((t) => t.firstPaint)) / 1000).toFixed(2)} s | ` +
          `${(median(all.map((t) => t.working)) / 1000).toFixed(2)} s | **${gap.toFixed(0)} ms** | ${(median(all.map((t) => t.lcp)) / 1000).toFixed(2)} s |`,
      );
    }
  }
  const cartTimings: string[] = [];
  if (values.only !== 'weights') {
    const lines = (JSON.parse(site.shopper.cartState) as { cart: { CartItems: unknown[] } }).cart.CartItems.length;
    const all: StepperTiming[] = [];
    for (let i = 0; i < runs; i++) {
      all.push(await firstPaintToCart(browser, site, lines));
      const t = all.at(-1) as StepperTiming;
      console.error(
        `  cart signed in run ${i + 1}: first paint ${t.firstPaint.toFixed(0)} ms, lines shown ${t.working.toFixed(0)} ms`,
      );
    }
    const gap = median(all.map((t) => Math.max(0, t.working - t.firstPaint)));
    cartTimings.push(
      `| cart (${lines} lines) | signed in | ${(median(all.map((t) => t.firstPaint)) / 1000).toFixed(2)} s | ` +
        `${(median(all.map((t) => t.working)) / 1000).toFixed(2)} s | **${gap.toFixed(0)} ms** |`,
    );
  }
  console.log('\nJavaScript before the first interaction (390 px, Slow 3G, 4x CPU, cold cache)\n');
  console.log(
    '| page | who | script files (gzip) | inline scripts (gzip) | total (gzip) | script files as served (brotli) | files | web worker scripts (gzip, off the main thread) |',
  );
  console.log(
    '| ---- | --- | ------------------: | --------------------: | -----------: | ------------------------------: | ----: | ---------------------------------------------: |',
  );
  for (const row of weights) console.log(row);
  console.log(`\nFirst paint to a working stepper showing the right quantity (median of ${runs})\n`);
  console.log('| page | who | first paint | stepper working | first paint → working | LCP |');
  console.log('| ---- | --- | ----------: | --------------: | --------------------: | --: |');
  for (const row of timings) console.log(row);
  console.log(`\nFirst paint to the cart's lines and grand total shown (median of ${runs})\n`);
  console.log('| page | who | first paint | lines shown | first paint → lines |');
  console.log('| ---- | --- | ----------: | ----------: | ------------------: |');
  for (const row of cartTimings) console.log(row);
} finally {
  await browser.close();
  await site.close();
}
