import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 31,
// item 4: the staff orders board by store and delivery slot. Three orders into a slot of a
// store of this test's own (so the other specs' stores keep ordering without slots): staff
// select the slot's group, move it on in bulk and open its pick list, at 390 px and 1280 px.
// Status names are read from the page, never written here (they are the status table's).

const HOUR = 3_600_000;

interface Shop {
  storeTitle: string;
  storeId: number;
  slotId: number;
  orderIds: number[];
}

async function post(request: APIRequestContext, headers: Record<string, string>, path: string, data: unknown) {
  const res = await request.post(path, { headers, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/** A store with two sections and three items, a slot starting in three hours, and three orders in it. */
async function openShop(request: APIRequestContext, staffEmail: string, shopperEmail: string): Promise<Shop> {
  const staff = await bearerHeaders(request, staffEmail);
  const storeTitle = `Board Store ${Date.now()}`;
  const store = await post(request, staff, '/api/Store/Create', { StoreTitle: storeTitle, CategoryID: 1 });
  const storeId = store.StoreID as number;
  const dbId = (store.DbIDs as number[])[0];
  const section = async (title: string) =>
    (await post(request, staff, '/api/Section/Create', { DbID: dbId, SectionTitle: title })).SectionID as number;
  const dairy = await section('Dairy');
  const fruit = await section('Fruit');
  const item = async (title: string, sectionId: number | null, code: string | null) =>
    (
      await post(request, staff, '/api/Item/Create', {
        DbID: dbId,
        SectionID: sectionId,
        ItemTitle: title,
        UnitPrice: 50,
        Availability: 100,
        ProductCode: code,
      })
    ).ItemID as number;
  const milk = await item('Board Milk', dairy, 'MLK-1');
  const mango = await item('Board Mango', fruit, null);
  const bread = await item('Board Bread', null, null);
  const start = new Date(Date.now() + 3 * HOUR).toISOString();
  const end = new Date(Date.now() + 5 * HOUR).toISOString();
  const slot = await post(request, staff, `/api/Store/Slot/${storeId}`, { Start: start, End: end, Capacity: 10 });
  const slotId = slot.SlotID as number;
  const shopper = await bearerHeaders(request, shopperEmail);
  const orderIds: number[] = [];
  for (const lines of [
    [
      [mango, 2],
      [milk, 1],
    ],
    [
      [mango, 1],
      [bread, 1],
    ],
    [[milk, 2]],
  ]) {
    const placed = await post(
      request,
      { ...shopper, 'Idempotency-Key': `board-${Date.now()}-${orderIds.length}` },
      '/api/cart/CreateOrder',
      {
        CartItems: lines.map(([ItemID, Qty]) => ({ ItemID, StoreID: storeId, Qty, Staus: 'added' })),
        DeliveryAddress: {
          FullName: 'Board Shopper',
          Phone: '+91 98450 12345',
          AddressLine1: '7 Market Road',
          AddressLine2: '',
          City: 'Pune',
          State: 'Maharashtra',
          PostalCode: '411001',
        },
        Slots: { [String(storeId)]: slotId },
      },
    );
    orderIds.push(placed.OrderID as number);
  }
  return { storeTitle, storeId, slotId, orderIds };
}

async function statusesOf(request: APIRequestContext, staffEmail: string, ids: number[]): Promise<string[]> {
  const headers = await bearerHeaders(request, staffEmail);
  return Promise.all(
    ids.map(
      async (id) =>
        ((await (await request.get(`/api/Order/Read/${id}`, { headers })).json()) as { Status: string }).Status,
    ),
  );
}

/** The board showing every status, and the group of the shop's slot. */
async function openGroup(page: Page, shop: Shop) {
  await page.goto('/app/edu-shopy/orders');
  await page.getByRole('button', { name: /^All [\d,]+$/ }).click();
  const group = page.getByRole('region', { name: new RegExp(`^${shop.storeTitle} · `) });
  await expect(group).toContainText('3 orders');
  return group;
}

test.describe('the orders board by store and slot', () => {
  test.describe.configure({ mode: 'serial' });
  const staffEmail = uniqueEmail('board-staff');
  const shopperEmail = uniqueEmail('board-shopper');
  let shop: Shop;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    addUser(staffEmail, 'Employee', 'Board Packer');
    addUser(shopperEmail, 'User', 'Board Shopper');
    shop = await openShop(request, staffEmail, shopperEmail);
  });

  test('at 390 px staff select a slot group, move it on in bulk and open its pick list', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, staffEmail);
    const group = await openGroup(page, shop);
    await expect(group.getByRole('heading')).toContainText(/Today, |\d{2}:\d{2}–\d{2}:\d{2}/);
    const before = await statusesOf(request, staffEmail, shop.orderIds);
    await group.getByRole('checkbox', { name: /^Select all/ }).check();
    for (const id of shop.orderIds)
      await expect(group.getByRole('checkbox', { name: `Select order #${id}` })).toBeChecked();
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await expect(bar).toContainText('3 orders selected');
    const move = bar.getByRole('button', { name: /^Move 3 orders to [\w ]+$/ });
    const next = /to (\w+)$/.exec((await move.textContent()) ?? '')?.[1] ?? '';
    expect(next).not.toBe(before[0]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'orders board by slot at 390 px, a group selected');
    await move.click();
    await expect(page.getByRole('status').filter({ hasText: `3 orders are ${next} now.` })).toBeVisible();
    await expect(bar).toBeHidden();
    expect(await statusesOf(request, staffEmail, shop.orderIds)).toEqual([next, next, next]);
    await expect(group.getByText(next, { exact: true })).toHaveCount(3);

    await group.getByRole('link', { name: /^Pick list/ }).click();
    await expect(page).toHaveURL(new RegExp(`/app/edu-shopy/picklist/?\\?store=${shop.storeId}&slot=${shop.slotId}$`));
    const list = page.getByRole('table', { name: new RegExp(`^Items to pick for ${shop.storeTitle}`) });
    await expect(list).toBeVisible();
    await expect(page.getByText(`3 orders, 7 units: ${shop.orderIds.map((id) => `#${id}`).join(', ')}`)).toBeVisible();
    const [a, b, c] = shop.orderIds;
    // Shelf order: the sections in the order they were made, then items in no section.
    await expect(list.getByRole('row')).toHaveText([
      /Qty\s*Item\s*Code\s*Orders/,
      'Dairy',
      `3Board MilkMLK-1#${a} × 1, #${c} × 2`,
      'Fruit',
      `3Board Mango—#${a} × 2, #${b} × 1`,
      'Not in a section',
      `1Board Bread—#${b} × 1`,
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'pick list at 390 px');
  });

  test('at 1280 px orders are selected with the keyboard, and the pick list prints alone', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, staffEmail);
    const group = await openGroup(page, shop);
    const [a, b, c] = shop.orderIds as [number, number, number];
    for (const id of [a, b]) {
      await group.getByRole('checkbox', { name: `Select order #${id}` }).focus();
      await page.keyboard.press('Space');
    }
    const bar = page.getByRole('region', { name: 'Selected orders' });
    await expect(bar).toContainText('2 orders selected');
    const all = group.getByRole('checkbox', { name: /^Select all/ });
    expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    const move = bar.getByRole('button', { name: /^Move 2 orders to [\w ]+$/ });
    const next = /to (\w+)$/.exec((await move.textContent()) ?? '')?.[1] ?? '';
    await move.click();
    await expect(page.getByRole('status').filter({ hasText: `2 orders are ${next} now.` })).toBeVisible();
    // Orders now in two statuses have no one next status: the bar says so.
    await all.check();
    await expect(bar).toContainText('different statuses');
    await expect(bar.getByRole('button', { name: /^Move / })).toHaveCount(0);
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page, 'orders board by slot at 1280 px');

    await page.goto(`/app/edu-shopy/picklist?store=${shop.storeId}&slot=${shop.slotId}`);
    await expect(page.getByRole('button', { name: 'Print pick list' })).toBeVisible();
    await expect(page.getByText(`#${c} × 2`)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print pick list' })).toBeHidden();
    await expect(page.getByRole('link', { name: '← Orders board' })).toBeHidden();
    await expect(page.getByRole('table')).toBeVisible();
    // The print's page is A4 portrait (595 × 842 points), whatever the printer's default.
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    expect(pdf).toMatch(/\/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);
  });
});
