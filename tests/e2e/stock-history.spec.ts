import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type Item, readCatalogue, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn } from './users.ts';

// Issue 33, item 4: staff open an item on a phone and read why its stock is what it is, and
// find it among the items at or below their reorder level. Black box: the stock is changed
// through the API, as another employee and a shopper would.

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** How far the page reaches past the window's width (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('at 390 px staff see an item’s stock history after an order, and its reorder level', async ({ page, request }) => {
  test.setTimeout(120_000);
  const cat = await readCatalogue(request);
  const shown = new Set(cat.stores.filter((s) => !s.StoreHidden).map((s) => s.StoreID));
  // An item from the middle of the list: other specs buy the first and the last ones.
  const buyable = shownItems(cat).filter((i) => !i.ItemHidden && i.Availability >= 5 && shown.has(i.StoreID));
  const item = buyable[Math.floor(buyable.length / 2)] as Item;
  const employee = `ledgerstaff${tag()}@example.com`;
  addUser(employee, 'Employee', 'Lena Ledger');
  const shopper = `ledgershopper${tag()}@example.com`;
  addUser(shopper, 'User', 'Sunil Shopper');

  const edited = await request.patch(`/api/Item/Edit/${item.ItemID}`, {
    headers: await bearerHeaders(request, employee),
    data: { Availability: 30, ReorderLevel: 40 },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const ordered = await request.post('/api/cart/CreateOrder', {
    headers: { ...(await bearerHeaders(request, shopper)), 'Idempotency-Key': `ledger-${tag()}` },
    data: {
      CartItems: [{ ItemID: item.ItemID, StoreID: item.StoreID, Qty: 2, Staus: 'added' }],
      DeliveryAddress: {
        FullName: 'Sunil Shopper',
        Phone: '+91 98450 12345',
        AddressLine1: '7 Market Road',
        AddressLine2: '',
        City: 'Nashik',
        State: 'Maharashtra',
        PostalCode: '422001',
      },
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const orderId = ((await ordered.json()) as { OrderID: number }).OrderID;

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, employee);
  await page.goto(`/app/client-store/item?db=${item.DbID}&edit=${item.ItemID}`);
  const editor = page.getByRole('dialog', { name: `Edit item ${item.ItemTitle}` });
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Reorder level')).toHaveValue('40');
  const history = editor.getByRole('region', { name: 'Stock history' });
  const rows = history.getByRole('row');
  // The header, the order (newest) and the edit before it.
  await expect(rows.nth(1)).toContainText('-2');
  await expect(rows.nth(1)).toContainText(`Order #${orderId}`);
  await expect(rows.nth(1)).toContainText('Sunil Shopper');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('from 30 to 28');
  await expect(rows.nth(2)).toContainText('Staff edit');
  await expect(rows.nth(2)).toContainText('Lena Ledger');
  await expect(history.getByRole('link', { name: `#${orderId}` })).toHaveAttribute(
    'href',
    `/app/edu-shopy/order?id=${orderId}`,
  );
  expect(await overflow(page), 'the item editor at 390 px').toBe(0);
  await expectNoAxeViolations(page, 'the item editor with its stock history at 390 px');

  // The Items table lists it among the items at or below their reorder level (the mail's link).
  await page.goto('/app/client-store/item?reorder=1');
  await expect(page.getByLabel('At or below reorder level')).toBeChecked();
  await page.getByLabel('Find by title or product code').fill(item.ItemTitle);
  await expect(page.getByRole('link', { name: `View in shop ${item.ItemTitle}` }).first()).toBeVisible();
  expect(await overflow(page), 'the Items table at 390 px').toBe(0);
});
