/**
 * The same cart on every device (issue 36), without React: reads a signed-in
 * account's saved cart (`GET /api/cart/Read`) into `cartState`, each line
 * keeping its newer change (`mergeWithServer`), then tells the page to show it
 * (`aisle:local-cart` for the cart store, `aisle:cart` for the steppers and the
 * Cart count). Part of the first-paint script, so it costs no request for code;
 * the cart page's script uses it too.
 */
import { type CartDto, isGuestCart } from '../lib/domain/cart.ts';
import { isStale, mergeWithServer } from '../lib/domain/cart-sync.ts';
import { TOKEN_KEY } from '../lib/domain/storage-keys.ts';
import { readCartState, storage, whoIsSignedIn, writeCartState } from './local-state.ts';
import { CART_CHANGED_EVENT, LOCAL_CART_EVENT } from './page-events.ts';

/** The API's origin: the site's own unless the build was pointed elsewhere (`PUBLIC_API_URL`, as `lib/api`). */
function apiBase(): string {
  const env: Record<string, unknown> = import.meta.env ?? {};
  const configured = env.PUBLIC_API_URL;
  return typeof configured === 'string' ? configured.replace(/\/+$/, '') : '';
}

/** The token in `jtoken`, as the session store keeps it (a JSON string). */
export function storedToken(): string {
  const raw = storage()?.getItem(TOKEN_KEY) ?? '';
  try {
    return raw.startsWith('"') ? String(JSON.parse(raw)) : raw;
  } catch {
    return '';
  }
}

let reading: Promise<number> | null = null;

/**
 * Reads the saved cart into `cartState` and answers the HTTP status (0 when the
 * shop could not be reached); one read at a time. A guest, or a guest cart still
 * waiting to be merged by the cart store, reads nothing (answers 0).
 */
export function readServerCart(): Promise<number> {
  if (reading !== null) return reading;
  const signed = whoIsSignedIn();
  if (signed.id === null || isGuestCart(readCartState())) return Promise.resolve(0);
  const run = (async () => {
    try {
      const res = await fetch(`${apiBase()}/api/cart/Read`, {
        headers: { Authorization: `Bearer ${storedToken()}`, Accept: 'application/json' },
      });
      if (!res.ok) return res.status;
      const answer = (await res.json()) as CartDto;
      // Signed out or changed account meanwhile: the answer is not this page's.
      if (whoIsSignedIn().id !== answer.CartID) return res.status;
      writeCartState(mergeWithServer(readCartState(), answer));
      window.dispatchEvent(new Event(LOCAL_CART_EVENT));
      window.dispatchEvent(new Event(CART_CHANGED_EVENT));
      return res.status;
    } catch {
      return 0;
    } finally {
      reading = null;
    }
  })();
  reading = run;
  return run;
}

/** Reads the saved cart when a signed-in account's copy is absent or over a minute old. */
export function readServerCartIfStale(): void {
  const signed = whoIsSignedIn();
  if (signed.id === null) return;
  const state = readCartState();
  const mine = state.cart?.CartID === signed.id ? state : { cart: null, isDirty: false };
  if (isStale(mine)) void readServerCart();
}

/**
 * After the first paint, and whenever the tab comes back to the front (a phone
 * left in the background catches up), a signed-in page reads the saved cart:
 * on arrival only when the copy is stale, on return always.
 */
export function followServerCart(): void {
  // The cart page's own script reads the saved cart on every visit (`cart-page.ts`).
  const arrive = () => {
    if (document.querySelector('[data-cart-early]') === null) readServerCartIfStale();
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(arrive, 0));
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void readServerCart();
  });
}
