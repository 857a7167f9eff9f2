import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { friendlyMessage } from '../lib/api/account.ts';
import { createCartApi, isUncertain, type OrderDeliveryInput, shortagesOf } from '../lib/api/cart.ts';
import { ServiceError } from '../lib/api/errors.ts';
import type { SignedInUser } from '../lib/domain/auth.ts';
import type { CartItemSource } from '../lib/domain/cart.ts';
import {
  type CartDto,
  type CartItemDto,
  type CartLineItem,
  type CartState,
  type Customer,
  cartFor,
  changeQuantity as changeCartQuantity,
  clampQty,
  decodeCartState,
  EMPTY_CART_STATE,
  emptyCart,
  GUEST_CUSTOMER,
  isGuestCart,
  quantityOf,
  refreshItem as refreshCartItem,
  removeLine as removeCartLine,
  type ShortageDto,
} from '../lib/domain/cart.ts';
import { mergeWithServer, serverNow } from '../lib/domain/cart-sync.ts';
import { CART_NOTICE_KEY, CART_STATE_KEY } from '../lib/domain/storage-keys.ts';
import { CART_CHANGED_EVENT, LOCAL_CART_EVENT } from '../page-scripts/page-events.ts';
import { $jtoken, $user, accountApi, api, authorize } from './session.ts';

/**
 * The cart of spec §4 in the browser: the cart state machine of
 * `lib/domain/cart.ts` kept in localStorage under `cartState`, shared by every
 * tab, plus the actions that read it from the server and send it back (Check
 * Stock, Order, Clear Cart). Components read the stores and call the actions;
 * they never `set()` a store.
 *
 * Issue 12 departs from spec §4/§8 in three places, so that a cart is never lost:
 * - a guest fills a cart too (CartID 0); after sign-in it is merged into the
 *   account's (`adoptGuestCart`, `POST /api/cart/Merge`);
 * - a signed-in account's changes are saved to the server 1 s after the last one
 *   (`POST /api/cart/Create`), and a saved cart is read back once a page;
 * - the local copy is replaced only by a cart the server has answered: a failed
 *   save, order or read keeps every local line and says so (spec §8 drops it).
 */

/** Spec §9: cart requests go out after this delay. */
export const CART_REQUEST_DELAY_MS = 1000;
/** How often an order whose answer was lost is sent again, with the same Idempotency-Key. */
export const ORDER_RETRIES = 2;
const ORDER_RETRY_DELAY_MS = 500;

export type { CartItemSource };
export { decodeCartState };

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

/** The cart this browser shows (issue 12): the signed-in account's, or a guest's. */
export const $myCart = computed([$cartState, $user], (state, user) => cartFor(state, accountId(user)));

/** Saving the signed-in account's changes: all saved, waiting the 1 s delay, under way, or failed (kept locally). */
export type CartSave =
  | { state: 'saved' }
  | { state: 'waiting' }
  | { state: 'saving' }
  | { state: 'failed'; message: string };

export const $cartSave = atom<CartSave>({ state: 'saved' });

/** The cart and order calls with the signed-in account's token. */
export const cartApi = createCartApi(api);

function signedInAccount(): { user: SignedInUser; id: number } | null {
  if (!authorize()) return null;
  const user = $user.get();
  const id = accountId(user);
  return user === null || id === null ? null : { user, id };
}

const ownState = (id: number | null): CartState => cartFor($cartState.get(), id);

/**
 * The `SyncedTime` a save sends: when this copy last read the saved cart, or the
 * oldest time for a copy never read. Always sent, so the server keeps each
 * line's newer change and the lines other devices added (issue 36).
 */
const syncedTimeOf = (state: CartState): string => state.syncedTime ?? new Date(0).toISOString();

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A cart as the server answered it, without what Check Stock adds. */
function asCart(answer: CartDto): CartDto {
  const { CustomerID, CustomerName, CartID, CartItems, RemovedLines, ReadTime } = answer;
  return { CustomerID, CustomerName, CartID, CartItems, RemovedLines, ReadTime };
}

/**
 * Takes a cart the server answered into the local copy (issue 36: each line
 * keeps its newer change, `mergeWithServer`). The answer to a write (a save, an
 * order, Clear Cart) replaces the copy it was sent from; a copy changed since
 * `sent` was read keeps those later changes, to be saved in turn. A guest cart
 * changed while it was being merged is kept, to be merged in turn.
 */
function install(answer: CartDto, sent: CartState, how: 'read' | 'write'): void {
  const now = $cartState.get();
  if (now !== sent && isGuestCart(now)) return;
  const from = how === 'write' && now === sent ? EMPTY_CART_STATE : now;
  $cartState.set(mergeWithServer(from, asCart(answer)));
}

let loading: Promise<boolean> | null = null;

/**
 * Reads the cart from the server (`GET /api/cart/Read`) into `$cartState`, each
 * line keeping its newer change (issue 36). After a write whose answer was not a
 * cart (a refused order saved the posted lines), `how` is 'write': the server's
 * copy then replaces a local copy that has not changed since the read began.
 * Resolves false when it could not, leaving `$cartLoad` failed with a message
 * and the local copy as it was; one read at a time.
 */
export function refreshFromServer(how: 'read' | 'write' = 'read'): Promise<boolean> {
  if (loading !== null) return loading;
  const run = (async () => {
    $cartLoad.set({ state: 'loading' });
    const before = $cartState.get();
    try {
      install(await cartApi.read(), before, how);
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

/** How long a failed save waits before it tries again: 2 s, doubling, at most 30 s. */
const retryDelay = (failures: number) => Math.min(30_000, 2000 * 2 ** Math.max(0, failures - 1));

let saveTimer: ReturnType<typeof setTimeout> | undefined;
let saving: Promise<boolean> | null = null;
let failures = 0;

/** The message a failed save leaves: plain about the cart being kept. */
export function keptMessage(err: unknown): string {
  const why = err instanceof ServiceError && err.status === 0 ? 'The shop could not be reached' : friendlyMessage(err);
  return `Your cart is kept on this device and will be saved when the shop answers. (${why})`;
}

/**
 * Saves the signed-in account's unsaved cart now: a guest cart waiting to be
 * merged through `POST /api/cart/Merge`, the account's own through `POST
 * /api/cart/Create`. The answer replaces the local copy (unless it changed
 * meanwhile); a failure keeps every local line, sets `$cartSave` failed and
 * tries again later. Resolves whether the cart is saved.
 */
export function saveNow(): Promise<boolean> {
  clearTimeout(saveTimer);
  if (saving !== null) return saving.then(() => saveNow());
  const run = (async () => {
    const account = signedInAccount();
    if (account === null) return false;
    const sent = $cartState.get();
    const mine = cartFor(sent, account.id);
    if (mine.cart === null || !(mine.isDirty || isGuestCart(mine))) {
      $cartSave.set({ state: 'saved' });
      return true;
    }
    $cartSave.set({ state: 'saving' });
    try {
      const answer = isGuestCart(mine)
        ? await cartApi.merge(mine.cart)
        : await cartApi.checkStock(mine.cart, syncedTimeOf(mine));
      install(answer, sent, 'write');
      failures = 0;
      $cartSave.set({ state: 'saved' });
      return true;
    } catch (err) {
      failures++;
      $cartSave.set({ state: 'failed', message: keptMessage(err) });
      // A sign-in that has ended cannot save: the cart waits for the next sign-in.
      if (!(err instanceof ServiceError && err.status === 401)) scheduleSave(retryDelay(failures));
      return false;
    } finally {
      saving = null;
    }
  })();
  saving = run;
  return run;
}

/** Saves the cart once it has been left alone for `delay` ms (spec §9's 1 s). */
function scheduleSave(delay: number = CART_REQUEST_DELAY_MS): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void saveNow(), delay);
}

function onStateChange(state: CartState): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  const account = signedInAccount();
  if (account === null) return;
  const mine = cartFor(state, account.id);
  if (mine.isDirty || isGuestCart(mine)) {
    if ($cartSave.get().state !== 'failed') $cartSave.set({ state: 'waiting' });
    scheduleSave();
  }
}

let readThisPage = false;

/**
 * Spec §4's startup, for a signed-in account: unsaved changes (or a guest cart
 * to merge) are saved; otherwise the saved cart is read once a page, so a cart
 * changed on another device shows here.
 */
function sync(): void {
  const account = signedInAccount();
  if (account === null) return;
  const mine = ownState(account.id);
  if (mine.isDirty || isGuestCart(mine)) scheduleSave();
  else if ((!readThisPage || mine.cart === null) && loading === null) {
    readThisPage = true;
    void refreshFromServer();
  }
}

/** The first-paint script changed the stored cart itself (before the islands loaded): take its copy. */
function takeLocalCopy(): void {
  try {
    $cartState.set(decodeCartState(window.localStorage.getItem(CART_STATE_KEY) ?? undefined));
  } catch {
    // Storage switched off: nothing was stored.
  }
}

let watchers = 0;
let stop: (() => void) | undefined;

/**
 * Starts the cart for an island: for a signed-in account, saves unsaved changes
 * or reads the saved cart, now and whenever the token changes (another tab
 * signing in), and saves every later change after the 1 s delay. Every island
 * may call it; the returned function stops its share.
 */
export function startCart(): () => void {
  if (watchers++ === 0) {
    const unToken = $jtoken.subscribe(() => sync());
    const unState = $cartState.listen(onStateChange);
    const online = () => {
      if ($cartSave.get().state === 'failed') void saveNow();
    };
    if (typeof window !== 'undefined') {
      window.addEventListener(LOCAL_CART_EVENT, takeLocalCopy);
      window.addEventListener('online', online);
    }
    stop = () => {
      unToken();
      unState();
      clearTimeout(saveTimer);
      if (typeof window !== 'undefined') {
        window.removeEventListener(LOCAL_CART_EVENT, takeLocalCopy);
        window.removeEventListener('online', online);
      }
    };
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    if (--watchers === 0) {
      stop?.();
      stop = undefined;
    }
  };
}

/**
 * After sign-in (issue 12): a guest cart in local storage is merged into the
 * account's cart on the server, and the merged cart read back; another account's
 * leftover copy is dropped. A failed merge keeps the guest's lines, to be merged
 * by the next page's start. Resolves whether the cart is the server's now.
 */
export async function adoptGuestCart(): Promise<boolean> {
  const account = signedInAccount();
  if (account === null) return false;
  const state = $cartState.get();
  if (isGuestCart(state)) return saveNow();
  if (state.cart !== null && state.cart.CartID !== account.id) $cartState.set(EMPTY_CART_STATE);
  if (ownState(account.id).isDirty) return saveNow();
  return refreshFromServer();
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
  try {
    if (user.roles.includes('Employee')) {
      const employee = await accountApi.employeeDetails(id);
      return { id: employee.EmployeeId, fullName: employee.FullName };
    }
    const endUser = await accountApi.userDetails(id);
    return { id: endUser.EndUserId, fullName: endUser.FullName };
  } catch {
    // The change must not be lost to a failed read: the server names the cart when it saves it.
    return { id, fullName: '' };
  }
}

function asItem(source: CartItemSource): CartLineItem {
  // The state machine reads only the fields a cart line copies; the rest of an ItemDto is page content.
  return { ...source, DbID: 0, SectionID: null, ItemMetaDescription: '', ItemContent: '' };
}

/** How a quantity change ended. */
export type ChangeOutcome = 'changed' | 'unchanged' | 'signed-out';

/**
 * Sets the quantity of `item` in the cart (spec §4, through the domain's
 * `changeQuantity`). A guest's change goes to the guest cart (issue 12). For a
 * signed-in account with no cart yet, one is created after reading its details
 * (Employee details for employees, User details otherwise; without a name when
 * that read fails); a server read under way is awaited first.
 */
export function changeQuantity(item: CartItemSource, qty: number): Promise<ChangeOutcome> {
  return serially(async () => {
    const account = signedInAccount();
    const id = account?.id ?? null;
    const wanted = clampQty(qty, item.MaxQtyPerItem);
    let customer: Customer | undefined = account === null ? GUEST_CUSTOMER : undefined;
    if (account !== null && ownState(account.id).cart === null && wanted > 0) {
      if (loading !== null) await loading;
      if (ownState(account.id).cart === null) customer = await fetchCustomer(account.user, account.id);
      if (accountId($user.get()) !== account.id) return 'signed-out';
    }
    const state = ownState(id);
    const next = changeCartQuantity(state, asItem(item), wanted, customer, serverNow(state));
    if (next === state) return 'unchanged';
    $cartState.set(next);
    return 'changed';
  });
}

/** Removes an item's line from the cart (the cart panel's Remove button). */
export function removeFromCart(item: Pick<CartItemSource, 'ItemID' | 'StoreID'>): void {
  const state = ownState(accountId($user.get()));
  const next = removeCartLine(state, item.ItemID, item.StoreID, serverNow(state));
  if (next !== state) $cartState.set(next);
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
  const state = ownState(accountId($user.get()));
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

/** What a cart action sends back: the notice, and the cart the server now has when it answered one. */
interface ActionResult {
  notice: CartNotice;
  cart?: CartDto;
}

/**
 * Runs a cart action (spec §4): one at a time (`$cartPending`), sent after the
 * 1-second delay, its outcome or failure in `$cartNotice`. When the server
 * answered, its cart replaces the local copy and is read again; when it did not,
 * every local line is kept (issue 12 departs here from spec §8, which drops the
 * local copy and reloads).
 */
async function runAction(
  working: string,
  send: (account: { id: number }, sent: CartState) => Promise<ActionResult>,
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
  clearTimeout(saveTimer);
  try {
    await wait(CART_REQUEST_DELAY_MS);
    if (saving !== null) await saving;
    const sent = $cartState.get();
    const result = await send(account, sent);
    if (result.cart !== undefined) install(result.cart, sent, 'write');
    $cartNotice.set(result.notice);
    $cartSave.set({ state: 'saved' });
    // A read begun before the action answers the cart as it was: wait it out and read again.
    if (loading !== null) await loading;
    await refreshFromServer();
  } catch (err) {
    $cartNotice.set(failed(err));
    // A refused order saved the posted lines as the cart: reading it back loses nothing.
    if (err instanceof ServiceError && err.status === 409) await refreshFromServer('write');
    else if (cartFor($cartState.get(), account.id).isDirty) scheduleSave(retryDelay(++failures));
  } finally {
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
      if (cart === null) return { notice: notice('warning', 'Your cart is empty: there is nothing to check.') };
      const checked = await cartApi.checkStock(cart, syncedTimeOf(ownState(id)));
      if (checked.Shortages.length === 0) {
        return { notice: notice('success', 'Stock checked: all items are available'), cart: checked };
      }
      return {
        notice: notice('warning', `Short of stock: ${describeShortages(checked.Shortages)}`, checked.Shortages),
        cart: checked,
      };
    },
    (err) => notice('error', `Stock not checked. ${keptMessage(err)}`),
  );
}

/** A fresh Idempotency-Key; `randomUUID` needs a secure context, `getRandomValues` does not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The key of an order whose outcome is unknown, kept for the same lines: pressing
// Order again resends it, so the shop answers the first order rather than placing a second.
let unsettled: { key: string; lines: string } | null = null;
const linesOf = (cart: CartDto) =>
  JSON.stringify(cart.CartItems.filter(counts).map((l) => [l.ItemID, l.StoreID, l.Qty]));

/** Every attempt failed without any answer (status 0): the shop was never reached, as far as the browser knows. */
function unreachable(errors: readonly unknown[]): boolean {
  return errors.length > 0 && errors.every((e) => e instanceof ServiceError && e.status === 0);
}

/**
 * Order: places an order for the cart (`POST /api/cart/CreateOrder`) under an
 * Idempotency-Key, resent up to ORDER_RETRIES times with the same key when an
 * answer is lost, so that it can never order twice. A refusal for stock names
 * the short lines; a connection that fails every time is reported as such; only
 * a gateway that lost every answer leaves the outcome unknown. The cart is kept
 * in every case but a placed order. `delivery` is the checkout review's address
 * (without it the server uses My Address). Answers whether the order was placed.
 */
export async function placeOrder(delivery?: OrderDeliveryInput): Promise<boolean> {
  if ($cartPending.get()) return false;
  const account = signedInAccount();
  if (account !== null && !(ownState(account.id).cart?.CartItems.some(counts) ?? false)) {
    $cartNotice.set(notice('warning', 'Your cart is empty: add items before ordering.'));
    return false;
  }
  const errors: unknown[] = [];
  let placed = false;
  await runAction(
    'Placing your order…',
    async ({ id }) => {
      const cart = ownState(id).cart;
      if (cart === null || !cart.CartItems.some(counts)) {
        return { notice: notice('warning', 'Your cart is empty: add items before ordering.') };
      }
      const lines = linesOf(cart);
      const key = unsettled !== null && unsettled.lines === lines ? unsettled.key : newIdempotencyKey();
      unsettled = { key, lines };
      for (let attempt = 0; ; attempt++) {
        try {
          const order = await cartApi.createOrder(cart, key, delivery);
          unsettled = null;
          placed = true;
          return {
            notice: { ...notice('success', `Order placed: #${order.OrderID}`), orderId: order.OrderID },
            // The shop empties the saved cart when it places an order.
            cart: emptyCart({ id: cart.CartID, fullName: cart.CustomerName }),
          };
        } catch (err) {
          errors.push(err);
          if (attempt >= ORDER_RETRIES || !isUncertain(err)) {
            if (!isUncertain(err)) unsettled = null;
            throw err;
          }
          await wait(ORDER_RETRY_DELAY_MS);
        }
      }
    },
    (err) => {
      const shortages = shortagesOf(err);
      if (shortages.length > 0) {
        return notice('error', `Order not placed. Short of stock: ${describeShortages(shortages)}`, shortages);
      }
      if (unreachable(errors)) {
        const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        return notice(
          'error',
          `${offline ? 'You are offline' : 'The shop could not be reached (the connection failed)'}, so your order is not confirmed. ` +
            'Your cart is kept: press Order again when you are back online. It will not be ordered twice.',
        );
      }
      if (isUncertain(err)) {
        return notice(
          'error',
          'We could not tell whether your order went through. Your cart is kept: look in My Orders, or press Order again. It will not be ordered twice.',
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
    async ({ id }) => ({ notice: notice('success', 'Cart cleared'), cart: await cartApi.clear(id) }),
    (err) => notice('error', `Cart not cleared. ${keptMessage(err)}`),
  );
}

/** Shows a notice in the cart panel (or clears it). */
export function showCartNotice(next: CartNotice | null): void {
  $cartNotice.set(next);
}

/** The notice an earlier page left for the cart panel, shown once. */
export function takeCarriedNotice(): void {
  try {
    const raw = sessionStorage.getItem(CART_NOTICE_KEY);
    if (raw === null) return;
    sessionStorage.removeItem(CART_NOTICE_KEY);
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
    sessionStorage.setItem(CART_NOTICE_KEY, JSON.stringify({ kind: skipped.length > 0 ? 'warning' : 'success', text }));
  } catch {
    // Without session storage the cart page simply shows no notice.
  }
  return { added, skipped, text };
}
