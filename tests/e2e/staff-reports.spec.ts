import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, type Route, test } from '@playwright/test';
import { type Item, readCatalogue, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn } from './users.ts';

// Issue 33 item 5: the staff Reports page on a 390 px phone: charts drawn by uPlot (on this
// page only), the figures, the top items, and the days as a CSV file, under the site's CSP.
// Black box: an order is placed through the API as a shopper would; other specs place
// orders at the same time, so figures are compared with at-least bounds and with the API.

/** A string only uPlot's code carries: its root element's class. */
const UPLOT = /["'`]uplot["'`]/;
const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
/** The shop's day as the e2e shop counts it (`SHOP_TIME_ZONE` unset: India Standard Time). */
const shopDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);

/** Collects CSP violations and script errors of a page. */
async function watchProblems(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const holder = window as unknown as { __csp?: string[] };
      holder.__csp = holder.__csp ?? [];
      holder.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(msg.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
    ...problems,
  ];
}

test('an employee reads the sales of the last 30 days on a phone, as charts, figures and a CSV file', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const employee = `reports${tag()}@example.com`;
  addUser(employee, 'Employee', 'Report Reader');
  const cat = await readCatalogue(request);
  const shown = new Set(cat.stores.filter((s) => !s.StoreHidden).map((s) => s.StoreID));
  const item = shownItems(cat)
    .filter((i) => !i.ItemHidden && i.Availability >= 3 && shown.has(i.StoreID))
    .sort((a, b) => b.ItemID - a.ItemID)[1] as Item;
  const shopper = `reportshopper${tag()}@example.com`;
  addUser(shopper, 'User', 'Report Shopper');
  const ordered = await request.post('/api/cart/CreateOrder', {
    headers: { ...(await bearerHeaders(request, shopper)), 'Idempotency-Key': `report-${tag()}` },
    data: {
      CartItems: [{ ItemID: item.ItemID, StoreID: item.StoreID, Qty: 2, Staus: 'added' }],
      DeliveryAddress: {
        FullName: 'Report Shopper',
        Phone: '+91 98450 12345',
        AddressLine1: '3 Mill Road',
        AddressLine2: '',
        City: 'Pune',
        State: 'Maharashtra',
        PostalCode: '411001',
      },
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const storeTitle = cat.stores.find((s) => s.StoreID === item.StoreID)?.StoreTitle ?? '';

  // The page loads no uPlot anywhere else: the staff home's scripts do not carry it.
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const problems = await watchProblems(page);
  await signIn(page, employee);
  await expect(page.getByRole('region', { name: 'Sales' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => UPLOT.test(s))).toBe(false);

  await page.getByRole('link', { name: 'Open the reports' }).click();
  await expect(page).toHaveURL(/\/app\/edu-shopy\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const today = shopDay(Date.now());
  const from = shopDay(Date.now() - 29 * 86_400_000);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);

  // Both charts are drawn on canvases of the page's width, with uPlot's own stylesheet bundled.
  const days = page.locator('[data-chart="days"] canvas');
  await expect(days).toBeVisible();
  await expect(page.locator('[data-chart="stores"] canvas')).toBeVisible();
  const box = await days.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(250);
  expect(box?.height ?? 0).toBeGreaterThan(150);
  expect(scripts.some((s) => UPLOT.test(s))).toBe(true);
  const styled = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((r) => r.cssText.startsWith('.uplot'))),
  );
  expect(styled).toBe(true);

  // The figures are the API's (read again until no other spec's order lands in between).
  const staff = await bearerHeaders(request, employee);
  await expect(async () => {
    await page.reload();
    const api = await request.get(`/api/Report/Sales?from=${from}&to=${today}`, { headers: staff });
    const report = (await api.json()) as { Orders: number; Cancelled: number; FillRate: number | null };
    expect(report.Orders).toBeGreaterThanOrEqual(1);
    await expect(page.locator('[data-figure="Orders"]')).toHaveText(report.Orders.toLocaleString('en-IN'));
    await expect(page.locator('[data-figure="Cancelled orders"]')).toHaveText(String(report.Cancelled));
    // Over packed orders only: a dash until one is packed.
    const fill = report.FillRate === null ? '—' : `${(report.FillRate * 100).toFixed(1)} %`;
    await expect(page.locator('[data-figure="Fill rate"]')).toHaveText(fill);
  }).toPass({ timeout: 60_000 });
  await expect(page.locator('[data-figure="Average basket"]')).toHaveText(/^Rs [\d,]+(\.\d\d)?$/);
  await expect(page.getByRole('table', { name: 'Sales per store' })).toContainText(storeTitle);
  await expect(page.getByRole('table', { name: 'Top items' }).getByRole('row')).not.toHaveCount(1);

  // The page fits the phone and passes axe.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await expectNoAxeViolations(page, 'the reports page at 390 px');

  // The days as a CSV file named by the range, a row a day, today's with the order in it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Days (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`aisle-sales-days-${from}-to-${today}.csv`);
  const text = readFileSync((await file.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  const rows = text.trim().split(/\r?\n/);
  expect(rows[0]).toBe('Date,Orders,Total');
  expect(rows).toHaveLength(31);
  const todayRow = rows.find((r) => r.startsWith(`${today},`)) ?? '';
  expect(Number(todayRow.split(',')[1])).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('status').filter({ hasText: 'was downloaded' })).toBeVisible();

  // Another range, kept in the address.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?from=${today}&to=${today}$`));
  await expect(page.getByText(`${today} to ${today}`)).toBeVisible();
  expect(await problems()).toEqual([]);
});

/** Holds a request back `ms` before it goes on. */
const heldBack = (ms: number) => async (route: Route) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue();
};

test('the Reports page asks for its report from its head, once, and shows the figures before uPlot arrives', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const employee = `reportsearly${tag()}@example.com`;
  addUser(employee, 'Employee', 'Early Reader');
  await page.setViewportSize({ width: 390, height: 844 });
  const problems = await watchProblems(page);
  await signIn(page, employee);

  // The island's module and uPlot arrive late, as on a slow phone.
  await page.route(/\/_astro\/SalesReport\.[^/]*\.js$/, heldBack(1_500));
  await page.route(/\/_astro\/uPlot[^/]*\.js$/, heldBack(4_000));
  const asked: number[] = [];
  let islandArrived = Number.POSITIVE_INFINITY;
  page.on('request', (req) => {
    if (req.url().includes('/api/Report/Sales')) asked.push(Date.now());
  });
  page.on('response', (res) => {
    if (/\/_astro\/SalesReport\.[^/]*\.js$/.test(res.url())) islandArrived = Math.min(islandArrived, Date.now());
  });
  await page.goto('/app/edu-shopy/reports');

  // The figures show while uPlot is still on its way: no chart drawn yet.
  await expect(page.locator('[data-figure="Orders"]')).toHaveText(/^[\d,]+$/);
  expect(await page.locator('[data-chart] canvas').count()).toBe(0);
  await expect(page.getByRole('region', { name: 'Sales per day' })).toBeVisible();
  // Then the charts.
  await expect(page.locator('[data-chart="days"] canvas')).toBeVisible({ timeout: 30_000 });
  // The report was asked for before the island's module had arrived, and only once.
  expect(asked).toHaveLength(1);
  expect(asked[0] as number).toBeLessThan(islandArrived);
  expect(await problems()).toEqual([]);
});

test('a shopper on the Reports page asks for no report and is sent to sign in', async ({ page }) => {
  test.setTimeout(60_000);
  const shopper = `reportsnot${tag()}@example.com`;
  addUser(shopper, 'User', 'Not Staff');
  await signIn(page, shopper);
  const asked: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/Report/')) asked.push(req.url());
  });
  await page.goto('/app/edu-shopy/reports');
  await expect(page).toHaveURL(/\/app\/login/);
  expect(asked).toEqual([]);
});
