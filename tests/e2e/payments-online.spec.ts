import { type APIRequestContext, type BrowserContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { type Catalogue, type Item, readCatalogue, shownItems } from './catalogue.ts';
import { checkoutScript, type PaymentShop, startPaymentShop } from './payment-shop.ts';
import {
  addUser,
  bearerHeaders,
  expectNoAxeViolations,
  fillDelivery,
  HOME_ADDRESS,
  mailsTo,
  uniqueEmail,
} from './users.ts';

// Issue 32 in the browser at 390 px, on a shop of its own (`payment-shop.ts`): Razorpay with
// dummy keys, its API answered without network, and a hold of HOLD_SECONDS. Online: the cart
// offers it, the pay page opens Checkout (a stand-in `checkout.js` served by a route, which
// signs its answer as Razorpay does), a failed try and a tampered answer leave the order
// waiting, told so, and a signed answer pays it. Abandoned: nobody pays, the hold ends, stock
// and slot place come back, the order reads cancelled, one mail says why.

const HOLD_SECONDS = 120;
// Pages wait on a loaded machine's API (a sign-in hashes a password): generous, as the holds are.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: 'serial' });

let shop: PaymentShop;
let api: APIRequestContext;
let cat: Catalogue;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  shop = await startPaymentShop(HOLD_SECONDS);
  api = await playwright.request.newContext({ baseURL: shop.url });
  cat = await readCatalogue(api);
});

test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
});

type GroupRead = {
  Status: string;
  Amount: number;
  Provider: Record<string, string>;
  Orders: { OrderID: number; Status: string; Payment: { Status: string } }[];
};

function buyableItem(skip: number): Item {
  const hidden = new Set(cat.stores.filter((s) => s.StoreHidden).map((s) => s.StoreID));
  const items = shownItems(cat).filter(
    (i) => !i.ItemHidden && i.Availability >= 10 && !hidden.has(i.StoreID) && (i.SoldBy ?? 'ByUnit') === 'ByUnit',
  );
  const item = items[skip];
  if (item === undefined) throw new Error('The demo catalogue has too few buyable items.');
  return item;
}

/** A signed-in shopper of the payment shop with `item` × `qty` in the saved cart, on a 390 px page. */
async function shopper(
  browser: import('@playwright/test').Browser,
  prefix: string,
  item: Item,
  qty: number,
): Promise<{ email: string; headers: { Authorization: string }; context: BrowserContext; page: Page }> {
  const email = uniqueEmail(prefix);
  addUser(email, 'User', undefined, shop.dataDir);
  const headers = await bearerHeaders(api, email);
  const saved = await api.post('/api/cart/Create', {
    headers,
    data: { CartItems: [{ ItemID: item.ItemID, StoreID: item.StoreID, Qty: qty, Staus: 'added' }] },
  });
  expect(saved.status()).toBe(200);
  const own = await browser.newContext({ baseURL: shop.url, viewport: { width: 390, height: 844 } });
  const page = await own.newPage();
  // Signed in with the token of the API's sign-in (the login page's own journey is accounts.spec's):
  // one password hash less on a loaded machine.
  await page.addInitScript((token) => {
    localStorage.setItem('jtoken', token);
    document.addEventListener('securitypolicyviolation', (e) => {
      const holder = window as unknown as { __csp?: string[] };
      holder.__csp = [...(holder.__csp ?? []), `${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`];
    });
  }, headers.Authorization.slice('Bearer '.length));
  return { email, headers, context: own, page };
}

async function groupOf(id: number, headers: { Authorization: string }): Promise<GroupRead> {
  const res = await api.get(`/api/Payment/Group/${id}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as GroupRead;
}

test('a shopper pays online through Razorpay Checkout: a failed try and a tampered answer are told, a signed one pays', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const item = buyableItem(0);
  const { email, headers, context, page } = await shopper(browser, 'pay-online', item, 1);
  const checkoutLoads: string[] = [];
  await page.route('https://checkout.razorpay.com/**', async (route) => {
    checkoutLoads.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: checkoutScript(['dismiss', 'tamper', 'pay']) });
  });
  await page.route('https://api.razorpay.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Razorpay Checkout</title><p>Pay</p>' }),
  );

  await page.goto('/app/cart/my-cart');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review your order' });
  await review
    .getByRole('group', { name: 'How you pay' })
    .getByRole('radio', { name: 'Pay online (UPI, card or netbanking)' })
    .check();
  await fillDelivery(review);
  await expectNoAxeViolations(page, 'the checkout review offering to pay online');
  // The cart page never loads Razorpay's script: only the pay page, once the shopper pays online.
  expect(checkoutLoads).toEqual([]);
  await review.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/app\/pay\?group=\d+/);
  const groupId = Number(new URL(page.url()).searchParams.get('group'));
  const payPage = page.getByRole('region', { name: 'Pay online' });
  const alert = payPage.getByRole('alert');
  // Try 1: the bank declines and the shopper closes Checkout.
  await expect(alert).toContainText(
    'The payment failed: Your bank declined the payment. Nothing was charged. Your items and delivery slot are held until',
  );
  const waiting = await groupOf(groupId, headers);
  expect(waiting.Orders.map((o) => o.Status)).toEqual(['AwaitingPayment']);
  // Checkout was opened with the shop's key, the group's Razorpay order, its amount in paise and the shopper.
  const opened = (await page.evaluate(
    () => (window as unknown as { __checkout: { opened: unknown[] } }).__checkout.opened,
  )) as {
    key: string;
    amount: number;
    currency: string;
    name: string;
    order_id: string;
    prefill: { name: string; email: string; contact: string };
  }[];
  const created = shop.razorpayCalls().filter((c) => c.call === 'orders.create');
  expect(created).toEqual([
    expect.objectContaining({
      amount: Math.round(waiting.Amount * 100),
      currency: 'INR',
      receipt: `aisle-group-${groupId}`,
    }),
  ]);
  expect(opened[0]).toMatchObject({
    key: 'rzp_test_e2eaisle',
    amount: Math.round(waiting.Amount * 100),
    currency: 'INR',
    name: 'Aisle',
    order_id: created[0]?.id,
    prefill: { name: HOME_ADDRESS['Full name'], email },
  });
  expect(opened[0]?.prefill.contact.replace(/\D/g, '')).toContain('9845012345');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the pay page after a failed try');

  // Try 2: an answer whose signature was tampered with is refused, and the shopper told.
  const pay = payPage.getByRole('button', { name: /^Pay Rs / });
  await pay.click();
  await expect(alert).toContainText("Razorpay's answer could not be checked, so this order is not marked paid");
  expect((await groupOf(groupId, headers)).Orders.map((o) => [o.Status, o.Payment.Status])).toEqual([
    ['AwaitingPayment', 'Pending'],
  ]);

  // Try 3: a signed answer pays the order.
  await pay.click();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  await expect(page.getByRole('region', { name: /order #\d+ is placed/ })).toContainText('status Placed');
  const paid = await groupOf(groupId, headers);
  expect([paid.Status, paid.Orders.map((o) => [o.Status, o.Payment.Status])]).toEqual(['Paid', [['Placed', 'Paid']]]);
  await expectNoAxeViolations(page, 'the placed order after paying online');
  // Checkout.js came once, and ran under the pay page's policy without a violation.
  expect(checkoutLoads).toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  await context.close();
});

test('an abandoned payment: the hold ends, stock and slot place come back, the order reads cancelled, one mail', async ({
  browser,
}) => {
  test.setTimeout(HOLD_SECONDS * 1000 + 180_000);
  const item = buyableItem(1);
  const staff = uniqueEmail('pay-staff');
  addUser(staff, 'Employee', undefined, shop.dataDir);
  const staffHeaders = await bearerHeaders(api, staff);
  const day = new Date(Date.now() + 86_400_000 + 19_800_000).toISOString().slice(0, 10);
  const slot = await api.post(`/api/Store/Slot/${item.StoreID}`, {
    headers: staffHeaders,
    data: { Start: `${day}T18:00:00+05:30`, End: `${day}T20:00:00+05:30`, Capacity: 3 },
  });
  expect(slot.status()).toBe(201);
  const slotsLeft = async () =>
    ((await (await api.get(`/api/Store/Slots/${item.StoreID}`)).json()) as { Left: number }[]).map((s) => s.Left);
  const stock = async () => (await readCatalogue(api)).items.find((i) => i.ItemID === item.ItemID)?.Availability;
  const before = await stock();
  const { email, headers, context, page } = await shopper(browser, 'pay-abandon', item, 2);

  await page.goto('/app/cart/my-cart');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  const review = page.getByRole('region', { name: 'Review your order' });
  await review
    .getByRole('group', { name: 'How you pay' })
    .getByRole('radio', { name: 'Test payment (no money moves)' })
    .check();
  await fillDelivery(review);
  await review
    .getByRole('group', { name: /^Delivery slot from / })
    .getByRole('radio', { name: /18:00–20:00/ })
    .check();
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/app\/pay\?group=\d+/);
  const groupId = Number(new URL(page.url()).searchParams.get('group'));
  await expect(page.getByRole('region', { name: 'Test payment' })).toContainText('moves no money');
  // Held: two fewer in stock, one place less in the slot.
  expect(await stock()).toBe((before ?? 0) - 2);
  expect(await slotsLeft()).toEqual([2]);

  // Nobody pays: the hold ends and is let go.
  await expect
    .poll(async () => (await groupOf(groupId, headers)).Orders.map((o) => o.Status), {
      timeout: HOLD_SECONDS * 1000 + 60_000,
      intervals: [2000],
    })
    .toEqual(['Cancelled']);
  expect(await stock()).toBe(before);
  expect(await slotsLeft()).toEqual([3]);
  await page.reload();
  const payPage = page.getByRole('region', { name: 'Test payment' });
  await expect(payPage.getByRole('alert').first()).toHaveText(
    'This order was cancelled: the payment was not received before the hold on your items ended. Nothing is owed.',
  );
  await expect(payPage.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the pay page of an abandoned payment');
  const orderId = (await groupOf(groupId, headers)).Orders[0]?.OrderID;
  await page.goto('/app/cart/my-orders');
  await expect(page.getByRole('region', { name: `Order #${orderId}` })).toContainText('Cancelled');
  // One mail says why.
  await expect
    .poll(() => mailsTo(email, `${shop.dataDir}/outbox`).filter((m) => m.includes('did not arrive in time')).length)
    .toBe(1);
  await context.close();
});
