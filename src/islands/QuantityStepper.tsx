import { type ChangeEvent, type KeyboardEvent, useState } from 'react';

export interface QuantityStepperProps {
  itemId: number;
  storeId: number;
  /** The item's title, which names the controls ("Increase quantity of …"). */
  title: string;
  /** The quantity to start from; never below 0. */
  initial?: number;
  /** Called with every new quantity (the cart connects here). */
  onChange?: (qty: number) => void;
}

const MAX_QTY = 9999;

function clamp(qty: number): number {
  if (!Number.isFinite(qty)) return 0;
  return Math.min(MAX_QTY, Math.max(0, Math.trunc(qty)));
}

/**
 * The quantity stepper of an item card (spec §2): a decrease button, a number
 * field and an increase button, each labelled with the item's title. It counts
 * locally and never goes below 0 (spec §4, §9).
 */
export function QuantityStepper({ itemId, storeId, title, initial = 0, onChange }: QuantityStepperProps) {
  const [qty, setQty] = useState(() => clamp(initial));
  // While the field is being edited it may hold text that is not yet a number (such as "").
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = `qty-${storeId}-${itemId}`;

  const commit = (next: number) => {
    const value = clamp(next);
    setDraft(null);
    setQty(value);
    if (value !== qty) onChange?.(value);
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    if (text.trim() === '' || !/^\d+$/.test(text.trim())) {
      setDraft(text);
      return;
    }
    commit(Number(text));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit(draft === null ? qty : Number(draft));
  };

  const button =
    'grid size-9 place-items-center rounded-full text-lg font-bold leading-none transition ' +
    'bg-white text-brand-800 ring-1 ring-brand-300 hover:bg-brand-100 aria-disabled:text-slate-500 ' +
    'aria-disabled:ring-slate-300 aria-disabled:hover:bg-white';

  return (
    <div className="inline-flex items-center gap-1.5" data-stepper={`${storeId}:${itemId}`}>
      <button
        type="button"
        className={button}
        aria-label={`Decrease quantity of ${title}`}
        aria-disabled={qty === 0}
        onClick={() => commit(qty - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={inputId} className="sr-only">
        Quantity of {title}
      </label>
      <input
        id={inputId}
        className="qty-input h-9 w-14 rounded-lg border border-slate-300 bg-white text-center font-semibold tabular-nums"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_QTY}
        step={1}
        value={draft ?? String(qty)}
        onChange={onInput}
        onKeyDown={onKeyDown}
        onBlur={() => draft !== null && commit(Number(draft))}
      />
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity of ${title}`}
        onClick={() => commit(qty + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
