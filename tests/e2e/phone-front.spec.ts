import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { addOne, type Catalogue, firstSection, firstStore, readCatalogue } from './catalogue.ts';
import { addUser, expectNoAxeViolations, fillDelivery, HOME_ADDRESS, signIn, uniqueEmail } from './users.ts';

// Issue 37: the front of the shop for a first-time shopper on a phone. Black box: the production build.
//
// Text size is emulated as Chrome's font-size setting works: the root element's font size becomes 130 %
// or 200 % of the default, so everything sized in rem or em grows with the text and what is in px does
// not (`page.emulateMedia` has no text-size feature, and CSS zoom would also grow the px sizes, which a
// phone's text setting does not).

let cat: Catalogue;
test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
});

const WIDTHS = [320, 390] as const;
const TEXT_SIZES = [100, 130, 200] as const;
const HEIGHT = 844;

async function phone(page: Page, width: number, text: number): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT });
  if (text !== 100) {
    await page.addInitScript((size) => {
      const apply = () => document.documentElement.style.setProperty('font-size', `${size}%`);
      if (document.documentElement !== null) apply();
      else document.addEventListener('readystatechange', apply, { once: true });
    }, text);
  }
}

/** Every box of `selector` that is shown: its rectangle, its name, and the rectangle of its card, if any. */
function shownBoxes(page: Page, selector: string, card = '[data-item-card]') {
  return page.locator(selector).evaluateAll(
    (els, cardSelector) =>
      els
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
        .map((el) => {
          const r = el.getBoundingClientRect();
          const c = el.closest(cardSelector)?.getBoundingClientRect();
          return {
            name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
            left: r.left,
            right: r.right,
            top: r.top,
            bottom: r.bottom,
            width: r.width,
            height: r.height,
            card: c === undefined ? null : { left: c.left, right: c.right, top: c.top, bottom: c.bottom },
          };
        }),
    card,
  );
}

async function expectNoSideScroll(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
}

/** The layout shift of the page so far (every entry without recent input), after it has settled. */
/** The page's cumulative layout shift, and what moved (for the failure message). */
async function layoutShift(page: Page): Promise<{ total: number; moved: string }> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        };
        const name = (n: Node | null): string => {
          if (!(n instanceof Element)) return n?.nodeName ?? '?';
          const cls =
            typeof n.className === 'string' && n.className !== '' ? `.${n.className.split(' ').join('.')}` : '';
          return `${n.tagName.toLowerCase()}${cls}${n.id === '' ? '' : `#${n.id}`} "${(n.textContent ?? '').trim().slice(0, 30)}"`;
        };
        const r = (b: DOMRectReadOnly) =>
          `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            if (e.hadRecentInput) continue;
            total += e.value;
            for (const src of e.sources)
              moved.push(
                `${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${name(src.node)} ${r(src.previousRect)} -> ${r(src.currentRect)}`,
              );
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ total, moved: moved.join('; ') }), 100);
      }),
  );
}

const sectionPath = () => {
  const s = firstSection(cat);
  return `/app/store-section/${s.SectionID}/${s.DbID}`;
};

for (const width of WIDTHS) {
  for (const text of TEXT_SIZES) {
    test.describe(`${width} px at ${text} % text`, () => {
      test('the header: search on its own full row, Sign in shown, every control 44 px, nothing off screen', async ({
        page,
      }) => {
        await phone(page, width, text);
        await page.goto(sectionPath());
        const banner = page.getByRole('banner');
        const search = banner.getByRole('combobox', { name: 'Search items and sections' });
        const logo = banner.getByRole('link', { name: 'Aisle' });
        const signInLink = banner.getByRole('link', { name: 'Sign in' });
        await expect(signInLink).toBeVisible();
        const [s, l] = [await search.boundingBox(), await logo.boundingBox()];
        if (s === null || l === null) throw new Error('no search box or logo');
        expect(s.y, 'the search box is below the logo').toBeGreaterThanOrEqual(l.y + l.height);
        expect(s.width, 'the search box takes the row').toBeGreaterThanOrEqual(width - 48);
        expect(s.height).toBeGreaterThanOrEqual(44);
        for (const box of await shownBoxes(page, 'header a, header summary, header button, header input', 'header')) {
          expect(box.height, `${box.name} is 44 px high`).toBeGreaterThanOrEqual(44);
          expect(box.width, `${box.name} is 44 px wide`).toBeGreaterThanOrEqual(44);
          expect(box.right, `${box.name} is on screen`).toBeLessThanOrEqual(width);
          expect(box.left).toBeGreaterThanOrEqual(0);
        }
        await expectNoSideScroll(page);
        // Typed text stays readable: the field keeps the row and the results open under it.
        await search.fill('fresh');
        await expect(page.locator('[data-search-panel]')).toBeVisible({ timeout: 20_000 });
        expect((await search.boundingBox())?.width).toBeGreaterThanOrEqual(width - 48);
      });

      test('the section page: products first, every stepper control 44 px, 8 px apart, none clipped', async ({
        page,
      }) => {
        await phone(page, width, text);
        await page.goto(sectionPath());
        const cards = page.locator('[data-item-card]');
        await expect(cards.first()).toBeVisible();
        const first = await cards.first().boundingBox();
        // Up to 130 % text the first card starts on the first screen with at least its picture's top showing.
        if (text < 200) expect(first?.y, 'the first card starts on the first screen').toBeLessThan(HEIGHT - 80);
        // The prose comes after the products.
        const about = page.getByRole('region', { name: 'About this aisle' });
        if ((await about.count()) > 0) {
          expect((await about.boundingBox())?.y ?? 0).toBeGreaterThan((await cards.last().boundingBox())?.y ?? 0);
        }
        // At 0 each card's stepper is one Add button; put two items in the cart to see the − quantity + row too.
        await addOne(cards.nth(0), (await cards.nth(0).getByRole('heading').textContent())?.trim() ?? '').click();
        await addOne(cards.nth(1), (await cards.nth(1).getByRole('heading').textContent())?.trim() ?? '').click();
        await expect(cards.nth(0).locator('[data-stepper]')).toHaveAttribute('data-in-cart', '');
        const boxes = await shownBoxes(page, '[data-item-card] [data-stepper] :is(button, input)');
        expect(boxes.length).toBeGreaterThanOrEqual(await cards.count());
        for (const b of boxes) {
          expect(b.height, `${b.name} is 44 px high`).toBeGreaterThanOrEqual(44);
          expect(b.width, `${b.name} is 44 px wide`).toBeGreaterThanOrEqual(44);
          if (b.card === null) throw new Error('a stepper outside a card');
          expect(b.left, `${b.name} is inside its card`).toBeGreaterThanOrEqual(b.card.left);
          expect(b.right, `${b.name} is inside its card`).toBeLessThanOrEqual(b.card.right);
          expect(b.right, `${b.name} is on screen`).toBeLessThanOrEqual(width);
        }
        // The − quantity + row: 8 px between the controls, whether on one line or wrapped.
        const inRow = await cards
          .nth(0)
          .locator('.stepper-row > :is(button, input)')
          .evaluateAll((els) =>
            els
              .map((e) => e.getBoundingClientRect())
              .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })),
          );
        expect(inRow).toHaveLength(3);
        for (let i = 1; i < inRow.length; i++) {
          const [a, b] = [inRow[i - 1], inRow[i]];
          if (a === undefined || b === undefined) continue;
          const apart = b.top >= a.bottom ? b.top - a.bottom : b.left - a.right;
          expect(apart, 'stepper controls are 8 px apart').toBeGreaterThanOrEqual(8);
        }
        await expectNoSideScroll(page);
      });
    });
  }
}

test.describe('on a 390 px phone', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: HEIGHT });
  });

  test('the front page, the logo, Home and / lead to one place with every category and a few aisles', async ({
    page,
  }) => {
    await page.goto('/');
    const front = new URL(page.url()).pathname;
    expect(front).toBe(`/app/home/${firstStore(cat).StoreID}`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Aisle' })).toHaveAttribute('href', front);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'href',
      front,
    );
    const categories = page.getByRole('region', { name: 'Shop by category' });
    for (const c of cat.categories) {
      await expect(categories.getByRole('link', { name: c.CategoryTitle, exact: true })).toHaveAttribute(
        'href',
        `/app/categories/${c.CategoryID}`,
      );
    }
    const aisles = page.getByRole('region', { name: 'A few aisles' }).locator('[data-card]');
    expect(await aisles.count()).toBeGreaterThan(1);
    await expect(page.getByText('Hidden', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'front page');
  });

  test('aisles you can find: the categories index, a category’s aisles across its stores, stores by city', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/app\/categories\/all$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All categories');
    await expect(page.locator('[data-category-list] > li')).toHaveCount(cat.categories.length);
    await expectNoAxeViolations(page, 'categories index');

    // The category with the most stores: its aisles list each store that has one of that name.
    const category = [...cat.categories].sort(
      (a, b) =>
        cat.stores.filter((s) => s.CategoryID === b.CategoryID).length -
        cat.stores.filter((s) => s.CategoryID === a.CategoryID).length,
    )[0];
    if (category === undefined) throw new Error('no category');
    await page.getByRole('main').getByRole('link', { name: category.CategoryTitle, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.CategoryTitle);
    const stores = cat.stores.filter((s) => s.CategoryID === category.CategoryID && !s.StoreHidden);
    const shown = cat.sections.filter((s) => !s.SectionHidden && stores.some((t) => t.StoreID === s.StoreID));
    const names = [...new Set(shown.map((s) => s.SectionTitle.toLowerCase()))];
    await expect(page.locator('[data-aisle]')).toHaveCount(names.length);
    const sample = shown[0];
    if (sample !== undefined) {
      const aisle = page
        .locator('[data-aisle]')
        .filter({ has: page.getByRole('heading', { name: sample.SectionTitle, exact: true }) });
      await expect(aisle.locator(`a[href="/app/store-section/${sample.SectionID}/${sample.DbID}"]`)).toBeVisible();
    }
    // Store cards name their sections.
    await expect(page.locator('[data-card] [data-card-aisles]').first()).toContainText('Aisles:');
    await expectNoAxeViolations(page, 'category page');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stores' }).click();
    await expect(page).toHaveURL(/\/app\/stores\/all$/);
    const cities = await page.locator('[data-city]').allTextContents();
    expect(cities.length).toBeGreaterThan(1);
    await expect(page.locator('[data-card]')).toHaveCount(cat.stores.length);
    await expectNoAxeViolations(page, 'stores index');
  });

  test('a tap on Add before the scripts load counts, and the focus follows to + and back to Add', async ({ page }) => {
    await page.goto(sectionPath());
    const card = page
      .locator('[data-item-card]')
      .filter({ has: page.locator('[data-stepper]') })
      .first();
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('button', { name: `Add ${title} to cart` }).click();
    await expect(card.getByLabel(`Quantity of ${title}`, { exact: true })).toHaveValue('1');
    await expect(card.getByRole('button', { name: `Increase quantity of ${title}` })).toBeFocused();
    await card.getByRole('button', { name: `Decrease quantity of ${title}` }).click();
    await expect(card.getByRole('button', { name: `Add ${title} to cart` })).toBeFocused();
    await expect(card.getByRole('button', { name: `Increase quantity of ${title}` })).toBeHidden();
  });
});

test.describe('signed in on a 320 px phone', () => {
  let context: BrowserContext;
  let page: Page;
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext({ viewport: { width: 320, height: HEIGHT } });
    page = await context.newPage();
    const email = uniqueEmail('phone-front');
    addUser(email, 'User', 'Meera Iyer');
    await signIn(page, email);
  });
  test.afterAll(async () => {
    await context.close();
  });

  test('the account menu holds the name, Profile, My Orders and Logout, and the search box keeps its row', async () => {
    await page.goto(sectionPath());
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeHidden();
    const summary = banner.locator('[data-account-menu] summary');
    await expect(summary).toContainText('Meera Iyer');
    expect((await banner.getByRole('combobox').boundingBox())?.width).toBeGreaterThanOrEqual(320 - 48);
    await summary.click();
    for (const name of ['Profile', 'My Orders']) await expect(banner.getByRole('link', { name })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
    for (const box of await shownBoxes(page, '[data-account-menu] :is(a, button, summary)', 'header')) {
      expect(box.height, `${box.name} is 44 px high`).toBeGreaterThanOrEqual(44);
      expect(box.right, `${box.name} is on screen`).toBeLessThanOrEqual(320);
    }
    await expectNoAxeViolations(page, 'account menu open');
    await page.keyboard.press('Escape');
  });

  test('checkout: a failed Place order focuses the first field to fix; 560 025 is tidied; My Orders says Delivering to', async () => {
    await page.goto(sectionPath());
    const card = page
      .locator('[data-item-card]')
      .filter({ has: page.locator('[data-stepper]') })
      .first();
    const title = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await addOne(card, title).click();
    await expect(card.getByLabel(`Quantity of ${title}`, { exact: true })).toHaveValue('1');
    await page.goto('/app/cart/my-cart');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    const review = page.getByRole('form', { name: 'Delivery details' });
    await expect(review).toBeVisible({ timeout: 20_000 });
    for (const label of Object.keys(HOME_ADDRESS)) await review.getByLabel(label, { exact: true }).fill('');
    // Leaving the last field shows its message first (the button would move under the pointer otherwise).
    await review.getByLabel('PIN code', { exact: true }).blur();
    await expect(review.getByLabel('PIN code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(review.getByRole('alert').filter({ hasText: 'Please complete the delivery address' })).toBeVisible();
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('aria-invalid', 'true');
    await expect(focused).toBeInViewport();
    await expectNoSideScroll(page);
    await fillDelivery(review, { ...HOME_ADDRESS, 'PIN code': '560 025' });
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Order placed/ })).toBeVisible({ timeout: 20_000 });
    // The confirmation is a summary whose heading has the focus, on screen, with nothing clipped at 320 px.
    const summary = page.getByRole('region', { name: /^Thank you: order #\d+ is placed$/ });
    await expect(summary).toContainText(title);
    await expect(summary).toContainText('Grand total');
    await expect(summary).toContainText('12 Residency Road');
    await expect(page.locator(':focus')).toHaveText(/^Thank you: order #\d+ is placed$/);
    await expect(page.locator(':focus')).toBeInViewport();
    await expectNoSideScroll(page);
    await expectNoAxeViolations(page, 'order placed');

    await page.goto('/app/cart/my-orders');
    const order = page.getByRole('region', { name: /^Order #\d+/ }).first();
    await expect(order).toContainText('Delivering to');
    await expect(order).toContainText('560025');
    await expect(order).not.toContainText('Delivered to');
    await expectNoSideScroll(page);
    await expectNoAxeViolations(page, 'My Orders');
  });

  test('no layout shift on any shopper page (CLS 0)', async () => {
    test.setTimeout(220_000);
    // A slow phone's CPU: the parser then yields mid-page, and a frame painted with half a header (the PIN pill
    // without the account menu the first-paint script shows) moved the row when the rest arrived (CLS 0.007-0.009).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const store = firstStore(cat);
    const s = firstSection(cat);
    const item = cat.items.find((i) => !i.ItemHidden && i.SectionID !== null);
    const pages = [
      '/',
      '/app/categories/all',
      `/app/categories/${cat.categories[0]?.CategoryID}`,
      '/app/stores/all',
      `/app/stores/${store.StoreID}`,
      sectionPath(),
      `/app/book/${s.SectionID}/${s.DbID}`,
      ...(item === undefined ? [] : [`/app/section/${item.ItemID}/${item.DbID}`]),
      '/app/search?q=fresh',
      '/app/cart/my-orders',
      '/app/cart/my-cart',
    ];
    for (const path of pages) {
      await page.goto(path);
      const { total, moved } = await layoutShift(page);
      expect(total, `layout shift on ${path}: ${moved}`).toBeLessThan(0.001);
    }
  });
});
