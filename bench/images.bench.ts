// npm run bench:images [-- --items 2000] [--sections 4] [--dpr 1,2,3] [--slow-dpr 2] [--port 0] [--chromium /usr/bin/chromium]
// The picture bytes a 390 px phone downloads on opening a section page, with the demo catalogue's
// generated photographs: seeds a throw-away data folder, builds the site with `npm run build`'s
// script, serves it with `npm run serve`'s script, and opens each section page in Chromium
// (390×844, touch, a fresh cache every time) at each pixel density, twice, alternating: with its
// <source> elements removed ("PNG only": the page as it was, every picture its ti.png) and as built
// (<picture> with the AVIF and WebP versions). Counts the pictures downloaded without scrolling,
// then scrolls to the end and compares every tile with its PNG. `--slow-dpr` adds runs under
// DevTools' Slow 3G (pictures on opening the page as built only). Nothing outside the temp folder is touched; see
// bench/README.md "Pictures".
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/chromium.ts';
import { freePort, run, serve } from './site-fixture.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '2000' },
    sections: { type: 'string', default: '4' },
    dpr: { type: 'string', default: '1,2,3' },
    'slow-dpr': { type: 'string', default: '2' },
    port: { type: 'string', default: '0' },
    chromium: { type: 'string', default: CHROMIUM_PATH },
  },
  strict: true,
});
const items = Number(values.items);
const sectionCount = Number(values.sections);
const port0 = Number(values.port);
const densities = values.dpr.split(',').map(Number);
if (
  !Number.isSafeInteger(items) ||
  items < 1 ||
  !Number.isSafeInteger(sectionCount) ||
  sectionCount < 1 ||
  !Number.isSafeInteger(port0) ||
  port0 < 0 ||
  densities.some((d) => !(d > 0 && d <= 4))
) {
  console.error('bench:images: --items and --sections must be whole numbers of at least 1, --dpr numbers from 0 to 4.');
  process.exit(2);
}

const VIEWPORT = { width: 390, height: 844 };

interface Load {
  /** The card pictures that show on the first screen (intersect the 844 px viewport). */
  firstScreenTiles: number;
  /** Every picture downloaded on opening the page, without scrolling: eager tiles, lazy ones within Chromium's margin, the default tile. */
  openBytes: number;
  openRequests: string[];
  /** The pictures of one screenful of cards: scrolled to the grid, the tiles in the viewport, and their bytes. */
  screenful: { tiles: number; bytes: number };
  /** Every card picture of the page once scrolled to the end, in page order, with its bytes. */
  tiles: { src: string; bytes: number }[];
}

/** Opens `url` on a fresh 390 px phone; `pngOnly` strips the page's <source> elements first (the page as it was). */
async function load(browser: Browser, url: string, dpr: number, pngOnly: boolean, slow: boolean): Promise<Load> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: dpr,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    if (slow) {
      // DevTools' "Slow 3G": 400 ms round trip, 400 kbit/s down (Chromium then also widens its lazy-loading margin).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1000) / 8,
        uploadThroughput: (400 * 1000) / 8,
        connectionType: 'cellular3g',
      });
    }
    if (pngOnly) {
      await page.route(url, async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(/<source\b[^>]*>/g, '');
        await route.fulfill({ response: res, body: html });
      });
    }
    const sizes = new Map<string, Promise<number>>();
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'image') return;
      sizes.set(
        new URL(req.url()).pathname,
        req.sizes().then((s) => s.responseBodySize),
      );
    });
    await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
    await page.waitForLoadState('networkidle', { timeout: 300_000 });
    const firstScreenTiles = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLImageElement>('main img[data-tile]')].filter((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
        }).length,
    );
    const openRequests = [...sizes.keys()];
    const openBytes = (await Promise.all([...sizes.values()])).reduce((a, b) => a + b, 0);
    if (slow) return { firstScreenTiles, openBytes, openRequests, screenful: { tiles: 0, bytes: 0 }, tiles: [] };
    // One screenful of cards: the grid scrolled to the top of the screen.
    await page.evaluate(() => document.querySelector('main [data-item-card]')?.scrollIntoView({ block: 'start' }));
    await page.waitForLoadState('networkidle');
    const inView = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('main img[data-tile]')]
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight;
        })
        .map((img) => new URL(img.currentSrc || img.src).pathname),
    );
    const screenful = {
      tiles: inView.length,
      bytes: (await Promise.all(inView.map(async (src) => (await sizes.get(src)) ?? 0))).reduce((a, b) => a + b, 0),
    };
    // Scrolled to the end, every lazy picture loads: each tile against its PNG.
    for (let y = 0; y < 20_000; y += 500) {
      const end = await page.evaluate((top) => {
        window.scrollTo(0, top);
        return top + window.innerHeight >= document.documentElement.scrollHeight;
      }, y);
      await page.waitForTimeout(50);
      if (end) break;
    }
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('main img[data-tile]')].every((img) => img.complete),
    );
    const srcs = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('main img[data-tile]')].map(
        (img) => new URL(img.currentSrc || img.src).pathname,
      ),
    );
    const tiles = await Promise.all(srcs.map(async (src) => ({ src, bytes: (await sizes.get(src)) ?? 0 })));
    return { firstScreenTiles, openBytes, openRequests, screenful, tiles };
  } finally {
    await context.close();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-images-'));
const port = port0 === 0 ? await freePort() : port0;
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
let browser: Browser | undefined;
try {
  console.error(
    `bench:images on ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.error(`Seeding ${items} items and building the site ...`);
  await run('scripts/db-seed.ts', ['--items', String(items), '--seed', '1'], env);
  await run('scripts/build.ts', [], env);
  server = await serve(env, origin);
  const sections = (
    (await (await fetch(`${origin}/api/Publisher/ReadAll?limit=1000`)).json()) as {
      SectionID: number;
      DbID: number;
      StoreID: number;
      SectionHidden: boolean;
    }[]
  )
    .filter((s) => !s.SectionHidden)
    .sort((a, b) => a.StoreID - b.StoreID || a.SectionID - b.SectionID)
    .slice(0, sectionCount);
  browser = await chromium.launch({ executablePath: values.chromium, args: [...CHROMIUM_ARGS] });

  const rows: string[] = [];
  const tileRows: string[] = [];
  let worstRatio = 0;
  let worstOpen = 0;
  let worstScreenful = 0;
  const conditions: { dpr: number; slow: boolean }[] = [
    ...densities.map((dpr) => ({ dpr, slow: false })),
    ...(values['slow-dpr'] === '' ? [] : values['slow-dpr'].split(',').map((d) => ({ dpr: Number(d), slow: true }))),
  ];
  for (const { dpr, slow } of conditions) {
    const now: Load[] = [];
    const png: Load[] = [];
    const ratios: number[] = [];
    for (const s of sections) {
      const url = `${origin}/app/store-section/${s.SectionID}/${s.DbID}`;
      // Alternating, each in a fresh context: the page as it was (PNG only), then as built. Under Slow 3G
      // only as built: the PNG page takes minutes there, and its bytes are those of the unthrottled run.
      const before = slow ? undefined : await load(browser, url, dpr, true, slow);
      const after = await load(browser, url, dpr, false, slow);
      if (before !== undefined) png.push(before);
      now.push(after);
      after.tiles.forEach((tile, i) => {
        const old = before?.tiles[i];
        if (old === undefined || tile.src.endsWith('.svg')) return;
        if (old.src.replace(/ti\.png$/, '') !== tile.src.replace(/ti-\d+\.(avif|webp)$/, '')) {
          throw new Error(`tile ${i} differs: ${old.src} against ${tile.src}`);
        }
        const ratio = tile.bytes / old.bytes;
        ratios.push(ratio);
        if (tileRows.length < 12 && dpr === densities[0]) {
          tileRows.push(
            `| ${dpr}x | ${tile.src} | ${kB(tile.bytes)} | ${kB(old.bytes)} | ${(ratio * 100).toFixed(1)} % |`,
          );
        }
      });
      console.error(
        `  ${dpr}x${slow ? ' Slow 3G' : ''} ${url}: on open ${kB(after.openBytes)} in ${after.openRequests.length} ` +
          `(${after.openRequests.join(' ')})` +
          `${before === undefined ? '' : `; as PNG ${kB(before.openBytes)} in ${before.openRequests.length}`}; ` +
          `${after.firstScreenTiles} tiles on the first screen`,
      );
    }
    const openNow = now.map((l) => l.openBytes);
    if (!slow) {
      worstOpen = Math.max(worstOpen, ...openNow);
      worstScreenful = Math.max(worstScreenful, ...now.map((l) => l.screenful.bytes));
    }
    if (ratios.length > 0) worstRatio = Math.max(worstRatio, ...ratios);
    const fetched = new Set(now.flatMap((l) => l.tiles.map((t) => t.src.replace(/^.*\//, ''))));
    rows.push(
      `| ${dpr}x | ${slow ? 'Slow 3G' : 'unthrottled'} | ${median(now.map((l) => l.firstScreenTiles))} | ` +
        `${kB(median(openNow))} (max ${kB(Math.max(...openNow))}) | ${median(now.map((l) => l.openRequests.length))} | ` +
        (slow
          ? '– | – | – | – | – | – | – |'
          : `${kB(median(png.map((l) => l.openBytes)))} | ${median(now.map((l) => l.screenful.tiles))} | ${kB(median(now.map((l) => l.screenful.bytes)))} (max ${kB(Math.max(...now.map((l) => l.screenful.bytes)))}) | ` +
            `${kB(median(png.map((l) => l.screenful.bytes)))} | ${[...fetched].sort().join(', ')} | ${(median(ratios) * 100).toFixed(1)} % | ${(Math.max(...ratios) * 100).toFixed(1)} % (${ratios.length} tiles) |`),
    );
  }
  console.log(
    `\nSection pages on a ${VIEWPORT.width}×${VIEWPORT.height} phone, ${sections.length} sections of a ${items}-item ` +
      'catalogue; picture bytes as transferred, median over the sections\n',
  );
  console.log(
    '| density | network | tiles on the first screen | pictures on opening the page | requests | same, PNG only | tiles in a screenful of cards | their bytes | same, PNG only | tiles fetched | tile / its PNG (median) | tile / its PNG (worst) |',
  );
  console.log('| --: | --- | --: | --: | --: | --: | --: | --: | --: | --- | --: | --: |');
  for (const row of rows) console.log(row);
  console.log('\nSome tiles against their PNG\n');
  console.log('| density | tile | bytes | its PNG | ratio |');
  console.log('| --: | --- | --: | --: | --: |');
  for (const row of tileRows) console.log(row);
  console.log(
    `\nWorst page on opening (unthrottled): ${kB(worstOpen)} of pictures; worst screenful of cards: ` +
      `${kB(worstScreenful)} (target at most 60 kB); worst tile: ` +
      `${(worstRatio * 100).toFixed(1)} % of its PNG (target at most 20 %).`,
  );
} finally {
  await browser?.close();
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
