import { expect, test } from '@playwright/test';
import { readCatalogue, shownItems } from './catalogue.ts';
import { addUser, bearerHeaders, expectNoAxeViolations, signIn, uniqueEmail } from './users.ts';

// Black box: the production build served by `npm start` (playwright.config.ts). Issue 34 on a
// 390 px phone: staff add a line of synonyms on the Search words page, and the API's search finds
// a product by the new word at once; the groups are put back as they were at the end.

test('staff add search words on a phone; the search finds a product by them at once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const staffEmail = uniqueEmail('search-words');
  addUser(staffEmail, 'Employee');
  const headers = await bearerHeaders(request, staffEmail);
  const before = (await (await request.get('/api/Search/Synonyms', { headers })).json()) as { Groups: string[][] };
  const cat = await readCatalogue(request);
  const word = shownItems(cat)
    .filter((i) => !i.ItemHidden)
    .flatMap((i) => i.ItemTitle.toLowerCase().split(/[^a-z]+/))
    .find((w) => w.length >= 5) as string;
  const made = `zqx${Date.now() % 100_000}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] as string);
  expect((await (await request.get(`/api/Search?q=${made}`)).json()).Total).toBe(0);

  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, staffEmail);
    await page.goto('/app/edu-shopy/search-words');
    await expect(page.getByRole('heading', { name: 'Search words', level: 1 })).toBeVisible();
    const box = page.getByLabel('One group a line, words separated by commas');
    await expect(box).toHaveValue(/dudh, doodh, milk/);
    await box.press('ControlOrMeta+End');
    await box.pressSequentially(`\n${made.toUpperCase()}, ${word}`);
    await page.getByRole('button', { name: 'Save search words' }).click();
    await expect(page.getByText(`${before.Groups.length + 1} groups of search words were saved.`)).toBeVisible();
    await expect(box).toHaveValue(new RegExp(`${made}, ${word}$`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'the Search words page');

    const found = (await (await request.get(`/api/Search?q=${made}`)).json()) as {
      Total: number;
      Hits: { ItemTitle: string }[];
    };
    expect(found.Total).toBeGreaterThan(0);
    expect(found.Hits[0]?.ItemTitle.toLowerCase()).toContain(word.slice(0, -1));
  } finally {
    await request.put('/api/Search/Synonyms', { headers, data: before });
  }
});
