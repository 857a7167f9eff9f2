import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type Item, readCatalogue, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, PASSWORD, signIn } from './users.ts';

// Issue 35's daily jobs, each on a 390 px phone and a 1280 px laptop: add an item with a
// photo, change its price and stock, hide it, publish; export prices and import them again;
// move an order, open it, print its packing slips and cancel it; add an employee, change a
// role, create and revoke a feed key. Every staff page on the way passes axe and does not
// scroll sideways. Black box: orders are placed and ids read through the API.

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

// A 1×1 PNG: the picture of a new item.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The page as it is now fits the window's width and passes axe. */
async function fitsAndPasses(page: Page, what: string): Promise<void> {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, what);
}

/** The toast or announcement that says how an action went. */
const told = (page: Page, text: string | RegExp): Locator => page.getByRole('status').filter({ hasText: text });

/** A minimal CSV reader (quoted cells with commas, quotes and line breaks) for the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((r) => r.some((c) => c !== ''));
}

const toCsv = (rows: string[][]) =>
  `${rows.map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n')}\n`;

interface Placed {
  /** The first store's order, and the second store's of the same group (one order per store). */
  orderId: number;
  otherId: number;
  stores: [string, string];
}

/** A new customer's cart of one unit from each of two stores: two orders under one group. */
async function placeTwoStoreOrder(request: APIRequestContext, name: string): Promise<Placed> {
  const cat = await readCatalogue(request);
  const shown = new Set(cat.stores.filter((s) => !s.StoreHidden).map((s) => s.StoreID));
  const buyable = shownItems(cat).filter((i) => !i.ItemHidden && i.Availability >= 5 && shown.has(i.StoreID));
  const first = buyable[0] as Item;
  const second = buyable.find((i) => i.StoreID !== first.StoreID) as Item;
  expect(second, 'two stores with items to buy').toBeDefined();
  const customer = `dayshopper${tag()}@example.com`;
  addUser(customer, 'User', name);
  const ordered = await request.post('/api/cart/CreateOrder', {
    headers: { ...(await bearerHeaders(request, customer)), 'Idempotency-Key': `day-${tag()}` },
    data: {
      CartItems: [first, second].map((i) => ({ ItemID: i.ItemID, StoreID: i.StoreID, Qty: 1, Staus: 'added' })),
      DeliveryAddress: {
        FullName: name,
        Phone: '+91 98450 67890',
        AddressLine1: '21 Temple Street',
        AddressLine2: '',
        City: 'Pune',
        State: 'Maharashtra',
        PostalCode: '411001',
        Note: 'Leave with the guard',
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
  };
}

/** How many pages a PDF has. */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

for (const width of [390, 1280]) {
  test.describe(`the staff's day at ${width} px`, () => {
    test.describe.configure({ mode: 'serial' });
    const phone = width < 768;
    const t = tag();
    const admin = `day${width}${t}@example.com`;
    const item = `Tamarind Slab ${width} ${t}`;
    /** A row of a staff table: a card (list item) on a phone, a table row on a laptop. */
    const entry = (page: Page, text: string) => page.getByRole(phone ? 'listitem' : 'row').filter({ hasText: text });

    test.beforeAll(() => addUser(admin, 'Admin', 'Day Admin'));
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: phone ? 844 : 800 });
      await signIn(page, admin);
    });

    test('an item: added with a photo, its price and stock changed, hidden, then Publish now', async ({
      page,
      request,
    }) => {
      test.setTimeout(360_000);
      await page.goto('/app/client-store/item?db=1');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsAndPasses(page, `items at ${width} px`);

      await page.getByRole('button', { name: 'New item' }).click();
      const dialog = page.getByRole('dialog', { name: 'New item' });
      await dialog.getByLabel('Title', { exact: true }).fill(item);
      const section = dialog.getByLabel('Section', { exact: true });
      const firstSection = await section.locator('option:not([value=""])').first().getAttribute('value');
      await section.selectOption(firstSection ?? '');
      await dialog.getByLabel('Size', { exact: true }).fill('500 g');
      await dialog.getByLabel('Stock (units)', { exact: true }).fill('20');
      await dialog.getByLabel('Unit price', { exact: true }).fill('120');
      await dialog
        .getByLabel('Choose a picture')
        .setInputFiles({ name: 'slab.png', mimeType: 'image/png', buffer: PNG });
      await expect(dialog.getByRole('img', { name: 'Chosen for the new item' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Create item' }).click();
      await expect(told(page, `Item ${item} was created; it sells at Rs 120.`)).toBeVisible();
      const headers = await bearerHeaders(request, admin);
      const [created] = (await (
        await request.get(`/api/Item/ReadAll?filter=${encodeURIComponent(item)}`, { headers })
      ).json()) as { ItemID: number; StoreID: number }[];
      expect(created).toBeDefined();
      // The photo was uploaded with it.
      const photo = await request.get(`/content/${created?.StoreID}/Item/${created?.ItemID}/ti.png`);
      expect(photo.status()).toBe(200);

      await page.getByLabel('Find by title or product code', { exact: true }).fill(item);
      const row = entry(page, item);
      await expect(row).toHaveCount(1);
      // Stock in place.
      const stock = row.getByLabel(`Stock of ${item}`);
      await stock.fill('7');
      await stock.press('Enter');
      await expect(told(page, `${item} has 7 in stock now.`)).toBeVisible();
      // Price in the dialog.
      await row.getByRole('button', { name: `Edit ${item}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit item ${item}` });
      await edit.getByLabel('Unit price', { exact: true }).fill('150');
      await edit.getByRole('button', { name: 'Save item' }).click();
      await expect(told(page, `Item ${item} was saved; it sells at Rs 150.`)).toBeVisible();
      await expect(row).toContainText('Rs 150');
      // Hidden from shoppers.
      const hidden = row.getByRole('switch', { name: `${item} hidden` });
      await expect(hidden).toHaveAttribute('aria-checked', 'false');
      await hidden.click();
      await expect(told(page, `${item} is hidden now.`)).toBeVisible();
      await expect(row.getByRole('switch', { name: `${item} hidden` })).toHaveAttribute('aria-checked', 'true');
      await fitsAndPasses(page, `items with the new item at ${width} px`);

      // Publish now: the banner reports the finished build (another test's change may make it out of date again).
      await page.getByRole('button', { name: 'Publish now' }).click();
      await expect(told(page, 'Published: the shop shows the catalogue as it is now.')).toHaveCount(1, {
        timeout: 240_000,
      });
      const after = (await (
        await request.get(`/api/Item/ReadAll?filter=${encodeURIComponent(item)}`, { headers })
      ).json()) as { ItemHidden: boolean; Availability: number; UnitPrice: number }[];
      expect(after[0]).toMatchObject({ ItemHidden: true, Availability: 7, UnitPrice: 150 });
    });

    test('prices: exported, edited in the file, checked and imported again', async ({ page, request }) => {
      test.setTimeout(180_000);
      await page.goto('/app/client-store/import');
      await expect(page.getByRole('heading', { level: 1, name: 'Import and export items' })).toBeVisible();
      await fitsAndPasses(page, `import and export at ${width} px`);
      await page.getByLabel('Title contains').fill(item);
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download export' }).click();
      const download = await downloading;
      const rows = parseCsv(readFileSync((await download.path()) as string, 'utf8'));
      const header = rows[0] as string[];
      const price = header.indexOf('UnitPrice');
      expect(price).toBeGreaterThanOrEqual(0);
      expect(rows).toHaveLength(2);
      expect(rows[1]?.[header.indexOf('ItemTitle')]).toBe(item);
      expect(Number(rows[1]?.[price])).toBe(150);
      (rows[1] as string[])[price] = '165';

      const picker = page.getByLabel('Spreadsheet file');
      await picker.setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(rows)) });
      await page.getByRole('button', { name: 'Check file' }).click();
      await expect(
        page.getByText(/Check finished, nothing saved: Would create nothing; would change 1 item/),
      ).toBeVisible({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(page.getByText(/Imported: Created nothing; changed 1 item/)).toBeVisible({ timeout: 60_000 });
      await fitsAndPasses(page, `import report at ${width} px`);
      const [now] = (await (
        await request.get(`/api/Item/ReadAll?filter=${encodeURIComponent(item)}`, {
          headers: await bearerHeaders(request, admin),
        })
      ).json()) as { UnitPrice: number }[];
      expect(now?.UnitPrice).toBe(165);
    });

    test('an order: moved on the board, opened, its packing slips printed, cancelled from its page', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const placed = await placeTwoStoreOrder(request, `Day Shopper ${t}`);
      const id = placed.orderId;
      await page.goto('/app/edu-shopy/orders?view=list');
      const open = page.getByRole('link', { name: `#${id} details and packing slip`, exact: true });
      await expect(open).toBeVisible();
      await fitsAndPasses(page, `orders board at ${width} px`);
      await entry(page, `Day Shopper ${t}`)
        .getByRole('button', { name: `Confirm #${id}` })
        .click();
      await expect(told(page, `Order #${id} is Confirmed now.`)).toBeVisible();

      // Its own page, reachable by its address.
      await page.getByRole('button', { name: /^Confirmed [\d,]+$/ }).click();
      await open.click();
      await expect(page).toHaveURL(new RegExp(`/app/edu-shopy/order/?\\?id=${id}$`));
      await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
      const status = page.getByRole('region', { name: 'Status and actions' });
      await expect(status).toContainText('Confirmed');
      await expect(page.getByRole('region', { name: 'Deliver to' })).toContainText('21 Temple Street');
      await expect(page.getByRole('link', { name: '+91 98450 67890' })).toHaveAttribute('href', 'tel:+919845067890');
      // The first store's order: its lines only, and its group's other order a link away.
      await expect(page.getByRole('table', { name: placed.stores[0] })).toBeVisible();
      await expect(page.getByRole('table', { name: placed.stores[1] })).toHaveCount(0);
      await expect(status.locator(`[data-group-note="${id}"]`)).toHaveText(
        `Part of group #${id} (order #${placed.otherId})`,
      );
      await expect(status.getByRole('link', { name: `#${placed.otherId}`, exact: true })).toHaveAttribute(
        'href',
        `/app/edu-shopy/order?id=${placed.otherId}`,
      );
      const history = page.getByRole('region', { name: 'History' });
      await expect(history.getByRole('listitem')).toHaveCount(2);
      await expect(history).toContainText(`placed by Day Shopper ${t}`);
      await expect(history).toContainText(`Placed → Confirmed by ${admin}`);
      await fitsAndPasses(page, `order #${id} at ${width} px`);

      // Printed: one slip for the order's store, staff chrome left out.
      await page.emulateMedia({ media: 'print' });
      const slips = page.locator('[data-packing-slip]');
      await expect(slips).toHaveCount(1);
      for (const [i, store] of placed.stores.slice(0, 1).entries()) {
        const slip = slips.nth(i);
        await expect(slip).toBeVisible();
        await expect(slip.getByRole('heading', { name: `Order #${id}` })).toBeVisible();
        await expect(slip).toContainText(store);
        await expect(slip).toContainText('21 Temple Street');
        await expect(slip).toContainText('Note: Leave with the guard');
        await expect(slip.locator('[data-tick-box]')).toHaveCount(1);
        await expect(slip).toContainText('1 item in 1 line');
      }
      for (const chrome of [
        page.locator('body > header'),
        page.locator('body > footer'),
        page.locator('#sidebar'),
        page.getByRole('button', { name: 'Print packing slip' }),
        page.getByRole('heading', { level: 1 }),
        status,
        history,
      ]) {
        await expect(chrome).toBeHidden();
      }
      // On an 80 mm roll (about 302 CSS pixels) a slip still fits its width.
      await page.setViewportSize({ width: 302, height: 800 });
      const slipOver = await slips.evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
      expect(
        slipOver.every((n) => n <= 0),
        `slips overflow by ${slipOver.join(', ')} px`,
      ).toBe(true);
      // One A4 page per store.
      expect(pdfPages(await page.pdf({ format: 'A4' }))).toBe(1);
      await page.emulateMedia({ media: 'screen' });
      await page.setViewportSize({ width, height: phone ? 844 : 800 });
      await expect(slips.first()).toBeHidden();

      // Cancelled from its page, undone, cancelled for good.
      const cancel = async () => {
        await status.getByRole('button', { name: `Cancel order #${id}` }).click();
        const ask = page.getByRole('dialog', { name: `Cancel order #${id}?` });
        await ask.getByRole('button', { name: 'Cancel order' }).click();
        await expect(status).toContainText('Cancelled');
      };
      await cancel();
      await expect(history).toContainText(`Confirmed → Cancelled by ${admin}; 1 unit back in stock`);
      await page.getByRole('button', { name: /^Undo \(\d+ s\)/ }).click();
      await expect(told(page, `Order #${id} is Confirmed again.`)).toBeVisible();
      await expect(status).toContainText('Confirmed');
      await expect(history).toContainText(`Cancelled → Confirmed, undone by ${admin}; 1 unit taken from stock again`);
      await cancel();
      await expect(status).toContainText('Final');
      await expect(history.getByRole('listitem')).toHaveCount(5);
    });

    test('people: an employee added, a role changed, a feed key created and revoked', async ({ page, request }) => {
      test.setTimeout(180_000);
      const hire = `dayhire${width}${t}@example.com`;
      const customer = `daycustomer${width}${t}@example.com`;
      addUser(customer, 'User', 'Day Customer');

      await page.goto('/app/edu-shopy/employee');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsAndPasses(page, `employees at ${width} px`);
      await page.getByRole('button', { name: 'New employee' }).click();
      const dialog = page.getByRole('dialog', { name: 'Register an employee' });
      await dialog.getByLabel('Full name', { exact: true }).fill('Meera Iyer');
      await dialog.getByLabel('Email', { exact: true }).fill(hire);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create employee' }).click();
      await expect(told(page, `Meera Iyer (${hire}) can sign in now as Employee.`)).toBeVisible();

      await page.goto('/app/edu-shopy/role');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'End users' }).click();
      await page.getByLabel('Filter by name or e-mail', { exact: true }).fill(customer);
      const roles = entry(page, customer);
      await expect(roles).toHaveCount(1);
      await fitsAndPasses(page, `roles at ${width} px`);
      await roles.getByRole('checkbox', { name: 'Employee' }).click();
      await page
        .getByRole('dialog', { name: `Give ${customer} the Employee role?` })
        .getByRole('button', { name: 'Give Employee role' })
        .click();
      await expect(told(page, `${customer} gained the Employee role: now Employee, User.`)).toBeVisible();

      await page.goto('/app/edu-shopy/feeds');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await fitsAndPasses(page, `feed clients at ${width} px`);
      const till = `Day till ${width} ${t}`;
      const store = (await readCatalogue(request)).stores[0];
      await page.getByLabel('Till or system name').fill(till);
      await page.getByRole('checkbox', { name: store?.StoreTitle ?? '', exact: true }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = told(page, `The key of ${till}`);
      const key = (await shown.locator('code').first().textContent())?.trim() ?? '';
      expect(key).toMatch(/^aisle_feed_/);
      const feed = () =>
        request.post('/api/Feed/Stock', {
          headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `day-${tag()}` },
          data: { Lines: [{ StoreID: store?.StoreID, ProductCode: `NO-SUCH-${t}`, Availability: 1 }] },
        });
      expect((await feed()).status()).toBe(200);
      const listed = page.getByRole('listitem').filter({ hasText: till });
      await listed.getByRole('button', { name: `Revoke the key of ${till}` }).click();
      await page
        .getByRole('dialog', { name: `Revoke the key of ${till}?` })
        .getByRole('button', { name: 'Revoke key' })
        .click();
      await expect(told(page, `The key of ${till} was revoked`)).toBeVisible();
      await expect(listed).toContainText('Revoked');
      expect((await feed()).status()).toBe(401);
      await fitsAndPasses(page, `feed clients with a revoked key at ${width} px`);
    });
  });
}
