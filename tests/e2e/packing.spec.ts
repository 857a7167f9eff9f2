import { type APIRequestContext, expect, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, fillDelivery, mailsTo, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 33,
// items 2 and 3: a shopper on a 390 px phone picks each substitution choice in the cart and
// places the order; staff pack it on the packing screen at 360 px (a scanned code, a short
// line, a replaced line); the shopper sees asked against sent in My Orders and one mail.
// A store of this test's own, one section of four items.

async function post(request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown) {
  const res = await request.post(path, { headers, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

test('substitutions chosen in the cart are packed on a phone and shown asked against sent', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const staffEmail = uniqueEmail('pack-staff');
  const shopperEmail = uniqueEmail('pack-shopper');
  addUser(staffEmail, 'Employee');
  addUser(shopperEmail, 'User');
  const staff = await bearerHeaders(request, staffEmail);
  const stamp = Date.now();
  const store = await post(request, staff, '/api/Store/Create', { StoreTitle: `Pack Store ${stamp}`, CategoryID: 1 });
  const storeId = store.StoreID as number;
  const dbId = (store.DbIDs as number[])[0];
  const fruit = (await post(request, staff, '/api/Section/Create', { DbID: dbId, SectionTitle: 'Orchard' }))
    .SectionID as number;
  const item = async (title: string, price: number, code: string) =>
    (
      await post(request, staff, '/api/Item/Create', {
        DbID: dbId,
        SectionID: fruit,
        ItemTitle: title,
        UnitPrice: price,
        Availability: 50,
        ProductCode: code,
        Size: '1 kg',
      })
    ).ItemID as number;
  const apples = await item('Pack Apples', 100, `PKA${stamp}`);
  const pears = await item('Pack Pears', 90, `PKP${stamp}`);
  const plums = await item('Pack Plums', 85, `PKL${stamp}`);
  await item('Pack Figs', 120, `PKF${stamp}`);
  const shopper = await bearerHeaders(request, shopperEmail);
  await post(request, shopper, '/api/cart/Create', {
    CartItems: [
      { ItemID: apples, StoreID: storeId, Qty: 2, Staus: 'added' },
      { ItemID: pears, StoreID: storeId, Qty: 1, Staus: 'added' },
      { ItemID: plums, StoreID: storeId, Qty: 3, Staus: 'added' },
    ],
  });

  // The shopper's choices, one a line, in the cart at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, shopperEmail);
  await page.goto('/app/cart/my-cart');
  await expect(page.getByRole('spinbutton', { name: 'Quantity of Pack Plums', exact: true })).toHaveValue('3');
  // The first touch of the panel loads the React cart panel, which takes over from the plain copy.
  await page.getByRole('spinbutton', { name: 'Quantity of Pack Plums', exact: true }).focus();
  await expect(page.locator('[data-cart-early]')).toHaveCount(0, { timeout: 20_000 });
  const choose = async (title: string, option: string | RegExp) => {
    const button = page.getByRole('button', { name: new RegExp(`^If out of stock: .*, for ${title}$`) });
    await button.click();
    const group = page.getByRole('group', { name: `If ${title} is out of stock` });
    await group.getByRole('radio', { name: option }).check();
    await expect(button).toContainText(typeof option === 'string' ? option : 'Replace with Pack Figs');
  };
  await choose('Pack Pears', 'Best match');
  await choose('Pack Plums', /^Replace with Pack Figs/);
  await choose('Pack Apples', "Don't replace");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'cart with substitution choices');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review your order' });
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  const placed = page.getByRole('region', { name: /^Thank you: order #\d+ is placed$/ });
  await expect(placed).toBeVisible({ timeout: 20_000 });
  const orderId = Number(((await placed.getByRole('heading', { level: 2 }).textContent()) ?? '').match(/\d+/)?.[0]);
  const read = await request.get(`/api/Order/Read/${orderId}`, { headers: shopper });
  const order = (await read.json()) as { OrderItems: { ItemID: number; Substitution: unknown }[] };
  expect(order.OrderItems.map((l) => [l.ItemID, l.Substitution])).toEqual([
    [apples, 'None'],
    [pears, 'BestMatch'],
    [plums, expect.any(Number)],
  ]);
  for (const status of ['Confirmed', 'Packing']) {
    const moved = await request.put(`/api/Order/Status/${orderId}`, { headers: staff, data: { Status: status } });
    expect(moved.status()).toBe(200);
  }

  // Staff pack it at 360 px: a scanned code, a short line, a replaced line, then "Order packed".
  // The best match for the pears (Rs 90) is the plums (Rs 85): the closest price.
  const packer = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 360, height: 780 } });
  if (packer === undefined) throw new Error('no browser');
  const staffPage = await packer.newPage();
  await signIn(staffPage, staffEmail);
  await staffPage.goto(`/app/edu-shopy/pack?store=${storeId}`);
  await expect(staffPage.getByRole('heading', { name: `Order #${orderId} · Priya Shopper` })).toBeVisible({
    timeout: 20_000,
  });
  const scan = staffPage.getByLabel('Scan or type a product code');
  await scan.fill(`pka${stamp}`);
  await scan.press('Enter');
  await expect(staffPage.getByRole('status').filter({ hasText: 'marked packed' })).toHaveText(
    'Pack Apples marked packed.',
  );
  await expect(scan).toBeFocused();
  await scan.fill('NO-SUCH-CODE');
  await scan.press('Enter');
  await expect(staffPage.getByRole('status').filter({ hasText: 'No line' })).toBeVisible();
  const plumsLine = staffPage.getByRole('group', { name: 'Outcome of Pack Plums (1 kg)' });
  await plumsLine.getByRole('button', { name: 'Short' }).click();
  await staffPage.getByRole('button', { name: 'One fewer Pack Plums found' }).click();
  await expect(staffPage.locator('[data-pack-line]').filter({ hasText: 'Pack Plums' })).toContainText(
    'Short: 1 of 3 found',
  );
  await staffPage
    .getByRole('group', { name: 'Outcome of Pack Pears (1 kg)' })
    .getByRole('button', { name: 'Replace' })
    .click();
  // The shopper said "Don't replace" for the apples: staff cannot replace them.
  await expect(
    staffPage.getByRole('group', { name: 'Outcome of Pack Apples (1 kg)' }).getByRole('button', { name: 'Replace' }),
  ).toBeDisabled();
  const targets = await staffPage
    .locator('[data-pack-line] button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(Math.min(...targets)).toBeGreaterThanOrEqual(48);
  expect(await staffPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(staffPage, 'packing screen at 360 px');
  await staffPage.getByRole('button', { name: 'Order packed' }).click();
  await expect(staffPage.getByRole('status').filter({ hasText: 'packed: out for delivery' })).toContainText(
    `Order #${orderId} packed`,
  );
  // The staff order page shows asked against sent too.
  await staffPage.goto(`/app/edu-shopy/order?id=${orderId}`);
  await expect(
    staffPage.locator('[data-asked-sent]').filter({ hasText: 'Asked: 1 × Pack Pears (1 kg)' }),
  ).toContainText('Sent: 1 × Pack Plums (1 kg), replaced', { timeout: 20_000 });
  await packer.close();

  // The shopper's order view: asked against sent; one mail lists what changed.
  await page.goto('/app/cart/my-orders');
  const card = page.locator('[data-asked-sent]');
  await expect(card.filter({ hasText: 'Asked: 1 × Pack Pears (1 kg)' })).toContainText(
    'Sent: 1 × Pack Plums (1 kg), replaced',
    { timeout: 20_000 },
  );
  await expect(card.filter({ hasText: 'Asked: 3 × Pack Plums (1 kg)' })).toContainText(
    'Sent: 1 × Pack Plums (1 kg), short',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'My Orders with a packed order');
  await expect.poll(() => mailsTo(shopperEmail).filter((m) => m.includes('What changed')).length).toBe(1);
});
