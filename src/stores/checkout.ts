import { atom } from 'nanostores';
import { friendlyMessage } from '../lib/api/account.ts';
import { isUncertain, type OrderDeliveryInput, shortagesOf } from '../lib/api/cart.ts';
import { ServiceError } from '../lib/api/errors.ts';
import {
  type CartDto,
  type CartItemDto,
  type CartState,
  cartFor,
  EMPTY_CART_STATE,
  emptyCart,
  isGuestCart,
  quantityOf,
  type ShortageDto,
} from '../lib/domain/cart.ts';
import type { PlacedOrderDto } from '../lib/domain/order-groups.ts';
import { CART_NOTICE_KEY } from '../lib/domain/storage-keys.ts';
import {
  $cartState,
  cartApi,
  changeQuantity,
  install,
  ownState,
  readUnderWay,
  refreshFromServer,
  signedInAccount,
  syncedTimeOf,
} from './cart-state.ts';
import {
  $cartSave,
  CART_REQUEST_DELAY_MS,
  cancelSave,
  keptMessage,
  retrySaveLater,
  saveUnderWay,
} from './cart-sync.ts';

/**
 * The cart's actions (spec §4): Check Stock, Order (under an Idempotency-Key,
 * resent when an answer is lost) and Clear Cart, one at a time, with the notice
 * the cart panel shows; and Order again from My Orders.
 */

/** How often an order whose answer was lost is sent again, with the same Idempotency-Key. */
export const ORDER_RETRIES = 2;
const ORDER_RETRY_DELAY_MS = 500;

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

/** The order the shopper has just placed, as the shop answered it: the cart panel's confirmation summary (issue 37). */
export const $placedOrder = atom<PlacedOrderDto | null>(null);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  $placedOrder.set(null);
  cancelSave();
  try {
    await wait(CART_REQUEST_DELAY_MS);
    await saveUnderWay();
    const sent = $cartState.get();
    const result = await send(account, sent);
    if (result.cart !== undefined) install(result.cart, sent, 'write');
    $cartNotice.set(result.notice);
    $cartSave.set({ state: 'saved' });
    // A read begun before the action answers the cart as it was: wait it out and read again.
    await readUnderWay();
    await refreshFromServer();
  } catch (err) {
    $cartNotice.set(failed(err));
    // A refused order saved the posted lines as the cart: reading it back loses nothing.
    if (err instanceof ServiceError && err.status === 409) await refreshFromServer('write');
    else if (cartFor($cartState.get(), account.id).isDirty) retrySaveLater();
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
  let placed: PlacedOrderDto | null = null;
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
          placed = order;
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
  $placedOrder.set(placed);
  return placed !== null;
}

/**
 * Clear Cart: empties the cart on the server (`DELETE /api/CartItem/Delete/{userId}`);
 * a guest's cart lives only here, and is emptied here (issue 37).
 */
export async function clearCart(): Promise<void> {
  if (signedInAccount() === null) {
    if (isGuestCart($cartState.get())) $cartState.set(EMPTY_CART_STATE);
    $cartNotice.set(notice('success', 'Cart cleared'));
    return;
  }
  await runAction(
    'Clearing your cart…',
    async ({ id }) => ({ notice: notice('success', 'Cart cleared'), cart: await cartApi.clear(id) }),
    (err) => notice('error', `Cart not cleared. ${keptMessage(err)}`),
  );
}

/** Shows a notice in the cart panel (or clears it), putting away the last order's summary. */
export function showCartNotice(next: CartNotice | null): void {
  $cartNotice.set(next);
  $placedOrder.set(null);
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
