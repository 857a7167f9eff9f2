/**
 * The quantity stepper's look, shared by the React stepper (src/islands/QuantityStepper.tsx)
 * and the plain scripts that draw the same stepper (`stepper-markup.ts`: the search
 * results, the cart page before React). A module of its own, apart from the cart
 * panel's look (`cart-look.ts`), so that the search page carries only these classes.
 */

export const STEPPER_LOOK = {
  button:
    'grid place-items-center rounded-full text-lg font-bold leading-none transition ' +
    'bg-white text-brand-800 ring-1 ring-brand-300 hover:bg-brand-100 aria-disabled:text-slate-500 ' +
    'aria-disabled:ring-slate-300 aria-disabled:hover:bg-white disabled:text-slate-500 disabled:ring-slate-300',
  // 44 px targets on every screen (a thumb's), 8 px apart.
  buttonSize: (_compact: boolean) => 'size-11',
  // It wraps rather than clips when the text is large and the column narrow.
  row: (_compact: boolean) => 'stepper-row flex max-w-full flex-wrap items-center gap-2',
  input: (compact: boolean) =>
    'qty-input h-11 rounded-lg border border-slate-300 bg-white text-center text-base font-semibold tabular-nums ' +
    `disabled:bg-slate-100 ${compact ? 'w-12 sm:w-14' : 'w-14'}`,
  /** The quantity of an item sold by weight or volume, as text (`1.25 kg`): wide enough for it. */
  measured:
    'qty-input inline-flex h-11 min-w-20 items-center justify-center whitespace-nowrap rounded-lg border border-slate-300 ' +
    'bg-white px-2 text-base font-semibold tabular-nums',
  /** At quantity 0 the stepper is this one button; from 1 the − quantity + row (global.css shows one of them). */
  add:
    'stepper-add inline-flex min-h-11 min-w-24 items-center justify-center gap-1.5 rounded-full bg-brand-800 px-5 ' +
    'font-semibold text-white shadow-sm hover:bg-brand-900 aria-disabled:bg-slate-300 aria-disabled:text-slate-700 ' +
    'disabled:bg-slate-300 disabled:text-slate-700',
  hint: 'qty-hint mt-1 text-xs font-medium text-slate-700',
} as const;
