import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addOne, type Item, readCatalogue, rs } from './catalogue.ts';
import {
  addUser,
  bearerHeaders,
  expectNoAxeViolations,
  fillDelivery,
  HOME_ADDRESS,
  signIn,
  uniqueEmail,
} from './users.ts';

// Issue 31, item 1, on a 390 px phone: staff set where a store delivers and its minimum order;
// a shopper's PIN code marks that store's items when it does not deliver there, and the cart
// shows the fee and what gives free delivery; the order carries the fee. Black box: the
// production build and the shop's API.

const PHONE = { width: 390, height: 844 };

/** Amounts in paise, shown as the shop shows them. */
const paise = (rupees: number) => Math.round(rupees * 100);
const rsOf = (p: number) => rs(p / 100);

let shelf: { path: string; storeId: number; item: Item };
let staffEmail: string;

test.beforeAll(async ({ request }) => {
  const cat = await readCatalogue(request);
  for (const s of cat.sections.filter((x) => !x.SectionHidden)) {
    const res = await request.get(`/api/Section/ReadSectionWithList/${s.SectionID}/${s.DbID}`);
    const items = ((await res.json()) as { items: Item[] }).items;
    const titles = items.map((i) => i.ItemTitle);
    const item = items.find(
      (i) =>
        !i.ItemHidden &&
        i.Availability >= 5 &&
        i.SellingPrice >= 10 &&
        titles.filter((t) => t.includes(i.ItemTitle)).length === 1,
    );
    if (item !== undefined) {
      shelf = { path: `/app/store-section/${s.SectionID}/${s.DbID}`, storeId: s.StoreID, item };
      break;
    }
  }
  if (shelf === undefined) throw new Error('The demo catalogue has no section with a buyable item.');
  staffEmail = uniqueEmail('deliverystaff');
  addUser(staffEmail, 'Employee', 'Delivery Staff');
});

// Other specs order to any PIN code: the store delivers everywhere again afterwards.
test.afterAll(async ({ request }) => {
  await resetDelivery(request);
});

async function resetDelivery(request: APIRequestContext): Promise<void> {
  const res = await request.put(`/api/Store/Delivery/${shelf.storeId}`, {
    headers: await bearerHeaders(request, staffEmail),
    data: { PostalCodes: [], Fee: 0, MinimumOrder: 0, FreeAbove: null },
  });
  expect(res.status()).toBe(200);
}

const cardOf = (page: Page, item: Item) =>
  page.locator('[data-item-card]').filter({ has: page.getByRole('heading', { name: item.ItemTitle, exact: true }) });

async function setPin(page: Page, pin: string): Promise<void> {
  await page.locator('[data-pin-summary]').click();
  const input = page.getByLabel('Your delivery PIN code');
  await input.fill(pin);
  await page.getByRole('button', { name: 'Save PIN code' }).click();
  await expect(page.locator('[data-pin-text]')).toHaveText(pin);
}

test('staff set where a store delivers; a shopper sees it on cards and in the cart, and the order carries the fee', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const price = paise(shelf.item.SellingPrice);
  // One of the item is below the minimum, two reach it; free delivery needs three.
  const minimum = Math.ceil((price * 1.5) / 100) * 100;
  const freeAbove = price * 3;
  const fee = 2500;

  // Staff, on a phone: the store's Edit dialog has the Delivery form.
  await page.setViewportSize(PHONE);
  await signIn(page, staffEmail);
  await page.goto('/app/edu-shopy/store');
  const cards = page.getByRole('list', { name: 'Stores' });
  await expect(cards.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
  const storeTitle = ((await (await request.get(`/api/Store/Read/${shelf.storeId}`)).json()) as { StoreTitle: string })
    .StoreTitle;
  await cards.getByRole('button', { name: `Edit ${storeTitle}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  const form = dialog.getByRole('form', { name: 'Delivery' });
  await expect(form.getByLabel('PIN codes served')).toBeEnabled({ timeout: 20_000 });
  await form.getByLabel('PIN codes served').fill('4110*, 560034');
  await form.getByLabel('Delivery fee (Rs)').fill('-3');
  await form.getByRole('button', { name: 'Save delivery' }).click();
  await expect(form.getByRole('alert')).toContainText('Fee must not be negative.');
  await form.getByLabel('Delivery fee (Rs)').fill(String(fee / 100));
  await form.getByLabel('Minimum order (Rs)').fill(String(minimum / 100));
  await form.getByLabel('Free delivery from (Rs)').fill(String(freeAbove / 100));
  await form.getByRole('button', { name: 'Save delivery' }).click();
  await expect(form.getByRole('status')).toHaveText(`Delivery of ${storeTitle} was saved.`);
  const box = await dialog.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page, 'the store dialog with its Delivery form at 390 px');
  const saved = await request.get(`/api/Store/Delivery/${shelf.storeId}`);
  expect(await saved.json()).toMatchObject({ PostalCodes: ['4110*', '560034'], Fee: fee / 100 });

  // A shopper, in a browser of their own: an unserved PIN code marks the store's items.
  const shopperEmail = uniqueEmail('deliveryshopper');
  addUser(shopperEmail, 'User', 'Priya Shopper');
  const context = await browser.newContext({ viewport: PHONE });
  const shopper = await context.newPage();
  await signIn(shopper, shopperEmail);
  await shopper.goto(shelf.path);
  const card = cardOf(shopper, shelf.item);
  await expect(card).toBeVisible();
  await setPin(shopper, '560001');
  await expect(card.getByText('Not delivered to 560001')).toBeVisible();
  await expectNoAxeViolations(shopper, 'a section with items marked as not delivered');
  // Kept for the next page, without a rebuild.
  await shopper.reload();
  await expect(cardOf(shopper, shelf.item).getByText('Not delivered to 560001')).toBeVisible();
  // The item's own page says it too, beside its price.
  await shopper.goto(`/app/section/${shelf.item.ItemID}/${shelf.item.DbID}`);
  await expect(shopper.locator('[data-delivery-mark]').getByText('Not delivered to 560001')).toBeVisible();
  // And the search results, drawn after the page loads.
  await shopper.goto(`/app/search?q=${encodeURIComponent(shelf.item.ItemTitle)}`);
  const result = shopper
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ has: shopper.getByRole('heading', { name: shelf.item.ItemTitle, exact: true }) });
  await expect(result.getByText('Not delivered to 560001')).toBeVisible({ timeout: 20_000 });
  await shopper.goto(shelf.path);

  // A served PIN code (by the prefix) takes the mark away.
  await setPin(shopper, '411001');
  await expect(cardOf(shopper, shelf.item).getByText(/Not delivered/)).toHaveCount(0);
  const more = addOne(cardOf(shopper, shelf.item), shelf.item.ItemTitle);
  await more.click();

  await shopper.goto('/app/cart/my-cart');
  const summary = shopper.locator('[data-delivery-summary]');
  await expect(summary).toContainText('Delivery to 411001');
  await expect(summary).toContainText(
    `Add ${rsOf(minimum - price)} more from ${storeTitle} to reach its minimum order.`,
  );
  await shopper.getByRole('button', { name: `Increase quantity of ${shelf.item.ItemTitle}`, exact: true }).click();
  await expect(summary).toContainText(`Delivery fee ${rsOf(fee)}`);
  await expect(summary).toContainText(`${rsOf(freeAbove - 2 * price)} more for free delivery`);
  await expectNoAxeViolations(shopper, 'the cart with its delivery summary');

  // The order: the fee is a line of its own and part of the total.
  await shopper.getByRole('button', { name: 'Order', exact: true }).click();
  const review = shopper.getByRole('region', { name: 'Review your order' });
  await expect(review).toBeVisible();
  await fillDelivery(review, { ...HOME_ADDRESS, City: 'Pune', State: 'Maharashtra', 'PIN code': '411001' });
  await review.getByRole('button', { name: 'Place order' }).click();
  const placed = shopper.getByRole('region', { name: /^Thank you: order #\d+ is placed$/ });
  await expect(placed).toBeVisible({ timeout: 20_000 });
  await expect(placed.locator('[data-delivery-fee]')).toHaveText(`Delivery fee${rsOf(fee)}`);
  await expect(placed.getByRole('row').last()).toHaveText(`Grand total${rsOf(2 * price + fee)}`);
  await expectNoAxeViolations(shopper, 'the placed order with its fee');
  await context.close();
});
