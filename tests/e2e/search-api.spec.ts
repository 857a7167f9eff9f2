import { expect, type Page, test } from '@playwright/test';
import { addOne, type Catalogue, type Item, readCatalogue, shownItems } from './catalogue.ts';
import { expectNoAxeViolations } from './users.ts';

// Black box, on a phone: the navigation's box and the results page over the API's search
// (issue 34): typos and synonyms, one product once with its stores, the keyboard, paging
// and the stepper. The Pagefind index stays for a site without its API (search.spec.ts).

let cat: Catalogue;

test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
});

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
});

function itemsTitled(pattern: RegExp): Item[] {
  return shownItems(cat).filter((i) => !i.ItemHidden && pattern.test(i.ItemTitle));
}

async function type(page: Page, term: string) {
  const box = page.getByRole('combobox', { name: 'Search items and sections' });
  await box.click();
  await box.pressSequentially(term, { delay: 40 });
  return box;
}

const options = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');

test('"panner" finds paneer and "dudh" finds milk as the shopper types, from the API alone', async ({ page }) => {
  expect(itemsTitled(/\bpaneer\b/i).length, 'the demo shop sells paneer').toBeGreaterThan(0);
  expect(itemsTitled(/\bmilk\b/i).length, 'the demo shop sells milk').toBeGreaterThan(0);
  const asked: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/pagefind/') || url.pathname.toLowerCase() === '/api/search')
      asked.push(url.pathname + url.search);
  });
  await page.goto('/playbook');
  const box = await type(page, 'panner');
  await expect(options(page).first()).toContainText(/paneer/i);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'for “panner”' })).toHaveText(/^\d+ results? for “panner”/);
  // Typed at speed, the box waits for the pause: far fewer requests than keys, and never the index.
  expect(asked.filter((u) => u.startsWith('/pagefind/'))).toEqual([]);
  expect(asked.length).toBeLessThan('panner'.length);
  await expectNoAxeViolations(page, 'the suggestions for “panner”');

  await box.fill('');
  await type(page, 'dudh');
  await expect(page.getByRole('status').filter({ hasText: 'for “dudh”' })).toHaveText(/^\d+ results? for “dudh”/);
  const titles = await options(page).evaluateAll((os) =>
    os.map((o) => o.querySelector('span')?.firstChild?.textContent ?? ''),
  );
  // "Haldi Doodh Mix" may rank first (doodh is dudh): a milk is among the first three.
  expect(
    titles.slice(0, 3).some((t) => /\bmilk\b/i.test(t)),
    `the first options: ${titles.join(' | ')}`,
  ).toBe(true);
  // One product once: no title and size repeats in the list.
  const facts = await options(page).evaluateAll((os) => os.map((o) => o.textContent ?? ''));
  expect(new Set(facts).size).toBe(facts.length);
  expect(titles.every((t) => t !== '')).toBe(true);
});

test('the box is worked from the keyboard: arrows choose, Enter opens the item, Escape closes', async ({ page }) => {
  const [paneer] = itemsTitled(/\bpaneer\b/i);
  if (paneer === undefined) throw new Error('The demo shop sells no paneer.');
  await page.goto('/playbook');
  const box = await type(page, 'paneer');
  const first = options(page).first();
  await expect(first).toBeVisible();
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toBeFocused();
  const id = await first.getAttribute('id');
  await expect(box).toHaveAttribute('aria-activedescendant', id ?? '');
  if ((await options(page).count()) > 1) {
    await box.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
  }
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(page.locator('[data-search-panel]')).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant');

  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const href = (await first.getAttribute('href')) ?? '';
  const title = ((await first.locator('span').first().textContent()) ?? '').trim();
  expect(href).toMatch(/^\/app\/section\/\d+\/\d+$/);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('the results page pages through the API’s products, and its stepper adds to the cart', async ({ page }) => {
  test.setTimeout(90_000);
  // The start of a word the most products' titles have (the last word is searched as typed): more than a page.
  const products = new Map<string, Set<string>>();
  for (const i of shownItems(cat).filter((x) => !x.ItemHidden)) {
    for (const w of new Set(
      i.ItemTitle.toLowerCase()
        .split(/[^a-z]+/)
        .filter((x) => x.length >= 2),
    )) {
      const start = w.slice(0, 2);
      products.set(start, (products.get(start) ?? new Set()).add(`${i.ItemTitle}|${i.Size}`));
    }
  }
  const [word, many] = [...products].sort((a, b) => b[1].size - a[1].size)[0] ?? ['', new Set()];
  expect(many.size, `"${word}" starts a word of more than a page of products`).toBeGreaterThan(20);
  await page.goto(`/app/search?q=${word}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(new RegExp(`^\\d+ results for “${word}”$`), { timeout: 20_000 });
  const total = Number(/^(\d+)/.exec((await heading.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(20);
  const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
  await expect(results).toHaveCount(20);
  await expect(page.getByText(`Showing 1–20 of ${total}.`)).toBeVisible();
  const links = () => results.locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const firstPage = await links();
  await expectNoAxeViolations(page, 'the results page');

  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/search\\?q=${word}&page=2$`));
  await expect(page.getByText(new RegExp(`^Showing 21–\\d+ of ${total}\\.$`))).toBeVisible();
  const secondPage = await links();
  expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);

  // The first product on sale: its stepper puts one in the cart.
  const onSale = results.filter({ has: page.locator('[data-stepper]') }).first();
  const title = ((await onSale.locator('h2').textContent()) ?? '').trim();
  await addOne(onSale, title).click();
  await expect(onSale.getByLabel(`Quantity of ${title}`, { exact: true })).toHaveValue('1');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }),
  ).toHaveAccessibleName('Cart (1 item)');
  await page.goto('/app/cart/my-cart');
  await expect(page.getByText(title).first()).toBeVisible({ timeout: 20_000 });
});

test('a product of several stores shows once, and “in N stores” chooses the store whose stepper you use', async ({
  page,
}) => {
  // A title and size more than one store sells, in stock in two of them.
  const byProduct = new Map<string, Item[]>();
  for (const i of shownItems(cat).filter((x) => !x.ItemHidden && x.Availability > 0)) {
    const key = `${i.ItemTitle}|${i.Size}`;
    byProduct.set(key, [...(byProduct.get(key) ?? []), i]);
  }
  const lines = [...byProduct.values()].find((l) => new Set(l.map((i) => i.StoreID)).size > 1);
  if (lines === undefined) throw new Error('No product of the demo shop is sold by two stores.');
  const [one] = lines as [Item];
  await page.goto(`/app/search?q=${encodeURIComponent(one.ItemTitle)}`);
  const cards = page
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: one.ItemTitle, exact: true }) })
    .filter({ hasText: one.Size });
  await expect(cards).toHaveCount(1, { timeout: 20_000 });
  const chooser = cards.getByRole('combobox', { name: /^in \d+ stores/ });
  await expect(chooser).toBeVisible();
  const before = await cards.locator('[data-stepper]').getAttribute('data-stepper');
  await chooser.selectOption({ index: 1 });
  await expect(chooser).toBeFocused();
  await expect(cards.locator('[data-stepper]')).not.toHaveAttribute('data-stepper', before ?? '');
  const chosen = (await cards.locator('[data-stepper]').getAttribute('data-stepper')) ?? '';
  const [storeId, itemId] = chosen.split(':').map(Number);
  expect(lines.some((i) => i.StoreID === storeId && i.ItemID === itemId)).toBe(true);
  await addOne(cards, one.ItemTitle).click();
  await expect(cards.getByLabel(`Quantity of ${one.ItemTitle}`, { exact: true })).toHaveValue('1');
  const saved = await page.evaluate(() => localStorage.getItem('cartState') ?? '');
  expect(saved).toContain(`"ItemID":${itemId}`);
  await expectNoAxeViolations(page, 'a card with its store chooser');
});
