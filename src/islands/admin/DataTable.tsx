import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { ListQuery, Page } from '../../lib/api/data.ts';
import { nextSort, pageCount, pageSummary, type SortDirection, sortDirection } from '../../lib/domain/staff-views.ts';
import { Spinner } from '../AuthGate.tsx';
import { buttonStyles } from './button-styles.ts';
import { ConfirmDialog, Dialog } from './Dialog.tsx';
import { useContentChanged } from './PublishBanner.tsx';
import { useToast } from './Toaster.tsx';

/** One column of a `DataTable`. */
export interface Column<T> {
  label: string;
  /** The field the list sorts on (`CategoryTitle`) when a click on the header may sort by it. */
  sort?: string;
  cell: (row: T, table: TableHandle) => ReactNode;
  /** Classes for the header and the cells (width, alignment). */
  className?: string;
  /** The column that names the row (a row header for screen readers). */
  rowHeader?: boolean;
}

/** What a create or edit form calls when it is done. */
export interface FormDone {
  /** Closes the form, says `message`, and reloads the table. */
  saved: (message: string) => void;
  cancel: () => void;
}

/** Lets row actions and page controls reload the table. */
export interface TableHandle {
  reload: () => void;
}

export interface DataTableProps<T> {
  /** The table's caption and accessible name, such as `Categories`. */
  caption: string;
  /** The rows in words, for summaries (`categories`). */
  noun: string;
  columns: Column<T>[];
  /** Reads one page; called with page, limit, sort and filter (spec §7). */
  load: (query: ListQuery) => Promise<Page<T>>;
  rowKey: (row: T) => string | number;
  /** The row's name in button labels (`Edit Fruit`). */
  rowName: (row: T) => string;
  filterLabel?: string;
  /** Whenever it changes, the table reads page 0 again (another store picked, …). */
  reloadKey?: string;
  /** Controls beside the filter box (a status or store picker). */
  toolbar?: ReactNode;
  /** Controls that need the filter the table shows (an export of exactly these rows). */
  toolbarWith?: (state: { filter: string }) => ReactNode;
  /** What an empty list shows (not a filtered one). */
  empty: ReactNode;
  create?: { label: string; title: string; description?: ReactNode; render: (done: FormDone) => ReactNode };
  edit?: {
    title: (row: T) => string;
    description?: (row: T) => ReactNode;
    render: (row: T, done: FormDone) => ReactNode;
  };
  remove?: {
    /** The button's and confirmation's verb (`Unpublish`); `Delete` when left out. */
    label?: string;
    title: (row: T) => string;
    body: (row: T) => ReactNode;
    /** Deletes the row; answers the message to show. A rejection (such as a 409) shows in the dialog. */
    run: (row: T) => Promise<string>;
  };
  /** More buttons for a row, before Edit and Delete. */
  actions?: (row: T, table: TableHandle) => ReactNode;
  /** Rows shown faded (hidden ones). */
  faded?: (row: T) => boolean;
  /** The page sizes offered; the first one after 20 is the default only when 20 is missing. */
  pageSizes?: number[];
}

const SEARCH_DELAY_MS = 300;

function SortIcon({ direction }: { direction: SortDirection }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 16" className="size-3.5 shrink-0" fill="currentColor">
      <path d="M6 1 10.5 6h-9z" className={direction === 'ascending' ? 'opacity-100' : 'opacity-30'} />
      <path d="M6 15 1.5 10h9z" className={direction === 'descending' ? 'opacity-100' : 'opacity-30'} />
    </svg>
  );
}

/**
 * A paged list of spec §7 (page, limit, sort, filter; defaults 0, 20, '', ''):
 * headers that sort on click (`aria-sort`), a filter box, a page size, the total
 * from `X-Total-Count`, and create / edit in a side panel and delete behind a
 * confirmation, each reloading the list and the site's publish status.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, noun, columns, rowKey, rowName, toolbar, empty, create, edit, remove, actions, faded } = props;
  const pageSizes = props.pageSizes ?? [10, 20, 50, 100];
  const toast = useToast();
  const contentChanged = useContentChanged();
  const filterId = useId();
  const sizeId = useId();

  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [sort, setSort] = useState('');
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const [form, setForm] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  const load = useRef(props.load);
  load.current = props.load;
  const latest = useRef(0);

  const reload = useCallback(() => setTick((t) => t + 1), []);

  // Another parent (store, database, status) starts again from the first page.
  const reloadKey = props.reloadKey ?? '';
  const lastKey = useRef(reloadKey);
  useEffect(() => {
    if (lastKey.current !== reloadKey) {
      lastKey.current = reloadKey;
      setPage(0);
      reload();
    }
  }, [reloadKey, reload]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(filterText.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks for the same page again.
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    load.current({ page, limit, sort, filter }).then(
      (answer) => {
        if (request !== latest.current) return;
        // A page past the end (after deletes) moves back to the last page there is.
        const last = pageCount(answer.total, limit) - 1;
        if (page > last) {
          setPage(last);
          return;
        }
        setData(answer);
        setError('');
        setLoading(false);
      },
      (err: unknown) => {
        if (request !== latest.current) return;
        setError(friendlyMessage(err));
        setLoading(false);
      },
    );
  }, [page, limit, sort, filter, tick]);

  const done: FormDone = {
    saved: (message) => {
      setForm(null);
      toast.success(message);
      reload();
      contentChanged();
    },
    cancel: () => setForm(null),
  };

  const total = data?.total ?? 0;
  const pages = pageCount(total, limit);
  const rows = data?.rows ?? [];
  const showActions = actions !== undefined || edit !== undefined || remove !== undefined;
  const formRow = form?.row ?? null;

  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 p-3 sm:p-4">
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={filterId} className="mb-1 block text-sm font-semibold text-slate-800">
            {props.filterLabel ?? 'Filter by title'}
          </label>
          <input
            id={filterId}
            type="search"
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
            maxLength={200}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
          />
        </div>
        {toolbar}
        {props.toolbarWith?.({ filter })}
        {create !== undefined && (
          <button type="button" className={buttonStyles.primary} onClick={() => setForm({ row: null })}>
            <span aria-hidden="true" className="text-lg leading-none">
              +
            </span>
            {create.label}
          </button>
        )}
      </div>

      {error !== '' && (
        <div
          role="alert"
          className="m-3 flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800"
        >
          <p className="flex-1">
            The {noun} could not be loaded: {error}
          </p>
          <button type="button" className={buttonStyles.secondary} onClick={reload}>
            Try again
          </button>
        </div>
      )}

      {data === null && loading ? (
        <div className="px-4">
          <Spinner label={`Loading ${noun}…`} />
        </div>
      ) : rows.length === 0 && error === '' ? (
        <div className="px-4 py-10 text-center text-slate-700">
          {filter === '' ? (
            empty
          ) : (
            <>
              <p className="font-semibold">
                No {noun} match “{filter}”.
              </p>
              <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={() => setFilterText('')}>
                Clear the filter
              </button>
            </>
          )}
        </div>
      ) : (
        <div className="relative max-h-[70vh] overflow-auto">
          <table
            className={`w-full border-separate border-spacing-0 text-left text-sm ${loading ? 'opacity-60' : ''}`}
            aria-busy={loading || undefined}
          >
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
                          onClick={() => {
                            setSort(nextSort(sort, col.sort ?? ''));
                            setPage(0);
                          }}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-slate-200"
                        >
                          {col.label}
                          <SortIcon direction={direction ?? 'none'} />
                        </button>
                      )}
                    </th>
                  );
                })}
                {showActions && (
                  <th
                    scope="col"
                    className="sticky top-0 z-10 w-px whitespace-nowrap border-b border-slate-200 bg-slate-50 px-3 py-2 text-right font-semibold text-slate-700"
                  >
                    Actions
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={`align-top hover:bg-brand-50/40 ${faded?.(row) ? 'bg-slate-50 text-slate-600' : ''}`}
                >
                  {columns.map((col) =>
                    col.rowHeader ? (
                      <th
                        key={col.label}
                        scope="row"
                        className={`min-w-[11rem] border-b border-slate-100 px-3 py-2.5 font-semibold text-slate-900 [overflow-wrap:anywhere] ${col.className ?? ''}`}
                      >
                        {col.cell(row, { reload })}
                      </th>
                    ) : (
                      <td key={col.label} className={`border-b border-slate-100 px-3 py-2.5 ${col.className ?? ''}`}>
                        {col.cell(row, { reload })}
                      </td>
                    ),
                  )}
                  {showActions && (
                    <td className="w-px border-b border-slate-100 px-2 py-1.5 text-right">
                      <div className="flex flex-nowrap justify-end gap-0.5">
                        {actions?.(row, { reload })}
                        {edit !== undefined && (
                          <button type="button" className={buttonStyles.row} onClick={() => setForm({ row })}>
                            Edit<span className="sr-only"> {rowName(row)}</span>
                          </button>
                        )}
                        {remove !== undefined && (
                          <button type="button" className={buttonStyles.rowDanger} onClick={() => setDeleting(row)}>
                            {remove.label ?? 'Delete'}
                            <span className="sr-only"> {rowName(row)}</span>
                          </button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 px-3 py-3 text-sm text-slate-700 sm:px-4">
        <p role="status" className="mr-auto">
          {data === null ? '' : pageSummary(page, limit, total, noun)}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(0);
            }}
            className="rounded-lg border border-slate-400 bg-white px-2 py-1"
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <nav aria-label={`Pages of ${caption}`} className="flex items-center gap-1">
          <button type="button" className={buttonStyles.row} disabled={page === 0} onClick={() => setPage(0)}>
            First
          </button>
          <button type="button" className={buttonStyles.row} disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="whitespace-nowrap px-1">
            Page {Math.min(page + 1, pages)} of {pages}
          </span>
          <button
            type="button"
            className={buttonStyles.row}
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
          <button
            type="button"
            className={buttonStyles.row}
            disabled={page + 1 >= pages}
            onClick={() => setPage(pages - 1)}
          >
            Last
          </button>
        </nav>
      </div>

      <Dialog
        open={form !== null}
        title={formRow === null ? (create?.title ?? '') : (edit?.title(formRow) ?? '')}
        description={formRow === null ? create?.description : edit?.description?.(formRow)}
        onClose={() => setForm(null)}
      >
        {form !== null && (formRow === null ? create?.render(done) : edit?.render(formRow, done))}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting === null ? '' : (remove?.title(deleting) ?? '')}
        confirmLabel={remove?.label ?? 'Delete'}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null || remove === undefined) return;
          const message = await remove.run(deleting);
          setDeleting(null);
          toast.success(message);
          reload();
          contentChanged();
        }}
      >
        {deleting !== null && remove?.body(deleting)}
      </ConfirmDialog>
    </div>
  );
}
