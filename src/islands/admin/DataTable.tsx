import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../AuthGate.tsx';
import { buttonStyles } from './button-styles.ts';
import { ConfirmDialog, Dialog } from './Dialog.tsx';
import { queryId, setQueryParam } from './Lookups.tsx';
import { useContentChanged } from './PublishBanner.tsx';
import { TablePager } from './TablePager.tsx';
import { TableRows } from './TableRows.tsx';
import { useToast } from './Toaster.tsx';
import type { DataTableProps, FormDone, TableHandle } from './table-types.ts';
import { useTableQuery } from './useTableQuery.ts';

export type { Column, FormDone, TableHandle } from './table-types.ts';

/**
 * A paged list of spec §7 (page, limit, sort, filter; defaults 0, 20, '', ''):
 * headers that sort on click (`aria-sort`), a filter box, a page size, the total
 * from `X-Total-Count`, and create / edit in a side panel and delete behind a
 * confirmation, each reloading the list and the site's publish status. A link
 * may open a row's editor: `?edit=<row key>` (with `?q=` to bring the row onto the page).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, noun, columns, rowKey, rowName, toolbar, empty, create, edit, remove, actions, faded } = props;
  const pageSizes = props.pageSizes ?? [10, 20, 50, 100];
  const toast = useToast();
  const contentChanged = useContentChanged();
  const filterId = useId();

  const q = useTableQuery(props.load, props.reloadKey ?? '');
  const { data, loading, error, filter, reload } = q;
  const [form, setForm] = useState<{ row: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const opened = props.opened ?? null;
  useEffect(() => {
    if (opened !== null) setForm({ row: opened });
  }, [opened]);

  const done: FormDone = {
    saved: (message) => {
      setForm(null);
      toast.success(message);
      reload();
      contentChanged();
    },
    cancel: () => setForm(null),
  };

  const rows = data?.rows ?? [];

  // The editor a link asked for opens once, when its row is on the page.
  const linkedEdit = useRef(edit === undefined ? null : queryId('edit'));
  useEffect(() => {
    const wanted = linkedEdit.current;
    if (wanted === null || data === null) return;
    const row = data.rows.find((r) => String(rowKey(r)) === String(wanted));
    linkedEdit.current = null;
    setQueryParam('edit', null);
    if (row !== undefined) setForm({ row });
  }, [data, rowKey]);
  const showActions = actions !== undefined || edit !== undefined || remove !== undefined;
  const formRow = form?.row ?? null;
  const table: TableHandle = { reload };

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
            value={q.filterText}
            onChange={(e) => q.setFilterText(e.target.value)}
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
              <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={() => q.setFilterText('')}>
                Clear the filter
              </button>
            </>
          )}
        </div>
      ) : (
        <TableRows<T>
          caption={caption}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          loading={loading}
          sort={q.sort}
          onSort={q.sortBy}
          faded={faded}
          table={table}
          actions={
            showActions
              ? (row) => (
                  <>
                    {actions?.(row, table)}
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
                  </>
                )
              : null
          }
        />
      )}

      <TablePager
        caption={caption}
        noun={noun}
        page={q.page}
        limit={q.limit}
        total={data?.total ?? 0}
        loaded={data !== null}
        pageSizes={pageSizes}
        onPage={q.setPage}
        onLimit={q.setLimit}
      />

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
