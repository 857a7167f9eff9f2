import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { readCatalogue, type Store } from './catalogue.ts';
import { addUser, expectNoAxeViolations, PASSWORD, signIn } from './users.ts';

// Black box: drives the production build served by `npm start` (playwright.config.ts)
// and imports nothing from src/. Accounts come from the operator's CLI
// (`scripts/user-add.ts`) over the server's data folder; ids are read from the API.

const COMPANY_PAGES = [
  'category',
  'store',
  'psection',
  'orders',
  'order',
  'role',
  'employee',
  'enduser',
  'logs',
  'feeds',
];
const CLIENT_PAGES = ['db', 'section', 'item', 'import'];
const STAFF_PAGES = [
  '/app/edu-shopy',
  '/app/client-store',
  ...COMPANY_PAGES.map((p) => `/app/edu-shopy/${p}`),
  ...CLIENT_PAGES.map((p) => `/app/client-store/${p}`),
];

/** A short unique tag, so titles and addresses of one run never meet another's. */
function tag(): string {
  return `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** A confirmed account named after its role ("Test Admin"), made with the operator's CLI. */
function addStaffUser(email: string, role: 'Admin' | 'Employee' | 'User'): void {
  addUser(email, role, `Test ${role}`);
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/token', { form: { username: email, password: PASSWORD, grant_type: 'password' } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The toast that says how an action went. */
function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** The table row that mentions `text`. */
function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

async function filterTable(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(text);
}

test.describe('staff areas', () => {
  test.describe.configure({ mode: 'serial' });

  test('an employee creates a category, a store, a section with items, publishes it and finds it on the rebuilt site', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const t = tag();
    const email = `staff${t}@example.com`;
    addStaffUser(email, 'Employee');
    const category = `Heritage Grains ${t}`;
    const store = `Millet Mandi ${t}`;
    const section = `Ancient Millets ${t}`;
    const first = `Foxtail Millet ${t}`;
    const second = `Little Millet ${t}`;
    const items = [first, second];

    await signIn(page, email);

    // A category.
    await page.goto('/app/edu-shopy/category');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await page.getByRole('button', { name: 'New category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New category' });
    // The shared schema's rule, on the client, before anything is sent.
    await categoryDialog.getByRole('button', { name: 'Create category' }).click();
    await expect(categoryDialog.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // In the form's own words: its label, never the field name.
    await expect(categoryDialog.getByText('Title is required.')).toBeVisible();
    await expect(categoryDialog.getByText('CategoryTitle')).toHaveCount(0);
    await categoryDialog.getByLabel('Title', { exact: true }).fill(category);
    await categoryDialog.getByRole('button', { name: 'Create category' }).click();
    await expect(toast(page, `Category ${category} was created.`)).toBeVisible();
    await expect(categoryDialog).toBeHidden();
    await filterTable(page, 'Filter by title', t);
    await expect(row(page, category)).toBeVisible();
    await expect(page.getByText('Showing 1–1 of 1 categories')).toBeVisible();

    // A store in it, which comes with its main store database.
    await page.goto('/app/edu-shopy/store');
    await page.getByRole('button', { name: 'New store' }).click();
    const storeDialog = page.getByRole('dialog', { name: 'New store' });
    await storeDialog.getByLabel('Title', { exact: true }).fill(store);
    await storeDialog.getByLabel('Category', { exact: true }).selectOption({ label: category });
    await storeDialog.getByLabel('Type', { exact: true }).selectOption('client_store');
    await storeDialog
      .getByLabel('Description', { exact: true })
      .fill('Millets and heritage grains, stone-ground to order.');
    const perOrder = storeDialog.getByLabel('Most of one item per order');
    await expect(perOrder).toHaveValue('20');
    await perOrder.fill('12');
    await storeDialog.getByRole('button', { name: 'Create store' }).click();
    await expect(toast(page, `Store ${store} was created`)).toBeVisible();
    await filterTable(page, 'Filter by title', t);
    await expect(row(page, store)).toContainText('Client store');
    await expect(row(page, store).getByRole('cell', { name: '12 at most of one item per order' })).toBeVisible();

    // Its database, then a section in it, with content written in the editor.
    await page.goto('/app/client-store/db');
    await filterTable(page, 'Filter by title', t);
    const dbRow = page.getByRole('row').filter({ hasText: store });
    await expect(dbRow).toHaveCount(1);
    await dbRow.getByRole('link', { name: /^Sections of / }).click();
    await expect(page).toHaveURL(/\/app\/client-store\/section\?db=\d+$/);
    const dbId = Number(new URL(page.url()).searchParams.get('db'));
    await expect(page.getByText('This store database has no sections yet.')).toBeVisible();

    await page.getByRole('button', { name: 'New section' }).click();
    const sectionDialog = page.getByRole('dialog', { name: 'New section' });
    await sectionDialog.getByLabel('Title', { exact: true }).fill(section);
    await sectionDialog.getByLabel('Meta description', { exact: true }).fill('Millets our grandmothers cooked with.');
    const editor = sectionDialog.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Naturally gluten free and ');
    await sectionDialog.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('rich in fibre');
    await sectionDialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(sectionDialog.getByRole('tabpanel').locator('strong')).toHaveText('rich in fibre');
    await sectionDialog.getByRole('tab', { name: 'HTML' }).click();
    await expect(sectionDialog.getByLabel('Content (HTML)', { exact: true })).toHaveValue(
      '<p>Naturally gluten free and <strong>rich in fibre</strong></p>',
    );
    await sectionDialog.getByRole('button', { name: 'Create section' }).click();
    await expect(toast(page, `Section ${section} was created as a draft`)).toBeVisible();
    await expect(row(page, section)).toContainText('Draft');

    // Two items filed in the section, priced as the shop will show them.
    await page.getByRole('link', { name: 'Items of this database' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/client-store/item\\?db=${dbId}$`));
    for (const [i, title] of items.entries()) {
      await page.getByRole('button', { name: 'New item' }).click();
      const itemDialog = page.getByRole('dialog', { name: 'New item' });
      await itemDialog.getByLabel('Title', { exact: true }).fill(title);
      const sectionPicker = itemDialog.getByLabel('Section', { exact: true });
      const option = await sectionPicker.locator('option', { hasText: section }).getAttribute('value');
      await sectionPicker.selectOption(option ?? '');
      await itemDialog.getByLabel('Size', { exact: true }).fill('1 kg');
      await itemDialog.getByLabel('Product code', { exact: true }).fill(`PC-${t}-${i}`);
      await itemDialog.getByLabel('Stock (units)', { exact: true }).fill(String(40 + i));
      await itemDialog.getByLabel('Unit price', { exact: true }).fill('120');
      await itemDialog.getByLabel('Discount', { exact: true }).fill('10');
      await itemDialog.getByLabel('Flat discount', { exact: true }).fill('200');
      await itemDialog.getByRole('button', { name: 'Create item' }).click();
      await expect(itemDialog.getByText('Flat discount must not be more than unit price (120).')).toBeVisible();
      await itemDialog.getByLabel('Flat discount', { exact: true }).fill('0');
      await itemDialog.getByLabel('GST', { exact: true }).selectOption('5');
      // (120 − 10 %) + 5 % GST, and the unit price with GST struck through.
      await expect(itemDialog.getByText(/Rs 113\.40/)).toBeVisible();
      await expect(itemDialog.locator('s')).toContainText('Rs 126');
      await itemDialog.getByRole('button', { name: 'Create item' }).click();
      await expect(toast(page, `Item ${title} was created; it sells at Rs 113.40.`)).toBeVisible();
    }
    await filterTable(page, 'Find by title or product code', t);
    await expect(row(page, first)).toContainText('Rs 113.40');

    // Stock edited in place: one save for Enter and the blur after it (issue 35).
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/api/Item/Edit/')) patches.push(r.url());
    });
    const stock = page.getByLabel(`Stock of ${second}`);
    await stock.fill('7');
    await stock.press('Enter');
    await expect(toast(page, `${second} has 7 in stock now.`)).toBeVisible();
    await page.getByLabel(`Stock of ${second}`).blur();
    await page.waitForTimeout(500);
    expect(patches).toHaveLength(1);
    await expect(toast(page, `${second} has 7 in stock now.`)).toHaveCount(1);
    // A value out of bounds stays as typed, marked invalid, in the column's words; nothing is sent.
    await stock.fill('1000001');
    await stock.press('Enter');
    await expect(stock).toHaveValue('1000001');
    await expect(stock).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Stock must be a whole number from 0 to 10,00,000; “1000001” is not.')).toBeVisible();
    await stock.blur();
    expect(patches).toHaveLength(1);
    await stock.press('Escape');
    await expect(stock).toHaveValue('7');

    // Edited in the dialog, the item keeps its product code (a PUT that left it out cleared it).
    await row(page, first)
      .getByRole('button', { name: `Edit ${first}` })
      .click();
    const editDialog = page.getByRole('dialog', { name: `Edit item ${first}` });
    await expect(editDialog.getByLabel('Product code', { exact: true })).toHaveValue(`PC-${t}-0`);
    await editDialog.getByLabel('Size', { exact: true }).fill('2 kg');
    await editDialog.getByRole('button', { name: 'Save item' }).click();
    await expect(toast(page, `Item ${first} was saved; it sells at Rs 113.40.`)).toBeVisible();
    const staffHeaders = { Authorization: `Bearer ${await tokenOf(request, email)}` };
    const edited = await request.get(`/api/Item/ReadAll?filter=${encodeURIComponent(first)}`, {
      headers: staffHeaders,
    });
    const [kept] = (await edited.json()) as { ProductCode: string | null; Size: string }[];
    expect(kept).toMatchObject({ ProductCode: `PC-${t}-0`, Size: '2 kg' });

    // The section's items in a new order, with the keyboard.
    await page.getByRole('link', { name: 'Sections of this database' }).click();
    await row(page, section)
      .getByRole('button', { name: `Order items of ${section}` })
      .click();
    const orderDialog = page.getByRole('dialog', { name: `Order the items of ${section}` });
    const entries = orderDialog.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(first);
    await orderDialog.getByRole('button', { name: `Move ${second} up` }).click();
    await expect(entries.nth(0)).toContainText(second);
    await expect(orderDialog.getByRole('status')).toHaveText(`${second} moved to position 1 of 2.`);
    // And by drag and drop: there and back again.
    await entries.nth(1).dragTo(entries.nth(0));
    await expect(entries.nth(0)).toContainText(first);
    await entries.nth(1).dragTo(entries.nth(0));
    await expect(entries.nth(0)).toContainText(second);
    await orderDialog.getByRole('button', { name: 'Save order' }).click();
    await expect(toast(page, `The order of ${section}'s items was saved.`)).toBeVisible();

    // Published into the catalogue: the site is out of date until 'Publish now'.
    await row(page, section)
      .getByRole('button', { name: `Make public ${section}`, exact: true })
      .click();
    await expect(toast(page, `Section ${section} is public now`)).toBeVisible();
    await expect(row(page, section)).toContainText('Published');
    await expect(page.getByText("The shop's pages are out of date")).toBeVisible();

    const published = await request.get(`/api/Publisher/ReadAll?filter=${encodeURIComponent(section)}`, {
      headers: staffHeaders,
    });
    const [copy] = (await published.json()) as { SectionID: number; DbID: number; CustomOrder: string }[];
    expect(copy?.DbID).toBe(dbId);
    const sectionPath = `/app/store-section/${copy?.SectionID}/${copy?.DbID}`;
    expect((await request.get(sectionPath)).status()).toBe(404);

    await page.getByRole('button', { name: 'Publish now' }).click();
    // The announcement (role=status) says the build finished; the banner itself may already say "out of date"
    // again when another test changed the catalogue while this build ran.
    await expect(
      page.getByRole('status').filter({ hasText: 'Published: the shop shows the catalogue as it is now.' }),
    ).toHaveCount(1, {
      timeout: 240_000,
    });

    // The rebuilt site has the section, its content and its items, in the new order.
    await page.goto(sectionPath);
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    await expect(page.getByText('rich in fibre')).toBeVisible();
    const cards = page.locator('[data-item-card]');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText(second);
    await expect(cards.nth(1)).toContainText(first);
    await expect(cards.nth(1)).toContainText('Rs 113.40');
    await page.getByRole('link', { name: first }).click();
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  });

  test('an admin changes a user role, is refused removing their own Admin role, and sees both in the log', async ({
    page,
    request,
  }) => {
    const t = tag();
    const admin = `admin${t}@example.com`;
    const customer = `shopper${t}@example.com`;
    addStaffUser(admin, 'Admin');
    addStaffUser(customer, 'User');
    await signIn(page, admin);

    await page.goto('/app/edu-shopy/role');
    await page.getByRole('button', { name: 'End users' }).click();
    await filterTable(page, 'Filter by name or e-mail', customer);
    const customerRoles = row(page, customer);
    await expect(customerRoles).toHaveCount(1);
    await expect(customerRoles.getByRole('checkbox', { name: 'User' })).toBeChecked();
    await customerRoles.getByRole('checkbox', { name: 'Employee' }).click();
    // A role is asked for first, naming what it allows.
    const ask = page.getByRole('dialog', { name: `Give ${customer} the Employee role?` });
    await expect(ask).toContainText('lets an account run the shop');
    await ask.getByRole('button', { name: 'Give Employee role' }).click();
    await expect(toast(page, `${customer} gained the Employee role: now Employee, User.`)).toBeVisible();

    // The customer is an employee now.
    await page.getByRole('button', { name: 'Employees', exact: true }).click();
    await filterTable(page, 'Filter by name or e-mail', customer);
    await expect(
      page.getByRole('row').filter({ hasText: customer }).getByRole('checkbox', { name: 'Employee' }),
    ).toBeChecked();

    // The server refuses an admin's own Admin role, and says why.
    await filterTable(page, 'Filter by name or e-mail', admin);
    const mine = page.getByRole('row').filter({ hasText: admin });
    await expect(mine).toContainText('You');
    await mine.getByRole('checkbox', { name: 'Admin' }).click();
    const takeOwn = page.getByRole('dialog', { name: `Take the Admin role from ${admin}?` });
    await takeOwn.getByRole('button', { name: 'Take Admin role' }).click();
    await expect(takeOwn.getByRole('alert').filter({ hasText: 'You cannot remove your own Admin role' })).toBeVisible();
    await takeOwn.getByRole('button', { name: 'Cancel' }).click();
    await expect(mine.getByRole('checkbox', { name: 'Admin' })).toBeChecked();

    // The log shows who did it, to whom, and from where.
    await page.goto('/app/edu-shopy/logs');
    await page.getByLabel('Action').selectOption({ label: 'Roles' });
    await page.getByLabel('Who').fill(admin);
    const entry = page.getByRole('row').filter({ hasText: customer });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('role.added');
    await expect(entry).toContainText(admin);
    await expect(entry).toContainText(`gave Employee to ${customer}`);
    await expect(entry).toContainText('Roles: User → Employee, User');
    await expect(entry).toContainText('127.0.0.1');

    // The same through the API the page reads.
    const token = await tokenOf(request, admin);
    const res = await request.get('/api/Log/ReadAll?action=role.added&limit=5', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const log = (await res.json()) as { ActorEmail: string; Detail: { email?: string } }[];
    expect(log.some((e) => e.ActorEmail === admin && e.Detail.email === customer)).toBe(true);
  });

  test('an admin registers an employee; the server adds its own rules to the form', async ({ page }) => {
    const t = tag();
    const admin = `boss${t}@example.com`;
    const hire = `hire${t}@example.com`;
    addStaffUser(admin, 'Admin');
    await signIn(page, admin);
    await page.goto('/app/edu-shopy/employee');
    await page.getByRole('button', { name: 'New employee' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an employee' });
    await dialog.getByLabel('Full name', { exact: true }).fill('Kiran Rao');
    await dialog.getByLabel('Email', { exact: true }).fill(hire);
    // Too short for staff: the page says so before sending.
    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('P@ssw0rd');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('P@ssw0rd');
    await dialog.getByRole('button', { name: 'Create employee' }).click();
    await expect(password).toHaveAccessibleDescription(/at least 12 characters for staff accounts/);
    // Passes every rule the page checks; the server knows it is a common password made longer.
    await password.fill('P@ssw0rd2024!');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('P@ssw0rd2024!');
    await dialog.getByRole('button', { name: 'Create employee' }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/list of common or breached passwords/);
    await password.fill(PASSWORD);
    await dialog.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create employee' }).click();
    await expect(toast(page, `Kiran Rao (${hire}) can sign in now as Employee.`)).toBeVisible();
    await filterTable(page, 'Filter by name or e-mail', hire);
    await expect(page.getByRole('row').filter({ hasText: hire })).toContainText('Employee');
  });

  test('lists sort by their headers, filter, and page with the total the API counts', async ({ page }) => {
    const t = tag();
    const email = `lister${t}@example.com`;
    addStaffUser(email, 'Employee');
    await signIn(page, email);
    await page.goto('/app/edu-shopy/store');
    const summary = page.getByText(/^Showing \d+–\d+ of \d+ stores$/);
    await expect(summary).toHaveText(/^Showing 1–20 of \d+ stores$/);
    const total = Number(/of (\d+) stores/.exec((await summary.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThanOrEqual(50);

    const titleHeader = page.getByRole('columnheader', { name: 'Title' });
    await expect(titleHeader).toHaveAttribute('aria-sort', 'none');
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
    const titles = page.getByRole('rowheader');
    const ascending = await titles.allInnerTexts();
    await titleHeader.getByRole('button').click();
    await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(titles.first()).not.toHaveText(ascending[0] ?? '');
    const descending = await titles.allInnerTexts();
    expect(descending[0]?.localeCompare(ascending[0] ?? '')).toBeGreaterThan(0);

    await page.getByLabel('Rows per page').selectOption('10');
    await expect(summary).toHaveText(`Showing 1–10 of ${total} stores`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(summary).toHaveText(`Showing 11–20 of ${total} stores`);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / 10)}`)).toBeVisible();

    await filterTable(page, 'Filter by title', 'zz-no-such-store');
    await expect(page.getByText('No stores match “zz-no-such-store”.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the filter' }).click();
    await expect(summary).toHaveText(`Showing 1–10 of ${total} stores`);
  });

  test('a plain user is sent to sign in from every staff page and refused every staff call', async ({
    page,
    request,
  }) => {
    const email = `plain${tag()}@example.com`;
    addStaffUser(email, 'User');
    await signIn(page, email);
    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/app/login?returnTo=${encodeURIComponent(path)}`);
    }

    const token = await tokenOf(request, email);
    const headers = { Authorization: `Bearer ${token}` };
    const calls: [method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, data?: unknown][] = [
      ['post', '/api/Category/Create', { CategoryTitle: 'Not allowed' }],
      ['put', '/api/Category/Edit/1', { CategoryTitle: 'Not allowed' }],
      ['delete', '/api/Category/Delete/1'],
      ['post', '/api/Store/Create', { StoreTitle: 'Not allowed', CategoryID: 1 }],
      ['patch', '/api/Store/Edit/1', { StoreHidden: true }],
      ['delete', '/api/Store/Delete/1'],
      ['get', '/api/StoreDb/ReadAll'],
      ['post', '/api/StoreDb/Create', { StoreID: 1, DbTitle: 'Not allowed' }],
      ['delete', '/api/StoreDb/Delete/1'],
      ['get', '/api/Section/ReadAll/1'],
      ['get', '/api/Section/Read/1'],
      ['post', '/api/Section/Create', { DbID: 1, SectionTitle: 'Not allowed' }],
      ['patch', '/api/Section/Edit/1', { SectionHidden: true }],
      ['put', '/api/Section/Reorder/1', { ItemIDs: [] }],
      ['delete', '/api/Section/Delete/1'],
      ['put', '/api/Publisher/Edit/1', {}],
      ['delete', '/api/Publisher/Delete/1/1'],
      ['post', '/api/Item/Create', { DbID: 1, ItemTitle: 'Not allowed', UnitPrice: 1 }],
      ['patch', '/api/Item/Edit/1', { Availability: 0 }],
      ['delete', '/api/Item/Delete/1'],
      ['delete', '/api/Content/Delete?kind=Store&id=1'],
      ['get', '/api/Log/ReadAll'],
      ['get', '/api/Site/Status'],
      ['post', '/api/Site/Publish'],
      ['put', '/api/Order/Status/1', { Status: 'Confirmed' }],
      ['post', '/api/Account/RegisterEmployee', { Email: 'x@example.com' }],
      ['get', '/api/Employee/ReadAll'],
      ['get', '/api/Employee/GetRoles/1'],
      ['post', '/api/Employee/AddUserToRole', { UserId: 1, Role: 'Admin' }],
      ['post', '/api/Employee/RemoveUserFromRole', { UserId: 1, Role: 'Admin' }],
      ['delete', '/api/Employee/Delete/1'],
      ['get', '/api/User/ReadAll'],
      ['delete', '/api/User/Delete/1'],
      ['post', '/api/Catalogue/Import', 'ItemTitle\nNot allowed\n'],
      ['get', '/api/Catalogue/Export'],
      ['get', '/api/FeedClient/ReadAll'],
      ['post', '/api/FeedClient/Create', { Name: 'Not allowed' }],
    ];
    for (const [method, path, data] of calls) {
      const res = await request[method](path, { headers, ...(data === undefined ? {} : { data }) });
      expect(res.status(), `${method.toUpperCase()} ${path}`).toBe(403);
      expect(((await res.json()) as { Message: string }).Message, path).toMatch(/needs the (Employee|Admin) role/);
    }
    const upload = await request.post('/api/Content/Upload', {
      headers,
      multipart: { kind: 'Store', id: '1', file: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('x') } },
    });
    expect(upload.status(), 'POST /api/Content/Upload').toBe(403);
    // An order's timeline is its owner's or staff's: anyone else's is missing to a shopper.
    expect((await request.get('/api/Order/History/1', { headers })).status(), 'GET /api/Order/History/1').toBe(404);
  });

  test('an admin creates a feed key for chosen stores with an expiry; it writes those stores only', async ({
    page,
    request,
  }) => {
    const t = tag();
    const admin = `feeds${t}@example.com`;
    addStaffUser(admin, 'Admin');
    const stores = (await readCatalogue(request)).stores;
    const [mine, other] = stores as [Store, Store];
    expect(other).toBeDefined();
    await signIn(page, admin);
    await page.goto('/app/edu-shopy/feeds');
    const till = `Till ${t}`;
    await page.getByLabel('Till or system name').fill(till);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Tick the stores this key may write' })).toBeVisible();
    await page.getByRole('checkbox', { name: mine.StoreTitle, exact: true }).check();
    const year = new Date().getFullYear() + 1;
    await page.getByLabel('Expires (optional)').fill(`${year}-03-31T18:30`);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('status').filter({ hasText: `The key of ${till}` });
    await expect(shown).toContainText(`It writes ${mine.StoreTitle} until`);
    const key = (await shown.locator('code').first().textContent())?.trim() ?? '';
    expect(key).toMatch(/^aisle_feed_/);
    const listed = page.getByRole('listitem').filter({ hasText: till });
    await expect(listed).toContainText(`Writes ${mine.StoreTitle}`);
    await expect(listed).toContainText(`expires`);
    await expect(listed).toContainText(String(year));

    const feed = (storeId: number, idem: string) =>
      request.post('/api/Feed/Stock', {
        headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': idem },
        data: { Lines: [{ StoreID: storeId, ProductCode: `NO-SUCH-${t}`, Availability: 1 }] },
      });
    const refused = await feed(other.StoreID, `${t}-other`);
    expect(refused.status()).toBe(403);
    const modelState = ((await refused.json()) as { ModelState: Record<string, string[]> }).ModelState;
    expect(Object.keys(modelState)).toEqual(['Lines[0].StoreID']);
    const own = await feed(mine.StoreID, `${t}-own`);
    expect(own.status()).toBe(200);
    expect(((await own.json()) as { Skipped: unknown[] }).Skipped).toHaveLength(1);

    // The refusal is in the log the Logs page shows.
    const token = await tokenOf(request, admin);
    const log = await request.get('/api/Log/ReadAll?action=feed.refused&limit=5', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const entries = (await log.json()) as { ActorEmail: string; Detail: { Reason?: string } }[];
    expect(entries.some((e) => e.ActorEmail === `feed: ${till}` && e.Detail.Reason === 'OtherStore')).toBe(true);
  });

  test('every kind of staff page passes axe, with its forms open', async ({ page }) => {
    test.setTimeout(240_000);
    const admin = `axe${tag()}@example.com`;
    addStaffUser(admin, 'Admin');
    await signIn(page, admin);

    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectNoAxeViolations(page, path);
    }

    // A database picked: its sections and items, with their forms.
    await page.goto('/app/client-store/section?db=1');
    await expect(page.getByRole('columnheader', { name: 'Shop' })).toBeVisible();
    await expectNoAxeViolations(page, 'sections');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const sectionForm = page.getByRole('dialog');
    await expect(sectionForm.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    await expectNoAxeViolations(page, 'section form');
    await sectionForm.getByRole('tab', { name: 'Preview' }).click();
    await expectNoAxeViolations(page, 'section preview');
    await sectionForm.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('button', { name: /^Order items / })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page, 'item order');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/app/client-store/item?db=1');
    await expect(page.getByRole('columnheader', { name: 'Stock' })).toBeVisible();
    await expectNoAxeViolations(page, 'items');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByText('In the shop', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'item form');

    await page.goto('/app/edu-shopy/category');
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'delete confirmation');

    // The narrow screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/app/edu-shopy/store');
    await expect(page.getByRole('list', { name: 'Stores' }).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page, 'stores at 375 px');
  });
});
