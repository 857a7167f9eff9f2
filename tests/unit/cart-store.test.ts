import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { Hono } from 'hono';
import { cleanStores, keepMount } from 'nanostores';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CartItemSource, cartItemSource, storeQtyLimit } from '../../src/lib/catalogue/views.ts';
import { type CartDto, type CartState, EMPTY_CART_STATE } from '../../src/lib/domain/cart.ts';
import type { ItemDto, StoreDto } from '../../src/lib/domain/catalogue.ts';
import { CART_STATE_KEY } from '../../src/lib/domain/storage-keys.ts';
import { listen, type RunningServer } from '../../src/server/runtime.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from '../api/auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from '../api/cart-helpers.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';

// The cart store against the real API over HTTP: a test database with the fixture
// catalogue (tests/fixtures/catalogue.ts), served on a local port behind a thin
// front that records every request and can lose an answer or refuse reads.
//   Apple  (item 1, store 1): 40 in stock, sells at Rs 113.40, at most 50 an order
//   Cherry (item 3, store 1): sold out
//   Soap   (item 4, store 3): 100 in stock, sells at Rs 53.10

// The cart's three rooms (state, saving, the actions), read as one store.
type CartStore = typeof import('../../src/stores/cart-state.ts') &
  typeof import('../../src/stores/cart-sync.ts') &
  typeof import('../../src/stores/checkout.ts');
type Session = typeof import('../../src/stores/session.ts');

let t: AuthTestApp;
let server: RunningServer;
let front: Hono;
let store: CartStore;
let session: Session;
let asha: Customer;
let sita: Customer;
let apple: CartItemSource;
let cherry: CartItemSource;
let soap: CartItemSource;

/** What reached the API: `METHOD /path` (lower case) and the Idempotency-Key, if any. */
let requests: { call: string; key: string | null }[] = [];
const faults = { loseOrderAnswers: 0, failReads: false, failSaves: false };

const calls = (call: string) => requests.filter((r) => r.call === call);

/** An item as its page hands it to a stepper: with its store's most per order. */
async function itemSource(id: number, dbId: number): Promise<CartItemSource> {
  const res = await t.call<ItemDto>('GET', `/api/Item/Read/${id}/${dbId}`);
  expect(res.status).toBe(200);
  const store = await t.call<StoreDto>('GET', `/api/Store/Read/${res.body.StoreID}`);
  expect(store.status).toBe(200);
  return cartItemSource(res.body, storeQtyLimit(store.body));
}

async function savedCart(customer: Customer): Promise<CartDto> {
  const res = await t.call<CartDto>('GET', '/api/cart/Read', { token: customer.token });
  expect(res.status).toBe(200);
  return res.body;
}

async function saveOnServer(customer: Customer, lines: unknown[]): Promise<void> {
  const res = await t.call('POST', '/api/cart/Create', { token: customer.token, json: cartBody(customer, lines) });
  expect(res.status).toBe(200);
}

async function stockOf(itemId: number): Promise<number> {
  const row = await t.db.db.selectFrom('items').select('stock').where('id', '=', itemId).executeTakeFirstOrThrow();
  return row.stock;
}

async function orderRows() {
  return t.db.db.selectFrom('orders').select(['id', 'user_id', 'idempotency_key']).execute();
}

// Captured before any test fakes the clock.
const realSetTimeout = globalThis.setTimeout;

/**
 * Runs fake time at five times real speed until `work` settles: the delays are
 * (fake) timers, the requests real I/O. A request's own 60 s timeout, also a fake
 * timer, stays out of reach however slow the machine. Gives up after 20 s.
 */
async function settle<T>(work: Promise<T>): Promise<T> {
  let done = false;
  const watched = work.finally(() => {
    done = true;
  });
  const deadline = Date.now() + 20_000;
  while (!done && Date.now() < deadline) {
    await vi.advanceTimersByTimeAsync(25);
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
  return watched;
}

beforeAll(async () => {
  useTestStorageEngine();
  t = await createAuthTestApp('sqlite');
  await insertCatalogue(t.db.db);
  // Store 1 sells up to 50 of an item an order, so Apple's 40 in stock run out first.
  await t.db.db.updateTable('stores').set({ max_qty_per_item: 50 }).where('id', '=', 1).execute();
  [asha, sita] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
    { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
  ])) as [Customer, Customer];
  front = new Hono().all('*', async (c) => {
    const path = new URL(c.req.url).pathname.toLowerCase();
    const call = `${c.req.method} ${path}`;
    requests.push({ call, key: c.req.header('Idempotency-Key') ?? null });
    if (faults.failReads && call === 'GET /api/cart/read') return c.json({ Message: 'Down for a moment.' }, 503);
    if (faults.failSaves && call === 'POST /api/cart/create') return c.json({ Message: 'Down for a moment.' }, 503);
    const res = await t.app.fetch(c.req.raw, c.env);
    if (call === 'POST /api/cart/createorder' && faults.loseOrderAnswers > 0) {
      // The order went through, but its answer never reaches the browser.
      faults.loseOrderAnswers--;
      return c.text('Bad gateway', 502);
    }
    return res;
  });
  server = await listen(front, '127.0.0.1', 0);
  vi.stubEnv('PUBLIC_API_URL', server.url);
  session = await import('../../src/stores/session.ts');
  store = {
    ...(await import('../../src/stores/cart-state.ts')),
    ...(await import('../../src/stores/cart-sync.ts')),
    ...(await import('../../src/stores/checkout.ts')),
  };
  [apple, cherry, soap] = await Promise.all([itemSource(1, 1), itemSource(3, 1), itemSource(4, 3)]);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
  await t?.close();
});

beforeEach(async () => {
  const db = t.db.db;
  await db.deleteFrom('order_lines').execute();
  await db.deleteFrom('orders').execute();
  await db.deleteFrom('cart_items').execute();
  await db.deleteFrom('carts').execute();
  await db.updateTable('items').set({ stock: 40 }).where('id', '=', 1).execute();
  requests = [];
  faults.loseOrderAnswers = 0;
  faults.failReads = false;
  faults.failSaves = false;
  // Failed calls are logged to the console (spec §8); keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  cleanTestStorage();
  session.$jtoken.set('');
  store.$cartState.set(EMPTY_CART_STATE);
  store.$cartNotice.set(null);
  store.$cartLoad.set({ state: 'idle' });
  store.$cartSave.set({ state: 'saved' });
  cleanStores(store.$cartState, store.$myCart, store.$cartPending, store.$cartNotice, store.$cartLoad, store.$cartSave);
  vi.restoreAllMocks();
});

const signIn = (customer: Customer) => session.$jtoken.set(customer.token);

describe('the stored copy (localStorage cartState)', () => {
  it.each([
    ['invalid JSON', '{"cart": {'],
    ['JSON of another shape', '{"cart":{"CartID":"7"},"isDirty":true}'],
    [
      'a line with an unknown status',
      JSON.stringify({ cart: { ...cartBody({ id: 1, fullName: 'A' }, [{ Staus: 'x' }]) }, isDirty: true }),
    ],
    ['a bare number', '42'],
  ])('is the empty state, not a crash, when it holds %s', (_label, stored) => {
    setTestStorageKey(CART_STATE_KEY, stored);
    keepMount(store.$cartState);
    expect(store.$cartState.get()).toEqual(EMPTY_CART_STATE);
  });

  it('is restored on start and follows changes made in another tab', async () => {
    signIn(asha);
    await saveOnServer(asha, [line(1, 1, 2)]);
    const saved: CartState = { cart: await savedCart(asha), isDirty: true };
    setTestStorageKey(CART_STATE_KEY, JSON.stringify(saved));
    keepMount(store.$myCart);
    expect(store.$myCart.get()).toEqual(saved);

    const other: CartState = { cart: { ...saved.cart, CartItems: [] } as CartDto, isDirty: false };
    setTestStorageKey(CART_STATE_KEY, JSON.stringify(other));
    expect(store.$myCart.get()).toEqual(other);

    setTestStorageKey(CART_STATE_KEY, undefined);
    expect(store.$myCart.get()).toEqual(EMPTY_CART_STATE);
  });

  it('shows nobody a cart that is not theirs, and nothing when signed out', async () => {
    signIn(asha);
    keepMount(store.$myCart);
    await store.changeQuantity(apple, 3);
    expect(store.$myCart.get().cart?.CartID).toBe(asha.id);
    signIn(sita);
    expect(store.$myCart.get()).toEqual(EMPTY_CART_STATE);
    session.$jtoken.set('');
    expect(store.$myCart.get()).toEqual(EMPTY_CART_STATE);
  });
});

describe('starting and changing the cart', () => {
  it('reads the saved cart from the server when signed in without a local copy', async () => {
    await saveOnServer(asha, [line(1, 1, 2), line(4, 3, 1)]);
    signIn(asha);
    const stop = store.startCart();
    await vi.waitFor(() => expect(store.$cartState.get().cart).not.toBeNull());
    stop();
    const state = store.$cartState.get();
    expect(state.isDirty).toBe(false);
    expect(state.cart?.CartItems.map((l) => [l.ItemTitle, l.Qty, l.Staus])).toEqual([
      ['Apple', 2, 'loaded'],
      ['Soap Bar', 1, 'loaded'],
    ]);
    expect(calls('GET /api/cart/read')).toHaveLength(1);
  });

  it('keeps a local copy rather than reading the server', async () => {
    signIn(asha);
    await store.changeQuantity(apple, 3);
    requests = [];
    const stop = store.startCart();
    stop();
    expect(requests).toEqual([]);
    expect(store.$cartState.get().cart?.CartItems[0]?.Qty).toBe(3);
  });

  it("keeps a guest's changes in a guest cart (CartID 0), without a request", async () => {
    expect(await store.changeQuantity(apple, 1)).toBe('changed');
    expect(await store.changeQuantity(soap, 2)).toBe('changed');
    const { cart, isDirty } = store.$cartState.get();
    expect(cart?.CartID).toBe(0);
    expect(isDirty).toBe(true);
    expect(cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.Staus])).toEqual([
      [1, 1, 'added'],
      [4, 2, 'added'],
    ]);
    expect(store.$myCart.get()).toBe(store.$cartState.get());
    expect(requests).toEqual([]);
  });

  it('creates the cart from User details on the first change, and keeps it in local storage', async () => {
    signIn(asha);
    expect(await store.changeQuantity(apple, 2)).toBe('changed');
    expect(calls(`GET /api/user/details/${asha.id}`)).toHaveLength(1);
    const state = store.$cartState.get();
    expect(state.isDirty).toBe(true);
    expect(state.cart).toMatchObject({ CustomerID: asha.id, CustomerName: 'Asha Kumar', CartID: asha.id });
    expect(state.cart?.CartItems).toEqual([
      expect.objectContaining({
        ItemID: 1,
        StoreID: 1,
        ItemTitle: 'Apple',
        Qty: 2,
        Staus: 'added',
        SellingPrice: 113.4,
      }),
    ]);
    expect(JSON.parse(getTestStorage()[CART_STATE_KEY] ?? 'null')).toEqual(state);
  });

  it('creates an employee’s cart from Employee details', async () => {
    signIn(sita);
    await store.changeQuantity(soap, 1);
    expect(calls(`GET /api/employee/details/${sita.id}`)).toHaveLength(1);
    expect(calls(`GET /api/user/details/${sita.id}`)).toHaveLength(0);
    expect(store.$cartState.get().cart).toMatchObject({ CustomerID: sita.id, CustomerName: 'Sita Staff' });
  });

  it('applies quick clicks in order while the details are being read', async () => {
    signIn(asha);
    const outcomes = await Promise.all([
      store.changeQuantity(apple, 1),
      store.changeQuantity(apple, 2),
      store.changeQuantity(soap, 1),
    ]);
    expect(outcomes).toEqual(['changed', 'changed', 'changed']);
    expect(calls(`GET /api/user/details/${asha.id}`)).toHaveLength(1);
    expect(store.$cartState.get().cart?.CartItems.map((l) => [l.ItemID, l.Qty])).toEqual([
      [1, 2],
      [4, 1],
    ]);
  });

  it('moves loaded lines to modified, drops added lines at 0 and never goes below 0', async () => {
    await saveOnServer(asha, [line(1, 1, 2)]);
    signIn(asha);
    expect(await store.refreshFromServer()).toBe(true);
    await store.changeQuantity(apple, 5);
    await store.changeQuantity(soap, 2);
    await store.changeQuantity(soap, 0);
    expect(await store.changeQuantity(apple, 5)).toBe('unchanged');
    await store.changeQuantity(apple, -3);
    const state = store.$cartState.get();
    expect(state.isDirty).toBe(true);
    expect(state.cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.Staus])).toEqual([[1, 0, 'modified']]);
  });

  it('refreshes a line from newer page data, never from older', async () => {
    signIn(asha);
    await store.changeQuantity(apple, 2);
    store.refreshItem({ ...apple, SellingPrice: 99, ItemUpdatedTime: '2027-01-01T00:00:00.000Z' });
    expect(store.$cartState.get().cart?.CartItems[0]).toMatchObject({ SellingPrice: 99, Qty: 2, Staus: 'added' });
    store.refreshItem(apple);
    expect(store.$cartState.get().cart?.CartItems[0]).toMatchObject({ SellingPrice: 99 });
  });
});

describe('Check Stock, Order and Clear Cart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    signIn(asha);
  });

  it('Check Stock goes out after 1 s, names what is short and reloads the cart from the server', async () => {
    await store.changeQuantity(apple, 2);
    await store.changeQuantity(cherry, 1);
    const done = store.checkStock();
    expect(store.$cartPending.get()).toBe(true);
    expect(store.$cartNotice.get()?.text).toBe('Checking stock…');
    await vi.advanceTimersByTimeAsync(990);
    expect(calls('POST /api/cart/create')).toHaveLength(0);
    await settle(done);
    expect(calls('POST /api/cart/create')).toHaveLength(1);
    expect(store.$cartNotice.get()).toMatchObject({
      kind: 'warning',
      text: 'Short of stock: Cherry (asked 1, none left)',
      shortages: [expect.objectContaining({ ItemID: 3, Requested: 1, Available: 0 })],
    });
    expect(store.$cartPending.get()).toBe(false);
    // The local copy was replaced by the server's: every line loaded, nothing unsaved.
    const last = requests.at(-1)?.call;
    expect(last).toBe('GET /api/cart/read');
    const state = store.$cartState.get();
    expect(state.isDirty).toBe(false);
    expect(state.cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.Staus])).toEqual([
      [1, 2, 'loaded'],
      [3, 1, 'loaded'],
    ]);
    expect((await savedCart(asha)).CartItems.map((l) => l.ItemID)).toEqual([1, 3]);
  });

  it('Check Stock says so when everything is in stock', async () => {
    await store.changeQuantity(soap, 3);
    await settle(store.checkStock());
    expect(store.$cartNotice.get()).toMatchObject({ kind: 'success', text: 'Stock checked: all items are available' });
  });

  it('Check Stock of an empty cart sends nothing', async () => {
    await store.checkStock();
    expect(requests).toEqual([]);
    expect(store.$cartNotice.get()?.text).toBe('Your cart is empty: there is nothing to check.');
  });

  it('Order places one order under an Idempotency-Key, takes the stock and empties the cart', async () => {
    await store.changeQuantity(apple, 2);
    const done = store.placeOrder();
    // A second click while the first is under way orders nothing more.
    await store.placeOrder();
    expect(store.$cartNotice.get()?.text).toBe('Placing your order…');
    await settle(done);
    const orders = await orderRows();
    expect(orders).toHaveLength(1);
    expect(store.$cartNotice.get()).toMatchObject({ kind: 'success', text: `Order placed: #${orders[0]?.id}` });
    expect(store.$cartNotice.get()?.orderId).toBe(orders[0]?.id);
    // The placed order as the shop answered it: the cart panel's confirmation summary (issue 37).
    expect(store.$placedOrder.get()).toMatchObject({
      OrderID: orders[0]?.id,
      Status: 'Placed',
      OrderItems: [{ ItemTitle: 'Apple', Qty: 2 }],
    });
    // The next action puts the summary away.
    store.showCartNotice(null);
    expect(store.$placedOrder.get()).toBeNull();
    const sent = calls('POST /api/cart/createorder');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(orders[0]?.idempotency_key).toBe(sent[0]?.key);
    expect(await stockOf(1)).toBe(38);
    expect(store.$cartState.get()).toMatchObject({
      cart: { CustomerID: asha.id, CustomerName: 'Asha Kumar', CartID: asha.id, CartItems: [] },
      isDirty: false,
    });
  });

  it('each Order click has a key of its own', async () => {
    await store.changeQuantity(apple, 1);
    await settle(store.placeOrder());
    await store.changeQuantity(apple, 1);
    await settle(store.placeOrder());
    const keys = calls('POST /api/cart/createorder').map((r) => r.key);
    expect(new Set(keys).size).toBe(2);
    expect(await orderRows()).toHaveLength(2);
  });

  it('resends an order whose answer was lost with the same key, and orders once', async () => {
    faults.loseOrderAnswers = 1;
    await store.changeQuantity(apple, 2);
    await settle(store.placeOrder());
    const sent = calls('POST /api/cart/createorder');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    const orders = await orderRows();
    expect(orders).toHaveLength(1);
    expect(store.$cartNotice.get()?.text).toBe(`Order placed: #${orders[0]?.id}`);
    expect(await stockOf(1)).toBe(38);
  });

  it('says it cannot tell when every attempt lost its answer', async () => {
    faults.loseOrderAnswers = 10;
    await store.changeQuantity(apple, 1);
    await settle(store.placeOrder());
    expect(calls('POST /api/cart/createorder')).toHaveLength(1 + store.ORDER_RETRIES);
    expect(await orderRows()).toHaveLength(1);
    expect(store.$cartNotice.get()?.text).toBe(
      'We could not tell whether your order went through. Your cart is kept: look in My Orders, or press Order again. It will not be ordered twice.',
    );
    expect(store.$cartState.get().cart?.CartItems.map((l) => l.ItemID)).toEqual([1]);
    // Pressing Order again resends the same key: the shop answers the first order.
    faults.loseOrderAnswers = 0;
    await settle(store.placeOrder());
    const keys = new Set(calls('POST /api/cart/createorder').map((c) => c.key));
    expect(keys.size).toBe(1);
    expect(await orderRows()).toHaveLength(1);
    expect(store.$cartNotice.get()?.text).toMatch(/^Order placed: #/);
  });

  it('a refused order names the short lines and keeps the cart as sent', async () => {
    await store.changeQuantity(apple, 41);
    await store.changeQuantity(soap, 1);
    await settle(store.placeOrder());
    expect(await orderRows()).toHaveLength(0);
    expect(store.$cartNotice.get()).toMatchObject({
      kind: 'error',
      text: 'Order not placed. Short of stock: Apple (asked 41, 40 left)',
      shortages: [expect.objectContaining({ ItemID: 1, Requested: 41, Available: 40 })],
    });
    expect(store.$cartPending.get()).toBe(false);
    expect(store.$cartState.get().cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.Staus])).toEqual([
      [1, 41, 'loaded'],
      [4, 1, 'loaded'],
    ]);
    expect(await stockOf(1)).toBe(40);
  });

  it('Order with nothing to order sends nothing', async () => {
    await store.placeOrder();
    expect(requests).toEqual([]);
    expect(store.$cartNotice.get()?.text).toBe('Your cart is empty: add items before ordering.');
  });

  it('Clear Cart empties the saved cart and the local copy', async () => {
    await saveOnServer(asha, [line(1, 1, 2)]);
    await store.refreshFromServer();
    await settle(store.clearCart());
    expect(calls(`DELETE /api/cartitem/delete/${asha.id}`)).toHaveLength(1);
    expect(store.$cartNotice.get()).toMatchObject({ kind: 'success', text: 'Cart cleared' });
    expect(store.$cartState.get().cart?.CartItems).toEqual([]);
    expect((await savedCart(asha)).CartItems).toEqual([]);
  });

  it('a refused request keeps every unsaved line and says the cart is kept', async () => {
    await saveOnServer(asha, [line(4, 3, 1)]);
    await store.refreshFromServer();
    await store.changeQuantity(apple, 2);
    await store.changeQuantity({ ...apple, ItemID: 99_999, ItemTitle: 'Ghost' }, 1);
    await settle(store.checkStock());
    expect(store.$cartNotice.get()?.kind).toBe('error');
    expect(store.$cartNotice.get()?.text).toMatch(
      /^Stock not checked\. Your cart is kept on this device and will be saved when the shop answers\. \(.*item 99999 of store 1, which does not exist/,
    );
    expect(store.$cartPending.get()).toBe(false);
    expect(store.$cartState.get().isDirty).toBe(true);
    expect(store.$cartState.get().cart?.CartItems.map((l) => l.ItemID)).toEqual([4, 1, 99_999]);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^Error Code: 400\nMessage: /));
  });

  it('takes the answered cart when it cannot be read back afterwards', async () => {
    await store.changeQuantity(soap, 1);
    faults.failReads = true;
    await settle(store.checkStock());
    expect(store.$cartNotice.get()?.text).toBe('Stock checked: all items are available');
    expect(store.$cartState.get().isDirty).toBe(false);
    expect(store.$cartState.get().cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.Staus])).toEqual([[4, 1, 'loaded']]);
    expect(store.$cartLoad.get()).toEqual({
      state: 'failed',
      message: 'The shop could not complete this just now. Please try again in a minute.',
    });
  });
});

describe('autosave and guest carts (issue 12)', () => {
  it('saves a signed-in cart 1 s after the last change, once for quick changes', async () => {
    signIn(asha);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = store.startCart();
    await settle(store.refreshFromServer());
    requests = [];
    await store.changeQuantity(apple, 1);
    await store.changeQuantity(apple, 2);
    await store.changeQuantity(soap, 1);
    expect(store.$cartSave.get()).toEqual({ state: 'waiting' });
    await vi.advanceTimersByTimeAsync(900);
    expect(calls('POST /api/cart/create')).toHaveLength(0);
    await settle(
      (async () => {
        while (store.$cartSave.get().state !== 'saved') await vi.advanceTimersByTimeAsync(50);
      })(),
    );
    expect(calls('POST /api/cart/create')).toHaveLength(1);
    expect(store.$cartState.get().isDirty).toBe(false);
    expect((await savedCart(asha)).CartItems.map((l) => [l.ItemID, l.Qty])).toEqual([
      [1, 2],
      [4, 1],
    ]);
    stop();
  });

  it('keeps every line when the save fails, says so, and saves when the shop answers again', async () => {
    signIn(asha);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = store.startCart();
    await settle(store.refreshFromServer());
    faults.failSaves = true;
    await store.changeQuantity(apple, 3);
    await settle(
      (async () => {
        while (store.$cartSave.get().state !== 'failed') await vi.advanceTimersByTimeAsync(50);
      })(),
    );
    expect(store.$cartSave.get()).toEqual({
      state: 'failed',
      message:
        'Your cart is kept on this device and will be saved when the shop answers. (The shop could not complete this just now. Please try again in a minute.)',
    });
    expect(store.$cartState.get().cart?.CartItems.map((l) => [l.ItemID, l.Qty])).toEqual([[1, 3]]);
    expect(store.$cartState.get().isDirty).toBe(true);
    expect(getTestStorage()[CART_STATE_KEY]).toContain('"Qty":3');
    faults.failSaves = false;
    await settle(
      (async () => {
        while (store.$cartSave.get().state !== 'saved') await vi.advanceTimersByTimeAsync(100);
      })(),
    );
    expect((await savedCart(asha)).CartItems.map((l) => [l.ItemID, l.Qty])).toEqual([[1, 3]]);
    stop();
  });

  it('merges a guest cart into the account cart after sign-in, keeping the larger quantity', async () => {
    await saveOnServer(asha, [line(1, 1, 5), line(4, 3, 1)]);
    await store.changeQuantity(apple, 2);
    await store.changeQuantity(soap, 4);
    await store.changeQuantity(cherry, 1);
    signIn(asha);
    expect(await store.adoptGuestCart()).toBe(true);
    expect(calls('POST /api/cart/merge')).toHaveLength(1);
    const merged = [
      [1, 5],
      [4, 4],
      [3, 1],
    ];
    expect((await savedCart(asha)).CartItems.map((l) => [l.ItemID, l.Qty])).toEqual(merged);
    const { cart, isDirty } = store.$cartState.get();
    expect(cart?.CartID).toBe(asha.id);
    expect(isDirty).toBe(false);
    expect(cart?.CartItems.map((l) => [l.ItemID, l.Qty])).toEqual(merged);
  });

  it('keeps the guest lines when the merge fails, to merge them later', async () => {
    await store.changeQuantity(apple, 2);
    signIn(asha);
    await server.close();
    try {
      expect(await store.adoptGuestCart()).toBe(false);
    } finally {
      server = await listen(front, '127.0.0.1', server.port);
    }
    expect(store.$cartState.get().cart?.CartID).toBe(0);
    expect(store.$cartSave.get()).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('The shop could not be reached'),
    });
    expect(store.$myCart.get().cart?.CartItems.map((l) => [l.ItemID, l.Qty])).toEqual([[1, 2]]);
  });
});
