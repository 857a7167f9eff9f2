/**
 * The cart page (`/app/cart/my-cart`) before React (issue 30): a small module
 * that shows the cart panel from server-rendered markup and local storage, so a
 * shopper sees their lines and totals right after the first paint, and loads
 * the React cart panel (`CartPanel`, `client:interaction`) only on the first
 * interaction, as the catalogue's steppers do.
 *
 * - Inlined in <head>, it draws as soon as the parser has added the panel
 *   (issue 30: the lines are in the first paint that shows the panel).
 * - Guests see their cart too (issue 37): Check Stock and Order send them to
 *   sign in first, and back here with their lines merged; the sidebar (My Cart,
 *   My Orders) shows only for a signed-in shopper.
 * - The cart: drawn from `cartState` at once, then, signed in, from the server's copy
 *   (`GET /api/cart/Read` through `server-cart.ts`: each line keeps its newer
 *   change, issue 36).
 *   Unsaved changes or a guest cart to merge load the React panel at once, whose
 *   store saves them.
 * - Before React: the steppers are worked by the first-paint script (the lines
 *   sit in `[data-plain-steppers]`), Remove works here, and Check Stock, Order
 *   and Clear Cart are handed to the panel, which runs them when it has loaded
 *   (`data-cart-action` on the document). The panel then takes the focus over
 *   and removes this copy.
 */
import { isAuthorized } from '../lib/domain/auth.ts';
import {
  type CartDto,
  type CartItemDto,
  type CartState,
  cartFor,
  cartItemSourceOf,
  grandTotal,
  isGuestCart,
  linePriceText,
  lineTotal,
  removeLine,
} from '../lib/domain/cart.ts';
import { serverNow } from '../lib/domain/cart-sync.ts';
import { formatRupees as rs } from '../lib/domain/money.ts';
import { loginPathFor } from '../lib/domain/return-to.ts';
import { TOKEN_KEY } from '../lib/domain/storage-keys.ts';
import { substitutionLabel } from '../lib/domain/substitutions.ts';
import { CART_LOOK as L } from './cart-look.ts';
import { readCartState, whoIsSignedIn, writeCartState } from './local-state.ts';
import {
  askIslandsToLoad,
  CART_CHANGED_EVENT,
  LOCAL_CART_EVENT,
  PRESS_END_EVENT,
  PRESSING_ATTRIBUTE,
} from './page-events.ts';
import { readServerCart } from './server-cart.ts';
import { el, stepperElement } from './stepper-markup.ts';

/** The document attribute naming the panel button pressed before React loaded. */
export const QUEUED_ACTION_ATTRIBUTE = 'data-cart-action';

type Load = 'reading' | 'idle' | { failed: string };

let load: Load = 'idle';

function spinner(label: string): HTMLElement {
  return el(
    'div',
    { role: 'status', class: L.spinner },
    el('span', { 'aria-hidden': 'true', class: L.spinnerWheel }),
    el('span', {}, label),
  );
}

function stockNote(line: CartItemDto): string {
  if (line.Qty <= line.Availability) return '';
  return line.Availability === 0 ? 'Out of stock' : `Only ${line.Availability} in stock`;
}

/** The line's "If out of stock" choice as the React panel shows it closed (issue 33); a touch loads the panel. */
function substitutionButton(line: CartItemDto): HTMLElement {
  const words = substitutionLabel(line);
  return el(
    'div',
    { class: 'text-sm font-normal' },
    el(
      'button',
      { type: 'button', class: L.substitution, 'aria-expanded': 'false', 'aria-label': words.label },
      'If out of stock: ',
      el('span', { class: L.substitutionWords }, words.choice),
    ),
  );
}

function lineRow(line: CartItemDto): HTMLElement {
  const price = linePriceText(line);
  const note = stockNote(line);
  return el(
    'tr',
    { class: L.row, 'data-line': `${line.StoreID}:${line.ItemID}` },
    el(
      'th',
      { scope: 'row', class: L.name },
      el('span', { class: L.title }, line.ItemTitle),
      ...(line.Size !== '' ? [el('span', { class: L.size }, line.Size)] : []),
      el('span', { class: L.each }, price.weighed ? price.price : `${price.price} each`),
      ...(price.unitSale !== ''
        ? [
            el(
              'span',
              { class: 'block text-xs font-normal text-slate-700', 'data-unit-price': '' },
              el('span', { class: 'sr-only' }, 'Unit sale price: '),
              `(${price.unitSale})`,
            ),
          ]
        : []),
      ...(note !== '' ? [el('span', { class: L.note }, note)] : []),
      el(
        'button',
        {
          type: 'button',
          class: L.remove,
          'aria-label': `Remove ${line.ItemTitle} from your cart`,
          'aria-disabled': 'false',
          'data-remove': `${line.StoreID}:${line.ItemID}`,
        },
        'Remove',
      ),
      substitutionButton(line),
    ),
    el('td', { class: L.price }, price.price),
    el('td', { class: L.qty }, stepperElement(line, cartItemSourceOf(line), line.Qty, true)),
    el('td', { class: L.lineTotal, 'data-line-total': '' }, rs(lineTotal(line))),
  );
}

function table(cart: CartDto, lines: CartItemDto[]): HTMLElement {
  const head = (text: string, cls: string) => el('th', { scope: 'col', class: cls }, text);
  return el(
    'div',
    { class: L.tableBox },
    el(
      'table',
      { class: L.table },
      el('caption', { class: 'sr-only' }, 'Items in your cart, with prices in Rs'),
      el(
        'thead',
        { class: L.thead },
        el(
          'tr',
          {},
          head('Item Name', L.th),
          head('Price', L.thPrice),
          head('Quantity', L.th),
          head('Total', L.thTotal),
        ),
      ),
      el('tbody', {}, ...lines.map(lineRow)),
      el(
        'tfoot',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'row', colspan: '2', class: L.totalLabelNarrow }, 'Grand total'),
          el('th', { scope: 'row', colspan: '3', class: L.totalLabelWide }, 'Grand total'),
          el('td', { class: L.grandTotal, 'data-grand-total': '' }, rs(grandTotal(cart))),
        ),
      ),
    ),
  );
}

const shownLines = (cart: CartDto) => cart.CartItems.filter((line) => line.Staus !== 'deleted');
// A line's stock note is part of its key: a quantity past the stock redraws the table with the note.
const lineKeys = (lines: CartItemDto[]) => lines.map((l) => `${l.StoreID}:${l.ItemID}:${stockNote(l)}`).join(',');

function myCart(): CartState {
  return cartFor(readCartState(), whoIsSignedIn().id);
}

/** Draws the panel's body from `cartState` (and the server read's progress). */
function draw(body: HTMLElement): void {
  const { cart } = myCart();
  const lines = cart === null ? [] : shownLines(cart);
  // The same lines as drawn: update totals in place, so a stepper being used keeps its focus.
  if (cart !== null && lines.length > 0 && body.dataset.lines === lineKeys(lines)) {
    for (const line of lines) {
      const row = body.querySelector(`[data-line="${line.StoreID}:${line.ItemID}"]`);
      const total = row?.querySelector('[data-line-total]');
      if (total) total.textContent = rs(lineTotal(line));
    }
    const grand = body.querySelector('[data-grand-total]');
    if (grand) grand.textContent = rs(grandTotal(cart));
    return;
  }
  let content: HTMLElement;
  if (cart === null && typeof load === 'object') {
    content = el(
      'div',
      { class: L.box },
      el('p', { class: 'mb-4 text-slate-800' }, `Your cart could not be loaded. ${load.failed}`),
      el('button', { type: 'button', class: L.actionButton, 'data-retry': '' }, 'Try again'),
    );
  } else if (cart === null && whoIsSignedIn().id !== null) {
    content = spinner('Loading your cart…');
  } else if (lines.length === 0) {
    content = el(
      'p',
      { class: L.emptyText },
      'Your cart is empty. ',
      el('a', { href: '/', class: L.link }, 'Browse the shop'),
      ' and add items with the quantity buttons.',
    );
  } else {
    content = table(cart as CartDto, lines);
  }
  body.dataset.lines = cart === null ? '' : lineKeys(lines);
  body.replaceChildren(content);
}

function failureText(status: number): string {
  if (status === 0) return 'We could not reach the shop. Check your internet connection and try again.';
  if (status === 401) return 'Your sign-in has ended. Please sign in again.';
  if (status >= 500) return 'The shop could not complete this just now. Please try again in a minute.';
  return `The shop refused this request (status ${status}).`;
}

/** Reads the saved cart into `cartState` (`server-cart.ts`, each line keeping its newer change), showing progress. */
async function readFromServer(body: HTMLElement): Promise<void> {
  load = 'reading';
  draw(body);
  const status = await readServerCart();
  load = status >= 200 && status < 300 ? 'idle' : { failed: failureText(status) };
  draw(body);
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The cart page is open to guests too (issue 37, a departure from spec §6): the
 * panel shows for everyone; the sidebar of My Cart and My Orders only for a
 * signed-in shopper, checked again when the token changes in another tab and
 * when it expires. Answers whether someone is signed in.
 */
function gate(root: HTMLElement): boolean {
  clearTimeout(expiryTimer);
  const signed = whoIsSignedIn();
  const passed = signed.claims !== null && isAuthorized(signed.claims, Date.now());
  for (const side of document.querySelectorAll<HTMLElement>('[data-plain-gate="hide"]')) side.hidden = !passed;
  const wait = root.querySelector<HTMLElement>('[data-gate-wait]');
  const content = root.querySelector<HTMLElement>('[data-gate-content]');
  if (wait !== null) wait.hidden = true;
  if (content !== null) content.hidden = false;
  const exp = Number(signed.claims?.exp);
  // Checked again when the token expires (5 s early, as the session store counts).
  if (passed && Number.isFinite(exp)) {
    expiryTimer = setTimeout(
      () => gate(root),
      Math.min(2_147_483_647, Math.max(0, (exp - 5) * 1000 - Date.now()) + 50),
    );
  }
  return passed;
}

/** A guest is asked to sign in at Check Stock or Order, and comes back to the cart with its lines merged. */
function signInFirst(): boolean {
  if (whoIsSignedIn().id !== null) return false;
  location.assign(loginPathFor(`${location.pathname}${location.search}`));
  return true;
}

/** Hands a panel button pressed before React to the panel, which runs it when it has loaded. */
function queue(action: string): void {
  document.documentElement.setAttribute(QUEUED_ACTION_ATTRIBUTE, action);
  askIslandsToLoad();
}

/** How long a press that has been let go waits for its click (a tap's comes a moment after the finger lifts). */
const CLICK_AFTER_RELEASE_MS = 500;

/**
 * Marks the panel while a pointer or the space bar is down on it (PRESSING_ATTRIBUTE), until
 * the press's click has been handled or the press has come to nothing. The first touch loads
 * React, which can arrive before the finger lifts: its panel waits for PRESS_END_EVENT, so the
 * click lands on the button that was pressed, not on a copy that has just been removed.
 */
function trackPresses(panel: HTMLElement): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    clearTimeout(timer);
    if (!panel.hasAttribute(PRESSING_ATTRIBUTE)) return;
    panel.removeAttribute(PRESSING_ATTRIBUTE);
    window.dispatchEvent(new Event(PRESS_END_EVENT));
  };
  const released = () => {
    if (!panel.hasAttribute(PRESSING_ATTRIBUTE)) return;
    clearTimeout(timer);
    timer = setTimeout(end, CLICK_AFTER_RELEASE_MS);
  };
  const pressed = () => {
    clearTimeout(timer);
    panel.setAttribute(PRESSING_ATTRIBUTE, '');
  };
  panel.addEventListener('pointerdown', (e) => {
    if (e.isPrimary && e.button === 0) pressed();
  });
  panel.addEventListener('keydown', (e) => {
    if (e.key === ' ' && e.target instanceof HTMLButtonElement) pressed();
  });
  window.addEventListener('pointerup', released, true);
  window.addEventListener('keyup', released, true);
  window.addEventListener('pointercancel', end, true);
  window.addEventListener('blur', end);
  // After the panel's own click handler (added before this one): the press has done its work.
  panel.addEventListener('click', end);
}

function start(): void {
  const root = document.querySelector<HTMLElement>('[data-plain-gate]:not([data-plain-gate="hide"])');
  const panel = document.querySelector<HTMLElement>('[data-cart-early]');
  const body = panel?.querySelector<HTMLElement>('[data-cart-body]');
  if (root === null || panel === null || panel === undefined || body === null || body === undefined) return;
  const signedIn = gate(root);
  window.addEventListener('storage', (e) => {
    if (e.key === TOKEN_KEY || e.key === null) gate(root);
    if (panel.isConnected) draw(body);
  });
  for (const type of [LOCAL_CART_EVENT, CART_CHANGED_EVENT]) {
    window.addEventListener(type, () => {
      if (panel.isConnected) draw(body);
    });
  }
  // Any touch of the panel loads React, as a stepper's does on catalogue pages.
  for (const type of ['pointerdown', 'keydown', 'focusin']) panel.addEventListener(type, askIslandsToLoad, true);
  panel.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    const action = target?.closest<HTMLElement>('[data-cart-action]')?.dataset.cartAction;
    if (action !== undefined) {
      if ((action === 'check' || action === 'order') && signInFirst()) return;
      queue(action);
      return;
    }
    const remove = target?.closest<HTMLElement>('[data-remove]')?.dataset.remove;
    if (remove !== undefined) {
      const [storeId, itemId] = remove.split(':').map(Number);
      const state = myCart();
      const next = removeLine(state, itemId ?? 0, storeId ?? 0, serverNow(state));
      if (next !== state) {
        writeCartState(next);
        window.dispatchEvent(new Event(LOCAL_CART_EVENT));
        window.dispatchEvent(new Event(CART_CHANGED_EVENT));
      }
      return;
    }
    if (target?.closest('[data-retry]') !== null && target !== null) {
      void readFromServer(body);
    }
  });
  trackPresses(panel);
  draw(body);
  if (!signedIn) return;
  const mine = cartFor(readCartState(), whoIsSignedIn().id);
  // Unsaved changes or a guest cart to merge: the cart store saves them, so the panel loads now.
  if (mine.isDirty || isGuestCart(mine)) askIslandsToLoad();
  else void readFromServer(body);
}

/**
 * Runs from <head>: starts the moment the parser has added the panel (the
 * `data-cart-parsed` mark right after it), so the lines are drawn before that
 * markup is first painted; or when the page is parsed, whichever comes first.
 */
function whenParsed(): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    seen.disconnect();
    start();
  };
  const seen = new MutationObserver(() => {
    if (document.querySelector('[data-cart-parsed]') !== null) once();
  });
  if (document.readyState !== 'loading') {
    once();
    return;
  }
  seen.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', once, { once: true });
}

whenParsed();
