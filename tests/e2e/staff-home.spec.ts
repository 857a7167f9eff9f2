import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type Item, readCatalogue, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn } from './users.ts';

// Issue 35, items 7 and 3: the staff home staff land on after signing in, and finding any item
// from anywhere (the Items page across stores, "Edit" on the public item page, "View in shop").
// Black box: the data is changed through the API, as a till or another employee would.

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const STATUSES = ['Awaiting payment', 'Placed', 'Confirmed', 'Packing', 'Out for delivery', 'Delivered', 'Cancelled'];

interface Setup {
  /** An item of a shown store, given a product code and taken out of stock. */
  item: Item;
  code: string;
  /** The store of two orders placed today: one to confirm, one confirmed (to pack). */
  packStore: string;
}

/** Gives one item a product code and no stock, and places an order of another store's item. */
async function prepare(request: APIRequestContext, employee: string): Promise<Setup> {
  const cat = await readCatalogue(request);
  const shown = new Set(cat.stores.filter((s) => !s.StoreHidden).map((s) => s.StoreID));
  // The last items: other specs buy the first ones.
  const buyable = shownItems(cat)
    .filter((i) => !i.ItemHidden && i.Availability >= 5 && shown.has(i.StoreID))
    .sort((a, b) => b.ItemID - a.ItemID);
  const item = buyable[0] as Item;
  const bought = buyable.find((i) => i.StoreID !== item.StoreID) as Item;
  const code = `HOME-${tag()}`.toUpperCase();
  const staff = await bearerHeaders(request, employee);
  const edited = await request.patch(`/api/Item/Edit/${item.ItemID}`, {
    headers: staff,
    data: { ProductCode: code, Availability: 0 },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  const customer = `homeshopper${tag()}@example.com`;
  addUser(customer, 'User', 'Home Shopper');
  const shopper = await bearerHeaders(request, customer);
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const ordered = await request.post('/api/cart/CreateOrder', {
      headers: { ...shopper, 'Idempotency-Key': `home-${n}-${tag()}` },
      data: {
        CartItems: [{ ItemID: bought.ItemID, StoreID: bought.StoreID, Qty: 1, Staus: 'added' }],
        DeliveryAddress: {
          FullName: 'Home Shopper',
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
    ids.push(((await ordered.json()) as { OrderID: number }).OrderID);
  }
  // The second is confirmed: the store has one order to confirm and one to pack.
  const confirmed = await request.put(`/api/Order/Status/${ids[1]}`, { headers: staff, data: { Status: 'Confirmed' } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const packStore = cat.stores.find((s) => s.StoreID === bought.StoreID)?.StoreTitle ?? '';
  return { item, code, packStore };
}

/** The count a status link or button shows (`Placed 3` → 3), per status. */
async function countsIn(page: Page, scope: 'home' | 'board'): Promise<number[]> {
  const counts: number[] = [];
  for (const status of STATUSES) {
    const name = new RegExp(`^${status} [\\d,]+$`);
    const control =
      scope === 'home'
        ? page.getByRole('list', { name: "Today's orders by status" }).getByRole('link', { name })
        : page.getByRole('button', { name });
    await expect(control).toBeVisible();
    counts.push(Number(((await control.textContent()) ?? '').replace(/\D/g, '')));
  }
  return counts;
}

/** A text matched as itself inside a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How far the page reaches past the window's width (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('the staff home and finding any item', () => {
  test.describe.configure({ mode: 'serial' });
  const employee = `homestaff${tag()}@example.com`;
  let setup: Setup;

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    addUser(employee, 'Employee', 'Home Staff');
    setup = await prepare(request, employee);
  });

  for (const width of [1280, 390]) {
    test(`at ${width} px an employee signs in onto the home: today's counts as the board has them, an out-of-stock item, pages to publish`, async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await signIn(page, employee);
      await expect(page).toHaveURL(/\/app\/edu-shopy\/?$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
      // The log is for admins: an employee's home has no Recent changes.
      await expect(page.getByRole('region', { name: 'Publishing' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Recent changes' })).toHaveCount(0);

      // Today's counts are the board's (Today is the board's default day); another spec may place an
      // order between the two readings, so both are read again until they agree.
      await expect(async () => {
        await page.goto('/app/edu-shopy');
        const home = await countsIn(page, 'home');
        await page.goto('/app/edu-shopy/orders');
        expect(await countsIn(page, 'board')).toEqual(home);
      }).toPass({ timeout: 60_000 });
      await page.goto('/app/edu-shopy');
      // Each store's two lines: orders to confirm (Placed) and to pack (Confirmed, Packing), each to the board.
      const work = page.getByRole('list', { name: 'Orders to confirm and to pack by store' });
      const store = work.getByRole('listitem').filter({ hasText: setup.packStore });
      await expect(store.locator('[data-work="confirm"]')).toContainText(/To confirm: \d+ orders?/);
      await expect(store.locator('[data-work="pack"]')).toContainText(/To pack: \d+ confirmed/);
      await store.getByRole('link', { name: new RegExp(`^\\d+ orders? at ${escaped(setup.packStore)}$`) }).click();
      await expect(page).toHaveURL(/\/app\/edu-shopy\/orders\?status=Placed&store=\d+$/);
      await expect(page.getByLabel('Store', { exact: true })).toHaveValue(/\d+/);
      await expect(page.getByRole('button', { name: /^Placed [1-9]/ })).toBeVisible();
      await expect(page.getByText('Home Shopper').first()).toBeVisible();
      await page.goBack();
      await store.getByRole('link', { name: new RegExp(`^\\d+ confirmed at ${escaped(setup.packStore)}$`) }).click();
      await expect(page).toHaveURL(/\/app\/edu-shopy\/orders\?status=Confirmed&store=\d+$/);
      await expect(page.getByRole('button', { name: /^Confirmed [1-9]/ })).toBeVisible();
      await expect(page.getByText('Home Shopper').first()).toBeVisible();

      // The items out of stock, counted as the API has them, the least first.
      await page.goto('/app/edu-shopy');
      const lowest = await request.get('/api/Item/ReadAll?sort=Availability&limit=200', {
        headers: await bearerHeaders(request, employee),
      });
      const rows = (await lowest.json()) as Item[];
      const outOfStock = rows.filter((i) => i.Availability === 0);
      await expect(page.locator('[data-stock-counts]')).toContainText(`Out of stock: ${outOfStock.length}`);
      const short = page.getByRole('list', { name: 'Items short of stock' });
      const first = short.getByRole('listitem').first();
      await expect(first).toContainText(outOfStock[0]?.ItemTitle ?? '');
      await expect(first).toContainText('Out of stock');
      await expect(first.getByRole('link')).toHaveAttribute(
        'href',
        `/app/client-store/item?db=${outOfStock[0]?.DbID}&edit=${outOfStock[0]?.ItemID}`,
      );

      await expectNoAxeViolations(page, `the staff home at ${width} px`);
      for (const w of [width, width < 768 ? 360 : 1280]) {
        await page.setViewportSize({ width: w, height: 800 });
        expect(await overflow(page), `the home at ${w} px`).toBe(0);
      }

      // An edit makes the pages out of date (another spec may have published since the stock
      // edit); Publish now brings them up to date.
      if (width === 1280) {
        const edited = await request.patch(`/api/Item/Edit/${setup.item.ItemID}`, {
          headers: await bearerHeaders(request, employee),
          data: { ItemMetaDescription: `Back in stock soon (${tag()})` },
        });
        expect(edited.status(), await edited.text()).toBe(200);
        await page.reload();
        const pages = page.getByRole('region', { name: 'Shop pages' });
        await expect(pages.getByRole('button', { name: 'Publish now' })).toBeVisible();
        await pages.getByRole('button', { name: 'Publish now' }).click();
        await expect(
          page.getByRole('status').filter({ hasText: 'Published: the shop shows the catalogue as it is now.' }),
        ).toHaveCount(1, { timeout: 240_000 });
        // The rebuilt item page says the item is out of stock.
        const shopper = await page.context().newPage();
        await shopper.goto(`/app/section/${setup.item.ItemID}/${setup.item.DbID}`);
        await expect(shopper.getByText('Out of stock', { exact: true })).toBeVisible();
        await shopper.close();
      }
    });

    test(`at ${width} px the Items page finds an item of any store by title and by product code, opens it in the shop and back in the editor`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await signIn(page, employee);
      await page.goto('/app/client-store/item');
      await expect(page.getByLabel('Store database')).toHaveValue('');
      await expect(page.getByLabel('Store database').locator('option:checked')).toHaveText('All stores');
      const find = page.getByLabel('Find by title or product code');
      const { item, code } = setup;

      await find.fill(item.ItemTitle);
      // Every store's items of that title; this one with its code.
      await expect(page.getByText(`Code ${code}`)).toHaveCount(1);
      await find.fill(code.toLowerCase());
      await expect(page.getByText(`Code ${code}`)).toHaveCount(1);
      await expect(page.getByRole('link', { name: `View in shop ${item.ItemTitle}` })).toHaveCount(1);

      await page.getByRole('link', { name: `View in shop ${item.ItemTitle}` }).click();
      await expect(page).toHaveURL(new RegExp(`/app/section/${item.ItemID}/${item.DbID}$`));
      await expect(page.getByRole('heading', { level: 1, name: item.ItemTitle })).toBeVisible();

      // Staff see Edit on the public page; it opens this item's editor.
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/app/client-store/item\\?db=${item.DbID}`));
      const editor = page.getByRole('dialog', { name: `Edit item ${item.ItemTitle}` });
      await expect(editor).toBeVisible();
      await expect(editor.getByLabel('Product code')).toHaveValue(code);
      await expect(editor.getByLabel('Stock (units)')).toHaveValue('0');
      await expectNoAxeViolations(page, `the item editor at ${width} px`);
    });
  }

  test('an admin also sees the latest changes of the log, and opens the log from them', async ({ page }) => {
    const admin = `homeadmin${tag()}@example.com`;
    addUser(admin, 'Admin', 'Home Admin');
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/app\/edu-shopy\/?$/);
    const changes = page.getByRole('region', { name: 'Recent changes' });
    const entries = changes.getByRole('list', { name: 'The latest changes' }).getByRole('listitem');
    await expect(entries.first()).toBeVisible();
    expect(await entries.count()).toBeLessThanOrEqual(10);
    await expectNoAxeViolations(page, "the admin's staff home");
    await changes.getByRole('link', { name: 'Open the log' }).click();
    await expect(page).toHaveURL(/\/app\/edu-shopy\/logs$/);
  });

  test('shoppers see no Edit on the item page, and sign in to where they went', async ({ page }) => {
    const { item } = setup;
    await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
    await expect(page.getByRole('heading', { level: 1, name: item.ItemTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    const shopper = `homebuyer${tag()}@example.com`;
    addUser(shopper, 'User', 'Home Buyer');
    await signIn(page, shopper);
    // The shop front (`/`, which opens the front page `/app/home/1`), not the staff home.
    await expect(page).toHaveURL(/\/(app\/home\/\d+)?$/);
    await expect(page).not.toHaveURL(/edu-shopy/);
    await page.goto(`/app/section/${item.ItemID}/${item.DbID}`);
    await expect(page.getByRole('heading', { level: 1, name: item.ItemTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
  });
});
