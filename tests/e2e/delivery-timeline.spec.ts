import { expect, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, mailsTo, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 31,
// item 4 on a 390 px phone: staff move an order along its way to the door, and the shopper's
// My Orders shows its delivery slot, its status in words and a timeline of every change; each
// change was mailed. The order is for a store of this test's own with a slot, so the other
// specs' stores keep ordering without one.

/** Tomorrow's date in India (the shop's time zone), `YYYY-MM-DD`. */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

test('a shopper follows an order staff move: slot, status and timeline in My Orders', async ({ page, request }) => {
  test.setTimeout(180_000);
  const staffEmail = uniqueEmail('way-staff');
  const shopperEmail = uniqueEmail('way-shopper');
  addUser(staffEmail, 'Employee');
  addUser(shopperEmail, 'User');
  const staffHeaders = await bearerHeaders(request, staffEmail);
  const store = await request.post('/api/Store/Create', {
    headers: staffHeaders,
    data: { StoreTitle: `Door Store ${Date.now()}`, CategoryID: 1 },
  });
  expect(store.status()).toBe(201);
  const { StoreID, DbIDs } = (await store.json()) as { StoreID: number; DbIDs: number[] };
  const item = await request.post('/api/Item/Create', {
    headers: staffHeaders,
    data: { DbID: DbIDs[0], ItemTitle: 'Door Guavas', UnitPrice: 90, Availability: 40 },
  });
  expect(item.status()).toBe(201);
  const { ItemID } = (await item.json()) as { ItemID: number };
  const day = tomorrowInIndia();
  const slot = await request.post(`/api/Store/Slot/${StoreID}`, {
    headers: staffHeaders,
    data: { Start: `${day}T18:00:00+05:30`, End: `${day}T20:00:00+05:30`, Capacity: 4 },
  });
  expect(slot.status()).toBe(201);
  const { SlotID } = (await slot.json()) as { SlotID: number };

  const shopperHeaders = await bearerHeaders(request, shopperEmail);
  const placed = await request.post('/api/cart/CreateOrder', {
    headers: { ...shopperHeaders, 'Idempotency-Key': `way-${Date.now()}` },
    data: {
      CartItems: [{ ItemID, StoreID, Qty: 2, Staus: 'added' }],
      Slots: { [StoreID]: SlotID },
      DeliveryAddress: {
        FullName: 'Meera Door',
        Phone: '+91 98450 11111',
        AddressLine1: '7 Gate Road',
        AddressLine2: '',
        City: 'Pune',
        State: 'Maharashtra',
        PostalCode: '411001',
        Note: '',
      },
    },
  });
  expect(placed.status()).toBe(201);
  const { OrderID } = (await placed.json()) as { OrderID: number };
  for (const Status of ['Confirmed', 'Packing', 'OutForDelivery']) {
    const moved = await request.put(`/api/Order/Status/${OrderID}`, { headers: staffHeaders, data: { Status } });
    expect(moved.status()).toBe(200);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, shopperEmail);
  await page.goto('/app/cart/my-orders');
  const card = page.getByRole('region', { name: `Order #${OrderID}` });
  await expect(card).toContainText('Status: Out for delivery');
  await expect(card).toContainText(/Delivery slot: \w{3} \d{1,2} \w{3}, 18:00–20:00/);
  const timeline = card.getByRole('region', { name: /^Timeline of order \d+$/ });
  await expect(timeline.getByRole('listitem')).toHaveText([/^Placed/, /^Confirmed/, /^Packing/, /^Out for delivery/]);
  // An order under way past Placed is the shop's to cancel now, not the shopper's.
  await expect(card.getByRole('button', { name: `Cancel order #${OrderID}` })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'My Orders with a timeline');

  // Delivered: the page read again shows it, and the shopper had a mail for each change.
  const delivered = await request.put(`/api/Order/Status/${OrderID}`, {
    headers: staffHeaders,
    data: { Status: 'Delivered' },
  });
  expect(delivered.status()).toBe(200);
  await page.reload();
  await expect(card).toContainText('Status: Delivered');
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  await expect(timeline.getByRole('listitem').last()).toHaveText(/^Delivered/);
  await expect
    .poll(() => mailsTo(shopperEmail).filter((m) => m.includes(`Subject: Your Aisle order ${OrderID} is`)).length, {
      timeout: 20_000,
    })
    .toBe(5);
  const mails = mailsTo(shopperEmail).join('\n');
  for (const words of ['Confirmed', 'Packing', 'Out for delivery', 'Delivered']) {
    expect(mails).toContain(`Status: ${words}`);
  }
});
