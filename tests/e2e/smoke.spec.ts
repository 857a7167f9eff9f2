import { expect, test } from '@playwright/test';

// Black box: drives the production build served by `npm start`; imports nothing from src/.

test('the front page shows the categories and leads to pre-rendered pages built from the API', async ({
  page,
  request,
}) => {
  const api = await request.get('/api/Category/ReadAll');
  expect(api.ok()).toBe(true);
  const categories = (await api.json()) as { CategoryTitle: string }[];
  expect(categories.length).toBeGreaterThan(3);

  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  // Issue 37: `/`, the logo and Home open one front page with every category.
  await expect(page).toHaveURL(/\/app\/home\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const front = page.url();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute(
    'href',
    new URL(front).pathname,
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'Aisle' })).toHaveAttribute(
    'href',
    new URL(front).pathname,
  );
  for (const c of categories) {
    await expect(
      page.getByRole('region', { name: 'Shop by category' }).getByRole('link', { name: c.CategoryTitle, exact: true }),
    ).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/app\/categories\/all$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: categories[0]?.CategoryTitle ?? '', exact: true })
    .click();
  const sidebar = page.getByRole('complementary', { name: 'Categories' });
  for (const c of categories) {
    await expect(sidebar.getByRole('link', { name: c.CategoryTitle, exact: true })).toBeAttached();
  }
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
});

test('an unknown path shows the page-not-found page with status 404', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('catalogue calls answer JSON with the spec field names, case-insensitively', async ({ request }) => {
  const res = await request.get('/API/category/READALL/');
  expect(res.status()).toBe(200);
  const [first] = (await res.json()) as Record<string, unknown>[];
  expect(first).toHaveProperty('CategoryID');
  expect(first).toHaveProperty('CategoryTitle');
  const missing = await request.get('/api/Category/Read/999999');
  expect(missing.status()).toBe(404);
  expect(((await missing.json()) as { Message: string }).Message).toMatch(/999999/);
});
