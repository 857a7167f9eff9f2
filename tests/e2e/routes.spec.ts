import { expect, test } from '@playwright/test';
import { type Catalogue, firstSection, firstStore, readCatalogue, rs, shownItems } from './catalogue.ts';

// Black box: drives the production build served by `npm start`; imports nothing from src/.

let cat: Catalogue;
test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
});

test.describe('redirects', () => {
  test('the empty and 0 paths answer 302 straight to the first store, category or section', async ({ request }) => {
    const store = firstStore(cat);
    const section = firstSection(cat);
    const sectionPath = `/app/store-section/${section.SectionID}/${section.DbID}`;
    const expected: Record<string, string> = {
      // Issue 37: `/` opens the front page (the first store's home page), as the logo and Home do.
      '/': `/app/home/${store.StoreID}`,
      '/app/store-section': sectionPath,
      '/app/store-section/0/0': sectionPath,
      '/app/home': `/app/home/${store.StoreID}`,
      '/app/home/0': `/app/home/${store.StoreID}`,
      '/app/categories': `/app/categories/${cat.categories[0]?.CategoryID}`,
      '/app/categories/0/': `/app/categories/${cat.categories[0]?.CategoryID}`,
      '/app/stores': `/app/stores/${store.StoreID}`,
      '/app/stores/0': `/app/stores/${store.StoreID}`,
    };
    for (const [from, to] of Object.entries(expected)) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(302);
      expect(res.headers().location, from).toBe(to);
    }
  });

  test('book and item aliases answer 301 with the DbID taken from the book', async ({ request }) => {
    const item = shownItems(cat)[0];
    if (item === undefined || item.SectionID === null) throw new Error('no item in a published section');
    const expected: Record<string, string> = {
      [`/book/${item.SectionID}`]: `/app/book/${item.SectionID}/${item.DbID}`,
      [`/book/${item.SectionID}/${item.DbID}`]: `/app/book/${item.SectionID}/${item.DbID}`,
      [`/section/${item.ItemID}/${item.SectionID}`]: `/app/section/${item.ItemID}/${item.DbID}`,
      [`/section/${item.ItemID}/${item.SectionID}/${item.DbID}`]: `/app/section/${item.ItemID}/${item.DbID}`,
    };
    for (const [from, to] of Object.entries(expected)) {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status(), from).toBe(301);
      expect(res.headers().location, from).toBe(to);
    }
    const followed = await request.get(`/book/${item.SectionID}`);
    expect(followed.status()).toBe(200);
    expect(await followed.text()).toContain(
      `<link rel="canonical" href="${new URL(expected[`/book/${item.SectionID}`] ?? '', followed.url()).href}">`,
    );
  });

  test('every redirect is also a static page that needs no JavaScript, and a _redirects file', async ({
    browser,
    request,
  }) => {
    const file = await request.get('/_redirects');
    expect(file.status()).toBe(200);
    const lines = (await file.text()).trim().split('\n');
    expect(lines).toContain(`/ /app/home/${firstStore(cat).StoreID} 302`);
    expect(lines.filter((l) => l.startsWith('/book/')).length).toBeGreaterThanOrEqual(cat.sections.length);

    const section = cat.sections[0];
    if (section === undefined) throw new Error('no sections');
    const target = `/app/book/${section.SectionID}/${section.DbID}`;
    // The page file behind the alias, which a host without redirect rules would serve.
    const html = await (await request.get(`/book/${section.SectionID}/index.html`)).text();
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${target}">`);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+${target}">`));
    expect(html).toContain(`<a href="${target}">`);
    expect(html).not.toContain('<script');

    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/book/${section.SectionID}/index.html`);
    await page.waitForURL(`**${target}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.SectionTitle);
    await context.close();
  });
});

test.describe('pages', () => {
  test('home: the welcome banner, the stores sidebar and the store’s section cards', async ({ page }) => {
    const store = firstStore(cat);
    await page.goto('/app/home/0');
    await expect(page).toHaveURL(new RegExp(`/app/home/${store.StoreID}$`));
    await expect(page.getByText('Fresh produce, treats and household essentials').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.StoreTitle);
    const sidebar = page.getByRole('complementary', { name: 'Stores' });
    await expect(sidebar.getByRole('link')).toHaveCount(cat.stores.length);
    await expect(sidebar.getByRole('link', { name: store.StoreTitle })).toHaveAttribute('aria-current', 'page');
    const sections = cat.sections.filter((s) => s.StoreID === store.StoreID);
    const cards = page.locator('main [data-store-sections] [data-card]');
    await expect(cards).toHaveCount(sections.length);
    const first = sections[0];
    if (first !== undefined) {
      const card = cards.first();
      await expect(card.getByRole('heading')).toHaveText(first.SectionTitle);
      await expect(card.locator('img')).toHaveAttribute(
        'src',
        `/content/${first.DbID}/Section/${first.SectionID}/ti.png`,
      );
      const more = card.getByRole('link', { name: `See all Products ${first.SectionTitle}` });
      await expect(more).toHaveAttribute('href', `/app/store-section/${first.SectionID}/${first.DbID}`);
      await more.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.SectionTitle);
    }
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  });

  test('categories: the categories sidebar and the chosen category’s store cards', async ({ page }) => {
    const category = cat.categories[1] ?? cat.categories[0];
    if (category === undefined) throw new Error('no categories');
    await page.goto(`/app/categories/${category.CategoryID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.CategoryTitle);
    const sidebar = page.getByRole('complementary', { name: 'Categories' });
    await expect(sidebar.getByRole('link')).toHaveCount(cat.categories.length);
    const stores = cat.stores.filter((s) => s.CategoryID === category.CategoryID);
    await expect(page.locator('main [data-card]')).toHaveCount(stores.length);
    for (const s of stores) await expect(page.getByRole('heading', { name: s.StoreTitle, exact: true })).toBeVisible();
  });

  test('stores: the store with its sections', async ({ page }) => {
    const store = cat.stores[cat.stores.length - 1];
    if (store === undefined) throw new Error('no stores');
    await page.goto(`/app/stores/${store.StoreID}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.StoreTitle);
    const sections = cat.sections.filter((s) => s.StoreID === store.StoreID);
    await expect(page.locator('main [data-card]')).toHaveCount(sections.length);
    await expect(page.getByRole('link', { name: "Read the store's books" })).toHaveAttribute(
      'href',
      `/store/${store.StoreID}`,
    );
  });

  test('store section: title, description, sanitized content and item cards with prices', async ({ page, request }) => {
    const section = firstSection(cat);
    const withList = (await (
      await request.get(`/api/Section/ReadSectionWithList/${section.SectionID}/${section.DbID}`)
    ).json()) as {
      items: {
        ItemTitle: string;
        SellingPrice: number;
        UnitPrice: number;
        Gst: number;
        Size: string;
        Availability: number;
        SoldBy?: string;
      }[];
    };
    await page.goto(`/app/store-section/${section.SectionID}/${section.DbID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section.SectionTitle);
    await expect(page.getByText(section.SectionMetaDescription).first()).toBeVisible();
    await expect(page.locator('.prose script, .prose [onerror], .prose iframe')).toHaveCount(0);
    const cards = page.locator('[data-item-card]');
    await expect(cards).toHaveCount(withList.items.length);
    await expect(cards.getByRole('heading')).toHaveText(withList.items.map((i) => i.ItemTitle));
    const discounted = withList.items.findIndex(
      // An item sold by the piece (a weighed item's card says "/kg": sold-by-weight.spec.ts).
      (i) =>
        (i.SoldBy === undefined || i.SoldBy === 'ByUnit') &&
        i.Availability > 0 &&
        Math.round(i.UnitPrice * (100 + i.Gst)) > Math.round(i.SellingPrice * 100),
    );
    const item = withList.items[discounted];
    if (item !== undefined) {
      const card = cards.nth(discounted);
      await expect(card.locator('[data-selling-price]')).toHaveText(`Price: ${rs(item.SellingPrice)}`);
      await expect(card.locator('s')).toHaveText(
        `Price before discount, incl. GST: ${rs(Math.round(item.UnitPrice * (100 + item.Gst)) / 100)}`,
      );
      await expect(card.getByText(item.Size).first()).toBeVisible();
      // Signed out too, the card has a working stepper (the stepper itself: cart.spec.ts, phone.spec.ts).
      await expect(card.getByRole('button', { name: `Add ${item.ItemTitle} to cart` })).toBeVisible();
    }
    const sidebar = page.getByRole('complementary', { name: 'Sections' });
    await expect(sidebar.getByRole('link')).toHaveCount(
      cat.sections.filter((s) => s.StoreID === section.StoreID).length,
    );
  });

  test('sold-out items say Out of stock instead of offering a quantity', async ({ page }) => {
    const item = shownItems(cat).find((i) => i.Availability === 0);
    test.skip(item === undefined, 'the demo catalogue has no sold-out item');
    if (item === undefined) return;
    await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
    await expect(page.getByText('Out of stock')).toBeVisible();
    await expect(page.getByRole('button', { name: `Increase quantity of ${item.ItemTitle}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Add ${item.ItemTitle} to cart` })).toHaveCount(0);
  });

  test('book: items in the stored custom order', async ({ page, request }) => {
    const section =
      cat.sections.find((s) => s.CustomOrder.trim().startsWith('[') && s.CustomOrder.length > 4) ?? firstSection(cat);
    const book = (await (await request.get(`/api/Book/Read/${section.SectionID}/${section.DbID}`)).json()) as {
      BookTitle: string;
      items: { ItemTitle: string }[];
    };
    await page.goto(`/app/book/${section.SectionID}/${section.DbID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.BookTitle);
    await expect(page.locator('[data-item-card]').getByRole('heading')).toHaveText(book.items.map((i) => i.ItemTitle));
  });

  test('item detail: title, price, content and Product structured data in INR', async ({ page }) => {
    const item = shownItems(cat).find((i) => i.Availability > 0 && !i.ItemHidden);
    if (item === undefined) throw new Error('no item in stock');
    await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.ItemTitle);
    await expect(page.locator('main [data-selling-price]')).toHaveText(`Price: ${rs(item.SellingPrice)}`);
    await expect(page.getByRole('button', { name: `Add ${item.ItemTitle} to cart` })).toBeVisible();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: item.ItemTitle,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: item.SellingPrice.toFixed(2),
        availability: 'https://schema.org/InStock',
      },
    });
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL(`/app/section/${item.ItemID}/${item.DbID}`, page.url()).href,
    );
  });

  test('/store/{cid}: the store’s sections as book cards with a Read link', async ({ page }) => {
    const store = firstStore(cat);
    const sections = cat.sections.filter((s) => s.StoreID === store.StoreID);
    await page.goto(`/store/${store.StoreID}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(store.StoreTitle);
    await expect(page.getByRole('link', { name: /^Read / })).toHaveCount(sections.length);
    const first = sections[0];
    if (first !== undefined) {
      await expect(page.locator('main [data-card] img').first()).toHaveAttribute(
        'src',
        `/content/${first.DbID}/Book/${first.SectionID}/ti.png`,
      );
      await page.getByRole('link', { name: `Read ${first.SectionTitle}` }).click();
      await expect(page).toHaveURL(new RegExp(`/app/book/${first.SectionID}/${first.DbID}$`));
    }
  });

  test('playbook: sample cards and notes on databases, books and sections', async ({ page }) => {
    await page.goto('/playbook');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Playbook');
    for (const heading of ['Sample cards', 'Store databases', 'Sections', 'Books']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.locator('[data-card]')).toHaveCount(3);
  });

  test('an unknown path, store or item shows the page-not-found page with status 404', async ({ page }) => {
    for (const path of ['/no/such/page', '/app/home/999999', '/app/section/999999/1', '/book/999999']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  });

  test('a share link carries the page’s address', async ({ page }) => {
    const store = firstStore(cat);
    await page.goto(`/app/stores/${store.StoreID}`);
    const href = (await page.locator('[data-share]').getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toContain(
      new URL(`/app/stores/${store.StoreID}`, page.url()).href,
    );
  });
});

test.describe('search engines', () => {
  test('every page is in the sitemap and robots.txt points at it', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    const sitemapUrl = /Sitemap: (\S+)/.exec(robots)?.[1] ?? '';
    expect(sitemapUrl).toMatch(/\/sitemap-index\.xml$/);
    const index = await (await request.get(new URL(sitemapUrl).pathname)).text();
    const urls: string[] = [];
    for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const chunk = await (await request.get(new URL(loc ?? '').pathname)).text();
      for (const [, page] of chunk.matchAll(/<loc>([^<]+)<\/loc>/g)) urls.push(new URL(page ?? '').pathname);
    }
    const listed = new Set(urls);
    for (const s of cat.stores) {
      expect(listed.has(`/app/home/${s.StoreID}`)).toBe(true);
      expect(listed.has(`/store/${s.StoreID}`)).toBe(true);
    }
    for (const s of cat.sections) expect(listed.has(`/app/book/${s.SectionID}/${s.DbID}`)).toBe(true);
    const items = shownItems(cat);
    expect(items.length).toBeGreaterThan(100);
    for (const i of items) expect(listed.has(`/app/section/${i.ItemID}/${i.DbID}`), `item ${i.ItemID}`).toBe(true);
    const unlisted = (p: string) =>
      p.startsWith('/book/') || p.startsWith('/section/') || p === '/404' || /^\/app\/(cart|profile)/.test(p);
    expect([...listed].filter(unlisted)).toEqual([]);
    expect(robots).toContain('Disallow: /app/cart');
  });

  test('pages carry a title, description, canonical URL and Open Graph tags', async ({ page }) => {
    const section = firstSection(cat);
    await page.goto(`/app/store-section/${section.SectionID}/${section.DbID}/`);
    await expect(page).toHaveTitle(new RegExp(`^${section.SectionTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const canonical = new URL(`/app/store-section/${section.SectionID}/${section.DbID}`, page.url()).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/ti\.png$/);
  });
});
