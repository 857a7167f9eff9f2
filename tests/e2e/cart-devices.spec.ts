import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { addOne, type Item, readCatalogue } from './catalogue.ts';
import { addUser, PASSWORD, signIn, uniqueEmail } from './users.ts';

// The same cart on every device (issue 36): a shopper signed in on two phones sees on
// each what the other did, on opening a page and on coming back to a background tab,
// with no layout shift. Black box: the production build, the shop's API.

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A published section with at least two buyable items (shown, in stock, titles not inside each other). */
let shelf: { path: string; items: [Item, Item, ...Item[]] };

test.beforeAll(async ({ request }) => {
  const cat = await readCatalogue(request);
  for (const s of cat.sections.filter((x) => !x.SectionHidden)) {
    const res = await request.get(`/api/Section/ReadSectionWithList/${s.SectionID}/${s.DbID}`);
    const items = ((await res.json()) as { items: Item[] }).items;
    const titles = items.map((i) => i.ItemTitle);
    const buyable = items.filter(
      // Items sold by the piece: a weighed item's stepper moves in grams (issue 33).
      (i) =>
        !i.ItemHidden &&
        (i.SoldBy === undefined || i.SoldBy === 'ByUnit') &&
        i.Availability >= 5 &&
        titles.filter((t) => t.includes(i.ItemTitle)).length === 1,
    );
    if (buyable.length >= 2) {
      shelf = { path: `/app/store-section/${s.SectionID}/${s.DbID}`, items: buyable as never };
      return;
    }
  }
  throw new Error('The demo catalogue has no section with two buyable items.');
});

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/token', { form: { username: email, password: PASSWORD, grant_type: 'password' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function serverCart(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/cart/Read', { headers: { Authorization: `Bearer ${token}` } });
  const cart = (await res.json()) as { CartItems: { ItemID: number; Qty: number }[] };
  return cart.CartItems.map((l) => `${l.ItemID}:${l.Qty}`)
    .sort()
    .join(' ');
}

const cardOf = (page: Page, item: Item) =>
  page.locator('[data-item-card]').filter({ has: page.getByRole('heading', { name: item.ItemTitle, exact: true }) });
const step = (scope: Locator, item: Item, way: 'Decrease') =>
  scope.getByRole('button', { name: `${way} quantity of ${item.ItemTitle}`, exact: true });
const qty = (page: Page, item: Item) => cardOf(page, item).getByLabel(`Quantity of ${item.ItemTitle}`, { exact: true });
const cartLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });

/** A phone: its own browser context, signed in as `email`, adding up every layout shift of its pages. */
async function phone(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** The tab goes to the background or comes back (headless Chromium keeps every tab visible: the event is sent as a phone would). */
async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

test('a change on one phone shows on the other on opening a page and on coming back to the tab, with no layout shift', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const [x, y] = shelf.items;
  const email = uniqueEmail('devices');
  addUser(email, 'User');
  const token = await apiToken(request, email);
  const laptop = await phone(browser, email);
  const mobile = await phone(browser, email);

  // The first device fills the cart; its store saves it 1 s after the last tap.
  await laptop.goto(shelf.path);
  await addOne(cardOf(laptop, x), x.ItemTitle).tap();
  await addOne(cardOf(laptop, x), x.ItemTitle).tap();
  await addOne(cardOf(laptop, y), y.ItemTitle).tap();
  await expect
    .poll(() => serverCart(request, token), { timeout: 15_000 })
    .toBe(`${x.ItemID}:2 ${y.ItemID}:1`.split(' ').sort().join(' '));

  // The second phone has no copy of the cart (as on a new phone): the section page reads the saved one.
  await mobile.evaluate(() => localStorage.removeItem('cartState'));
  await mobile.goto(shelf.path);
  await expect(qty(mobile, x)).toHaveValue('2', { timeout: 2000 });
  await expect(qty(mobile, y)).toHaveValue('1', { timeout: 2000 });
  await expect(cartLink(mobile)).toHaveAccessibleName('Cart (3 items)');

  // The phone goes to the background; meanwhile the first device removes x and adds one y.
  await setVisibility(mobile, 'hidden');
  await step(cardOf(laptop, x), x, 'Decrease').tap();
  await step(cardOf(laptop, x), x, 'Decrease').tap();
  await addOne(cardOf(laptop, y), y.ItemTitle).tap();
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toBe(`${y.ItemID}:2`);
  await setVisibility(mobile, 'visible');
  await expect(qty(mobile, x)).toHaveValue('0', { timeout: 2000 });
  await expect(qty(mobile, y)).toHaveValue('2', { timeout: 2000 });
  await expect(cartLink(mobile)).toHaveAccessibleName('Cart (2 items)');

  // The phone's next change keeps the other's removal: x does not come back.
  await addOne(cardOf(mobile, y), y.ItemTitle).tap();
  await expect.poll(() => serverCart(request, token), { timeout: 15_000 }).toBe(`${y.ItemID}:3`);
  // And the first device, opening the page again a minute later, catches up.
  await laptop.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('cartState') ?? '{}') as { syncedTime?: string };
    // As if the copy had been read two minutes ago.
    state.syncedTime = new Date(Date.parse(state.syncedTime ?? '') - 120_000).toISOString();
    localStorage.setItem('cartState', JSON.stringify(state));
  });
  await laptop.reload();
  await expect(qty(laptop, y)).toHaveValue('3', { timeout: 2000 });

  expect(await mobile.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
  expect(await laptop.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
});
