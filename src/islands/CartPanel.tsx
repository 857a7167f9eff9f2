import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { type CartItemDto, cartItemSourceOf, grandTotal, linePriceText, lineTotal } from '../lib/domain/cart.ts';
import { formatRupees as rs } from '../lib/domain/money.ts';
import { loginPathFor } from '../lib/domain/return-to.ts';
import { CART_LOOK as L } from '../page-scripts/cart-look.ts';
import { PRESS_END_EVENT, PRESSING_ATTRIBUTE } from '../page-scripts/page-events.ts';
import { $cartLoad, $myCart, refreshFromServer, removeFromCart } from '../stores/cart-state.ts';
import { $cartSave, startCart } from '../stores/cart-sync.ts';
import {
  $cartNotice,
  $cartPending,
  $placedOrder,
  type CartNotice,
  checkStock,
  clearCart,
  showCartNotice,
  takeCarriedNotice,
} from '../stores/checkout.ts';
import { $user } from '../stores/session.ts';
import { Spinner } from './AuthGate.tsx';
import { CheckoutReview } from './CheckoutReview.tsx';
import { OrderConfirmation } from './OrderConfirmation.tsx';
import { QuantityStepper, useHydrated } from './QuantityStepper.tsx';
import { SubstitutionChoice } from './SubstitutionChoice.tsx';

/** Spec §9: the spinner stays this long after the data has arrived. */
const SPINNER_DELAY_MS = 200;

/** True while `on`, and for `ms` after it turns false. */
function useLingering(on: boolean, ms: number): boolean {
  const [lingering, setLingering] = useState(on);
  useEffect(() => {
    if (on) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => setLingering(false), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on || lingering;
}

const NOTICE_STYLE: Record<CartNotice['kind'], string> = {
  working: 'bg-slate-50 text-slate-800 ring-slate-200',
  success: 'bg-brand-50 text-brand-900 ring-brand-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  error: 'bg-rose-50 text-berry-700 ring-rose-200',
};

const actionButton = L.actionButton;
const secondaryButton = L.secondaryButton;
const buttonClass = L.actionButton;

/** What a line's stock says next to its name, when it cannot cover the quantity. */
function stockNote(line: CartItemDto): string {
  if (line.Qty <= line.Availability) return '';
  return line.Availability === 0 ? 'Out of stock' : `Only ${line.Availability} in stock`;
}

/** The document attribute naming a panel button pressed before React (src/page-scripts/cart-page.ts). */
const QUEUED_ACTION = 'data-cart-action';

/** The button the shopper pressed on the cart page's plain copy before this panel loaded, taken once. */
function takeQueuedAction(): string | null {
  const root = document.documentElement;
  const action = root.getAttribute(QUEUED_ACTION);
  root.removeAttribute(QUEUED_ACTION);
  return action;
}

/** The element of `panel` that plays the part `el` played in the plain copy. */
function twinOf(el: Element, panel: Element): HTMLElement | null {
  const action = el.closest<HTMLElement>('[data-cart-action]')?.dataset.cartAction;
  if (action !== undefined) return panel.querySelector(`[data-cart-action="${action}"]`);
  const stepper = el.closest<HTMLElement>('[data-stepper]')?.dataset.stepper;
  if (stepper !== undefined) {
    const step = el.closest<HTMLElement>('[data-step]')?.dataset.step;
    const inTwin = step === undefined ? 'input' : `[data-step="${step}"]`;
    return panel.querySelector(`[data-stepper="${stepper}"] ${inTwin}`);
  }
  const label = el.getAttribute('aria-label');
  return label === null ? null : panel.querySelector(`[aria-label="${CSS.escape(label)}"]`);
}

/**
 * Calls `then` once no press is under way on the cart page's plain copy: at once, or when
 * its click has been handled (src/page-scripts/cart-page.ts). Answers the clean-up.
 */
function afterPlainPress(then: () => void): () => void {
  if (document.querySelector(`[data-cart-early][${PRESSING_ATTRIBUTE}]`) === null) {
    then();
    return () => {};
  }
  const ended = () => {
    window.removeEventListener(PRESS_END_EVENT, ended);
    then();
  };
  window.addEventListener(PRESS_END_EVENT, ended);
  return () => window.removeEventListener(PRESS_END_EVENT, ended);
}

/** Removes the cart page's plain copy, moving the focus to the same control of this panel. */
function takeOverPlainPanel(): void {
  const plain = document.querySelector('[data-cart-early]');
  const panel = document.querySelector('[data-cart-panel]');
  if (plain === null || panel === null) return;
  const focused = document.activeElement;
  const twin = focused !== null && plain.contains(focused) ? twinOf(focused, panel) : null;
  plain.remove();
  twin?.focus();
}

/**
 * The cart panel of `/app/cart/my-cart` (spec §2, §4): Check Stock, Order and
 * Clear Cart, the cart's lines with editable quantities and a grand total, and a
 * polite live region with what the last action came to. Guests see their cart
 * too, and are sent to sign in (and back) at Check Stock or Order (issue 37).
 */
export function CartPanel() {
  const hydrated = useHydrated();
  const { cart } = useStore($myCart);
  const pending = useStore($cartPending);
  const notice = useStore($cartNotice);
  const load = useStore($cartLoad);
  const save = useStore($cartSave);
  const placedOrder = useStore($placedOrder);
  const user = useStore($user);
  // A guest sees the cart too (issue 37) and is asked to sign in at Check Stock or Order.
  const guest = user === null;
  const signInFirst = () => {
    if (!guest) return false;
    location.assign(loginPathFor(`${location.pathname}${location.search}`));
    return true;
  };
  // Clear Cart asks first: the first press shows the question, the answer does it.
  const [confirming, setConfirming] = useState(false);
  const waiting = useLingering(cart === null && !guest && load.state !== 'failed', SPINNER_DELAY_MS);
  // "Order" opens the checkout review; the order is placed from there. "Change cart" hides it,
  // keeping what was typed in it, until Order shows it again; a placed order closes it.
  const [review, setReview] = useState<'closed' | 'open' | 'hidden'>('closed');
  const reviewing = review === 'open';

  useEffect(() => startCart(), []);
  // "Order again" in My Orders leaves word of what it added.
  useEffect(() => takeCarriedNotice(), []);

  const lines = cart?.CartItems.filter((line) => line.Staus !== 'deleted') ?? [];
  const ordered = lines.filter((line) => line.Qty > 0);

  const check = () => {
    if (!signInFirst()) void checkStock();
  };
  const openReview = () => {
    if (pending || signInFirst()) return;
    if (ordered.length === 0) {
      showCartNotice({
        kind: 'warning',
        text: 'Your cart is empty: add items before ordering.',
        shortages: [],
      });
      return;
    }
    showCartNotice(null);
    setReview('open');
  };

  // Change cart hides the button that had the focus: it goes back to Order. A placed order's summary takes it itself.
  const closeReview = (placed: boolean) => {
    setReview(placed ? 'closed' : 'hidden');
    if (placed) return;
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-cart-panel] [data-cart-action="order"]')?.focus();
    });
  };

  // A button pressed on the cart page's plain copy before this panel had loaded, pressed now.
  const [queued, setQueued] = useState<string | null>(null);
  // The plain copy (src/page-scripts/cart-page.ts) gives way before this panel is painted, but
  // not in the middle of a press on it: React can load between the finger's touch and its lift.
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    return hydrated ? afterPlainPress(() => setShown(true)) : undefined;
  }, [hydrated]);
  useLayoutEffect(() => {
    if (!shown) return;
    takeOverPlainPanel();
    setQueued(takeQueuedAction());
  }, [shown]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per queued press, with this render's cart
  useEffect(() => {
    if (queued === null) return;
    setQueued(null);
    if (queued === 'check') check();
    else if (queued === 'order') openReview();
    else if (queued === 'clear') setConfirming(true);
  }, [queued]);

  // The server's HTML knows no cart: render nothing until the browser's storage can be read
  // and the plain copy has given way.
  if (!shown) return null;

  const inReview = reviewing && ordered.length > 0;
  let body: ReactNode;
  if (inReview) {
    // The review shows the lines read-only; "Change cart" brings the editable table back (issue 37).
    body = null;
  } else if (waiting) {
    body = <Spinner label="Loading your cart…" />;
  } else if (cart === null && !guest) {
    body = (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="mb-4 text-slate-800">
          Your cart could not be loaded. {load.state === 'failed' ? load.message : ''}
        </p>
        <button type="button" className={buttonClass} onClick={() => void refreshFromServer()}>
          Try again
        </button>
      </div>
    );
  } else if (lines.length === 0) {
    body = (
      <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
        Your cart is empty.{' '}
        <a href="/" className="font-semibold text-brand-800 underline underline-offset-2">
          Browse the shop
        </a>{' '}
        and add items with the quantity buttons.
      </p>
    );
  } else {
    body = (
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full table-auto text-left text-sm sm:text-base">
          <caption className="sr-only">Items in your cart, with prices in Rs</caption>
          <thead className="border-b border-slate-200 text-sm text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                Item Name
              </th>
              <th scope="col" className="hidden px-2 py-3 text-right font-semibold sm:table-cell sm:px-4">
                Price
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
                Quantity
              </th>
              <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const note = stockNote(line);
              return (
                <tr key={`${line.StoreID}:${line.ItemID}`} className="border-b border-slate-100 align-middle">
                  <th scope="row" className="px-2 py-3 sm:px-4 font-semibold text-slate-900">
                    <span className="block break-words">{line.ItemTitle}</span>
                    {line.Size !== '' && <span className="block text-sm font-normal text-slate-600">{line.Size}</span>}
                    {/* Below 640 px the Price column gives way: the price shows under the name. */}
                    <span className="block text-sm font-normal tabular-nums text-slate-700 sm:hidden">
                      {linePriceText(line).weighed ? linePriceText(line).price : `${linePriceText(line).price} each`}
                    </span>
                    {linePriceText(line).unitSale !== '' && (
                      <span className="block text-xs font-normal text-slate-700" data-unit-price>
                        <span className="sr-only">Unit sale price: </span>({linePriceText(line).unitSale})
                      </span>
                    )}
                    {note !== '' && <span className="block text-sm font-semibold text-berry-700">{note}</span>}
                    <button
                      type="button"
                      className="mt-1 text-sm font-semibold text-berry-700 underline underline-offset-2 aria-disabled:text-slate-500"
                      aria-label={`Remove ${line.ItemTitle} from your cart`}
                      aria-disabled={pending}
                      onClick={() => {
                        if (!pending) removeFromCart(line);
                      }}
                    >
                      Remove
                    </button>
                    <SubstitutionChoice line={line} disabled={pending} />
                  </th>
                  <td className="hidden whitespace-nowrap px-2 py-3 text-right tabular-nums sm:table-cell sm:px-4">
                    {linePriceText(line).price}
                  </td>
                  <td className="px-1 py-3 sm:px-4">
                    <QuantityStepper item={cartItemSourceOf(line)} disabled={pending} compact />
                  </td>
                  <td className="py-3 pl-1 pr-2 text-right font-semibold tabular-nums sm:whitespace-nowrap sm:px-4">
                    {rs(lineTotal(line))}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              {/* Below 640 px the Price column is not shown: the label spans the two columns left of Total. */}
              <th scope="row" colSpan={2} className="px-2 py-3 text-right font-bold sm:hidden">
                Grand total
              </th>
              <th scope="row" colSpan={3} className="hidden px-2 py-3 text-right font-bold sm:table-cell sm:px-4">
                Grand total
              </th>
              <td className="py-3 pl-1 pr-2 text-right text-base font-extrabold text-brand-800 tabular-nums sm:whitespace-nowrap sm:px-4 sm:text-lg">
                {rs(grandTotal(cart))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }

  return (
    <div className={L.panel} data-cart-panel>
      {/* aria-disabled rather than disabled: a pressed button keeps the keyboard focus while its request is under way. */}
      <div className={L.actions}>
        <button type="button" className={actionButton} aria-disabled={pending} data-cart-action="check" onClick={check}>
          Check Stock
        </button>
        <button
          type="button"
          className={actionButton}
          aria-disabled={pending}
          aria-expanded={reviewing}
          data-cart-action="order"
          onClick={openReview}
        >
          Order
        </button>
        <button
          type="button"
          className={secondaryButton}
          aria-disabled={pending}
          aria-expanded={confirming}
          aria-controls="clear-cart-confirm"
          data-cart-action="clear"
          onClick={() => {
            if (!pending) setConfirming(true);
          }}
        >
          Clear Cart
        </button>
      </div>
      {confirming && (
        <fieldset
          id="clear-cart-confirm"
          className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-3 py-3 ring-1 ring-amber-200"
        >
          <legend className="sr-only">Clear Cart</legend>
          <p className="font-medium text-amber-900">Remove every item from your cart?</p>
          <button
            type="button"
            className={actionButton}
            onClick={() => {
              setConfirming(false);
              void clearCart();
            }}
          >
            Yes, clear my cart
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
            Keep my cart
          </button>
        </fieldset>
      )}
      {save.state === 'failed' && (
        <p role="alert" className="rounded-xl bg-amber-50 px-3 py-3 font-medium text-amber-900 ring-1 ring-amber-200">
          {save.message}
        </p>
      )}
      <div role="status" aria-live="polite" aria-atomic="true">
        {notice !== null && (
          <p className={`rounded-xl px-2 py-3 sm:px-4 font-medium ring-1 ${NOTICE_STYLE[notice.kind]}`}>
            {notice.text}
            {notice.orderId !== undefined && (
              <>
                {' '}
                <a href="/app/cart/my-orders" className="font-semibold underline underline-offset-2">
                  See My Orders
                </a>
              </>
            )}
          </p>
        )}
      </div>
      {placedOrder !== null && <OrderConfirmation order={placedOrder} email={user?.email ?? ''} />}
      {review !== 'closed' && ordered.length > 0 && (
        <div hidden={!inReview}>
          <CheckoutReview lines={ordered} shown={inReview} onClose={closeReview} />
        </div>
      )}
      {body}
    </div>
  );
}
