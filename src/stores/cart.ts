import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { friendlyMessage } from '../lib/api/account.ts';
import { createCartApi, isUncertain, type OrderDeliveryInput, shortagesOf } from '../lib/api/cart.ts';
import type { CartItemSource } from '../lib/catalogue/views.ts';
import type { SignedInUser } from '../lib/domain/auth.ts';
import {
  CART_ITEM_STATUSES,
  type CartDto,
  type CartItemDto,
  type CartState,
  type Customer,
  changeQuantity as changeCartQuantity,
  clampQty,
  EMPTY_CART_STATE,
  loadedFromServer,
  quantityOf,
  refreshItem as refreshCartItem,
  type ShortageDto,
} from '../lib/domain/cart.ts';
import type { ItemDto } from '../lib/domain/catalogue.ts';
import { $jtoken, $user, accountApi, api, authorize, CART_STATE_KEY } from './session.ts';

/**
 * The cart of spec §4 in the browser: the cart state machine of
 * `lib/domain/cart.ts` kept in localStorage under `cartState`, shared by every
 * tab, plus the actions that read it from the server and send it back (Check
 * Stock, Order, Clear Cart). Components read the stores and call the actions;
 * they never `set()` a store.
 */

/** Spec §9: cart requests go out after this delay. */
export const CART_REQUEST_DELAY_MS = 1000;
/** How often an order whose answer was lost is sent again, with the same Idempotency-Key. */
export const ORDER_RETRIES = 2;
const ORDER_RETRY_DELAY_MS = 500;

export type { CartItemSource };

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const text = (v: unknown): v is string => typeof v === 'string';

function isCartLine(value: unknown): value is CartItemDto {
  if (typeof value !== 'object' || value === null) return false;
  const l = value as Record<string, unknown>;
  return (
    finite(l.ItemID) &&
    finite(l.StoreID) &&
    finite(l.Qty) &&
    finite(l.Availability) &&
    finite(l.UnitPrice) &&
    finite(l.Discount) &&
    finite(l.FlatDiscount) &&
    finite(l.Gst) &&
    finite(l.SellingPrice) &&
    text(l.ItemTitle) &&
    text(l.Size) &&
    text(l.StoreName) &&
    text(l.ItemUpdatedTime) &&
    CART_ITEM_STATUSES.includes(l.Staus as CartItemDto['Staus'])
  );
}

function isCart(value: unknown): value is CartDto {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    finite(c.CartID) &&
    finite(c.CustomerID) &&
    text(c.CustomerName) &&
    Array.isArray(c.CartItems) &&
    c.CartItems.every(isCartLine)
  );
}

/**
 * Reads a stored cart state. Anything that is not one (invalid JSON, another
 * shape, a removed key) is the empty state: a damaged copy costs the unsaved
 * changes, never the page.
 */
export function decodeCartState(stored: unknown): CartState {
  if (typeof stored !== 'string') return EMPTY_CART_STATE;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return EMPTY_CART_STATE;
  }
  if (typeof value !== 'object' || value === null) return EMPTY_CART_STATE;
  const { cart, isDirty } = value as Record<string, unknown>;
  if (typeof isDirty !== 'boolean' || !(cart === null || isCart(cart))) return EMPTY_CART_STATE;
  return { cart, isDirty };
}

/** The cart plus isDirty (spec §3), in localStorage under `cartState`; the empty state removes the key. */
export const $cartState = persistentAtom<CartState>(CART_STATE_KEY, EMPTY_CART_STATE, {
  encode: (state) => (state.cart === null && !state.isDirty ? undefined : JSON.stringify(state)),
  decode: decodeCartState,
});

/** True from a Check Stock, Order or Clear Cart click until the cart is back from the server. */
export const $cartPending = atom<boolean>(false);

/** What the last cart action came to, for the cart panel's live region. */
export interface CartNotice {
  kind: 'working' | 'success' | 'warning' | 'error';
  text: string;
  /** Lines the stock cannot cover (Check Stock, a refused order). */
  shortages: ShortageDto[];
  /** The order just placed. */
  orderId?: number;
}

export const $cartNotice = atom<CartNotice | null>(null);

/** Reading the cart from the server: under way, failed (with a message for people), or neither. */
export type CartLoad = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string };

export const $cartLoad = atom<CartLoad>({ state: 'idle' });

function accountId(user: SignedInUser | null): number | null {
  const id = Number(user?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A stored cart is only ever the signed-in account's: another account's copy counts as none. */
function ownedBy(state: CartState, id: number | null): CartState {
  if (id === null) return EMPTY_CART_STATE;
  return state.cart !== null && state.cart.CartID !== id ? EMPTY_CART_STATE : state;
}

/** The signed-in account's cart state; empty when signed out. */
export const $myCart = computed([$cartState, $user], (state, user) => ownedBy(state, accountId(user)));

/** The cart and order calls with the signed-in account's token. */
export const cartApi = createCartApi(api);

function signedInAccount(): { user: SignedInUser; id: number } | null {
  if (!authorize()) return null;
  const user = $user.get();
  const id = accountId(user);
  return user === null || id === null ? null : { user, id };
}

const ownState = (id: number): CartState => ownedBy($cartState.get(), id);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let loading: Promise<boolean> | null = null;

/**
 * Reads the cart from the server (`GET /api/cart/Read`) into `$cartState`: every
 * line loaded, not dirty (spec §4). Resolves false when it could not, leaving
 * `$cartLoad` failed with a message; one read at a time.
 */
export function refreshFromServer(): Promise<boolean> {
  if (loading !== null) return loading;
  const run = (async () => {
    $cartLoad.set({ state: 'loading' });
    try {
      const cart = await cartApi.read();
      $cartState.set(loadedFromServer(cart));
      $cartLoad.set({ state: 'idle' });
      return true;
    } catch (err) {
      $cartLoad.set({ state: 'failed', message: friendlyMessage(err) });
      return false;
    } finally {
      loading = null;
    }
  })();
  // A read that failed before its first await has already settled (and cleared `loading`): share only a pending one.
  if ($cartLoad.get().state === 'loading') loading = run;
  return run;
}

/** Spec §4's startup: a signed-in account without its cart in local storage reads it from the server. */
function loadIfMissing(): void {
  const account = signedInAccount();
  if (account === null || ownState(account.id).cart !== null || loading !== null) return;
  void refreshFromServer();
}

let watchers = 0;
let unwatch: (() => void) | undefined;

/**
 * Starts the cart for an island: reads it from the server when signed in without
 * a local copy, now and whenever the token changes (another tab signing in).
 * Every island may call it; the returned function stops its share.
 */
export function startCart(): () => void {
  if (watchers++ === 0) unwatch = $jtoken.subscribe(() => loadIfMissing());
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--watchers === 0) {
      unwatch?.();
      unwatch = undefined;
    }
  };
}

// Quantity changes apply one after another: a change waiting for the customer's
// details must not be overtaken by the next click.
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function fetchCustomer(user: SignedInUser, id: number): Promise<Customer> {
  // Spec §4: employees are read through Employee details, everyone else through User details.
  if (user.roles.includes('Employee')) {
    const employee = await accountApi.employeeDetails(id);
    return { id: employee.EmployeeId, fullName: employee.FullName };
  }
  const endUser = await accountApi.userDetails(id);
  return { id: endUser.EndUserId, fullName: endUser.FullName };
}

function asItem(source: CartItemSource): ItemDto {
  // The state machine reads only the fields a cart line copies; the rest of an ItemDto is page content.
  return { ...source, DbID: 0, SectionID: null, ItemMetaDescription: '', ItemContent: '' };
}

/** How a quantity change ended. */
export type ChangeOutcome = 'changed' | 'unchanged' | 'signed-out';

/**
 * Sets the quantity of `item` in the cart (spec §4, through the domain's
 * `changeQuantity`). With no cart yet, one is created for the signed-in
 * account after reading its details (Employee details for employees, User
 * details otherwise); a server read under way is awaited first. Answers
 * `signed-out` without a valid sign-in; rejects with the `ServiceError` of a
 * failed details read, changing nothing.
 */
export function changeQuantity(item: CartItemSource, qty: number): Promise<ChangeOutcome> {
  return serially(async () => {
    const account = signedInAccount();
    if (account === null) return 'signed-out';
    const wanted = clampQty(qty);
    let customer: Customer | undefined;
    if (ownState(account.id).cart === null && wanted > 0) {
      if (loading !== null) await loading;
      if (ownState(account.id).cart === null) customer = await fetchCustomer(account.user, account.id);
      if (accountId($user.get()) !== account.id) return 'signed-out';
    }
    const state = ownState(account.id);
    const next = changeCartQuantity(state, asItem(item), wanted, customer);
    if (next === state) return 'unchanged';
    $cartState.set(next);
    return 'changed';
  });
}

function isNewer(page: string, line: string): boolean {
  const a = Date.parse(page);
  const b = Date.parse(line);
  return Number.isNaN(a) || Number.isNaN(b) ? page !== line : a > b;
}

/**
 * Refreshes the cart's line for `item` with the price fields a page shows when
 * the page's item data is newer than the line's (spec §4: matched by ItemID +
 * StoreID, quantity and status kept). An older page never rolls a line back.
 */
export function refreshItem(item: CartItemSource): void {
  const id = accountId($user.get());
  if (id === null) return;
  const state = ownState(id);
  const line = state.cart?.CartItems.find((l) => l.ItemID === item.ItemID && l.StoreID === item.StoreID);
  if (line === undefined || !isNewer(item.ItemUpdatedTime, line.ItemUpdatedTime)) return;
  const next = refreshCartItem(state, asItem(item));
  if (next !== state) $cartState.set(next);
}

const counts = (line: CartItemDto) => line.Qty > 0 && line.Staus !== 'deleted';

/** `Apple (asked 5, 2 left), Soap (asked 1, none left)`. */
export function describeShortages(shortages: readonly ShortageDto[]): string {
  return shortages
    .map((s) => `${s.ItemTitle} (asked ${s.Requested}, ${s.Available === 0 ? 'none' : s.Available} left)`)
    .join(', ');
}

const notice = (kind: CartNotice['kind'], text: string, shortages: ShortageDto[] = []): CartNotice => ({
  kind,
  text,
  shortages,
});

/**
 * Runs a cart action as spec §4 and §8 have it: one at a time (`$cartPending`),
 * sent after the 1-second delay, its outcome or failure in `$cartNotice`, and
 * afterwards the local copy dropped and the cart read again from the server
 * (replaced by the empty state when that read fails too).
 */
async function runAction(
  working: string,
  send: (account: { id: number }) => Promise<CartNotice>,
  failed: (err: unknown) => CartNotice,
): Promise<void> {
  if ($cartPending.get()) return;
  const account = signedInAccount();
  if (account === null) {
    $cartNotice.set(notice('error', 'Your sign-in has ended. Please sign in again to use your cart.'));
    return;
  }
  $cartPending.set(true);
  $cartNotice.set(notice('working', working));
  try {
    await wait(CART_REQUEST_DELAY_MS);
    $cartNotice.set(await send(account));
  } catch (err) {
    $cartNotice.set(failed(err));
  } finally {
    // A read begun before the action answers the cart as it was: wait it out and read again.
    if (loading !== null) await loading;
    if (!(await refreshFromServer())) $cartState.set(EMPTY_CART_STATE);
    $cartPending.set(false);
  }
}

/**
 * Check Stock: saves the cart on the server (`POST /api/cart/Create`) and tells
 * which lines the stock cannot cover. An empty cart sends nothing.
 */
export async function checkStock(): Promise<void> {
  if ($cartPending.get()) return;
  const account = signedInAccount();
  if (account !== null && (ownState(account.id).cart?.CartItems.length ?? 0) === 0) {
    $cartNotice.set(notice('warning', 'Your cart is empty: there is nothing to check.'));
    return;
  }
  await runAction(
    'Checking stock…',
    async ({ id }) => {
      const cart = ownState(id).cart;
      if (cart === null) return notice('warning', 'Your cart is empty: there is nothing to check.');
      const checked = await cartApi.checkStock(cart);
      if (checked.Shortages.length === 0) return notice('success', 'Stock checked: all items are available');
      return notice('warning', `Short of stock: ${describeShortages(checked.Shortages)}`, checked.Shortages);
    },
    (err) => notice('error', `Stock not checked: ${friendlyMessage(err)}`),
  );
}

/** A fresh Idempotency-Key; `randomUUID` needs a secure context, `getRandomValues` does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Order: places an order for the cart (`POST /api/cart/CreateOrder`) under an
 * Idempotency-Key made for this click, so that resending it after a lost answer
 * can never order twice. A refusal for stock names the short lines. `delivery`
 * is the checkout review's address (without it the server uses My Address).
 * Answers whether the order was placed.
 */
export async function placeOrder(delivery?: OrderDeliveryInput): Promise<boolean> {
  if ($cartPending.get()) return false;
  const account = signedInAccount();
  if (account !== null && !(ownState(account.id).cart?.CartItems.some(counts) ?? false)) {
    $cartNotice.set(notice('warning', 'Your cart is empty: add items before ordering.'));
    return false;
  }
  const key = newIdempotencyKey();
  let placed = false;
  await runAction(
    'Placing your order…',
    async ({ id }) => {
      const cart = ownState(id).cart;
      if (cart === null || !cart.CartItems.some(counts)) {
        return notice('warning', 'Your cart is empty: add items before ordering.');
      }
      for (let attempt = 0; ; attempt++) {
        try {
          const order = await cartApi.createOrder(cart, key, delivery);
          placed = true;
          return { ...notice('success', `Order placed: #${order.OrderID}`), orderId: order.OrderID };
        } catch (err) {
          if (attempt >= ORDER_RETRIES || !isUncertain(err)) throw err;
          await wait(ORDER_RETRY_DELAY_MS);
        }
      }
    },
    (err) => {
      const shortages = shortagesOf(err);
      if (shortages.length > 0) {
        return notice('error', `Order not placed. Short of stock: ${describeShortages(shortages)}`, shortages);
      }
      if (isUncertain(err)) {
        return notice(
          'error',
          'We could not tell whether your order went through. Look in My Orders before you order again.',
        );
      }
      return notice('error', `Order not placed: ${friendlyMessage(err)}`);
    },
  );
  return placed;
}

/** Clear Cart: empties the cart on the server (`DELETE /api/CartItem/Delete/{userId}`). */
export async function clearCart(): Promise<void> {
  await runAction(
    'Clearing your cart…',
    async ({ id }) => {
      await cartApi.clear(id);
      return notice('success', 'Cart cleared');
    },
    (err) => notice('error', `Cart not cleared: ${friendlyMessage(err)}`),
  );
}

/** Where a notice waits while the page changes (order again opens the cart). */
const CARRIED_NOTICE_KEY = 'aisle.cartNotice';

/** Shows a notice in the cart panel (or clears it). */
export function showCartNotice(next: CartNotice | null): void {
  $cartNotice.set(next);
}

/** The notice an earlier page left for the cart panel, shown once. */
export function takeCarriedNotice(): void {
  try {
    const raw = sessionStorage.getItem(CARRIED_NOTICE_KEY);
    if (raw === null) return;
    sessionStorage.removeItem(CARRIED_NOTICE_KEY);
    const parsed = JSON.parse(raw) as { kind?: unknown; text?: unknown };
    if (typeof parsed.text === 'string' && (parsed.kind === 'success' || parsed.kind === 'warning')) {
      $cartNotice.set(notice(parsed.kind, parsed.text));
    }
  } catch {
    // Storage refused or the value was not ours: nothing to show.
  }
}

/** What ordering a past order again came to. */
export interface OrderAgainOutcome {
  added: string[];
  skipped: string[];
  /** The sentence the cart panel shows. */
  text: string;
}

/**
 * Order again: reads past order `orderId` as it can be bought today
 * (`GET /api/Order/Again/{id}`) and puts each line that is still sold into the
 * cart at today's prices through the stepper's state machine (spec §4),
 * adding to what the cart already holds. Leaves a notice for the cart page
 * naming what was added and what could not be, and why.
 */
export async function orderAgain(orderId: number): Promise<OrderAgainOutcome> {
  const lines = await cartApi.orderAgain(orderId);
  const added: string[] = [];
  const skipped: string[] = [];
  for (const line of lines) {
    if (line.Item === null || line.Add === 0) {
      skipped.push(`${line.ItemTitle} (${line.Reason})`);
      continue;
    }
    const account = signedInAccount();
    const current = account === null ? 0 : quantityOf(ownState(account.id), line.ItemID, line.StoreID);
    const outcome = await changeQuantity(line.Item, current + line.Add);
    if (outcome === 'signed-out') throw new Error('Your sign-in has ended. Please sign in again.');
    added.push(
      line.Add < line.Ordered ? `${line.ItemTitle} (${line.Add} of ${line.Ordered}: ${line.Reason})` : line.ItemTitle,
    );
  }
  const parts: string[] = [];
  if (added.length > 0) parts.push(`Added to your cart at today's prices: ${added.join(', ')}.`);
  if (skipped.length > 0) parts.push(`Not added: ${skipped.join(', ')}.`);
  if (parts.length === 0) parts.push('That order has no items to add.');
  const text = parts.join(' ');
  try {
    sessionStorage.setItem(
      CARRIED_NOTICE_KEY,
      JSON.stringify({ kind: skipped.length > 0 ? 'warning' : 'success', text }),
    );
  } catch {
    // Without session storage the cart page simply shows no notice.
  }
  return { added, skipped, text };
}
