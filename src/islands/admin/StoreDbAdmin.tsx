import { useId, useState } from 'react';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import { type StoreDbDto, storeDbForm, TITLE_MAX_LENGTH, titleField, validateForm } from '../../lib/domain/schemas.ts';
import { DataTable, type FormDone } from './DataTable.tsx';
import { FormShell, SelectInput, specValidator, TextInput, useStaffForm } from './Fields.tsx';
import { byId, queryId, readAllStores, rememberDb, setQueryParam, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

interface DbValues extends Record<string, string> {
  StoreID: string;
  DbTitle: string;
}

const validateNew = specValidator(storeDbForm, (v: DbValues) => v);
const titleRule = titleField('DbTitle');
// An existing database keeps its store: only the title is checked (and sent).
const validateEdit = (v: DbValues) => {
  const result = titleRule.safeParse(v.DbTitle);
  return result.success ? {} : { DbTitle: result.error.issues.map((i) => i.message) };
};

function StoreDbFormPanel({ row, stores, done }: { row: StoreDbDto | null; stores: StoreDto[]; done: FormDone }) {
  const form = useStaffForm<DbValues>(
    { StoreID: row === null ? '' : String(row.StoreID), DbTitle: row?.DbTitle ?? '' },
    row === null ? validateNew : validateEdit,
  );
  return (
    <FormShell
      form={form}
      submitLabel={row === null ? 'Create store database' : 'Save store database'}
      onCancel={done.cancel}
      onSave={async () => {
        if (row === null) {
          const checked = validateForm(storeDbForm, form.values);
          if (!checked.ok) return;
          const saved = await staff.storeDbs.create(checked.value);
          done.saved(`Store database ${saved.DbTitle} was created.`);
        } else {
          const saved = await staff.storeDbs.update(row.DbID, { DbTitle: form.values.DbTitle.trim() });
          done.saved(`Store database ${saved.DbTitle} was saved.`);
        }
      }}
    >
      <SelectInput
        form={form}
        name="StoreID"
        label="Store"
        required
        disabled={row !== null}
        hint={
          row === null ? 'The store whose sections and items it will hold.' : 'A store database stays with its store.'
        }
        placeholder="Choose a store…"
        options={stores.map((s) => ({ value: String(s.StoreID), label: `${s.StoreTitle} (#${s.StoreID})` }))}
      />
      <TextInput
        form={form}
        name="DbTitle"
        label="Title"
        hint={`1 to ${TITLE_MAX_LENGTH} characters.`}
        required
        autoFocus
      />
    </FormShell>
  );
}

const linkClass =
  'inline-flex items-center rounded-md px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/**
 * `/app/client-store/db`: every store database with its store, and links to the
 * sections and items of each (the Client pages' `?db=`).
 */
export function StoreDbAdmin() {
  return (
    <StaffPage
      title="Store Databases"
      description="Each store keeps its sections and items in one or more store databases. Pick one to work on its sections and items."
    >
      <StoreDbBody />
    </StaffPage>
  );
}

function StoreDbBody() {
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const [storeId, setStoreId] = useState<number | null>(() => queryId('store'));
  const filterId = useId();

  return (
    <>
      {stores.error !== '' && (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          The stores could not be loaded: {stores.error}
        </p>
      )}
      <DataTable<StoreDbDto>
        caption="Store databases"
        noun="store databases"
        reloadKey={String(storeId ?? '')}
        load={(q) => staff.storeDbs.list(q, storeId ?? undefined)}
        rowKey={(r) => r.DbID}
        rowName={(r) => r.DbTitle}
        toolbar={
          <div className="min-w-0 basis-56">
            <label htmlFor={filterId} className="mb-1 block text-sm font-semibold text-slate-800">
              Store
            </label>
            <select
              id={filterId}
              value={storeId === null ? '' : String(storeId)}
              onChange={(e) => {
                const next = e.target.value === '' ? null : Number(e.target.value);
                setStoreId(next);
                setQueryParam('store', next);
              }}
              className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
            >
              <option value="">All stores</option>
              {(stores.rows ?? []).map((s) => (
                <option key={s.StoreID} value={s.StoreID}>
                  {s.StoreTitle}
                </option>
              ))}
            </select>
          </div>
        }
        columns={[
          { label: 'DB', sort: 'DbID', cell: (r) => r.DbID, className: 'w-16 tabular-nums' },
          { label: 'Title', sort: 'DbTitle', rowHeader: true, cell: (r) => r.DbTitle },
          {
            label: 'Store',
            sort: 'StoreID',
            cell: (r) => storeById.get(r.StoreID)?.StoreTitle ?? `#${r.StoreID}`,
            className: 'hidden sm:table-cell',
          },
          { label: 'Sections', cell: (r) => r.SectionCount, className: 'tabular-nums' },
          { label: 'Items', cell: (r) => r.ItemCount, className: 'tabular-nums' },
          {
            label: 'Updated',
            sort: 'DbUpdatedTime',
            cell: (r) => formatWhen(r.DbUpdatedTime),
            className: 'hidden lg:table-cell whitespace-nowrap text-slate-600',
          },
        ]}
        actions={(r) => (
          <>
            <a href={`/app/client-store/section?db=${r.DbID}`} className={linkClass} onClick={() => rememberDb(r.DbID)}>
              Sections<span className="sr-only"> of {r.DbTitle}</span>
            </a>
            <a href={`/app/client-store/item?db=${r.DbID}`} className={linkClass} onClick={() => rememberDb(r.DbID)}>
              Items<span className="sr-only"> of {r.DbTitle}</span>
            </a>
          </>
        )}
        empty={<p>No store databases here yet.</p>}
        create={{
          label: 'New store database',
          title: 'New store database',
          render: (done) => <StoreDbFormPanel row={null} stores={stores.rows ?? []} done={done} />,
        }}
        edit={{
          title: (r) => `Edit store database ${r.DbTitle}`,
          render: (r, done) => <StoreDbFormPanel row={r} stores={stores.rows ?? []} done={done} />,
        }}
        remove={{
          title: (r) => `Delete store database ${r.DbTitle}?`,
          body: (r) => (
            <p>
              {r.DbTitle} holds {r.SectionCount} sections and {r.ItemCount} items. Only an empty store database can be
              deleted: move or delete what it holds first.
            </p>
          ),
          run: async (r) => (await staff.storeDbs.remove(r.DbID)).Message,
        }}
      />
    </>
  );
}
