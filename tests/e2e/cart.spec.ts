import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addOne, type Catalogue, type Item, readCatalogue, rs } from './catalogue.ts';
import { addUser, expectNoAxeViolations, fillDelivery, HOME_ADDRESS, signIn, uniqueEmail } from './users.ts';

// Black box: drives the production build served by `npm start` (playwright.config.ts);
// imports nothing from src/. Accounts are made with the operator's CLI over the
// suite's data folder; everything else goes through the pages.

/** A confirmed account, made with the operator's CLI. */
function newUser(role: 'Employee' | 'User' = 'User'): string {
  const email = uniqueEmail('cart');
  addUser(email, role);
  return email;
}

interface SectionWithItems {
  SectionID: number;
  DbID: number;
  items: Item[];
}

/** A price times a quantity, worked out in paise as the shop does, as the shop shows it. */
const times = (price: number, qty: number) => rs((Math.round(price * 100) * qty) / 100);

/** The most of one item an order may hold from the item's store. */
function limitOf(cat: Catalogue, item: Item): number {
  return cat.stores.find((s) => s.StoreID === item.StoreID)?.MaxQtyPerItem ?? 999;
}

/**
 * Published sections with at least `count` items a customer can buy (shown, in
 * stock, below the cart's 999 limit), whose titles do not contain each other. The
 * first one's second item has less in stock than its store sells in one order, so
 * asking for one more than the stock is a question of stock, not of the limit.
 */
async function sectionsWithItems(request: APIRequestContext, cat: Catalogue, count: number) {
  const found: { path: string; items: Item[] }[] = [];
  for (const s of cat.sections.filter((x) => !x.SectionHidden)) {
    const res = await request.get(`/api/Section/ReadSectionWithList/${s.SectionID}/${s.DbID}`);
    const section = (await res.json()) as SectionWithItems;
    const titles = section.items.map((i) => i.ItemTitle);
    const buyable = section.items.filter(
      (i) =>
        !i.ItemHidden &&
        i.Availability >= 5 &&
        i.Availability < 900 &&
        titles.filter((t) => t.includes(i.ItemTitle)).length === 1,
    );
    if (buyable.length < count) continue;
    if (found.length === 0) {
      const low = buyable.find((i) => i.Availability < limitOf(cat, i));
      if (low === undefined) continue;
      const rest = buyable.filter((i) => i !== low);
      found.push({
        path: `/app/store-section/${s.SectionID}/${s.DbID}`,
        items: [rest[0] as Item, low, ...rest.slice(1)],
      });
    } else {
      found.push({ path: `/app/store-section/${s.SectionID}/${s.DbID}`, items: buyable });
    }
    if (found.length >= 3) break;
  }
  if (found.length < 3) throw new Error(`The demo catalogue has too few sections with ${count} buyable items.`);
  return found;
}

async function availabilityOf(request: APIRequestContext, item: Item): Promise<number> {
  const res = await request.get(`/api/Item/Read/${item.ItemID}/${item.DbID}`);
  return ((await res.json()) as Item).Availability;
}

/** The card of an item on a section page, scrolled into view so its stepper hydrates. */
async function card(page: Page, item: Item): Promise<Locator> {
  const c = page
    .locator('[data-item-card]')
    .filter({ has: page.getByRole('heading', { name: item.ItemTitle, exact: true }) });
  await c.scrollIntoViewIfNeeded();
  return c;
}

const more = (scope: Page | Locator, item: Item) => addOne(scope, item.ItemTitle);
const less = (scope: Page | Locator, item: Item) =>
  scope.getByRole('button', { name: `Decrease quantity of ${item.ItemTitle}`, exact: true });
const qty = (scope: Page | Locator, item: Item) => scope.getByLabel(`Quantity of ${item.ItemTitle}`, { exact: true });

/** A line of the cart panel's table, by the item's name. */
const cartRow = (page: Page, item: Item) =>
  page
    .getByRole('table', { name: /Items in your cart/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader').filter({ hasText: item.ItemTitle }) });

let cat: Catalogue;
let sections: { path: string; items: Item[] }[];

/** The `i`-th chosen section: its page and its buyable items (at least two). */
function chosen(i: number): { path: string; items: [Item, Item, ...Item[]] } {
  const s = sections[i];
  if (s === undefined || s.items.length < 2) throw new Error(`No section ${i} with two buyable items.`);
  return s as { path: string; items: [Item, Item, ...Item[]] };
}
test.beforeAll(async ({ request }) => {
  cat = await readCatalogue(request);
  sections = await sectionsWithItems(request, cat, 2);
});

test.describe('the cart', () => {
  test('add from a section page, keep across a reload, Check Stock, Order, and find the order in My Orders', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const [a, b] = chosen(0).items;
    const reactErrors: string[] = [];
    page.on('console', (m) => {
      // Hydration mismatches (React errors 418, 423, 425) would mean the islands render differently from the static HTML.
      if (m.type() === 'error' && /hydrat|#41[89]|#42[35]/i.test(m.text())) reactErrors.push(m.text());
    });
    await signIn(page, newUser());

    await page.goto(chosen(0).path);
    const cardA = await card(page, a);
    await more(cardA, a).click();
    await more(cardA, a).click();
    const cardB = await card(page, b);
    await more(cardB, b).click();
    await expect(qty(cardA, a)).toHaveValue('2');
    await expect(qty(cardB, b)).toHaveValue('1');

    await page.reload();
    await expect(qty(await card(page, a), a)).toHaveValue('2');
    await expect(qty(await card(page, b), b)).toHaveValue('1');

    // The Cart link counts what is in the cart.
    await page.getByRole('banner').getByRole('link', { name: 'Cart (3 items)', exact: true }).click();
    await expect(page).toHaveURL(/\/app\/cart\/my-cart$/);
    await expect(page.getByRole('heading', { name: 'Cart Panel', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: /Items in your cart/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Item Name', 'Price', 'Quantity', 'Total']);
    await expect(cartRow(page, a).getByRole('cell')).toHaveText([
      rs(a.SellingPrice),
      /Quantity of/,
      times(a.SellingPrice, 2),
    ]);
    await expect(qty(cartRow(page, a), a)).toHaveValue('2');
    await expect(cartRow(page, b).getByRole('cell')).toHaveText([
      rs(b.SellingPrice),
      /Quantity of/,
      times(b.SellingPrice, 1),
    ]);
    const grand = rs((Math.round(a.SellingPrice * 100) * 2 + Math.round(b.SellingPrice * 100)) / 100);
    await expect(table.getByRole('row', { name: /Grand total/ })).toContainText(grand);
    await expectNoAxeViolations(page);

    const checkStock = page.getByRole('button', { name: 'Check Stock' });
    const order = page.getByRole('button', { name: 'Order', exact: true });
    const status = page.getByRole('status').filter({ hasText: /Stock|Order|stock|order/ });

    // More than the stock holds: Check Stock names the line, and Order refuses it.
    const inStock = await availabilityOf(request, b);
    await qty(cartRow(page, b), b).fill(String(inStock + 1));
    await expect(cartRow(page, b).getByRole('cell').nth(2)).toHaveText(times(b.SellingPrice, inStock + 1));
    await checkStock.click();
    await expect(checkStock).toBeDisabled();
    await expect(order).toBeDisabled();
    await expect(status).toHaveText(`Short of stock: ${b.ItemTitle} (asked ${inStock + 1}, ${inStock} left)`);
    await expect(checkStock).toBeEnabled();
    await expect(order).toBeEnabled();
    await expect(cartRow(page, b)).toContainText(`Only ${inStock} in stock`);
    // Order opens the review; a new customer types the delivery address there.
    await order.click();
    const review = page.getByRole('region', { name: 'Review your order' });
    await expect(review).toBeVisible();
    await fillDelivery(review);
    const placeOrder = review.getByRole('button', { name: 'Place order' });
    await placeOrder.click();
    await expect(checkStock).toBeDisabled();
    await expect(status).toHaveText(
      `Order not placed. Short of stock: ${b.ItemTitle} (asked ${inStock + 1}, ${inStock} left)`,
    );
    await expect(order).toBeEnabled();
    // The refused order kept the cart as it was sent; Change cart leaves the review to edit it (issue 37).
    await review.getByRole('button', { name: 'Change cart' }).click();
    await expect(review).toBeHidden();
    await expect(qty(cartRow(page, b), b)).toHaveValue(String(inStock + 1));

    await less(cartRow(page, b), b).click();
    await expect(qty(cartRow(page, b), b)).toHaveValue(String(inStock));
    await qty(cartRow(page, b), b).fill('1');
    await checkStock.click();
    await expect(status).toHaveText('Stock checked: all items are available');
    await expect(checkStock).toBeEnabled();

    const stockA = await availabilityOf(request, a);
    await order.click();
    await expect(review.getByLabel('City', { exact: true })).toHaveValue(HOME_ADDRESS.City);
    await placeOrder.click();
    await expect(order).toBeDisabled();
    await expect(status).toContainText(/Order placed: #\d+/);
    const orderId = Number(/#(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(order).toBeEnabled();
    expect(await availabilityOf(request, a)).toBe(stockA - 2);

    await page.getByRole('link', { name: 'See My Orders' }).click();
    await expect(page).toHaveURL(/\/app\/cart\/my-orders$/);
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
    const placed = page.getByRole('region', { name: `Order #${orderId}` });
    await expect(placed).toContainText('Status: Placed');
    await expect(placed.getByRole('columnheader')).toHaveText(['Item Name', 'Price', 'Quantity', 'Total']);
    const lineA = placed.getByRole('row').filter({ has: page.getByRole('rowheader').filter({ hasText: a.ItemTitle }) });
    await expect(lineA.getByRole('rowheader')).toContainText(`GST ${a.Gst}%`);
    await expect(lineA.getByRole('cell')).toHaveText([
      rs(a.SellingPrice),
      a.Size === '' ? '2' : `2 × ${a.Size}`,
      times(a.SellingPrice, 2),
    ]);
    await expect(placed.getByRole('row', { name: /Order total/ })).toContainText(
      rs((Math.round(a.SellingPrice * 100) * 2 + Math.round(b.SellingPrice * 100)) / 100),
    );
    await expect(placed.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expectNoAxeViolations(page);

    // A Placed order can be cancelled from My Orders, after a second step; its stock comes back.
    await placed.getByRole('button', { name: `Cancel order #${orderId}` }).click();
    const confirm = placed.getByRole('group', { name: `Cancel order #${orderId}?` });
    await expect(confirm.getByRole('button', { name: 'Yes, cancel it' })).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(placed).toContainText('Status: Placed');
    await placed.getByRole('button', { name: `Cancel order #${orderId}` }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(placed).toContainText('Status: Cancelled');
    await expect(page.getByRole('status').filter({ hasText: `Order #${orderId} was cancelled.` })).toBeVisible();
    await expect(placed.getByRole('button', { name: `Cancel order #${orderId}` })).toHaveCount(0);
    expect(await availabilityOf(request, a)).toBe(stockA);

    // The ordered cart is empty everywhere: the steppers start from 0 again.
    await page.goto(chosen(0).path);
    await expect(qty(await card(page, a), a)).toHaveValue('0');
    expect(reactErrors).toEqual([]);
  });

  test('a second tab sees the same cart, follows its changes, and Clear Cart empties it', async ({ page, context }) => {
    test.setTimeout(90_000);
    const [c] = chosen(1).items;
    await signIn(page, newUser());
    await page.goto(`/app/section/${c.ItemID}/${c.DbID}`);
    await more(page, c).click();
    await more(page, c).click();
    await expect(qty(page, c)).toHaveValue('2');

    const other = await context.newPage();
    await other.goto('/app/cart/my-cart');
    await expect(qty(cartRow(other, c), c)).toHaveValue('2');
    await more(cartRow(other, c), c).click();
    await expect(qty(cartRow(other, c), c)).toHaveValue('3');
    // The first tab follows without a reload.
    await expect(qty(page, c)).toHaveValue('3');

    await other.getByRole('button', { name: 'Clear Cart' }).click();
    // It asks first; keeping the cart changes nothing.
    await other.getByRole('button', { name: 'Keep my cart' }).click();
    await expect(qty(cartRow(other, c), c)).toHaveValue('3');
    await other.getByRole('button', { name: 'Clear Cart' }).click();
    await other.getByRole('button', { name: 'Yes, clear my cart' }).click();
    await expect(other.getByRole('button', { name: 'Check Stock' })).toBeDisabled();
    await expect(other.getByRole('status').filter({ hasText: 'Cart cleared' })).toBeVisible();
    await expect(other.getByText('Your cart is empty.')).toBeVisible();
    await expect(qty(page, c)).toHaveValue('0');
    await other.reload();
    await expect(other.getByText('Your cart is empty.')).toBeVisible();
    await expect(other.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(other);
  });

  test('a cart saved with Check Stock follows the customer to another browser', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const [d] = chosen(2).items;
    const email = newUser('Employee');
    await signIn(page, email);
    await page.goto(`/app/section/${d.ItemID}/${d.DbID}`);
    await more(page, d).click();
    await page.goto('/app/cart/my-cart');
    await page.getByRole('button', { name: 'Check Stock' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Stock checked' })).toBeVisible();

    const elsewhere = await browser.newContext();
    const fresh = await elsewhere.newPage();
    await signIn(fresh, email);
    await fresh.goto('/app/cart/my-cart');
    await expect(qty(cartRow(fresh, d), d)).toHaveValue('1');
    await elsewhere.close();
  });

  test('My Orders says so when there are none yet', async ({ page }) => {
    await signIn(page, newUser());
    await page.goto('/app/cart/my-orders');
    await expect(page.getByText('You have not placed an order yet.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('the quantity stepper', () => {
  test('signed out, it is a working stepper too: a guest cart, counted beside Cart', async ({ page }) => {
    const [a] = chosen(0).items;
    await page.goto(chosen(0).path);
    const c = await card(page, a);
    await expect(c.getByRole('link', { name: /Sign in to add to cart/ })).toHaveCount(0);
    await more(c, a).click();
    await expect(qty(c, a)).toHaveValue('1');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart (1 item)', exact: true })).toBeVisible();
    await page.goto(`/app/section/${a.ItemID}/${a.DbID}`);
    await expect(qty(page, a)).toHaveValue('1');
  });

  test('signed in, it counts up and down with labelled controls and never goes below 0', async ({ page }) => {
    const [, b] = chosen(1).items;
    await signIn(page, newUser());
    await page.goto(`/app/section/${b.ItemID}/${b.DbID}`);
    await expect(qty(page, b)).toHaveValue('0');
    // At 0 the stepper is one Add button (issue 37): no − to go below 0.
    const add = page.getByRole('button', { name: `Add ${b.ItemTitle} to cart`, exact: true });
    await expect(add).toBeVisible();
    await expect(less(page, b)).toBeHidden();
    await more(page, b).click();
    await more(page, b).click();
    await expect(qty(page, b)).toHaveValue('2');
    await expect(less(page, b)).toHaveAttribute('aria-disabled', 'false');
    await less(page, b).click();
    await less(page, b).click();
    await expect(qty(page, b)).toHaveValue('0');
    await expect(add).toBeVisible();
    await expect(less(page, b)).toBeHidden();
    await add.click();
    await qty(page, b).fill('-5');
    await qty(page, b).blur();
    await expect(qty(page, b)).toHaveValue('0');
    await add.click();
    await qty(page, b).fill('7');
    await expect(qty(page, b)).toHaveValue('7');
    // An emptied field puts the quantity back.
    await qty(page, b).fill('');
    await qty(page, b).blur();
    await expect(qty(page, b)).toHaveValue('7');
    // It stops at the most its store sells in one order, and says so.
    const limit = limitOf(cat, b);
    const said = `At most ${limit} per order`;
    const hint = page.getByText(said, { exact: true });
    // Read to screen readers with the field and the + button; shown only at the limit.
    const shown = async () => ((await hint.boundingBox())?.width ?? 0) > 1;
    await expect(qty(page, b)).toHaveAttribute('max', String(limit));
    await expect(more(page, b)).toHaveAccessibleDescription(said);
    await expect(qty(page, b)).toHaveAccessibleDescription(said);
    expect(await shown()).toBe(false);
    await qty(page, b).fill(String(limit + 5));
    await qty(page, b).blur();
    await expect(qty(page, b)).toHaveValue(String(limit));
    await expect(more(page, b)).toHaveAttribute('aria-disabled', 'true');
    await expect.poll(shown).toBe(true);
    await more(page, b).click({ force: true });
    await expect(qty(page, b)).toHaveValue(String(limit));
    await less(page, b).click();
    await expect(qty(page, b)).toHaveValue(String(limit - 1));
    await expect(more(page, b)).toHaveAttribute('aria-disabled', 'false');
    await expect.poll(shown).toBe(false);
  });

  test('signed in, it is usable from the keyboard', async ({ page }) => {
    const [, item] = chosen(2).items;
    await signIn(page, newUser());
    await page.goto(chosen(2).path);
    const box = await card(page, item);
    await expect(more(box, item)).toBeVisible();
    await more(box, item).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect(qty(box, item)).toHaveValue('2');
    await page.keyboard.press('Shift+Tab');
    await expect(qty(box, item)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(qty(box, item)).toHaveValue('1');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(qty(box, item)).toHaveValue('0');
    // At 0 the stepper is one Add button, and the focus is on it (issue 37).
    await expect(box.getByRole('button', { name: `Add ${item.ItemTitle} to cart`, exact: true })).toBeFocused();
  });
});
