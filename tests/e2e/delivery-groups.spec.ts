import { type APIRequestContext, expect, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, fillDelivery, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 31,
// item 3 on a 390 px phone: a cart of two stores is placed as one order per store. Two stores
// of this test's own: a farm with a delivery slot, a dairy with a delivery fee.

async function storeWithItem(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
  item: { ItemTitle: string; UnitPrice: number },
): Promise<{ StoreID: number; ItemID: number }> {
  const store = await request.post('/api/Store/Create', { headers, data: { StoreTitle: title, CategoryID: 1 } });
  expect(store.status()).toBe(201);
  const { StoreID, DbIDs } = (await store.json()) as { StoreID: number; DbIDs: number[] };
  const created = await request.post('/api/Item/Create', {
    headers,
    data: { DbID: DbIDs[0], Availability: 40, ...item },
  });
  expect(created.status()).toBe(201);
  const { ItemID } = (await created.json()) as { ItemID: number };
  return { StoreID, ItemID };
}

test('a cart of two stores is placed as two orders, each shown with its slot and fee, as one group in My Orders and to staff', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const staffEmail = uniqueEmail('group-staff');
  const shopperEmail = uniqueEmail('group-shopper');
  addUser(staffEmail, 'Employee');
  addUser(shopperEmail, 'User');
  const staff = await bearerHeaders(request, staffEmail);
  const stamp = Date.now();
  const farm = await storeWithItem(request, staff, `Group Farm ${stamp}`, {
    ItemTitle: 'Group Mangoes',
    UnitPrice: 120,
  });
  const dairy = await storeWithItem(request, staff, `Group Dairy ${stamp}`, {
    ItemTitle: 'Group Paneer',
    UnitPrice: 90,
  });
  // The farm delivers in a slot tomorrow; the dairy everywhere for Rs 25.
  const start = new Date(Date.now() + 26 * 3_600_000);
  const slot = await request.post(`/api/Store/Slot/${farm.StoreID}`, {
    headers: staff,
    data: { Start: start.toISOString(), End: new Date(start.getTime() + 2 * 3_600_000).toISOString(), Capacity: 3 },
  });
  expect(slot.status()).toBe(201);
  const fee = await request.put(`/api/Store/Delivery/${dairy.StoreID}`, {
    headers: staff,
    data: { PostalCodes: [], Fee: 25, MinimumOrder: 0, FreeAbove: null },
  });
  expect(fee.status()).toBe(200);

  const shopper = await bearerHeaders(request, shopperEmail);
  const saved = await request.post('/api/cart/Create', {
    headers: shopper,
    data: {
      CartItems: [
        { ItemID: farm.ItemID, StoreID: farm.StoreID, Qty: 2, Staus: 'added' },
        { ItemID: dairy.ItemID, StoreID: dairy.StoreID, Qty: 1, Staus: 'added' },
      ],
    },
  });
  expect(saved.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, shopperEmail);
  await page.goto('/app/cart/my-cart');
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Group Paneer', exact: true })).toHaveValue('1');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review your order' });
  await fillDelivery(review);
  // The review: one part per store, the dairy's with its fee; the farm's slot once picked.
  await expect(review).toContainText('Your order comes from 2 stores, so it is 2 orders');
  const dairyPart = review.getByRole('region', { name: `Group Dairy ${stamp}` });
  await expect(dairyPart.getByRole('row', { name: /Delivery fee/ })).toContainText('Rs 25');
  await review
    .getByRole('group', { name: /^Delivery slot from / })
    .getByRole('radio')
    .first()
    .check();
  const farmPart = review.getByRole('region', { name: `Group Farm ${stamp}` });
  await expect(farmPart).toContainText(/Delivery slot: \w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d/);
  await expectNoAxeViolations(page, 'checkout review of a cart of two stores');
  await review.getByRole('button', { name: 'Place order' }).click();

  // The confirmation: both orders, each with its store's lines, slot, fee and total, and the sum.
  const placed = page.getByRole('region', { name: /^Thank you: orders #\d+, #\d+ are placed$/ });
  await expect(placed).toBeVisible({ timeout: 20_000 });
  const [first, second] = ((await placed.getByRole('heading', { level: 2 }).textContent()) ?? '')
    .match(/#\d+/g)
    ?.map((n) => Number(n.slice(1))) ?? [0, 0];
  const farmOrder = placed.getByRole('region', { name: `Group Farm ${stamp}: order #${first}` });
  const dairyOrder = placed.getByRole('region', { name: `Group Dairy ${stamp}: order #${second}` });
  await expect(farmOrder).toContainText('Group Mangoes');
  await expect(farmOrder).toContainText(/Delivery slot: /);
  await expect(dairyOrder).toContainText('Group Paneer');
  await expect(dairyOrder).toContainText('Delivered without a slot');
  await expect(dairyOrder.getByRole('row', { name: /Delivery fee/ })).toContainText('Rs 25');
  const farmTotal = await farmOrder.getByRole('row').last().textContent();
  const dairyTotal = await dairyOrder.getByRole('row').last().textContent();
  expect([farmTotal, dairyTotal]).toEqual([
    expect.stringMatching(new RegExp(`^Group Farm ${stamp} totalRs `)),
    expect.stringMatching(new RegExp(`^Group Dairy ${stamp} totalRs `)),
  ]);
  await expect(placed.locator('[data-group-total]')).toContainText('Grand total of 2 orders');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'placed order of two stores');

  // The shop holds two orders under one group.
  const mine = await request.get('/api/Order/AllOrders?page=0&limit=20&sort=&filter=&mine=true', { headers: shopper });
  const orders = (await mine.json()) as { OrderID: number; GroupID: number; DeliveryFee: number; OrderTotal: number }[];
  expect(orders.map((o) => [o.OrderID, o.GroupID, o.DeliveryFee]).sort()).toEqual([
    [first, first, 0],
    [second, first, 25],
  ]);

  // My Orders: the two orders under one heading for the checkout, each with its store, slot and status.
  await page.goto('/app/cart/my-orders');
  const group = page.getByRole('region', { name: /^Order of \d{1,2} \w{3}: 2 stores, Rs [\d,]+(\.\d\d)?$/ });
  await expect(group).toBeVisible({ timeout: 20_000 });
  const sum = orders.reduce((n, o) => n + Math.round(o.OrderTotal * 100), 0);
  await expect(group.getByRole('heading', { level: 2 })).toHaveText(
    new RegExp(
      `: 2 stores, Rs ${Math.floor(sum / 100)}${sum % 100 === 0 ? '' : `\\.${String(sum % 100).padStart(2, '0')}`}$`,
    ),
  );
  const farmCard = group.getByRole('region', { name: `Group Farm ${stamp}: order #${first}` });
  const dairyCard = group.getByRole('region', { name: `Group Dairy ${stamp}: order #${second}` });
  await expect(farmCard).toContainText('Group Mangoes');
  await expect(farmCard).toContainText(/Delivery slot: /);
  await expect(farmCard.locator('[data-order-status]')).toHaveText('Placed');
  await expect(dairyCard).toContainText('Group Paneer');
  await expect(dairyCard.locator('[data-order-status]')).toHaveText('Placed');
  await expect(dairyCard.getByRole('heading', { name: `Timeline of order ${second}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'My Orders with a group of two stores');

  // Staff: each order's page and the board name the other order of its group, with a link.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, staffEmail);
  await page.goto(`/app/edu-shopy/order?id=${second}`);
  const note = page.locator(`[data-group-note="${first}"]`);
  await expect(note).toHaveText(`Part of group #${first} (order #${first})`, { timeout: 20_000 });
  await note.getByRole('link', { name: `#${first}` }).click();
  await expect(page).toHaveURL(new RegExp(`order\\?id=${first}$`));
  await expect(page.locator(`[data-group-note="${first}"]`)).toHaveText(`Part of group #${first} (order #${second})`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, "an order's page naming its group");
  await page.goto(`/app/edu-shopy/orders?status=Placed&store=${dairy.StoreID}`);
  await expect(page.locator(`[data-group-note="${first}"]`).first()).toHaveText(
    `Part of group #${first} (order #${first})`,
    { timeout: 20_000 },
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the board naming an order group');
});
