import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addOne, type Item, readCatalogue, rs } from './catalogue.ts';
import { addUser, fillDelivery, mailsTo, signIn, uniqueEmail } from './users.ts';

// Issue 36, item 2: money reads like money on every page type. Each page below is
// opened as a shopper or a member of staff sees it (server-rendered catalogue pages,
// the search results, the cart, the checkout review, My Orders, the staff orders board
// and item list) together with the order mail, and its text and attributes are scanned
// for a price written with one decimal ("Rs 640.5"). So the scan can never pass on a
// page that shows no price, each page must also show the chosen item's price as
// "Rs 640.50": an item whose price has paise ending in a zero.

/** A price written with a single decimal: "Rs 640.5", "Rs. 1,00,000.5". */
const ONE_DECIMAL_PRICE = /Rs\.? ?[\d,]+\.\d(?!\d)/g;

/** Every text node outside scripts and styles, and every attribute value, of the page. */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if (node instanceof Element) {
        for (const attr of Array.from(node.attributes)) parts.push(attr.value);
      } else if (!node.parentElement?.closest('script, style')) parts.push(node.textContent ?? '');
    }
    return parts.join('\n');
  });
}

async function expectMoneyReadsLikeMoney(page: Page, what: string, mustShow: string[]): Promise<void> {
  const text = await pageText(page);
  expect(text.match(ONE_DECIMAL_PRICE) ?? [], `${what}: prices with one decimal`).toEqual([]);
  for (const price of mustShow) expect(text, `${what} shows ${price}`).toContain(price);
}

/** A shown, buyable item of a published section whose price has paise ending in a zero (640.50). */
async function itemWithTenPaise(request: APIRequestContext): Promise<{ item: Item; qty: number }> {
  const cat = await readCatalogue(request);
  const published = new Set(cat.sections.filter((s) => !s.SectionHidden).map((s) => `${s.SectionID}/${s.DbID}`));
  const stores = new Map(cat.stores.map((s) => [s.StoreID, s]));
  const paise = (rupees: number) => Math.round(rupees * 100);
  for (const item of cat.items) {
    if (item.ItemHidden || item.Availability < 10 || item.SectionID === null) continue;
    if (!published.has(`${item.SectionID}/${item.DbID}`) || stores.get(item.StoreID)?.StoreHidden !== false) continue;
    const p = paise(item.SellingPrice);
    if (p % 10 !== 0 || p % 100 === 0) continue;
    // Three of them: a line total with paise too (3 × 640.50 = 1,921.50).
    if (paise(item.SellingPrice * 3) % 100 === 0) continue;
    return { item, qty: 3 };
  }
  throw new Error('The demo catalogue has no buyable item priced with paise ending in a zero.');
}

test.describe('money in one format (issue 36)', () => {
  test('the catalogue pages and the search results write every price with two decimals or none', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { item } = await itemWithTenPaise(request);
    const price = rs(item.SellingPrice);
    expect(price).toMatch(/\.\d0$/);
    const cat = await readCatalogue(request);
    const store = cat.stores.find((s) => s.StoreID === item.StoreID);
    if (store === undefined) throw new Error('The item has no store.');

    const pages: [string, string, string[]][] = [
      ['home', '/', []],
      ['home of a store', `/app/home/${store.StoreID}`, []],
      ['category', `/app/categories/${store.CategoryID}`, []],
      ['stores', `/app/stores/${store.StoreID}`, []],
      ['store', `/store/${store.StoreID}`, []],
      ['store section', `/app/store-section/${item.SectionID}/${item.DbID}`, [price]],
      ['book', `/app/book/${item.SectionID}/${item.DbID}`, []],
      ['item', `/app/section/${item.ItemID}/${item.DbID}`, [price]],
      ['playbook', '/playbook', []],
    ];
    for (const [what, path, mustShow] of pages) {
      const res = await page.goto(path);
      expect(res?.status(), `${what}: ${path}`).toBeLessThan(400);
      await expectMoneyReadsLikeMoney(page, `${what} (${path})`, mustShow);
    }

    await page.goto(`/app/search?q=${encodeURIComponent(item.ItemTitle)}`);
    const hit = page.locator('[data-search-result]').filter({ hasText: item.ItemTitle }).first();
    await expect(hit).toContainText(price, { timeout: 30_000 });
    await expectMoneyReadsLikeMoney(page, 'search results', [price]);
  });

  test('the cart, the review, My Orders, the order mail and the staff pages write prices the same way', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { item, qty } = await itemWithTenPaise(request);
    const price = rs(item.SellingPrice);
    const lineTotal = rs(Math.round(item.SellingPrice * 100 * qty) / 100);
    const email = uniqueEmail('money');
    addUser(email, 'User');
    await signIn(page, email);

    await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
    const more = addOne(page, item.ItemTitle);
    for (let i = 0; i < qty; i++) await more.click();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${item.ItemTitle}`, exact: true })).toHaveValue(
      String(qty),
    );

    await page.goto('/app/cart/my-cart');
    await expect(page.getByRole('row').filter({ hasText: item.ItemTitle })).toContainText(lineTotal, {
      timeout: 20_000,
    });
    await expectMoneyReadsLikeMoney(page, 'cart (before React)', [price, lineTotal]);

    await page.getByRole('button', { name: 'Order', exact: true }).click();
    const review = page.getByRole('region', { name: 'Review your order' });
    await expect(review.getByRole('table')).toContainText(lineTotal, { timeout: 20_000 });
    await expectMoneyReadsLikeMoney(page, 'cart and checkout review (React)', [price, lineTotal]);
    await fillDelivery(review);
    await review.getByRole('button', { name: 'Place order' }).click();
    const status = page.getByRole('status').filter({ hasText: /Order placed/ });
    await expect(status).toContainText(/Order placed: #\d+/);
    const orderId = Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);

    await page.goto('/app/cart/my-orders');
    // My Orders loads React and the orders: seconds on a loaded machine.
    await expect(page.getByRole('region', { name: `Order #${orderId}` })).toContainText(lineTotal, { timeout: 20_000 });
    await expectMoneyReadsLikeMoney(page, 'My Orders', [price, lineTotal]);

    await expect.poll(() => mailsTo(email).some((m) => m.includes(`order ${orderId} is placed`))).toBe(true);
    const mail = mailsTo(email).find((m) => m.includes(`order ${orderId} is placed`)) ?? '';
    expect(mail.match(ONE_DECIMAL_PRICE) ?? [], 'the order mail: prices with one decimal').toEqual([]);
    expect(mail).toContain(price);
    expect(mail).toContain(lineTotal);

    const staff = uniqueEmail('moneystaff');
    addUser(staff, 'Admin', 'Test Admin');
    await signIn(page, staff);
    await page.goto('/app/edu-shopy/orders?view=list');
    await page.getByLabel('PIN code starts with').fill('560025');
    await page.getByRole('button', { name: 'Show this area' }).click();
    // The order's own link, not its number as text: "#4" would also match "Account #4".
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${orderId} details and packing slip`, exact: true }) });
    await expect(row).toContainText(lineTotal, { timeout: 20_000 });
    await expectMoneyReadsLikeMoney(page, 'staff orders board', [lineTotal]);

    await page.goto(`/app/client-store/item?db=${item.DbID}`);
    await page.getByLabel('Find by title or product code', { exact: true }).fill(item.ItemTitle);
    await expect(page.getByRole('row').filter({ hasText: item.ItemTitle }).first()).toContainText(price, {
      timeout: 20_000,
    });
    await expectMoneyReadsLikeMoney(page, 'staff item list', [price]);
  });
});
