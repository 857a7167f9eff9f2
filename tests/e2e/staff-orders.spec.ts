import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Item, readCatalogue, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn } from './users.ts';

// Issue 35, "orders say where they are packed": a cart with lines from two stores, placed as one
// order per store under one group (issue 31), on the staff orders board at 1280 px and 390 px:
// each order says its store and names its group's other order. Black box: placed through the API.

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

interface Placed {
  /** The first store's order, and the second store's of the same group. */
  orderId: number;
  otherId: number;
  stores: [string, string];
  /**
   * A PIN code only this group's orders go to (429xxx, drawn for each group: a retry places another):
   * other specs place and move orders while this one runs, so the counts it checks are read within it.
   */
  pin: string;
}

/** A new customer's cart of one unit from each of two stores: two orders under one group. */
async function placeTwoStoreOrder(request: APIRequestContext): Promise<Placed> {
  const cat = await readCatalogue(request);
  const shown = new Set(cat.stores.filter((s) => !s.StoreHidden).map((s) => s.StoreID));
  const buyable = shownItems(cat).filter((i) => !i.ItemHidden && i.Availability >= 5 && shown.has(i.StoreID));
  const first = buyable[0] as Item;
  const second = buyable.find((i) => i.StoreID !== first.StoreID) as Item;
  expect(second, 'two stores with items to buy').toBeDefined();
  const customer = `shopper${tag()}@example.com`;
  const pin = `429${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  addUser(customer, 'User', 'Two Store Shopper');
  const ordered = await request.post('/api/cart/CreateOrder', {
    headers: { ...(await bearerHeaders(request, customer)), 'Idempotency-Key': `two-${tag()}` },
    data: {
      CartItems: [first, second].map((i) => ({ ItemID: i.ItemID, StoreID: i.StoreID, Qty: 1, Staus: 'added' })),
      DeliveryAddress: {
        FullName: 'Two Store Shopper',
        Phone: '+91 98450 12345',
        AddressLine1: '7 Market Road',
        AddressLine2: '',
        City: 'Nashik',
        State: 'Maharashtra',
        PostalCode: pin,
      },
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const order = (await ordered.json()) as { OrderID: number; Orders: { OrderID: number }[] };
  const title = (id: number) => cat.stores.find((s) => s.StoreID === id)?.StoreTitle ?? '';
  return {
    orderId: order.OrderID,
    otherId: order.Orders[1]?.OrderID ?? 0,
    stores: [title(first.StoreID), title(second.StoreID)],
    pin,
  };
}

/** The count the status button shows (`Placed 3` → 3). */
async function countOf(page: Page, status: string): Promise<number> {
  const button = page.getByRole('button', { name: new RegExp(`^${status} [\\d,]+$`) });
  await expect(button).toBeVisible();
  return Number(((await button.textContent()) ?? '').replace(/\D/g, ''));
}

test.describe('the orders board', () => {
  test.describe.configure({ mode: 'serial' });
  let placed: Placed;
  const employee = `packer${tag()}@example.com`;
  const admin = `chief${tag()}@example.com`;

  test.beforeAll(async ({ request }) => {
    // Three accounts made by the operator's CLI and an order: slow on a loaded machine.
    test.setTimeout(180_000);
    addUser(employee, 'Employee', 'Test Packer');
    addUser(admin, 'Admin', 'Test Chief');
    placed = await placeTwoStoreOrder(request);
  });

  test('at 1280 px each line says its store; store, day and status filters with counts find the order; Undo', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, employee);
    await page.goto('/app/edu-shopy/orders?view=list');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${placed.orderId} details and packing slip`, exact: true }) });
    await expect(row).toBeVisible();
    await expect(page.getByLabel('Day placed')).toHaveValue('today');
    // Its lines sit under its one store's name (folded: one store).
    await expect(row.locator('[data-order-store]')).toHaveText([placed.stores[0]]);
    await expect(row).toContainText(`Part of group #${placed.orderId} (order #${placed.otherId})`);
    const other = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `#${placed.otherId} details and packing slip`, exact: true }) });
    await expect(other.locator('[data-order-store]')).toHaveText([placed.stores[1]]);
    await expect(other).toContainText(`Part of group #${placed.orderId} (order #${placed.orderId})`);

    // Each store's filter finds its own order of the group, not the other store's.
    for (const [store, shown, hidden] of [
      [placed.stores[0], row, other],
      [placed.stores[1], other, row],
    ] as const) {
      await page.getByLabel('Store', { exact: true }).selectOption({ label: store });
      await expect(shown).toBeVisible();
      await expect(hidden).toHaveCount(0);
      expect(await countOf(page, 'Placed')).toBeGreaterThanOrEqual(1);
    }
    await page.getByLabel('Store', { exact: true }).selectOption({ label: 'All stores' });
    // The text filter finds it by its store's name too.
    await page.getByLabel('Filter by customer, status, item, address or phone').fill(placed.stores[0]);
    await expect(row).toBeVisible();
    await page.getByLabel('Filter by customer, status, item, address or phone').fill('');

    const area = page.getByRole('form', { name: 'Delivery area' });
    await area.getByLabel('PIN code starts with').fill(placed.pin);
    await area.getByRole('button', { name: 'Show this area' }).click();
    // The group's two orders, both placed, and no one else's.
    await expect.poll(() => countOf(page, 'Placed')).toBe(2);
    await expect(row).toBeVisible();
    const placedBefore = await countOf(page, 'Placed');
    const confirmedBefore = await countOf(page, 'Confirmed');
    // A move, undone within its 10 seconds (at once: a loaded machine must not run the window
    // out): the status comes back and the log has both moves. The counts' moves are checked below.
    await row.getByRole('button', { name: `Confirm #${placed.orderId}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order #${placed.orderId} is Confirmed now.` }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Undo \(\d+ s\)/ }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Order #${placed.orderId} is Placed again.` }),
    ).toBeVisible();
    await expect.poll(() => countOf(page, 'Placed')).toBe(placedBefore);
    await expect.poll(() => countOf(page, 'Confirmed')).toBe(confirmedBefore);
    const log = await request.get(
      `/api/Log/ReadAll?action=order.&limit=50&filter=${encodeURIComponent(`order:${placed.orderId}`)}`,
      {
        headers: await bearerHeaders(request, admin),
      },
    );
    expect(log.status()).toBe(200);
    const moves = ((await log.json()) as { Target: string; Detail: Record<string, unknown> }[])
      .filter((e) => e.Target === `order:${placed.orderId}`)
      .map((e) => `${e.Detail.from} → ${e.Detail.to}${e.Detail.undo === true ? ' (undo)' : ''}`);
    expect(moves.sort()).toEqual(['Confirmed → Placed (undo)', 'Placed → Confirmed']);

    // Confirmed for good this time (the undo bar simply runs out). The answer is slow (2.5 s):
    // the bar counts the server's 10 seconds from when the move was sent, less a second for the
    // undo's own trip, so it never offers an undo the server would refuse.
    await page.route('**/api/Order/Status/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await row.getByRole('button', { name: `Confirm #${placed.orderId}` }).click();
    const undo = page.getByRole('button', { name: /^Undo \(\d+ s\)/ });
    await expect(undo).toBeVisible();
    expect(Number(/\((\d+) s\)/.exec((await undo.textContent()) ?? '')?.[1])).toBeLessThanOrEqual(7);
    await page.unroute('**/api/Order/Status/*');
    await expect.poll(() => countOf(page, 'Confirmed')).toBe(confirmedBefore + 1);
    await expect.poll(() => countOf(page, 'Placed')).toBe(placedBefore - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page, 'orders board at 1280 px');
  });

  test('at 390 px the order is a card with its stores and 48 px buttons, and passes axe', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, employee);
    await page.goto('/app/edu-shopy/orders?view=list');
    await page.getByRole('button', { name: /^Confirmed [\d,]+$/ }).click();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Cancel order #${placed.orderId}`, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.locator('[data-order-store]')).toHaveText([placed.stores[0]]);
    await expect(card.getByRole('link', { name: `#${placed.otherId}`, exact: true })).toHaveAttribute(
      'href',
      `/app/edu-shopy/order?id=${placed.otherId}`,
    );
    const pack = card.getByRole('button', { name: `Start packing #${placed.orderId}` });
    expect((await pack.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    const cancel = card.getByRole('button', { name: `Cancel order #${placed.orderId}` });
    expect((await cancel.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'orders board at 390 px');
  });
});
