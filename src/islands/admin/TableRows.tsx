import { type ReactNode, useSyncExternalStore } from 'react';
import { nextSort, type SortDirection, sortDirection } from '../../lib/domain/staff-views.ts';
import type { Column, TableHandle } from './table-types.ts';

/** Below this width a table's rows are cards (issue 35: every staff table fits a phone). */
const WIDE = '(min-width: 768px)';

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a screen 768 px wide or more (and while rendered on the server). */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

function SortIcon({ direction }: { direction: SortDirection }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 16" className="size-3.5 shrink-0" fill="currentColor">
      <path d="M6 1 10.5 6h-9z" className={direction === 'ascending' ? 'opacity-100' : 'opacity-30'} />
      <path d="M6 15 1.5 10h9z" className={direction === 'descending' ? 'opacity-100' : 'opacity-30'} />
    </svg>
  );
}

export interface TableRowsProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  loading: boolean;
  sort: string;
  onSort: (sort: string) => void;
  /** A row's buttons, or null for a table without actions. */
  actions: ((row: T) => ReactNode) | null;
  faded?: ((row: T) => boolean) | undefined;
  table: TableHandle;
}

/**
 * A page of rows: on a laptop a table whose headers sort on click (`aria-sort`) and
 * whose Actions column stays pinned at the right edge while the rest scrolls; below
 * 768 px one card a row (its name, every field labelled, its buttons 48 px tall), so
 * no staff page scrolls sideways.
 */
export function TableRows<T>(props: TableRowsProps<T>) {
  return useWide() ? <WideRows {...props} /> : <RowCards {...props} />;
}

function WideRows<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  sort,
  onSort,
  actions,
  faded,
  table,
}: TableRowsProps<T>) {
  return (
    <div className="relative max-h-[70vh] overflow-auto">
      <table className="w-full border-separate border-spacing-0 text-left text-sm" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((col) => {
              const direction = col.sort === undefined ? undefined : sortDirection(sort, col.sort);
              return (
                <th
                  key={col.label}
                  scope="col"
                  aria-sort={direction}
                  className={`sticky top-0 z-10 whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-700 ${col.className ?? ''}`}
                >
                  {col.sort === undefined ? (
                    col.label
                  ) : (
                    <button
                      type="button"
                      onClick={() => onSort(nextSort(sort, col.sort ?? ''))}
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-200"
                    >
                      {col.label}
                      <SortIcon direction={direction ?? 'none'} />
                    </button>
                  )}
                </th>
              );
            })}
            {actions !== null && (
              <th
                scope="col"
                className="sticky top-0 right-0 z-20 w-px whitespace-nowrap border-b border-l border-slate-200 bg-slate-50 px-3 py-2 text-right font-semibold text-slate-700"
              >
                Actions
              </th>
            )}
          </tr>
        </thead>
        {/* Only the rows fade while the next page loads: the header stays legible (and sortable). */}
        <tbody className={loading ? 'opacity-60' : undefined}>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={`group align-top hover:bg-brand-50/40 ${faded?.(row) ? 'bg-slate-50 text-slate-600' : ''}`}
            >
              {columns.map((col) =>
                col.rowHeader ? (
                  <th
                    key={col.label}
                    scope="row"
                    className={`min-w-[11rem] border-b border-slate-100 px-3 py-2.5 font-semibold text-slate-900 [overflow-wrap:anywhere] ${col.className ?? ''}`}
                  >
                    {col.cell(row, table)}
                  </th>
                ) : (
                  <td key={col.label} className={`border-b border-slate-100 px-3 py-2.5 ${col.className ?? ''}`}>
                    {col.cell(row, table)}
                  </td>
                ),
              )}
              {actions !== null && (
                <td className="sticky right-0 z-[5] w-px border-b border-l border-slate-100 bg-white px-2 py-1.5 text-right shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]">
                  <div className="flex flex-nowrap justify-end gap-0.5">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowCards<T>({ caption, columns, rows, rowKey, loading, actions, faded, table }: TableRowsProps<T>) {
  const named = columns.find((c) => c.rowHeader === true);
  return (
    <ul
      aria-label={caption}
      aria-busy={loading || undefined}
      className={`divide-y divide-slate-200 ${loading ? 'opacity-60' : ''}`}
    >
      {rows.map((row) => (
        <li key={rowKey(row)} className={`px-3 py-3 ${faded?.(row) ? 'bg-slate-50 text-slate-600' : ''}`}>
          {named !== undefined && (
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{named.cell(row, table)}</p>
          )}
          <dl className="mt-1 grid grid-cols-[minmax(5rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
            {columns
              .filter((c) => c !== named)
              .map((col) => (
                <div key={col.label} className="contents">
                  <dt className="text-slate-600">{col.label}</dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{col.cell(row, table)}</dd>
                </div>
              ))}
          </dl>
          {actions !== null && <div className="mt-2 flex flex-wrap gap-2">{actions(row)}</div>}
        </li>
      ))}
    </ul>
  );
}
