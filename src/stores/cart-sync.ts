import { atom } from 'nanostores';
import { friendlyMessage } from '../lib/api/account.ts';
import { ServiceError } from '../lib/api/errors.ts';
import { type CartState, cartFor, EMPTY_CART_STATE, isGuestCart } from '../lib/domain/cart.ts';
import { decodeCartState } from '../lib/domain/cart-storage.ts';
import { CART_STATE_KEY } from '../lib/domain/storage-keys.ts';
import { CART_CHANGED_EVENT, LOCAL_CART_EVENT } from '../page-scripts/page-events.ts';
import {
  $cartState,
  cartApi,
  install,
  ownState,
  readUnderWay,
  refreshFromServer,
  signedInAccount,
  syncedTimeOf,
} from './cart-state.ts';
import { $jtoken } from './session.ts';

/**
 * Saving the cart (issue 12 departs from spec §4/§8 here, so that a cart is never lost):
 * - a guest fills a cart too (CartID 0); after sign-in it is merged into the
 *   account's (`adoptGuestCart`, `POST /api/cart/Merge`);
 * - a signed-in account's changes are saved to the server 1 s after the last one
 *   (`POST /api/cart/Create` with `SyncedTime`, so each line keeps its newer
 *   change), and a saved cart is read back once a page;
 * - the local copy is replaced only by a cart the server has answered: a failed
 *   save, order or read keeps every local line and says so (spec §8 drops it).
 */

/** Spec §9: cart requests go out after this delay. */
export const CART_REQUEST_DELAY_MS = 1000;

/** Saving the signed-in account's changes: all saved, waiting the 1 s delay, under way, or failed (kept locally). */
export type CartSave =
  | { state: 'saved' }
  | { state: 'waiting' }
  | { state: 'saving' }
  | { state: 'failed'; message: string };

export const $cartSave = atom<CartSave>({ state: 'saved' });

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

/** Stops a save waiting for its delay (an action sends the cart itself). */
export function cancelSave(): void {
  clearTimeout(saveTimer);
}

/** The save under way, if any. */
export function saveUnderWay(): Promise<boolean> | null {
  return saving;
}

/** Tries the save again after the next back-off delay (an action failed without an answer). */
export function retrySaveLater(): void {
  scheduleSave(retryDelay(++failures));
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
  else if ((!readThisPage || mine.cart === null) && readUnderWay() === null) {
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
