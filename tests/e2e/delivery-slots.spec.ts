import { expect, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, fillDelivery, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 31,
// item 2 on a 390 px phone: staff add a delivery slot on the stores page, a shopper picks
// it in the cart's review, places the order, and My Orders shows the slot. The slot is
// made at a store of this test's own, so the other specs' stores keep ordering without one.

/** Tomorrow's date in India (the shop's time zone), `YYYY-MM-DD`. */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

test('staff add a slot, a shopper picks it in the cart and My Orders shows it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const staffEmail = uniqueEmail('slot-staff');
  const shopperEmail = uniqueEmail('slot-shopper');
  addUser(staffEmail, 'Employee');
  addUser(shopperEmail, 'User');
  const staffHeaders = await bearerHeaders(request, staffEmail);
  const storeTitle = `Slot Store ${Date.now()}`;
  const store = await request.post('/api/Store/Create', {
    headers: staffHeaders,
    data: { StoreTitle: storeTitle, CategoryID: 1 },
  });
  expect(store.status()).toBe(201);
  const { StoreID, DbIDs } = (await store.json()) as { StoreID: number; DbIDs: number[] };
  const item = await request.post('/api/Item/Create', {
    headers: staffHeaders,
    data: { DbID: DbIDs[0], ItemTitle: 'Slot Mangoes', UnitPrice: 120, Availability: 40 },
  });
  expect(item.status()).toBe(201);
  const { ItemID } = (await item.json()) as { ItemID: number };

  await page.setViewportSize({ width: 390, height: 844 });
  // Staff: the stores page's delivery slots form.
  await signIn(page, staffEmail);
  await page.goto('/app/edu-shopy/store');
  const slots = page.getByRole('region', { name: 'Delivery slots' });
  await slots.scrollIntoViewIfNeeded();
  await slots.getByLabel('Store').selectOption({ label: storeTitle });
  await expect(slots).toContainText('No slots take orders yet.');
  const add = slots.getByRole('form', { name: 'Add a delivery slot' });
  await add.getByLabel('Day').fill(tomorrowInIndia());
  await add.getByLabel('From').fill('18:00');
  await add.getByLabel('To').fill('20:00');
  await add.getByLabel('Orders it takes').fill('3');
  await add.getByRole('button', { name: 'Add slot' }).click();
  await expect(slots.getByRole('status')).toHaveText('The slot was added.');
  await expect(slots).toContainText('18:00–20:00: 3 of 3 left');
  // The form fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'stores page with its delivery slots');

  // A shopper's saved cart holds the store's item; the review offers the slot.
  await page.evaluate(() => localStorage.clear());
  const shopperHeaders = await bearerHeaders(request, shopperEmail);
  const saved = await request.post('/api/cart/Create', {
    headers: shopperHeaders,
    data: { CartItems: [{ ItemID, StoreID, Qty: 2, Staus: 'added' }] },
  });
  expect(saved.status()).toBe(200);
  await signIn(page, shopperEmail);
  await page.goto('/app/cart/my-cart');
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Slot Mangoes', exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review your order' });
  await fillDelivery(review);
  // The store is named as the cart line names it (a store newer than the built pages: by its number).
  const picker = review.getByRole('group', { name: /^Delivery slot from / });
  const slot = picker.getByRole('radio', { name: /18:00–20:00 3 of 3 left/ });
  await expect(slot).toBeVisible();
  // Without a slot the order does not go.
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(review.getByRole('alert')).toHaveText(/^Please pick a delivery slot from .+\.$/);
  await slot.check();
  await expectNoAxeViolations(page, 'checkout review with delivery slots');
  await review.getByRole('button', { name: 'Place order' }).click();
  const status = page.getByRole('status').filter({ hasText: /Order placed/ });
  await expect(status).toContainText(/Order placed: #\d+/);
  const orderId = Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);

  // The slot has one place less, and My Orders shows it.
  const left = (await (await request.get(`/api/Store/Slots/${StoreID}`)).json()) as { Left: number }[];
  expect(left.map((s) => s.Left)).toEqual([2]);
  await page.goto('/app/cart/my-orders');
  const placed = page.getByRole('region', { name: `Order #${orderId}` });
  await expect(placed).toContainText(/Delivery slot: \w{3} \d{1,2} \w{3}, 18:00–20:00/);
  await expectNoAxeViolations(page, 'My Orders with a delivery slot');
});
