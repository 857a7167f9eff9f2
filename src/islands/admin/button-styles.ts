/**
 * The staff pages' buttons. Its own module so that an island needing only the
 * look (the publish banner on every staff page) does not pull in the forms'
 * code and their schemas (issue 30: each staff page loads only its islands' code).
 */
export const buttonStyles = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-800 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60',
  row: 'inline-flex min-h-12 items-center justify-center gap-1 whitespace-nowrap rounded-md md:min-h-0 px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60',
  rowDanger:
    'inline-flex min-h-12 items-center justify-center gap-1 whitespace-nowrap rounded-md md:min-h-0 px-2 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60',
} as const;
