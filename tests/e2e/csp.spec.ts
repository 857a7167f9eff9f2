import { expect, type Page, test } from '@playwright/test';
import { type Catalogue, firstSection, firstStore, readCatalogue, shownItems } from './catalogue.ts';
import { addUser, signIn, uniqueEmail } from './users.ts';

// Black box: every page type of the production build, served by `npm start` with its
// security headers, must run without a Content-Security-Policy violation or a script error,
// islands included (they are hydrated before the page counts as checked).

let cat: Catalogue;

test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
});

interface Watch {
  problems: string[];
}

/** Collects CSP violation reports, uncaught errors and console errors (but not failed loads, such as a 404's). */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { problems: [] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const holder = window as unknown as { __csp?: string[] };
      holder.__csp = holder.__csp ?? [];
      holder.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('pageerror', (err) => w.problems.push(`uncaught: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
      w.problems.push(`console: ${msg.text()}`);
    }
  });
  return w;
}

/** Opens a page, scrolls it through and touches a stepper so every island wakes, and waits for them to hydrate. */
async function visit(page: Page, w: Watch, path: string): Promise<void> {
  const res = await page.goto(path);
  const policy = res?.headers()['content-security-policy'] ?? '';
  expect(policy, path).toContain("script-src 'self'");
  expect(policy, path).toContain("frame-ancestors 'none'");
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  // Stepper islands load on the first interaction with a stepper (client:interaction): focus one of
  // its visible controls (at quantity 0 the stepper is one Add button, issue 37).
  const stepper = page.locator('[data-stepper] :is(input, button):visible');
  // The cart panel loads on the first interaction with it (issue 30), steppers or not: focus its first button.
  const cartPanel = page.getByRole('button', { name: 'Check Stock' });
  if ((await stepper.count()) > 0) await stepper.first().focus();
  else if ((await cartPanel.count()) > 0) await cartPanel.focus();
  // Astro drops `ssr` from an island once it has hydrated.
  await expect(page.locator('astro-island[ssr]'), path).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...reported, ...w.problems], path).toEqual([]);
}

test('catalogue, account and search pages run under the policy', async ({ page }) => {
  test.setTimeout(90_000);
  const w = await watch(page);
  const store = firstStore(cat);
  const section = firstSection(cat);
  const item = shownItems(cat).find((i) => i.Availability > 0 && !i.ItemHidden) ?? shownItems(cat)[0];
  for (const path of [
    `/app/home/${store.StoreID}`,
    `/app/categories/${cat.categories[0]?.CategoryID}`,
    `/app/stores/${store.StoreID}`,
    `/app/store-section/${section.SectionID}/${section.DbID}`,
    `/app/book/${section.SectionID}/${section.DbID}`,
    `/app/section/${item?.ItemID}/${item?.DbID}`,
    `/store/${store.StoreID}`,
    '/app/login',
    '/app/register',
    '/confirm/1',
    '/app/reset-password',
    `/app/search?q=${encodeURIComponent(section.SectionTitle)}`,
    '/playbook',
    '/no/such/page',
  ]) {
    await visit(page, w, path);
  }
  // The search index of a site without its search API (here: /api/Search answers 404, as a static
  // host would) runs WebAssembly: allowed by 'wasm-unsafe-eval', and by nothing wider.
  await page.route('**/api/Search?*', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: '' }));
  const box = page.getByRole('combobox', { name: 'Search items and sections' });
  await box.fill(section.SectionTitle);
  // The box's file, the API's 404, then the index in its worker: seconds on a loaded machine.
  await expect(page.locator('[data-search-list] a').first()).toBeVisible({ timeout: 20_000 });
  const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...reported, ...w.problems]).toEqual([]);
});

/** A new admin signed in, with the page watched for policy reports (`watch`). */
async function signedInAdmin(page: Page, prefix: string): Promise<Awaited<ReturnType<typeof watch>>> {
  const email = uniqueEmail(prefix);
  addUser(email, 'Admin');
  const w = await watch(page);
  await signIn(page, email);
  return w;
}

test('signed-in pages run under the policy', async ({ page }) => {
  test.setTimeout(120_000);
  const w = await signedInAdmin(page, 'csp');
  for (const path of [
    '/app/cart/my-cart',
    '/app/cart/my-orders',
    '/app/profile/my-profile',
    '/app/profile/my-address',
    '/app/profile/my-alerts',
    '/app/edu-shopy',
    '/app/edu-shopy/reports',
    '/app/client-store',
  ]) {
    await visit(page, w, path);
  }
});

// Every staff screen the two areas link to: about 20 pages, each waited on until its network is idle
// (a minute and more on a loaded two-core machine, so a test of its own).
test('staff pages run under the policy', async ({ page }) => {
  test.setTimeout(240_000);
  const w = await signedInAdmin(page, 'csp-staff');
  const staffLinks = new Set<string>();
  for (const area of ['/app/edu-shopy', '/app/client-store']) {
    await page.goto(area);
    for (const href of await page
      .locator(`aside a[href^="${area}/"], main a[href^="${area}/"]`)
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) {
      staffLinks.add(href);
    }
  }
  expect(staffLinks.size).toBeGreaterThan(3);
  for (const path of staffLinks) await visit(page, w, path);
});
