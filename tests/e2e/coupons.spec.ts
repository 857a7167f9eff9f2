import { expect, test } from '@playwright/test';
import { readCatalogue, rs, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, fillDelivery, mailsTo, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 32,
// item 5 on a 390 px phone: staff create a coupon on the Coupons page, a shopper enters it in
// the cart's review, sees the saving and the new total, places the order and sees the
// discount on the confirmation, in My Orders and in the order mail.

test('staff create a coupon; a shopper applies it in the cart and the order carries the saving', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const staffEmail = uniqueEmail('coupon-staff');
  const shopperEmail = uniqueEmail('coupon-shopper');
  addUser(staffEmail, 'Employee');
  addUser(shopperEmail, 'User');
  const cat = await readCatalogue(request);
  const hiddenStores = new Set(cat.stores.filter((s) => s.StoreHidden).map((s) => s.StoreID));
  const item = shownItems(cat).find((i) => !i.ItemHidden && i.Availability >= 10 && !hiddenStores.has(i.StoreID));
  if (item === undefined) throw new Error('The demo catalogue has no buyable item.');
  const code = `TEN${Date.now() % 1_000_000}`;

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, staffEmail);
  await page.goto('/app/edu-shopy/coupons');
  await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percent off').fill('10');
  await form.getByLabel('Uses in all').fill('50');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  const listed = page.getByRole('listitem').filter({ hasText: code });
  await expect(listed).toContainText('10 % off');
  await expect(listed).toContainText('used 0 of 50');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the Coupons page');

  // The shopper's saved cart: two of the item.
  await page.evaluate(() => localStorage.clear());
  const headers = await bearerHeaders(request, shopperEmail);
  const saved = await request.post('/api/cart/Create', {
    headers,
    data: { CartItems: [{ ItemID: item.ItemID, StoreID: item.StoreID, Qty: 2, Staus: 'added' }] },
  });
  expect(saved.status()).toBe(200);
  const items = Math.round(item.SellingPrice * 100) * 2;
  const saving = Math.round(items / 10);
  await signIn(page, shopperEmail);
  await page.goto('/app/cart/my-cart');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review your order' });
  const coupon = review.getByRole('form', { name: 'Coupon code' });
  await coupon.getByLabel('Coupon code').fill('NOSUCH1');
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon.getByRole('status')).toContainText('NOSUCH1 is not a coupon of this shop');
  await coupon.getByLabel('Coupon code').fill(code.toLowerCase());
  await coupon.getByRole('button', { name: 'Apply' }).click();
  await expect(coupon.getByRole('status')).toHaveText(`${code} applied: you save ${rs(saving / 100)}.`);
  await expect(review.getByRole('row', { name: new RegExp(`Coupon ${code} saving`) })).toContainText(
    `-${rs(saving / 100)}`,
  );
  await expect(review.getByRole('row', { name: /Grand total/ })).toContainText(rs((items - saving) / 100));
  // Kept until the order: a reload finds it applied again.
  await page.reload();
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(review.getByRole('form', { name: 'Coupon code' }).getByRole('status')).toHaveText(
    `${code} applied: you save ${rs(saving / 100)}.`,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the checkout review with a coupon');
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();

  const confirmation = page.getByRole('region', { name: /order #\d+ is placed/ });
  await expect(confirmation.getByRole('row', { name: new RegExp(`Coupon ${code} saving`) })).toContainText(
    `-${rs(saving / 100)}`,
  );
  await expect(confirmation.getByRole('row', { name: /Grand total/ })).toContainText(rs((items - saving) / 100));
  const orderId = Number(/#(\d+)/.exec((await confirmation.getByRole('heading').first().textContent()) ?? '')?.[1]);
  // The code is forgotten once the order used it.
  expect(await page.evaluate(() => localStorage.getItem('aisle.couponCode') ?? '')).toBe('');

  await page.goto('/app/cart/my-orders');
  const placed = page.getByRole('region', { name: `Order #${orderId}` });
  await expect(placed).toContainText(`Coupon ${code} saving`);
  await expect(placed).toContainText(`-${rs(saving / 100)}`);
  await expect.poll(() => mailsTo(shopperEmail).join('\n')).toContain(`Coupon ${code} saving`);

  const list = await request.get('/api/Coupon/ReadAll', { headers: await bearerHeaders(request, staffEmail) });
  const made = ((await list.json()) as { Code: string; Used: number }[]).find((c) => c.Code === code);
  expect(made?.Used).toBe(1);
});
