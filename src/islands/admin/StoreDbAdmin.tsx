import type { StoreDto } from '../../lib/domain/catalogue.ts';
import { storeDbForm } from '../../lib/domain/catalogue-forms.ts';
import { titleField } from '../../lib/domain/form-fields.ts';
import { validateForm } from '../../lib/domain/form-validation.ts';
import type { StoreDbDto } from '../../lib/domain/staff-dtos.ts';
import { SelectInput } from './ChoiceFields.tsx';
import { rowLinkClass } from './catalogue-cells.tsx';
import { TitleInput } from './catalogue-fields.tsx';
import { DataTable, type FormDone } from './DataTable.tsx';
import { FormShell } from './FormShell.tsx';
import { StoreFilter, useQueryId } from './filters.tsx';
import { useStaffForm } from './form-state.ts';
import { byId, LoadError, readAllStores, rememberDb, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { specValidator } from './spec-validator.ts';
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
      <TitleInput form={form} name="DbTitle" />
    </FormShell>
  );
}

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
  const [storeId, setStoreId] = useQueryId('store');

  return (
    <>
      <LoadError what="The stores" error={stores.error} />
      <DataTable<StoreDbDto>
        caption="Store databases"
        noun="store databases"
        reloadKey={String(storeId ?? '')}
        load={(q) => staff.storeDbs.list(q, storeId ?? undefined)}
        rowKey={(r) => r.DbID}
        rowName={(r) => r.DbTitle}
        toolbar={<StoreFilter stores={stores.rows} value={storeId} onChange={setStoreId} />}
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
            <a
              href={`/app/client-store/section?db=${r.DbID}`}
              className={rowLinkClass}
              onClick={() => rememberDb(r.DbID)}
            >
              Sections<span className="sr-only"> of {r.DbTitle}</span>
            </a>
            <a href={`/app/client-store/item?db=${r.DbID}`} className={rowLinkClass} onClick={() => rememberDb(r.DbID)}>
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
