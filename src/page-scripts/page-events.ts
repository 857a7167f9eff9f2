/**
 * Names shared by the first-paint script, the interaction directive and the
 * cart store: window events (storage keys are in `lib/domain/storage-keys.ts`).
 * Plain constants, so that the small scripts that import them stay small.
 */

/** Asks every `client:interaction` island to load (the first interaction with a stepper). */
export const HYDRATE_EVENT = 'aisle:hydrate';
/** The first-paint script changed `cartState` itself (before the islands loaded). */
export const LOCAL_CART_EVENT = 'aisle:local-cart';
/**
 * The cart store changed `cartState`, or a page script drew new steppers: the count and
 * the steppers the first-paint script shows follow.
 */
export const CART_CHANGED_EVENT = 'aisle:cart';

/**
 * Asks every `client:interaction` island of the page to load, once: marks the
 * document (an island added later loads at once) and sends HYDRATE_EVENT.
 */
export function askIslandsToLoad(): void {
  const root = document.documentElement;
  if (root.dataset.hydrate !== undefined) return;
  root.dataset.hydrate = '';
  window.dispatchEvent(new Event(HYDRATE_EVENT));
}

/**
 * The cart page's plain copy (src/page-scripts/cart-page.ts) carries this attribute while a
 * pointer or the space bar is down on it: the click that ends the press is the plain
 * button's, so React's panel waits for PRESS_END_EVENT before it takes over.
 */
export const PRESSING_ATTRIBUTE = 'data-pressing';
/** The press on the cart page's plain copy has ended (its click, if any, was handled). */
export const PRESS_END_EVENT = 'aisle:press-end';
