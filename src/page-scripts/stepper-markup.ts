/**
 * The quantity stepper drawn by a plain script: the same elements, attributes
 * and classes as the server-rendered `QuantityStepper` (src/islands), which the
 * first-paint script works (`data-stepper`, `data-item`, `data-step`, the
 * field's `max`) inside a `[data-plain-steppers]` container. Used where the
 * lines are known only in the browser: the cart page before React has loaded
 * and the search results.
 */
import { clampQty, formatQty, qtyLimitText } from '../lib/domain/cart-limits.ts';
import { STEPPER_LOOK } from './stepper-look.ts';

/** What a stepper needs of its item: what a new cart line copies (a `CartItemSource`). */
export interface StepperItem {
  ItemID: number;
  StoreID: number;
  ItemTitle: string;
  MaxQtyPerItem: number;
  /** An item sold by weight or volume (issue 33): its quantity in g or ml moves by Step. */
  SoldBy?: 'ByUnit' | 'ByWeight' | 'ByVolume' | undefined;
  Step?: number | undefined;
}

/** An element with its attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A stepper for `item` showing `qty`; `source` is the item as a new cart line copies it (its `data-item`). */
export function stepperElement(item: StepperItem, source: object, qty: number, compact: boolean): HTMLElement {
  // An item sold by weight or volume moves by its Step (first-paint reads `data-qty-step`) and shows `750 g`.
  const soldBy = item.SoldBy ?? 'ByUnit';
  const step = soldBy === 'ByUnit' ? 1 : (item.Step ?? 1);
  const max = clampQty(item.MaxQtyPerItem, Number.POSITIVE_INFINITY, step);
  const inputId = `qty-${item.StoreID}-${item.ItemID}`;
  const hintId = `${inputId}-limit`;
  const title = item.ItemTitle;
  const buttonClass = `${STEPPER_LOOK.button} ${STEPPER_LOOK.buttonSize(compact)}`;
  const stepper = el(
    'div',
    {
      class: 'stepper',
      'data-stepper': `${item.StoreID}:${item.ItemID}`,
      'data-item': JSON.stringify(source),
      'data-in-cart': qty > 0 ? '' : undefined,
      'data-at-max': qty >= max ? '' : undefined,
      'data-qty-step': step > 1 ? String(step) : undefined,
    },
    el(
      'button',
      {
        type: 'button',
        class: STEPPER_LOOK.add,
        'data-step': '1',
        'data-add': '',
        'aria-label': `Add ${title} to cart`,
        'aria-describedby': hintId,
      },
      'Add',
    ),
    el(
      'div',
      { class: STEPPER_LOOK.row(compact) },
      el(
        'button',
        {
          type: 'button',
          class: buttonClass,
          'data-step': '-1',
          'aria-label': `Decrease quantity of ${title}`,
          'aria-disabled': String(qty === 0),
        },
        el('span', { 'aria-hidden': 'true' }, '−'),
      ),
      ...(step > 1
        ? [
            el(
              'output',
              {
                id: inputId,
                class: STEPPER_LOOK.measured,
                'aria-label': `Quantity of ${title}`,
                'aria-live': 'polite',
                'data-sold-by': soldBy,
                'data-max': String(max),
              },
              formatQty(qty, soldBy),
            ),
          ]
        : [
            el('label', { for: inputId, class: 'sr-only' }, `Quantity of ${title}`),
            el('input', {
              id: inputId,
              class: STEPPER_LOOK.input(compact),
              type: 'number',
              inputmode: 'numeric',
              min: '0',
              max: String(max),
              step: '1',
              'aria-describedby': hintId,
              value: String(qty),
            }),
          ]),
      el(
        'button',
        {
          type: 'button',
          class: buttonClass,
          'data-step': '1',
          'aria-label': `Increase quantity of ${title}`,
          'aria-describedby': hintId,
          'aria-disabled': String(qty >= max),
        },
        el('span', { 'aria-hidden': 'true' }, '+'),
      ),
    ),
    el('p', { id: hintId, class: STEPPER_LOOK.hint }, capitalized(qtyLimitText(max, soldBy))),
  );
  return stepper;
}
