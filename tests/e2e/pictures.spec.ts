import { type Browser, expect, test } from '@playwright/test';
import { type Catalogue, firstSection, readCatalogue } from './catalogue.ts';

// Black box: drives the production build served by `npm start`; imports nothing from src/.

let cat: Catalogue;
test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
});

const sectionPath = () => `/app/store-section/${firstSection(cat).SectionID}/${firstSection(cat).DbID}`;

/** Opens the section page on a 390 px phone of the given pixel density; answers each picture's bytes as downloaded. */
async function openOnPhone(browser: Browser, baseURL: string, deviceScaleFactor: number) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const downloaded = new Map<string, { type: string; bytes: number }>();
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/content/')) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    downloaded.set(new URL(res.url()).pathname, { type: res.headers()['content-type'] ?? '', bytes: body.byteLength });
  });
  await page.goto(sectionPath());
  const first = page.locator('main [data-item-card] img[data-tile]').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const currentSrc = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
  await expect.poll(() => downloaded.has(currentSrc)).toBe(true);
  return { context, page, first, currentSrc, downloaded };
}

test.describe('pictures on a phone', () => {
  test('a 390 px phone at 1x downloads the small AVIF tile, a fraction of the PNG', async ({
    browser,
    baseURL,
    request,
  }) => {
    const { context, currentSrc, downloaded } = await openOnPhone(browser, baseURL as string, 1);
    try {
      // The 200 px AVIF, sized for the card. Chromium may pick the 400 px one when it chose the
      // picture before the page's viewport meta applied (a 980 px layout viewport): still AVIF.
      expect(currentSrc).toMatch(/^\/content\/\d+\/Item\/\d+\/ti-(200|400)\.avif$/);
      const tile = downloaded.get(currentSrc);
      expect(tile?.type).toBe('image/avif');
      const png = await request.get(currentSrc.replace(/ti-\d+\.avif$/, 'ti.png'));
      expect(png.headers()['content-type']).toBe('image/png');
      const pngBytes = (await png.body()).byteLength;
      expect(tile?.bytes).toBeGreaterThan(0);
      expect(tile?.bytes ?? Number.POSITIVE_INFINITY).toBeLessThan(pngBytes / 5);
      // No card picture of the first screen came as PNG.
      for (const [path, { type }] of downloaded) {
        if (path.endsWith('/ti.png')) throw new Error(`${path} was downloaded as ${type}`);
      }
    } finally {
      await context.close();
    }
  });

  test('a 390 px phone at 3x downloads the 400 px AVIF, still sized for its card', async ({ browser, baseURL }) => {
    const { context, first, currentSrc, downloaded } = await openOnPhone(browser, baseURL as string, 3);
    try {
      expect(currentSrc).toMatch(/\/ti-400\.avif$/);
      expect(downloaded.get(currentSrc)?.type).toBe('image/avif');
      // The picture keeps its box: 4:3 at the card's width, no layout shift when it arrives.
      const box = await first.boundingBox();
      expect(box?.width).toBeGreaterThan(150);
      expect(box?.width).toBeLessThan(200);
      expect(Math.abs((box?.height ?? 0) - ((box?.width ?? 0) * 3) / 4)).toBeLessThan(1.5);
    } finally {
      await context.close();
    }
  });

  test('every picture offers AVIF and WebP versions, with the PNG as the fallback', async ({ page }) => {
    await page.goto(sectionPath());
    const pictures = page.locator('main picture:has(img[data-tile])');
    expect(await pictures.count()).toBeGreaterThan(0);
    const first = pictures.first();
    const src = await first.locator('img').getAttribute('src');
    expect(src).toMatch(/\/ti\.png$/);
    const dir = (src ?? '').slice(0, -'ti.png'.length);
    await expect(first.locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      `${dir}ti-200.avif 200w, ${dir}ti-400.avif 400w`,
    );
    await expect(first.locator('source[type="image/webp"]')).toHaveAttribute(
      'srcset',
      `${dir}ti-200.webp 200w, ${dir}ti-400.webp 400w`,
    );
    await expect(first.locator('source').first()).toHaveAttribute('sizes', /calc\(50vw - 22px\)$/);
  });
});
