/**
 * The cart panel's look, shared by the React cart panel (src/islands/CartPanel.tsx)
 * and the cart page's plain script (cart-page.ts), which draws the same panel
 * before React has loaded: one home for the classes, so the two cannot drift.
 * Plain constants, so the plain script stays small.
 */

const solid =
  'inline-flex items-center justify-center rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white shadow-sm ' +
  'hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none';

export const CART_LOOK = {
  panel: 'flex flex-col gap-4',
  actions: 'flex flex-wrap gap-3',
  actionButton: `${solid} aria-disabled:cursor-not-allowed aria-disabled:bg-slate-300 aria-disabled:text-slate-600 aria-disabled:shadow-none`,
  secondaryButton:
    'inline-flex items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-800 ring-1 ring-brand-300 ' +
    'transition hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-600 aria-disabled:ring-slate-300',
  box: 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200',
  emptyText: 'rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200',
  link: 'font-semibold text-brand-800 underline underline-offset-2',
  tableBox: 'overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200',
  table: 'w-full table-auto text-left text-sm sm:text-base',
  thead: 'border-b border-slate-200 text-sm text-slate-700',
  th: 'px-2 py-3 sm:px-4 font-semibold',
  thPrice: 'hidden px-2 py-3 text-right font-semibold sm:table-cell sm:px-4',
  thTotal: 'px-2 py-3 sm:px-4 text-right font-semibold',
  row: 'border-b border-slate-100 align-middle',
  name: 'px-2 py-3 sm:px-4 font-semibold text-slate-900',
  title: 'block break-words',
  size: 'block text-sm font-normal text-slate-600',
  each: 'block text-sm font-normal tabular-nums text-slate-700 sm:hidden',
  note: 'block text-sm font-semibold text-berry-700',
  remove: 'mt-1 text-sm font-semibold text-berry-700 underline underline-offset-2 aria-disabled:text-slate-500',
  substitution: 'mt-1 block min-h-12 text-left text-sm font-normal text-slate-700 underline underline-offset-2',
  substitutionWords: 'font-semibold text-slate-900',
  price: 'hidden whitespace-nowrap px-2 py-3 text-right tabular-nums sm:table-cell sm:px-4',
  qty: 'px-1 py-3 sm:px-4',
  lineTotal: 'py-3 pl-1 pr-2 text-right font-semibold tabular-nums sm:whitespace-nowrap sm:px-4',
  totalLabelNarrow: 'px-2 py-3 text-right font-bold sm:hidden',
  totalLabelWide: 'hidden px-2 py-3 text-right font-bold sm:table-cell sm:px-4',
  grandTotal:
    'py-3 pl-1 pr-2 text-right text-base font-extrabold text-brand-800 tabular-nums sm:whitespace-nowrap sm:px-4 sm:text-lg',
  spinner: 'flex items-center gap-3 py-10 text-slate-700',
  spinnerWheel: 'size-6 rounded-full border-4 border-brand-100 border-t-brand-800 motion-safe:animate-spin',
} as const;
