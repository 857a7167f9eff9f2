/**
 * Where each store delivers, on the static pages (issue 31, item 1), without React and without
 * a rebuild: the shopper's PIN code (`DELIVERY_PIN_KEY`, beside `cartState`) and every store's
 * settings read at run time (`GET /api/Store/Delivery`, kept for the browser session for five
 * minutes) mark the item cards of stores that do not deliver there, and the cart page says per
 * store the fee, how much more gives free delivery and the minimum still missing.
 *
 * `site.ts` loads this module by a dynamic import after the first paint, only when a PIN code is
 * kept or the header's PIN form is used: pages of a shopper who never gave one load none of it.
 */

import { apiBaseUrl } from '../lib/api/base-url.ts';
import { type CartItemDto, cartFor } from '../lib/domain/cart.ts';
import {
  DELIVERS_EVERYWHERE,
  type DeliveryRules,
  deliveryWords,
  isPinCode,
  quoteDelivery,
  rulesOfDto,
  type StoreDeliveryDto,
  servesPostalCode,
} from '../lib/domain/delivery-area.ts';
import { rupeesToPaise } from '../lib/domain/money.ts';
import { CART_STATE_KEY, DELIVERY_AREAS_KEY, DELIVERY_PIN_KEY } from '../lib/domain/storage-keys.ts';
import { readCartState, storage, whoIsSignedIn } from './local-state.ts';
import { CART_CHANGED_EVENT, LOCAL_CART_EVENT } from './page-events.ts';

const AREAS_FOR_MS = 5 * 60_000;

type Areas = Map<number, { title: string; rules: DeliveryRules }>;

let areas: Areas | null = null;

function readPin(): string {
  const pin = storage()?.getItem(DELIVERY_PIN_KEY) ?? '';
  return isPinCode(pin) ? pin : '';
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function toAreas(list: StoreDeliveryDto[]): Areas {
  return new Map(list.map((d) => [d.StoreID, { title: d.StoreTitle, rules: rulesOfDto(d) }]));
}

/** Every store's settings: the session's copy while fresh, else one read (a failed read: every store delivers). */
async function loadAreas(): Promise<Areas> {
  if (areas !== null) return areas;
  try {
    const kept = JSON.parse(session()?.getItem(DELIVERY_AREAS_KEY) ?? 'null') as {
      at: number;
      stores: StoreDeliveryDto[];
    } | null;
    if (kept !== null && Date.now() - kept.at < AREAS_FOR_MS && Array.isArray(kept.stores)) {
      areas = toAreas(kept.stores);
      return areas;
    }
  } catch {
    // A damaged copy is read again.
  }
  try {
    const res = await fetch(`${apiBaseUrl()}/api/Store/Delivery`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return new Map();
    const stores = (await res.json()) as StoreDeliveryDto[];
    session()?.setItem(DELIVERY_AREAS_KEY, JSON.stringify({ at: Date.now(), stores }));
    areas = toAreas(stores);
    return areas;
  } catch {
    return new Map();
  }
}

const rulesOf = (all: Areas, storeId: number) => all.get(storeId)?.rules ?? DELIVERS_EVERYWHERE;

/**
 * Marks every item card of a store that does not deliver to `pin` (and unmarks the others), and
 * the item page's price box (`data-delivery-mark`).
 */
function markCards(all: Areas, pin: string): void {
  for (const card of document.querySelectorAll<HTMLElement>(
    '[data-item-card][data-store-id], [data-delivery-mark][data-store-id]',
  )) {
    const served = pin === '' || servesPostalCode(rulesOf(all, Number(card.dataset.storeId)).postalCodes, pin);
    let note = card.querySelector<HTMLElement>('[data-delivery-note]');
    if (served) {
      note?.remove();
      delete card.dataset.undelivered;
      continue;
    }
    card.dataset.undelivered = '';
    if (note === null) {
      note = document.createElement('p');
      note.dataset.deliveryNote = '';
      note.className =
        'relative z-10 mx-2.5 mb-2.5 rounded-lg bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-300 sm:mx-4';
      card.append(note);
    }
    note.textContent = `Not delivered to ${pin}`;
  }
}

function line(text: string, className: string): HTMLElement {
  const p = document.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

/**
 * The cart page's delivery summary: per store of the cart that has delivery settings, what
 * delivering its lines to `pin` costs or lacks (the others deliver everywhere, free).
 */
function drawSummary(all: Areas, pin: string): void {
  const box = document.querySelector<HTMLElement>('[data-delivery-summary]');
  if (box === null) return;
  const cart = cartFor(readCartState(), whoIsSignedIn().id).cart;
  const lines = (cart?.CartItems ?? []).filter((l: CartItemDto) => l.Staus !== 'deleted' && l.Qty > 0);
  const parts: HTMLElement[] = [];
  if (lines.length > 0 && pin === '') {
    parts.push(line('Enter your PIN code at the top of the page to see delivery fees.', 'text-slate-700'));
  }
  if (lines.length > 0 && pin !== '') {
    const stores = new Map<number, { title: string; rules: DeliveryRules; subtotal: number }>();
    for (const l of lines) {
      const area = all.get(l.StoreID);
      if (area === undefined) continue;
      const s = stores.get(l.StoreID) ?? { ...area, subtotal: 0 };
      s.subtotal += rupeesToPaise(l.SellingPrice) * l.Qty;
      stores.set(l.StoreID, s);
    }
    if (stores.size === 0) parts.push(line('Every store in your cart delivers there at no fee.', 'text-slate-800'));
    for (const [storeId, s] of stores) {
      const quote = quoteDelivery(s.rules, pin, s.subtotal);
      const item = document.createElement('li');
      item.className = 'py-2';
      item.dataset.deliveryStore = String(storeId);
      item.append(line(s.title, 'font-semibold text-slate-900'));
      const tone = quote.kind === 'ok' ? 'text-slate-800' : 'font-semibold text-berry-700';
      for (const words of deliveryWords(quote, s.title, pin)) item.append(line(words, tone));
      parts.push(item);
    }
  }
  const heading = document.createElement('h2');
  heading.className = 'mb-1 text-lg font-bold text-slate-900';
  heading.textContent = pin === '' ? 'Delivery' : `Delivery to ${pin}`;
  const list = document.createElement('ul');
  list.className = 'divide-y divide-slate-200';
  list.append(...parts.filter((p) => p.tagName === 'LI'));
  box.replaceChildren(...(lines.length === 0 ? [] : [heading, ...parts.filter((p) => p.tagName !== 'LI'), list]));
  box.hidden = lines.length === 0;
}

/** Shows the kept PIN code in the header's PIN form. */
function showPin(pin: string): void {
  for (const text of document.querySelectorAll('[data-pin-text]')) text.textContent = pin === '' ? 'PIN' : pin;
  for (const input of document.querySelectorAll<HTMLInputElement>('[data-pin-form] input[name="pin"]')) {
    if (input !== document.activeElement) input.value = pin;
  }
}

async function redraw(): Promise<void> {
  const pin = readPin();
  showPin(pin);
  const all: Areas = pin === '' ? new Map() : await loadAreas();
  markCards(all, pin);
  drawSummary(all, pin);
}

/**
 * Keeps `raw` as the shopper's PIN code and redraws; answers the problem in words when it is not
 * a PIN code (an empty one forgets the kept code).
 */
async function savePin(raw: string): Promise<string> {
  const pin = raw.trim();
  if (pin !== '' && !isPinCode(pin)) return 'A PIN code is 6 digits, such as 411001.';
  if (pin === '') storage()?.removeItem(DELIVERY_PIN_KEY);
  else storage()?.setItem(DELIVERY_PIN_KEY, pin);
  await redraw();
  return '';
}

let started = false;

/** The header's PIN form: a code is kept, or the problem said, and the form closes. */
function setUpPinForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('[data-pin-form]')) {
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const input = form.elements.namedItem('pin');
      void savePin(input instanceof HTMLInputElement ? input.value : '').then((problem) => {
        const error = form.querySelector('[data-pin-error]');
        if (error !== null) error.textContent = problem;
        if (problem === '') form.closest('details')?.removeAttribute('open');
      });
    });
  }
}

/**
 * Works the header's PIN form, draws the marks and the cart's summary now, and again whenever
 * the cart or the PIN code changes.
 */
export function startDeliveryArea(): void {
  if (started) return;
  started = true;
  setUpPinForms();
  const again = () => void redraw();
  window.addEventListener(LOCAL_CART_EVENT, again);
  window.addEventListener(CART_CHANGED_EVENT, again);
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === DELIVERY_PIN_KEY || e.key === CART_STATE_KEY) again();
  });
  again();
}
