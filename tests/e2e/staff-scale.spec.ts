import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts).
// Bulk import on the staff page, staff pages on a phone, axe on every staff page.

const STAFF_PAGES = [
  '/app/edu-shopy',
  '/app/client-store',
  ...['category', 'store', 'psection', 'orders', 'role', 'employee', 'enduser', 'logs', 'feeds'].map(
    (p) => `/app/edu-shopy/${p}`,
  ),
  ...['db', 'section', 'item', 'import'].map((p) => `/app/client-store/${p}`),
  // With a store database chosen, the Sections and Items tables are drawn.
  '/app/client-store/section?db=1',
  '/app/client-store/item?db=1',
];

function tag(): string {
  return `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** Waits until a staff page has drawn its content (its heading, and its table or list when it has one). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading|Checking your sign-in/ })).toHaveCount(0);
}

test.describe('staff at the scale of a chain', () => {
  test('an employee imports a CSV with one bad row, fixes it, imports, and finds the items on the site after Publish now', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const t = tag();
    const email = `importer${t}@example.com`;
    addUser(email, 'Employee', 'Test Importer');
    const sections = (await (await request.get('/api/Publisher/ReadAll')).json()) as {
      SectionID: number;
      DbID: number;
      SectionHidden: boolean;
    }[];
    const section = sections.find((s) => !s.SectionHidden) ?? sections[0];
    if (section === undefined) throw new Error('the demo catalogue has no published section');
    const titles = [`Jaggery Cubes ${t}`, `Kokum Syrup ${t}`, `Ragi Flakes ${t}`];
    const csv = (third: string) =>
      [
        'ItemTitle,SectionID,DbID,UnitPrice,Discount,Gst,Availability,Size,ProductCode',
        `${titles[0]},${section.SectionID},${section.DbID},85,0,5,40,500 g,JC-${t}`,
        `${titles[1]},${section.SectionID},${section.DbID},140.50,10,12,25,750 ml,KS-${t}`,
        `${titles[2]},${section.SectionID},${section.DbID},${third},0,5,30,400 g,RF-${t}`,
        '',
      ].join('\n');

    await signIn(page, email);
    await page.goto('/app/client-store/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import and export items' })).toBeVisible();
    const picker = page.getByLabel('Spreadsheet file');

    // One bad row: nothing is imported, and the row, column and rule are named.
    await picker.setInputFiles({ name: 'new-items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('ninety')) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('1 row breaks the rules (1 cell); nothing was imported.')).toBeVisible();
    const problem = page.getByRole('table', { name: 'Rows to fix' }).getByRole('row').nth(1);
    await expect(problem).toContainText('4');
    await expect(problem).toContainText('UnitPrice');
    await expect(problem).toContainText('must be an amount in rupees');
    // A text filter on the item list is for staff only (public lists have a bounded cost).
    const none = await request.get(`/api/Item/ReadAll?filter=${encodeURIComponent(t)}`, {
      headers: await bearerHeaders(request, email),
    });
    expect(await none.json()).toEqual([]);

    // Fixed: a check first, then the import.
    await picker.setInputFiles({ name: 'new-items.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('90')) });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByText(/Check finished, nothing saved: Would create 3 items/)).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText(/Imported: Created 3 items; changed nothing/)).toBeVisible();
    const report = page.getByRole('table', { name: 'What the import did' });
    await expect(report.getByRole('row', { name: /^Items 3 0/ })).toBeVisible();

    // Publish now, then the shop's section page lists them.
    await page.getByRole('button', { name: 'Publish now' }).click();
    // The announcement (role=status) says the build finished; the banner itself may already say "out of date"
    // again when another test changed the catalogue while this build ran.
    await expect(
      page.getByRole('status').filter({ hasText: 'Published: the shop shows the catalogue as it is now.' }),
    ).toHaveCount(1, {
      timeout: 240_000,
    });
    await page.goto(`/app/store-section/${section.SectionID}/${section.DbID}`);
    for (const title of titles)
      await expect(page.locator('[data-item-card]').filter({ hasText: title })).toHaveCount(1);
    await expect(page.locator('[data-item-card]').filter({ hasText: titles[1] as string })).toContainText('Rs 141.62');
  });

  test('an employee opening an admin page is told it is for admins, with their own areas linked', async ({ page }) => {
    const email = `clerk${tag()}@example.com`;
    addUser(email, 'Employee', 'Test Clerk');
    await signIn(page, email);
    for (const path of ['/app/edu-shopy/role', '/app/edu-shopy/logs', '/app/edu-shopy/feeds']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: 'This page is for admins' })).toBeVisible();
      await expect(page.getByText('Please sign in')).toHaveCount(0);
      await expect(page.getByText('New to Aisle?')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('link', { name: /^Client:/ })).toHaveAttribute(
        'href',
        '/app/client-store',
      );
    }
  });

  test('every staff page fits a 390 px phone without sideways scrolling', async ({ page }) => {
    test.setTimeout(240_000);
    const email = `phone${tag()}@example.com`;
    addUser(email, 'Admin', 'Test Phone');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, email);
    const wide: string[] = [];
    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await settled(page);
      const { scroll, client } = await page.evaluate(() => ({
        scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
        client: document.documentElement.clientWidth,
      }));
      if (scroll > client) wide.push(`${path}: ${scroll} px wide in ${client} px`);
    }
    expect(wide).toEqual([]);
  });

  test('axe finds no violations on the staff pages', async ({ page }) => {
    // 17 pages, each analysed whole: minutes on a loaded machine.
    test.setTimeout(300_000);
    const email = `axe${tag()}@example.com`;
    addUser(email, 'Admin', 'Test Axe');
    await signIn(page, email);
    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await settled(page);
      await expectNoAxeViolations(page, path);
    }
  });
});
