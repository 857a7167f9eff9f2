import { useStore } from '@nanostores/react';
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { clampQty, qtyLimitText, quantityOf } from '../lib/domain/cart.ts';
import { formatQty } from '../lib/domain/measure.ts';
import { STEPPER_LOOK } from '../page-scripts/stepper-look.ts';
import { $myCart, type CartItemSource, changeQuantity, refreshItem } from '../stores/cart-state.ts';
import { startCart } from '../stores/cart-sync.ts';

export interface QuantityStepperProps {
  /** The item as the page shows it: what a new cart line copies. */
  item: CartItemSource;
  /** Locks the controls, as the cart panel does while a cart request is under way. */
  disabled?: boolean;
  /** Smaller controls on narrow screens, for a table row. */
  compact?: boolean;
}

const noSubscription = () => () => {};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * False while React hydrates server-rendered HTML, true otherwise. The server
 * knows neither the token nor the cart, so an island renders what the server
 * did until hydration is over, then what the browser's storage says.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The quantity stepper of an item card and of the cart panel (spec §2, §4): a
 * decrease button, a number field and an increase button, each labelled with the
 * item's title. It shows the quantity the cart holds for the item (matched by
 * ItemID + StoreID), a guest's cart as well as a signed-in account's, and sends
 * every change to the cart store; it never goes below 0 nor above the item's most
 * per order (`MaxQtyPerItem`, its store's limit): there the + button is disabled and
 * the hint "At most 20 per order", which the field and the button are described by
 * for screen readers, shows.
 *
 * Its server-rendered HTML is the working control before the island loads: the
 * first-paint script (src/page-scripts/first-paint.ts) fills in the quantity and
 * works the buttons until then, through the `data-stepper`, `data-item`,
 * `data-step` and `data-at-max` attributes and the field's `max` rendered here.
 */
export function QuantityStepper({ item, disabled = false, compact = false }: QuantityStepperProps) {
  const cart = useStore($myCart);
  // What was asked for while the cart store is still applying it (it may first read the customer's details).
  const [asked, setAsked] = useState<number | null>(null);
  // While the field is being edited it may hold text that is not yet a number (such as "").
  const [draft, setDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const latest = useRef(0);
  // The Add button and the − quantity + row take turns (at 0 and from 1): the focus follows to the one shown.
  const addButton = useRef<HTMLButtonElement>(null);
  const plusButton = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => startCart(), []);

  useEffect(() => {
    if (cart.cart !== null) refreshItem(item);
  }, [cart, item]);

  const key = `${item.StoreID}:${item.ItemID}`;
  const qty = asked ?? quantityOf(cart, item.ItemID, item.StoreID);
  const inCart = qty > 0;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (inCart ? plusButton : addButton).current?.focus();
  }, [inCart]);
  const buttonClass = `${STEPPER_LOOK.button} ${STEPPER_LOOK.buttonSize(compact)}`;
  const inputId = `qty-${item.StoreID}-${item.ItemID}`;
  const hintId = `${inputId}-limit`;
  const title = item.ItemTitle;
  // An item sold by weight or volume moves by its Step (g or ml) and shows its quantity with its unit.
  const soldBy = item.SoldBy ?? 'ByUnit';
  const step = soldBy === 'ByUnit' ? 1 : (item.Step ?? 1);
  const max = clampQty(item.MaxQtyPerItem, Number.POSITIVE_INFINITY, step);

  const commit = (next: number) => {
    const value = clampQty(next, max, step);
    setDraft(null);
    if (value === qty || disabled) return;
    const request = ++latest.current;
    setAsked(value);
    setFailure('');
    changeQuantity(item, value)
      .catch((err: unknown) => {
        if (request === latest.current) setFailure(`Your cart was not changed. ${friendlyMessage(err)}`);
      })
      .finally(() => {
        if (request === latest.current) setAsked(null);
      });
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value.trim();
    if (!/^\d+$/.test(value)) {
      setDraft(e.target.value);
      return;
    }
    commit(Number(value));
  };

  // A finished edit that is no whole number (such as "") puts the quantity back; "-3" counts as 0.
  const settleDraft = () => {
    if (draft === null) return;
    if (/^\s*-?\d+\s*$/.test(draft)) commit(Number(draft));
    else setDraft(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') settleDraft();
  };

  return (
    <div
      className="stepper"
      data-stepper={key}
      data-item={JSON.stringify(item)}
      data-in-cart={inCart ? '' : undefined}
      data-at-max={qty >= max ? '' : undefined}
      data-qty-step={step > 1 ? step : undefined}
    >
      <button
        ref={addButton}
        type="button"
        className={STEPPER_LOOK.add}
        data-step="1"
        data-add=""
        aria-label={`Add ${title} to cart`}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={() => {
          moveFocus.current = true;
          commit(qty + step);
        }}
      >
        Add
      </button>
      <div className={STEPPER_LOOK.row(compact)}>
        <button
          type="button"
          className={buttonClass}
          data-step="-1"
          aria-label={`Decrease quantity of ${title}`}
          aria-disabled={qty === 0}
          disabled={disabled}
          onClick={() => {
            moveFocus.current = qty === step;
            commit(qty - step);
          }}
        >
          <span aria-hidden="true">−</span>
        </button>
        {step > 1 ? (
          <output
            id={inputId}
            className={STEPPER_LOOK.measured}
            aria-label={`Quantity of ${title}`}
            aria-live="polite"
            data-sold-by={soldBy}
            data-max={max}
          >
            {formatQty(qty, soldBy)}
          </output>
        ) : (
          <>
            <label htmlFor={inputId} className="sr-only">
              Quantity of {title}
            </label>
            <input
              id={inputId}
              className={STEPPER_LOOK.input(compact)}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              step={1}
              aria-describedby={hintId}
              value={draft ?? String(qty)}
              disabled={disabled}
              onChange={onInput}
              onKeyDown={onKeyDown}
              onBlur={settleDraft}
            />
          </>
        )}
        <button
          ref={plusButton}
          type="button"
          className={buttonClass}
          data-step="1"
          aria-label={`Increase quantity of ${title}`}
          aria-describedby={hintId}
          aria-disabled={qty >= max}
          disabled={disabled}
          onClick={() => commit(qty + step)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p id={hintId} className={STEPPER_LOOK.hint}>
        {capitalized(qtyLimitText(max, soldBy))}
      </p>
      {failure !== '' && (
        <p role="alert" className="mt-1 text-sm text-berry-700">
          {failure}
        </p>
      )}
    </div>
  );
}
