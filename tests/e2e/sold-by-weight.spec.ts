import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { readCatalogue } from './catalogue.ts';
import { addUser, expectNoAxeViolations, signIn, uniqueEmail } from './users.ts';

// Issue 33 item 1 on a phone: loose produce sold by weight. Its stepper moves in its 250 g
// step and shows "750 g"; its card, its page and its cart line show the unit sale price
// per kg; its page's JSON-LD carries a UnitPriceSpecification. Black box: the demo
// catalogue's loose items are found through the API.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

interface Weighed {
  ItemID: number;
  StoreID: number;
  DbID: number;
  SectionID: number;
  ItemTitle: string;
  SellingPrice: number;
  Availability: number;
  ItemHidden: boolean;
  SoldBy?: string;
  Step?: number;
}

/** A shown loose item in 250 g steps with stock for a kilo, and the published section page that lists it. */
async function looseItem(request: APIRequestContext): Promise<{ item: Weighed; sectionPath: string }> {
  const cat = await readCatalogue(request);
  for (const s of cat.sections.filter((x) => !x.SectionHidden)) {
    const res = await request.get(`/api/Section/ReadSectionWithList/${s.SectionID}/${s.DbID}`);
    const items = ((await res.json()) as { items: Weighed[] }).items;
    const item = items.find(
      (i) => i.SoldBy === 'ByWeight' && i.Step === 250 && !i.ItemHidden && i.Availability >= 1000,
    );
    if (item !== undefined) return { item, sectionPath: `/app/store-section/${s.SectionID}/${s.DbID}` };
  }
  throw new Error('the demo catalogue has no loose item sold by weight in a published section');
}

const perKg = (item: Weighed) => `Rs ${item.SellingPrice.toFixed(2)}/kg`;

async function noSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test('a loose item: its card and page price it per kg, its stepper moves in 250 g, its JSON-LD has the unit price', async ({
  page,
  request,
}) => {
  const { item, sectionPath } = await looseItem(request);
  await page.goto(sectionPath);
  const card = page
    .locator('[data-item-card]')
    .filter({ has: page.getByRole('link', { name: item.ItemTitle, exact: true }) });
  await expect(card.locator('[data-selling-price]')).toContainText(perKg(item));
  await noSidewaysScroll(page);

  await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
  await expect(page.locator('main [data-selling-price]').first()).toContainText(perKg(item));
  const data = await page.evaluate(() =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((s) =>
      JSON.parse(s.textContent ?? ''),
    ),
  );
  const product = data.find((d) => d['@type'] === 'Product');
  expect(product?.offers?.priceSpecification).toEqual({
    '@type': 'UnitPriceSpecification',
    priceCurrency: 'INR',
    price: item.SellingPrice.toFixed(2),
    referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KGM' },
  });

  await page.getByRole('button', { name: `Add ${item.ItemTitle} to cart` }).click();
  const qty = page.getByRole('status', { name: `Quantity of ${item.ItemTitle}` });
  await expect(qty).toHaveText('250 g');
  const more = page.getByRole('button', { name: `Increase quantity of ${item.ItemTitle}` });
  await more.click();
  await more.click();
  await expect(qty).toHaveText('750 g');
  await more.click();
  await expect(qty).toHaveText('1 kg');
  await page.getByRole('button', { name: `Decrease quantity of ${item.ItemTitle}` }).click();
  await expect(qty).toHaveText('750 g');
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, 'the loose item page');
});

test('the cart line of a loose item shows 750 g, its price per kg and a line total per gram', async ({
  page,
  request,
}) => {
  const { item } = await looseItem(request);
  const email = uniqueEmail('loose');
  addUser(email, 'User');
  await signIn(page, email);
  await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
  await page.getByRole('button', { name: `Add ${item.ItemTitle} to cart` }).click();
  const more = page.getByRole('button', { name: `Increase quantity of ${item.ItemTitle}` });
  await more.click();
  await more.click();
  await expect(page.getByRole('status', { name: `Quantity of ${item.ItemTitle}` })).toHaveText('750 g');
  await page.goto('/app/cart/my-cart');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(item.ItemTitle.replace(/[()]/g, '\\$&')) }) });
  await expect(row.getByRole('status', { name: `Quantity of ${item.ItemTitle}` })).toHaveText('750 g');
  await expect(row).toContainText(perKg(item));
  // Price per kg × 750 g, half up to the paisa.
  const total = Math.floor((Math.round(item.SellingPrice * 100) * 750 + 500) / 1000);
  const text = `Rs ${Math.floor(total / 100)}${total % 100 === 0 ? '' : `.${String(total % 100).padStart(2, '0')}`}`;
  await expect(row).toContainText(text);
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page, 'the cart with a loose item');
});
