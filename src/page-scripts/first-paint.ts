/**
 * The first-paint script: bundled into one small IIFE at build time
 * (src/publish/client-integration.ts) and inlined in every page's <head>, so it
 * runs before anything is painted and needs no request (its hash is in the
 * Content-Security-Policy the build writes, like every inline script).
 *
 * - As the parser adds the page's elements, it shows what local storage says:
 *   each server-rendered stepper's quantity and "in cart" look (`cartState`),
 *   the Cart count, and the signed-in links and name (`jtoken`): no flash of a
 *   wrong state, no layout shift.
 * - Until the stepper's React island has loaded, it is the steppers' control:
 *   a tap, a key press or a typed quantity changes `cartState` through the same
 *   state machine the island uses (lib/domain/cart.ts), so nothing done before
 *   the island loads is lost and the first tap counts.
 * - The first pointerdown, key press or focus on a stepper asks every
 *   `client:interaction` island to load (src/page-scripts/interaction-directive.ts).
 * - On an account or staff page it sends a visitor who is not signed in to sign in at once.
 * - For a signed-in shopper, after the first paint (when the copy is absent or
 *   over a minute old) and on coming back to the tab, it reads the saved cart so
 *   the steppers and the count show what other devices did (`server-cart.ts`).
 */
import { isAuthorized, signedInUser } from '../lib/domain/auth.ts';
import {
  type CartLineItem,
  type CartState,
  cartCount,
  cartFor,
  changeQuantity,
  clampQty,
  GUEST_CUSTOMER,
  MAX_CART_QTY,
  quantityOf,
} from '../lib/domain/cart.ts';
import { formatQty } from '../lib/domain/cart-limits.ts';
import { serverNow } from '../lib/domain/cart-sync.ts';
import type { ItemDto } from '../lib/domain/catalogue.ts';
import { loginPathFor } from '../lib/domain/return-to.ts';
import { PROFILE_KEY } from '../lib/domain/storage-keys.ts';
import { titleCase } from '../lib/domain/title-case.ts';
import { readCartState as readState, type Signed, storage, whoIsSignedIn, writeCartState } from './local-state.ts';
import { askIslandsToLoad, CART_CHANGED_EVENT, LOCAL_CART_EVENT } from './page-events.ts';
import { followServerCart } from './server-cart.ts';

/** The name beside the profile link: the profile's full name when known, else the name claim in title case. */
function displayName(signed: Signed): string {
  const user = signedInUser(signed.claims);
  if (user === null) return '';
  try {
    const profile = JSON.parse(storage()?.getItem(PROFILE_KEY) ?? 'null') as { id?: unknown; name?: unknown } | null;
    if (profile !== null && String(profile.id) === user.id && typeof profile.name === 'string' && profile.name.trim()) {
      return profile.name.trim();
    }
  } catch {
    // A damaged copy: the claim is shown instead.
  }
  return titleCase(user.name);
}

/**
 * A stepper this script works: one whose island has not hydrated yet (its
 * `astro-island` still has `ssr`), or one a plain page script drew inside
 * `[data-plain-steppers]` (the cart page before React, the search results).
 */
const isLive = (stepper: Element) =>
  stepper.closest('astro-island')?.hasAttribute('ssr') ?? stepper.closest('[data-plain-steppers]') !== null;

/** Shows `state` on one server-rendered stepper that its island has not taken over yet. */
function showStepper(stepper: HTMLElement, state: CartState): void {
  if (!isLive(stepper)) return;
  const [storeId, itemId] = (stepper.dataset.stepper ?? '').split(':').map(Number);
  const qty = quantityOf(state, itemId ?? 0, storeId ?? 0);
  const input = stepper.querySelector<HTMLInputElement>('input');
  if (input !== null && document.activeElement !== input) input.value = String(qty);
  // An item sold by weight or volume shows its quantity as text (`750 g`) in an output instead of a field.
  const output = stepper.querySelector<HTMLOutputElement>('output');
  if (output !== null)
    output.textContent = formatQty(qty, output.dataset.soldBy === 'ByVolume' ? 'ByVolume' : 'ByWeight');
  // The field's (or output's) `max` is the item's most per order, rendered with the stepper.
  const max = Number(input?.max ?? output?.dataset.max) || MAX_CART_QTY;
  stepper.querySelector('[data-step="-1"]')?.setAttribute('aria-disabled', String(qty === 0));
  stepper.querySelector('[data-step="1"]:not([data-add])')?.setAttribute('aria-disabled', String(qty >= max));
  stepper.toggleAttribute('data-in-cart', qty > 0);
  stepper.toggleAttribute('data-at-max', qty >= max);
}

function showNav(root: ParentNode, signed: Signed, count: number): void {
  const signedIn = signed.claims !== null;
  const employee = signedIn && isAuthorized(signed.claims, Date.now(), 'Employee');
  for (const el of root.querySelectorAll<HTMLElement>('[data-nav="signed-in"]')) el.hidden = !signedIn;
  for (const el of root.querySelectorAll<HTMLElement>('[data-nav="guest"]')) el.hidden = signedIn;
  for (const el of root.querySelectorAll<HTMLElement>('[data-nav="employee"]')) el.hidden = !employee;
  // Guests see Cart once they have put something in it: opening it asks them to sign in.
  for (const el of root.querySelectorAll<HTMLElement>('[data-nav="cart"]')) el.hidden = !signedIn && count === 0;
  for (const el of root.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    el.textContent = count === 0 ? '' : count > 99 ? '99+' : String(count);
    el.hidden = count === 0;
  }
  for (const el of root.querySelectorAll<HTMLElement>('[data-cart-count-label]')) {
    el.textContent = count === 0 ? '' : ` (${count} ${count === 1 ? 'item' : 'items'})`;
  }
  const name = displayName(signed);
  for (const el of root.querySelectorAll<HTMLElement>('[data-nav-name]')) el.textContent = name;
  // The guest's Sign in comes back to this page (issue 37).
  const back = loginPathFor(`${location.pathname}${location.search}`);
  for (const el of root.querySelectorAll<HTMLAnchorElement>('a[data-sign-in]')) el.setAttribute('href', back);
}

function showAll(root: ParentNode): void {
  const signed = whoIsSignedIn();
  const state = cartFor(readState(), signed.id);
  showNav(root, signed, cartCount(state));
  for (const stepper of root.querySelectorAll<HTMLElement>('[data-stepper]')) showStepper(stepper, state);
}

function itemOf(stepper: HTMLElement): CartLineItem | null {
  try {
    const source = JSON.parse(stepper.dataset.item ?? '') as Omit<ItemDto, 'DbID' | 'SectionID'> &
      Partial<Pick<CartLineItem, 'MaxQtyPerItem'>>;
    const max = typeof source.MaxQtyPerItem === 'number' ? source.MaxQtyPerItem : MAX_CART_QTY;
    return { ...source, MaxQtyPerItem: max, DbID: 0, SectionID: null, ItemMetaDescription: '', ItemContent: '' };
  } catch {
    return null;
  }
}

/** Sets the quantity of a stepper's item in `cartState`, as the island would (spec §4). */
function setQuantity(stepper: HTMLElement, wanted: number): void {
  const item = itemOf(stepper);
  const store = storage();
  if (item === null || store === null) return;
  const signed = whoIsSignedIn();
  const state = cartFor(readState(), signed.id);
  // A signed-in account without a cart gets one named after it; the island fills in the full name.
  const customer = signed.id === null ? GUEST_CUSTOMER : { id: signed.id, fullName: '' };
  const next = changeQuantity(
    state,
    item,
    clampQty(wanted, item.MaxQtyPerItem, item.Step ?? 1),
    customer,
    serverNow(state),
  );
  if (next !== state) {
    writeCartState(next);
    window.dispatchEvent(new Event(LOCAL_CART_EVENT));
  }
  showAll(document);
}

function stepperOf(target: EventTarget | null): HTMLElement | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-stepper]') : null;
  return el !== null && isLive(el) ? el : null;
}

function current(stepper: HTMLElement): number {
  const [storeId, itemId] = (stepper.dataset.stepper ?? '').split(':').map(Number);
  return quantityOf(cartFor(readState(), whoIsSignedIn().id), itemId ?? 0, storeId ?? 0);
}

function listen(): void {
  const wake = (e: Event) => {
    if (stepperOf(e.target) !== null) askIslandsToLoad();
  };
  document.addEventListener('pointerdown', wake, true);
  document.addEventListener('keydown', wake, true);
  document.addEventListener('focusin', wake, true);
  // Bubbling listeners: a hydrated island's own handlers run first, and its island is then no longer `ssr`.
  document.addEventListener('click', (e) => {
    const stepper = stepperOf(e.target);
    const step = (e.target as Element).closest?.('[data-step]')?.getAttribute('data-step');
    if (stepper === null || step === undefined || step === null) return;
    // `data-step` is the direction; an item sold by weight or volume moves by its Step (g or ml).
    const unit = Number(stepper.dataset.qtyStep) || 1;
    const next = current(stepper) + Number(step) * unit;
    setQuantity(stepper, next);
    // At 0 the stepper is one Add button, from 1 the − quantity + row: the focus follows to the one now shown.
    if (stepper.contains(document.activeElement) || document.activeElement === document.body) {
      if (step === '1' && next === unit) stepper.querySelector<HTMLElement>('[data-step="1"]:not([data-add])')?.focus();
      if (step === '-1' && next <= 0) stepper.querySelector<HTMLElement>('[data-add]')?.focus();
    }
  });
  const typed = (e: Event) => {
    const stepper = stepperOf(e.target);
    const input = e.target;
    if (stepper === null || !(input instanceof HTMLInputElement)) return;
    const text = input.value.trim();
    if (/^-?\d+$/.test(text)) setQuantity(stepper, Number(text));
    else input.value = String(current(stepper));
  };
  document.addEventListener('change', typed);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') typed(e);
  });
  // Another tab, or this page's islands, changed the cart or the sign-in.
  window.addEventListener('storage', () => showAll(document));
  window.addEventListener(CART_CHANGED_EVENT, () => showAll(document));
}

const NAV = '[data-nav], [data-nav-name], [data-cart-count], [data-cart-count-label]';

/** Runs in <head>: shows each element as the parser adds it, then everything once more when the page is parsed. */
export function firstPaint(): void {
  // Account and staff pages (`data-sign-in-first`, Base.astro): a visitor who is not signed in is sent to sign in
  // (and back afterwards) before anything is painted, rather than after the gate's island has loaded (spec §6).
  if (document.documentElement.hasAttribute('data-sign-in-first') && whoIsSignedIn().claims === null) {
    location.replace(loginPathFor(`${location.pathname}${location.search}`));
    return;
  }
  listen();
  followServerCart();
  const seen = new MutationObserver((records) => {
    const steppers = new Set<HTMLElement>();
    let nav = false;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        // The parser adds a stepper before its buttons and field: show it once they are there.
        const stepper = node.closest<HTMLElement>('[data-stepper]');
        if (stepper !== null) steppers.add(stepper);
        if (node.matches(NAV)) nav = true;
      }
    }
    if (steppers.size === 0 && !nav) return;
    const signed = whoIsSignedIn();
    const state = cartFor(readState(), signed.id);
    if (nav) showNav(document, signed, cartCount(state));
    for (const stepper of steppers) showStepper(stepper, state);
  });
  seen.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', () => {
    seen.disconnect();
    showAll(document);
  });
}
