import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { friendlyMessage } from '../lib/api/account.ts';
import { createCartApi } from '../lib/api/cart.ts';
import type { SignedInUser } from '../lib/domain/auth.ts';
import {
  type CartDto,
  type CartItemSource,
  type CartLineItem,
  type CartState,
  type Customer,
  cartFor,
  changeQuantity as changeCartQuantity,
  chooseSubstitution as chooseCartSubstitution,
  clampQty,
  EMPTY_CART_STATE,
  GUEST_CUSTOMER,
  isGuestCart,
  refreshItem as refreshCartItem,
  removeLine as removeCartLine,
} from '../lib/domain/cart.ts';
import { decodeCartState } from '../lib/domain/cart-storage.ts';
import { mergeWithServer, serverNow } from '../lib/domain/cart-sync.ts';
import { CART_STATE_KEY } from '../lib/domain/storage-keys.ts';
import type { Substitution } from '../lib/domain/substitutions.ts';
import { $user, accountApi, api, authorize } from './session.ts';

/**
 * The cart of spec §4 in the browser, its state: the cart state machine of
 * `lib/domain/cart.ts` kept in localStorage under `cartState`, shared by every
 * tab; the quantity changes the steppers make; reading the saved cart into it
 * (each line keeping its newer change, issue 36). Saving it is `cart-sync.ts`,
 * Check Stock, Order and Clear Cart are `checkout.ts`. Components read the
 * stores and call the actions; they never `set()` a store.
 */

export type { CartItemSource };
export { decodeCartState };

/** The cart plus isDirty (spec §3), in localStorage under `cartState`; the empty state removes the key. */
export const $cartState = persistentAtom<CartState>(CART_STATE_KEY, EMPTY_CART_STATE, {
  encode: (state) => (state.cart === null && !state.isDirty ? undefined : JSON.stringify(state)),
  decode: decodeCartState,
});

/** Reading the cart from the server: under way, failed (with a message for people), or neither. */
export type CartLoad = { state: 'idle' } | { state: 'loading' } | { state: 'failed'; message: string };

export const $cartLoad = atom<CartLoad>({ state: 'idle' });

export function accountId(user: SignedInUser | null): number | null {
  const id = Number(user?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The cart this browser shows (issue 12): the signed-in account's, or a guest's. */
export const $myCart = computed([$cartState, $user], (state, user) => cartFor(state, accountId(user)));

/** The cart and order calls with the signed-in account's token. */
export const cartApi = createCartApi(api);

export function signedInAccount(): { user: SignedInUser; id: number } | null {
  if (!authorize()) return null;
  const user = $user.get();
  const id = accountId(user);
  return user === null || id === null ? null : { user, id };
}

export const ownState = (id: number | null): CartState => cartFor($cartState.get(), id);

/**
 * The `SyncedTime` a save sends: when this copy last read the saved cart, or the
 * oldest time for a copy never read. Always sent, so the server keeps each
 * line's newer change and the lines other devices added (issue 36).
 */
export const syncedTimeOf = (state: CartState): string => state.syncedTime ?? new Date(0).toISOString();

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
export function install(answer: CartDto, sent: CartState, how: 'read' | 'write'): void {
  const now = $cartState.get();
  if (now !== sent && isGuestCart(now)) return;
  const from = how === 'write' && now === sent ? EMPTY_CART_STATE : now;
  $cartState.set(mergeWithServer(from, asCart(answer)));
}

let loading: Promise<boolean> | null = null;

/** The read of the saved cart under way, if any (an action waits it out before reading again). */
export function readUnderWay(): Promise<boolean> | null {
  return loading;
}

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
    const wanted = clampQty(qty, item.MaxQtyPerItem, item.Step ?? 1);
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

/** The shopper's substitution choice for a line (issue 33: the cart panel's "If out of stock"). */
export function chooseSubstitution(item: Pick<CartItemSource, 'ItemID' | 'StoreID'>, choice: Substitution): void {
  const state = ownState(accountId($user.get()));
  const next = chooseCartSubstitution(state, item.ItemID, item.StoreID, choice, serverNow(state));
  if (next !== state) $cartState.set(next);
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
