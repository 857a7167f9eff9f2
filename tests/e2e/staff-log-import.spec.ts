import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type Item, readCatalogue, rs, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn } from './users.ts';

// Issue 35, items 9 and 10: the audit log names and links what was changed, in labels and
// local time; the import check lists the cells a file changes and names a bad cell's item and
// value. At 1280 and 390 px, in India's time zone. Black box: the price is edited through the API.

test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

const tag = () => `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

/** How far the page reaches past the window's width, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const itemName = (i: Item) => (i.Size.trim() === '' ? i.ItemTitle : `${i.ItemTitle} (${i.Size.trim()})`);

/** `27 Nov 2026, 4:05 pm` in India, as the log writes a time. */
function inIndia(iso: string): string {
  const t = new Date(Date.parse(iso) + 330 * 60_000);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const h = t.getUTCHours();
  const hour = h % 12 === 0 ? 12 : h % 12;
  const minute = String(t.getUTCMinutes()).padStart(2, '0');
  return `${t.getUTCDate()} ${months[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${hour}:${minute} ${h < 12 ? 'am' : 'pm'}`;
}

test.describe('the audit log and the import check in words', () => {
  test.describe.configure({ mode: 'serial' });
  const admin = `auditor${tag()}@example.com`;
  let items: Item[] = [];

  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    addUser(admin, 'Admin', 'Test Auditor');
    const cat = await readCatalogue(request);
    // Items near the end of the list, which the other specs leave alone; three per width.
    items = shownItems(cat)
      .filter((i) => !i.ItemHidden && i.ItemTitle.length < 60)
      .slice(-6);
    expect(items).toHaveLength(6);
  });

  for (const [index, width] of [1280, 390].entries()) {
    test(`at ${width} px: a price edit reads by name, label and local time, links to its editor; a check shows a change and a bad value`, async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const [listed, changed, bad] = items.slice(index * 3, index * 3 + 3) as [Item, Item, Item];
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      const headers = await bearerHeaders(request, admin);
      // As it is now (a retry finds the price its first try wrote).
      const edited = (await (await request.get(`/api/Item/Read/${listed.ItemID}/${listed.DbID}`)).json()) as Item;
      const price = Math.floor(edited.UnitPrice) + 20;
      const res = await request.patch(`/api/Item/Edit/${edited.ItemID}`, { headers, data: { UnitPrice: price } });
      expect(res.status(), await res.text()).toBe(200);

      await signIn(page, admin);
      await page.goto('/app/edu-shopy/logs');
      await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
      await page.getByLabel('Search the log').fill(`item:${edited.ItemID}`);
      // Newest first: the first entry naming the item is this edit.
      const link = page.getByRole('link', { name: itemName(edited), exact: true }).first();
      await expect(link).toBeVisible();
      const entry = page.locator('tr, li').filter({ has: link }).first();
      await expect(entry).toContainText(`edited ${itemName(edited)} — item #${edited.ItemID}`);
      // The labelled line shows; the stored field name is only in the folded raw details.
      await expect(
        entry.getByText(`Unit price: ${rs(edited.UnitPrice)} → ${rs(price)}`, { exact: true }),
      ).toBeVisible();
      await expect(entry.getByText('Raw details')).toBeVisible();
      await expect(entry.locator('pre')).toBeHidden();
      const time = entry.locator('time');
      const iso = (await time.getAttribute('datetime')) ?? '';
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      await expect(time).toHaveText(inIndia(iso));
      await expect(time).toHaveAttribute('title', iso);
      expect(await overflow(page)).toBe(0);
      await expectNoAxeViolations(page, `the log at ${width} px`);

      // The name leads to the item's editor, open on the new price.
      await link.click();
      await expect(page).toHaveURL(/\/app\/client-store\/item\?/);
      const editor = page.getByRole('dialog', { name: `Edit item ${edited.ItemTitle}` });
      await expect(editor).toBeVisible({ timeout: 30_000 });
      // Its price per piece, kg or litre (issue 33: the label follows how the item is sold).
      await expect(editor.getByLabel(/^(Unit price|Price per kg|Price per litre)/)).toHaveValue(String(price));
      await editor.getByRole('button', { name: 'Cancel' }).click();

      // An import check of a file with one change and one bad value shows both, and saves nothing.
      const newPrice = Math.floor(changed.UnitPrice) + 7;
      const file = `ItemID,UnitPrice\n${changed.ItemID},${newPrice}\n${bad.ItemID},abc\n`;
      await page.goto('/app/client-store/import');
      await page.getByLabel('Spreadsheet file').setInputFiles({
        name: 'prices.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(file),
      });
      await page.getByRole('button', { name: 'Check file' }).click();
      await expect(page.getByText('1 row breaks the rules (1 cell); nothing was imported.')).toBeVisible({
        timeout: 60_000,
      });
      const problem = page.getByRole('table', { name: 'Rows to fix' }).getByRole('row').nth(1);
      await expect(problem).toContainText(`Row 3, ${bad.ItemTitle}: UnitPrice 'abc' must be an amount in rupees`);
      const changes = page.getByRole('region', { name: /Changes the other rows would make/ });
      await expect(changes).toContainText(`Row 2${itemName(changed)}: UnitPrice ${changed.UnitPrice} → ${newPrice}`);
      expect(await overflow(page)).toBe(0);
      await expectNoAxeViolations(page, `the import check at ${width} px`);
      const after = await request.get(`/api/Item/Read/${changed.ItemID}/${changed.DbID}`);
      expect(((await after.json()) as Item).UnitPrice).toBe(changed.UnitPrice);
    });
  }
});
