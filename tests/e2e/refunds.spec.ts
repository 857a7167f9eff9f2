import { expect, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts), whose demo
// shop offers the test payment method. Issue 32, item 3 on a 390 px phone: an order paid
// with the test method and then cancelled by its shopper is refunded at once, and My Orders
// and the staff order page list the refund: its amount, that it was refunded, and why.

test('a paid order cancelled shows its refund on My Orders and the staff order page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const staffEmail = uniqueEmail('refund-staff');
  const shopperEmail = uniqueEmail('refund-shopper');
  addUser(staffEmail, 'Employee');
  addUser(shopperEmail, 'User');
  const staffHeaders = await bearerHeaders(request, staffEmail);
  const store = await request.post('/api/Store/Create', {
    headers: staffHeaders,
    data: { StoreTitle: `Refund Store ${Date.now()}`, CategoryID: 1 },
  });
  expect(store.status()).toBe(201);
  const { StoreID, DbIDs } = (await store.json()) as { StoreID: number; DbIDs: number[] };
  const item = await request.post('/api/Item/Create', {
    headers: staffHeaders,
    data: { DbID: DbIDs[0], ItemTitle: 'Refund Mangoes', UnitPrice: 150, Availability: 40 },
  });
  expect(item.status()).toBe(201);
  const { ItemID } = (await item.json()) as { ItemID: number };

  const shopperHeaders = await bearerHeaders(request, shopperEmail);
  const placed = await request.post('/api/cart/CreateOrder', {
    headers: { ...shopperHeaders, 'Idempotency-Key': `refund-${Date.now()}` },
    data: {
      CartItems: [{ ItemID, StoreID, Qty: 2, Staus: 'added' }],
      PaymentMethod: 'Test',
      DeliveryAddress: {
        FullName: 'Meera Refund',
        Phone: '+91 98450 22222',
        AddressLine1: '9 Mint Road',
        AddressLine2: '',
        City: 'Pune',
        State: 'Maharashtra',
        PostalCode: '411001',
        Note: '',
      },
    },
  });
  expect(placed.status()).toBe(201);
  const { OrderID, GroupID, OrderTotal } = (await placed.json()) as {
    OrderID: number;
    GroupID: number;
    OrderTotal: number;
  };
  const paid = await request.post(`/api/Payment/Test/${GroupID}`, {
    headers: shopperHeaders,
    data: { Outcome: 'approve' },
  });
  expect(paid.status()).toBe(200);
  const cancelled = await request.post(`/api/Order/Cancel/${OrderID}`, { headers: shopperHeaders });
  expect(cancelled.status()).toBe(200);
  // Rupees as the shop writes them: `Rs 315`, `Rs 315.50`.
  const amount = `Rs ${Number.isInteger(OrderTotal) ? OrderTotal : OrderTotal.toFixed(2)}`;
  expect(OrderTotal).toBeLessThan(1000);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, shopperEmail);
  await page.goto('/app/cart/my-orders');
  const card = page.getByRole('region', { name: `Order #${OrderID}` });
  const refunds = card.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('listitem')).toHaveText([new RegExp(`^${amount} refunded · order cancelled`)]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'My Orders with a refund');

  await page.evaluate(() => localStorage.clear());
  await signIn(page, staffEmail);
  await page.goto(`/app/edu-shopy/order?id=${OrderID}`);
  const staffRefunds = page.getByRole('region', { name: 'Refunds' });
  await expect(staffRefunds.getByRole('listitem')).toHaveText([new RegExp(`^${amount} refunded · order cancelled`)]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the staff order page with a refund');
});
