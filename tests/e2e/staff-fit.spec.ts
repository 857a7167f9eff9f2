import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addUser, expectNoAxeViolations, signIn } from './users.ts';

// Issue 35, "every staff table fits": no staff page scrolls sideways on a 360 px phone or a
// 1280 px laptop, with data in its tables; on a phone rows are cards whose buttons are 48 px
// tall, on a laptop the Actions column stays in view. Black box, like every e2e spec.

const PAGES = [
  '/app/edu-shopy',
  '/app/client-store',
  '/app/edu-shopy/category',
  '/app/edu-shopy/store',
  '/app/edu-shopy/psection',
  '/app/edu-shopy/orders',
  '/app/edu-shopy/role',
  '/app/edu-shopy/employee',
  '/app/edu-shopy/enduser',
  '/app/edu-shopy/logs',
  '/app/edu-shopy/feeds',
  '/app/client-store/db',
  '/app/client-store/section?db=1',
  '/app/client-store/item?db=1',
  '/app/client-store/item',
  '/app/client-store/import',
];

/** A page ready to measure: its heading shown and nothing left loading. */
async function opened(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** How far the page reaches past the window's width, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('staff pages fit the screen', () => {
  test.describe.configure({ mode: 'serial' });
  const admin = `fit${Date.now().toString(36)}${randomBytes(2).toString('hex')}@example.com`;
  test.beforeAll(() => addUser(admin, 'Admin', 'Test Admin'));

  for (const width of [360, 1280]) {
    test(`no staff page scrolls sideways at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width < 768 ? 800 : 800 });
      await signIn(page, admin);
      const wide: string[] = [];
      for (const path of PAGES) {
        await opened(page, path);
        const over = await overflow(page);
        if (over > 0) wide.push(`${path}: ${over} px too wide`);
      }
      expect(wide).toEqual([]);
    });
  }

  test('on a 390 px phone rows are cards with 48 px buttons, and pass axe', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, admin);
    await opened(page, '/app/edu-shopy/category');
    const cards = page.getByRole('list', { name: 'Categories' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const edit = cards.getByRole('button', { name: /^Edit / }).first();
    expect((await edit.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    const remove = cards.getByRole('button', { name: /^Delete / }).first();
    expect((await remove.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    await expectNoAxeViolations(page, 'categories at 390 px');

    await opened(page, '/app/client-store/item?db=1');
    const items = page.getByRole('list', { name: /items/i });
    await expect(items.getByRole('listitem').first()).toBeVisible();
    await expect(
      items
        .getByRole('listitem')
        .first()
        .getByLabel(/^Stock of /),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'items at 390 px');
  });

  test('on a 1280 px laptop the Actions column stays in view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, admin);
    await opened(page, '/app/client-store/item?db=1');
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await expect(edit).toBeVisible();
    const box = await edit.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    await expect(edit).toBeInViewport();
  });
});

test('New item previews the chosen picture before it is uploaded (the CSP allows blob: images)', async ({ page }) => {
  test.setTimeout(120_000);
  const employee = `pic${Date.now().toString(36)}${randomBytes(2).toString('hex')}@example.com`;
  addUser(employee, 'Employee', 'Test Employee');
  await signIn(page, employee);
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });
  await opened(page, '/app/client-store/item?db=1');
  await page.getByRole('button', { name: 'New item' }).click();
  const dialog = page.getByRole('dialog');
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await dialog.getByLabel('Choose a picture').setInputFiles({ name: 'grapes.png', mimeType: 'image/png', buffer: png });
  const preview = dialog.getByRole('img', { name: 'Chosen for the new item' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(blocked).toEqual([]);
});
