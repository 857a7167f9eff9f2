import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';
import { addOne, type Catalogue, type Item, readCatalogue, rs } from './catalogue.ts';
import { addUser, PASSWORD, signIn, uniqueEmail } from './users.ts';

// Every page light before the first tap (issue 30): the cart page shows the cart from
// its HTML and a small script, React loading only on the first interaction; the search
// results page uses the catalogue's server-rendered stepper and no React at all.
// Black box: the production build, the shop's own API, nothing from src/.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

let cat: Catalogue;
/** Three buyable items (shown, in stock, distinct titles) of published sections. */
let three: [Item, Item, Item];

test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
  const published = new Set(cat.sections.filter((s) => !s.SectionHidden).map((s) => `${s.SectionID}/${s.DbID}`));
  const buyable = cat.items.filter(
    (i) =>
      !i.ItemHidden &&
      i.Availability >= 10 &&
      i.SectionID !== null &&
      published.has(`${i.SectionID}/${i.DbID}`) &&
      cat.items.filter((j) => j.ItemTitle.includes(i.ItemTitle)).length === 1,
  );
  if (buyable.length < 3) throw new Error('The demo catalogue has too few buyable items.');
  three = buyable.slice(0, 3) as [Item, Item, Item];
});

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/token', { form: { username: email, password: PASSWORD, grant_type: 'password' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function saveCart(request: APIRequestContext, token: string, lines: [Item, number][]): Promise<void> {
  const res = await request.post('/api/cart/Create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { CartItems: lines.map(([i, q]) => ({ ItemID: i.ItemID, StoreID: i.StoreID, Qty: q, Staus: 'added' })) },
  });
  expect(res.status()).toBe(200);
}

async function serverQty(request: APIRequestContext, token: string, item: Item): Promise<number> {
  const res = await request.get('/api/cart/Read', { headers: { Authorization: `Bearer ${token}` } });
  const cart = (await res.json()) as { CartItems: { ItemID: number; StoreID: number; Qty: number }[] };
  return cart.CartItems.find((l) => l.ItemID === item.ItemID && l.StoreID === item.StoreID)?.Qty ?? 0;
}

/**
 * Holds every script file the page asks for after `hold()` until `release()`: what
 * the page shows meanwhile came from its HTML and the scripts it loaded before.
 */
async function scriptGate(page: Page) {
  let holding = false;
  const waiting: Route[] = [];
  const asked: string[] = [];
  await page.route('**/_astro/*.js', async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    if (holding) waiting.push(route);
    else await route.continue();
  });
  return {
    asked,
    hold: () => {
      holding = true;
    },
    release: async () => {
      holding = false;
      for (const route of waiting.splice(0)) await route.continue();
    },
  };
}

const cartTable = (page: Page) => page.getByRole('table', { name: /Items in your cart/ });
const row = (page: Page, item: Item) =>
  cartTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: item.ItemTitle }) });
const more = (page: Page, item: Item) => addOne(page, item.ItemTitle);
const qty = (page: Page, item: Item) => page.getByLabel(`Quantity of ${item.ItemTitle}`, { exact: true });
const grandTotal = (page: Page) => cartTable(page).locator('tfoot td');

/** The cart table's elements, classes, labels and texts, for comparing two renderings of it. */
function tableShape(page: Page): Promise<string> {
  return cartTable(page).evaluate((table) => {
    const kept = ['class', 'aria-label', 'scope', 'colspan', 'id', 'for', 'type', 'min', 'max', 'aria-describedby'];
    const keptData = ['data-stepper', 'data-step', 'data-item'];
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      const attrs = [...node.attributes]
        .filter((a) => kept.includes(a.name) || keptData.includes(a.name))
        .map((a) => `${a.name}=${a.value}`)
        .sort()
        .join(' ');
      return `<${node.localName} ${attrs}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
    };
    // React splits "Rs 28 each" into two text nodes; compare the text, not how it is split.
    return walk(table).replace(/\s+/g, ' ');
  });
}

/**
 * A new shopper with one of the first item and two of the second saved, signed in on the cart
 * page with its lines shown and every script it asks for from now on held (`scriptGate`).
 */
async function cartWithScriptsHeld(page: Page, request: APIRequestContext) {
  const [a, b] = three;
  const email = uniqueEmail('light');
  addUser(email, 'User');
  const token = await apiToken(request, email);
  await saveCart(request, token, [
    [a, 1],
    [b, 2],
  ]);
  await signIn(page, email);
  const gate = await scriptGate(page);
  await page.goto('/app/cart/my-cart', { waitUntil: 'load' });
  gate.hold();
  await expect(row(page, b)).toBeVisible();
  return { token, gate };
}

test.describe('the cart page before React', () => {
  test('shows the lines and totals from the server before React loads; React takes over on the first tap', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const [a, b, c] = three;
    const email = uniqueEmail('light');
    addUser(email, 'User', 'Lata Rao');
    const token = await apiToken(request, email);
    await saveCart(request, token, [
      [a, 2],
      [b, 1],
      [c, 3],
    ]);
    await signIn(page, email);
    // No local copy: the lines can only come from the server's cart, read by the page's small script.
    await page.evaluate(() => localStorage.removeItem('cartState'));

    const gate = await scriptGate(page);
    await page.goto('/app/cart/my-cart', { waitUntil: 'load' });
    gate.hold();
    const island = page.locator('astro-island');
    await expect(island).toHaveCount(1);
    await expect(island).toHaveAttribute('ssr', '');
    const renderer = (await island.getAttribute('renderer-url')) ?? '';
    const component = (await island.getAttribute('component-url')) ?? '';
    expect(renderer).not.toBe('');

    await expect(page.getByRole('heading', { level: 1, name: 'Cart Panel' })).toBeVisible();
    for (const name of ['Check Stock', 'Order', 'Clear Cart']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(row(page, a)).toBeVisible();
    await expect(row(page, b)).toBeVisible();
    await expect(row(page, c)).toBeVisible();
    await expect(qty(page, a)).toHaveValue('2');
    await expect(qty(page, c)).toHaveValue('3');
    await expect(row(page, c)).toContainText(rs(c.SellingPrice * 3));
    const total = (n: [Item, number][]) =>
      rs(n.reduce((sum, [i, q]) => sum + Math.round(i.SellingPrice * q * 100), 0) / 100);
    await expect(grandTotal(page)).toHaveText(
      total([
        [a, 2],
        [b, 1],
        [c, 3],
      ]),
    );
    // React and the cart island have not been asked for.
    expect(gate.asked).not.toContain(renderer);
    expect(gate.asked).not.toContain(component);

    // The first tap counts at once, before React has arrived, and asks for it.
    await more(page, a).tap();
    await expect(qty(page, a)).toHaveValue('3');
    await expect(row(page, a)).toContainText(rs(a.SellingPrice * 3));
    await expect(grandTotal(page)).toHaveText(
      total([
        [a, 3],
        [b, 1],
        [c, 3],
      ]),
    );
    await expect.poll(() => gate.asked.includes(component)).toBe(true);
    await expect(island).toHaveAttribute('ssr', '');
    const plainShape = await tableShape(page);

    await gate.release();
    await expect(island).not.toHaveAttribute('ssr', '');
    await expect(cartTable(page)).toHaveCount(1);
    await expect(qty(page, a)).toHaveValue('3');
    // React draws the very same table the small script drew.
    expect(await tableShape(page)).toBe(plainShape);
    await more(page, a).tap();
    await expect(qty(page, a)).toHaveValue('4');
    // The cart store saves the change (1 s after the last one).
    await expect.poll(() => serverQty(request, token, a), { timeout: 15_000 }).toBe(4);
    await page.getByRole('button', { name: 'Check Stock' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Stock checked: all items are available' })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('a button pressed before React has loaded is pressed when it has; Remove works before React', async ({
    page,
    request,
  }) => {
    const [a, b] = three;
    const { token, gate } = await cartWithScriptsHeld(page, request);
    await page.getByRole('button', { name: `Remove ${a.ItemTitle} from your cart` }).tap();
    await expect(row(page, a)).toHaveCount(0);
    await expect(grandTotal(page)).toHaveText(rs(b.SellingPrice * 2));
    await page.getByRole('button', { name: 'Check Stock' }).tap();
    await gate.release();
    await expect(page.getByRole('status').filter({ hasText: 'Stock checked: all items are available' })).toBeVisible({
      timeout: 20_000,
    });
    await expect.poll(() => serverQty(request, token, a), { timeout: 15_000 }).toBe(0);
    expect(await serverQty(request, token, b)).toBe(2);
  });

  // The press that loads React can last longer than React takes to load (a cached script, a
  // slow finger): React's panel must not replace the pressed button before the press ends, or
  // its click lands nowhere. Both panels never show together meanwhile.
  for (const how of ['mouse button', 'space bar'] as const) {
    test(`a press held while React loads still presses (${how})`, async ({ page, request }) => {
      const [, b] = three;
      const { gate } = await cartWithScriptsHeld(page, request);
      const order = page.getByRole('button', { name: 'Order', exact: true });
      if (how === 'mouse button') {
        const box = await order.boundingBox();
        if (box === null) throw new Error('The Order button has no box.');
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
      } else {
        await order.focus();
        await page.keyboard.down('Space');
      }
      // The press asked for React; it arrives and hydrates while the press lasts.
      await expect.poll(() => gate.asked.some((u) => /CartPanel/.test(u))).toBe(true);
      await gate.release();
      await expect(page.locator('astro-island')).not.toHaveAttribute('ssr', '');
      await page.waitForTimeout(300);
      await expect(order).toHaveCount(1);
      await expect(page.getByRole('region', { name: 'Review your order' })).toHaveCount(0);
      if (how === 'mouse button') await page.mouse.up();
      else await page.keyboard.up('Space');
      const review = page.getByRole('region', { name: 'Review your order' });
      await expect(review).toBeVisible();
      await expect(review.getByRole('row').filter({ hasText: b.ItemTitle })).toHaveCount(1);
      await expect(order).toHaveCount(1);
      await expect(order).toHaveAttribute('aria-expanded', 'true');
    });
  }

  test('a guest sees the cart page, and is sent to sign in (and back) at Check Stock', async ({ page }) => {
    await page.goto('/app/cart');
    await expect(page).toHaveURL(/\/app\/cart\/my-cart$/);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await page.getByRole('button', { name: 'Check Stock' }).click();
    await expect(page).toHaveURL(/\/app\/login\?returnTo=%2Fapp%2Fcart%2Fmy-cart$/);
  });

  test('an empty cart says so, before React', async ({ page, request }) => {
    const email = uniqueEmail('light');
    addUser(email, 'User');
    await apiToken(request, email);
    await signIn(page, email);
    const gate = await scriptGate(page);
    await page.goto('/app/cart/my-cart', { waitUntil: 'load' });
    gate.hold();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/');
    await gate.release();
  });
});

test.describe('the search results page', () => {
  test('loads no React; its stepper works from the start and the cart is saved', async ({ page, request }) => {
    test.setTimeout(90_000);
    const [a] = three;
    // The whole title: its own page ranks first, on the first page of results.
    const word = a.ItemTitle;
    const email = uniqueEmail('light');
    addUser(email, 'User');
    const token = await apiToken(request, email);
    await signIn(page, email);

    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/app/search?q=${encodeURIComponent(word)}`);
    const results = page.getByRole('list', { name: 'Search results' });
    const hit = results
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: a.ItemTitle, exact: true }) });
    await expect(hit).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/results? for “/);
    await expect(hit.getByLabel(`Quantity of ${a.ItemTitle}`, { exact: true })).toHaveValue('0');
    // No island on the page: the stepper is the catalogue's server-rendered markup, worked by the first-paint script.
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect(scripts.filter((u) => /react|client\.|QuantityStepper|SearchResults/i.test(u))).toEqual([]);

    await addOne(hit, a.ItemTitle).tap();
    await expect(hit.getByLabel(`Quantity of ${a.ItemTitle}`, { exact: true })).toHaveValue('1');
    await addOne(hit, a.ItemTitle).tap();
    await expect(hit.getByLabel(`Quantity of ${a.ItemTitle}`, { exact: true })).toHaveValue('2');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }),
    ).toHaveAccessibleName('Cart (2 items)');
    // The first touch loaded the cart store, which saves a signed-in shopper's cart.
    await expect.poll(() => serverQty(request, token, a), { timeout: 15_000 }).toBe(2);
    expect(scripts.filter((u) => /react|client\.|QuantityStepper/i.test(u))).toEqual([]);
    await page.reload();
    await expect(
      results
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: a.ItemTitle, exact: true }) })
        .getByLabel(`Quantity of ${a.ItemTitle}`, { exact: true }),
    ).toHaveValue('2', { timeout: 20_000 });
  });

  // Issue 30's budget for the results page: at most 15 kB gzip of script on the main
  // thread before the first interaction (the files it fetches plus its inline scripts;
  // Pagefind's worker runs off the main thread and is not counted).
  test('ships at most 15 kB (gzip) of script before the first interaction', async ({ page, request }) => {
    const [a] = three;
    const workers = new Set<string>();
    page.on('worker', (w) => workers.add(w.url()));
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(r.url());
    });
    const path = `/app/search?q=${encodeURIComponent(a.ItemTitle)}`;
    await page.goto(path);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible({
      timeout: 20_000,
    });
    await page.waitForLoadState('networkidle');
    const gzip = (body: string | Buffer) => gzipSync(body, { level: 9 }).length;
    const files: [string, number][] = [];
    for (const url of scripts) {
      if (workers.has(url)) continue;
      const res = await request.get(url);
      expect(res.status()).toBe(200);
      files.push([new URL(url).pathname, gzip(await res.body())]);
    }
    const html = await (await request.get(path)).text();
    let inline = '';
    for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
      if (!/\ssrc\s*=|application\/ld\+json/i.test(m[1] ?? '')) inline += m[2] ?? '';
    }
    const total = files.reduce((sum, [, n]) => sum + n, 0) + gzip(inline);
    expect(files.length, 'the page fetched its scripts').toBeGreaterThan(0);
    expect(
      total,
      `script before the first interaction: ${JSON.stringify(files)} + inline ${gzip(inline)}`,
    ).toBeLessThanOrEqual(15_000);
  });
});
