import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type Catalogue, firstSection, readCatalogue, shownItems } from './catalogue.ts';

// Black box: the search box of the navigation over the production build's Pagefind index,
// as a site served without its API searches (the deploy folder on a static host, whose
// /api/Search answers 404). The API's search is search-api.spec.ts.

let cat: Catalogue;

test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
});

// A glob, not a function: only the search's requests go through the test's handler (a function
// would hold up every request of the page on its way through the test runner).
test.beforeEach(async ({ page }) => {
  await page.route('**/api/Search?*', (route) =>
    route.fulfill({ status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }),
  );
});

/** A word of an item's title that no other title has, so the item is among the first results. */
function rareTitleWord(which: (itemId: number) => boolean = () => true): {
  word: string;
  itemId: number;
  dbId: number;
  title: string;
} {
  const items = shownItems(cat).filter((i) => !i.ItemHidden);
  const words = (title: string) => title.split(/[^A-Za-z]+/).filter((w) => w.length >= 5);
  const counts = new Map<string, number>();
  for (const i of items)
    for (const w of new Set(words(i.ItemTitle).map((x) => x.toLowerCase()))) {
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  for (const i of items.filter((x) => which(x.ItemID))) {
    const word = words(i.ItemTitle).find((w) => counts.get(w.toLowerCase()) === 1);
    if (word !== undefined) return { word, itemId: i.ItemID, dbId: i.DbID, title: i.ItemTitle };
  }
  throw new Error('No item title has a word of its own.');
}

/** Types `term` into the box and waits for its answer (its status names the term). */
async function search(page: Page, term: string) {
  const box = page.getByRole('combobox', { name: 'Search items and sections' });
  await box.click();
  await box.fill(term);
  // A page's first search loads the box's file, finds no search API, then starts the index in its
  // worker (its WebAssembly, every shard): seconds on a loaded machine.
  await expect(page.locator('[data-search-status]')).toContainText(`“${term}”`, { timeout: 20_000 });
  return box;
}

test('the search index loads only when the box is used', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/pagefind/')) loaded.push(req.url());
  });
  await page.goto(`/app/categories/${cat.categories[0]?.CategoryID}`);
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
  // The first search finds the site without its search API, then loads the index.
  await page.getByRole('combobox', { name: 'Search items and sections' }).fill(rareTitleWord().word);
  // Pagefind runs in its web worker: the page never loads Pagefind's own module (pagefind.js).
  await expect
    .poll(() => loaded.some((u) => u.endsWith('/pagefind/pagefind-worker.js')), { timeout: 20_000 })
    .toBe(true);
  await expect
    .poll(() => loaded.some((u) => /\/pagefind\/pagefind\.en_\w+\.pf_meta$/.test(u)), { timeout: 20_000 })
    .toBe(true);
  expect(loaded.filter((u) => u.endsWith('/pagefind.js'))).toEqual([]);
});

test('the results page searches in Pagefind’s worker, and in the page when the worker cannot start', async ({
  page,
}) => {
  const target = rareTitleWord();
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(`/app/search?q=${encodeURIComponent(target.word)}`);
  const first = page.locator('[data-search-result] h2 a', { hasText: target.title }).first();
  await expect(first).toHaveAttribute('href', `/app/section/${target.itemId}/${target.dbId}`, { timeout: 20_000 });
  // The worker's own script only: Pagefind's module (pagefind.js) stays out of the page.
  expect(scripts.filter((p) => p.startsWith('/pagefind/'))).toEqual(['/pagefind/pagefind-worker.js']);

  // A browser that cannot start the worker (here: its file is missing) searches with Pagefind's module.
  await page.route('**/pagefind/pagefind-worker.js', (route) => route.fulfill({ status: 404, body: '' }));
  await page.reload();
  await expect(first).toHaveAttribute('href', `/app/section/${target.itemId}/${target.dbId}`, { timeout: 20_000 });
  expect(scripts).toContain('/pagefind/pagefind.js');
});

test('finds an item by a word of its title and opens its page', async ({ page }) => {
  const target = rareTitleWord();
  const section = firstSection(cat);
  await page.goto(`/app/store-section/${section.SectionID}/${section.DbID}`);
  await search(page, target.word);
  const results = page.locator('[data-search-list]');
  const link = page.locator('[data-search-list] a', { hasText: target.title }).first();
  await expect(link).toBeVisible();
  await expect(page.getByRole('status')).toContainText(/\d+ results? for/);
  await expect(link).toHaveAttribute('href', `/app/section/${target.itemId}/${target.dbId}`);
  expect(await results.locator('mark').count()).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/app/section/${target.itemId}/${target.dbId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.title);
});

test('finds items wherever their pages are in a split index', async ({ page, request }) => {
  // The suite's shop splits its index into shards of 100 pages (see playwright.config.ts),
  // so items whose ids end in different digits sit in different shards.
  const shards = (await (await request.get('/pagefind/shards.json')).json()) as string[];
  expect(shards.length).toBeGreaterThan(0);
  await page.goto('/playbook');
  for (let digit = 0; digit < 10; digit++) {
    const target = rareTitleWord((id) => id % 10 === digit);
    await search(page, target.word);
    await expect(page.locator('[data-search-list] a', { hasText: target.title }).first()).toHaveAttribute(
      'href',
      `/app/section/${target.itemId}/${target.dbId}`,
    );
  }
});

test('finds a section by its title', async ({ page }) => {
  const section = firstSection(cat);
  await page.goto('/playbook');
  await search(page, section.SectionTitle);
  const link = page.locator('[data-search-list] a', { hasText: section.SectionTitle });
  await expect(link.first()).toBeVisible();
  const hrefs = await link.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toContain(`/app/store-section/${section.SectionID}/${section.DbID}`);
});

test('is usable from the keyboard and has no accessibility violations', async ({ page }) => {
  const target = rareTitleWord();
  await page.goto('/playbook');
  const box = await search(page, target.word);
  const first = page.locator('[data-search-list] a').first();
  await expect(first).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // A combobox: the arrows move the active option while the focus stays in the box.
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('Escape');
  await expect(page.locator('[data-search-panel]')).toBeHidden();
  await expect(box).toBeFocused();
  // Enter opens the results page, where the first hit leads the list.
  await box.fill('');
  await box.fill(target.word);
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/search\\?q=${target.word}$`));
  // The results page loads the index again (a new page): seconds on a loaded machine.
  await expect(page.locator('[data-search-result] h2 a').first()).toHaveAttribute('href', href ?? '', {
    timeout: 20_000,
  });
});

test('says so when nothing matches', async ({ page }) => {
  await page.goto('/playbook');
  await search(page, 'zzqxjvwk');
  await expect(page.getByRole('status')).toHaveText('No items or sections match “zzqxjvwk”. Press Enter for ideas.');
  await expect(page.locator('[data-search-list] a')).toHaveCount(0);
});
