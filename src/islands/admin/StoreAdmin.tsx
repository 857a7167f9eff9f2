import { useId, useState } from 'react';
import type { CategoryDto, StoreDto, StoreTypeName } from '../../lib/domain/catalogue.ts';
import {
  META_MAX_LENGTH,
  STORE_TYPE_NAMES,
  storeForm,
  TITLE_MAX_LENGTH,
  validateForm,
} from '../../lib/domain/schemas.ts';
import { DataTable, type FormDone } from './DataTable.tsx';
import {
  CheckboxInput,
  FormShell,
  SelectInput,
  SwitchButton,
  specValidator,
  TextArea,
  TextInput,
  useStaffForm,
} from './Fields.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import { byId, queryId, readAllCategories, setQueryParam, useLookup } from './Lookups.tsx';
import { formatWhen, useContentChanged } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

/** Store types in words. */
export const STORE_TYPE_LABELS: Record<StoreTypeName, string> = {
  public_store: 'Public store',
  client_store: 'Client store',
  edu_shopy_store: 'Education shop store',
};

interface StoreValues extends Record<string, string | boolean> {
  StoreTitle: string;
  CategoryID: string;
  StoreType: string;
  StoreDescription: string;
  StoreHidden: boolean;
}

const validate = specValidator(storeForm, (v: StoreValues) => v);

function StoreFormPanel({
  row,
  categories,
  done,
}: {
  row: StoreDto | null;
  categories: CategoryDto[];
  done: FormDone;
}) {
  const form = useStaffForm<StoreValues>(
    {
      StoreTitle: row?.StoreTitle ?? '',
      CategoryID: row === null ? '' : String(row.CategoryID),
      StoreType: row?.StoreType ?? 'public_store',
      StoreDescription: row?.StoreDescription ?? '',
      StoreHidden: row?.StoreHidden ?? false,
    },
    validate,
  );
  return (
    <FormShell
      form={form}
      submitLabel={row === null ? 'Create store' : 'Save store'}
      onCancel={done.cancel}
      onSave={async () => {
        const checked = validateForm(storeForm, form.values);
        if (!checked.ok) return;
        const saved =
          row === null
            ? await staff.stores.create(checked.value)
            : await staff.stores.update(row.StoreID, checked.value);
        done.saved(
          row === null
            ? `Store ${saved.StoreTitle} was created, with its main store database.`
            : `Store ${saved.StoreTitle} was saved.`,
        );
      }}
    >
      <TextInput
        form={form}
        name="StoreTitle"
        label="Title"
        hint={`1 to ${TITLE_MAX_LENGTH} characters.`}
        required
        autoFocus
      />
      <SelectInput
        form={form}
        name="CategoryID"
        label="Category"
        required
        placeholder="Choose a category…"
        options={categories.map((c) => ({ value: String(c.CategoryID), label: c.CategoryTitle }))}
      />
      <SelectInput
        form={form}
        name="StoreType"
        label="Type"
        required
        options={STORE_TYPE_NAMES.map((t) => ({ value: t, label: `${STORE_TYPE_LABELS[t]} (${t})` }))}
      />
      <TextArea
        form={form}
        name="StoreDescription"
        label="Description"
        hint="Shown on the store's card and as its meta description."
        maxLength={META_MAX_LENGTH}
      />
      <CheckboxInput
        form={form}
        name="StoreHidden"
        label="Hidden"
        hint="A hidden store still shows in the shop, faded, and its items cannot be bought."
      />
      {row === null ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Save the store first, then add its picture here.
        </p>
      ) : (
        <ImageUpload target={{ kind: 'Store', id: row.StoreID }} label={row.StoreTitle} />
      )}
    </FormShell>
  );
}

/** `/app/edu-shopy/store`: the shop's stores, with their category, type, hidden flag, description and picture. */
export function StoreAdmin() {
  return (
    <StaffPage
      title="Stores"
      description="The stores of the shop: their category, type, description, picture and whether they are hidden."
    >
      <StoreBody />
    </StaffPage>
  );
}

function StoreBody() {
  const categories = useLookup(readAllCategories);
  const categoryById = byId(categories.rows, (c) => c.CategoryID);
  const [categoryId, setCategoryId] = useState<number | null>(() => queryId('category'));
  const contentChanged = useContentChanged();
  const filterId = useId();

  return (
    <>
      {categories.error !== '' && (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          The categories could not be loaded: {categories.error}
        </p>
      )}
      <DataTable<StoreDto>
        caption="Stores"
        noun="stores"
        reloadKey={String(categoryId ?? '')}
        load={(q) => staff.stores.list(q, categoryId ?? undefined)}
        rowKey={(r) => r.StoreID}
        rowName={(r) => r.StoreTitle}
        faded={(r) => r.StoreHidden}
        toolbar={
          <div className="min-w-0 basis-56">
            <label htmlFor={filterId} className="mb-1 block text-sm font-semibold text-slate-800">
              Category
            </label>
            <select
              id={filterId}
              value={categoryId === null ? '' : String(categoryId)}
              onChange={(e) => {
                const next = e.target.value === '' ? null : Number(e.target.value);
                setCategoryId(next);
                setQueryParam('category', next);
              }}
              className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
            >
              <option value="">All categories</option>
              {(categories.rows ?? []).map((c) => (
                <option key={c.CategoryID} value={c.CategoryID}>
                  {c.CategoryTitle}
                </option>
              ))}
            </select>
          </div>
        }
        columns={[
          { label: 'ID', sort: 'StoreID', cell: (r) => r.StoreID, className: 'w-16 tabular-nums' },
          {
            label: 'Title',
            sort: 'StoreTitle',
            rowHeader: true,
            cell: (r) => (
              <>
                <span className={r.StoreHidden ? 'italic' : ''}>{r.StoreTitle}</span>
                {r.StoreDescription !== '' && (
                  <span className="mt-0.5 line-clamp-2 block max-w-md text-xs font-normal text-slate-600">
                    {r.StoreDescription}
                  </span>
                )}
              </>
            ),
          },
          {
            label: 'Category',
            sort: 'CategoryID',
            cell: (r) => categoryById.get(r.CategoryID)?.CategoryTitle ?? `#${r.CategoryID}`,
            className: 'hidden md:table-cell',
          },
          {
            label: 'Type',
            sort: 'StoreType',
            cell: (r) => STORE_TYPE_LABELS[r.StoreType] ?? r.StoreType,
            className: 'hidden lg:table-cell whitespace-nowrap',
          },
          {
            label: 'Hidden',
            cell: (r, table) => (
              <SwitchButton
                checked={r.StoreHidden}
                label={`${r.StoreTitle} hidden`}
                onLabel="Hidden"
                offLabel="Shown"
                save={async (next) => {
                  await staff.stores.patch(r.StoreID, { StoreHidden: next });
                  table.reload();
                  contentChanged();
                }}
                savedText={(next) => `${r.StoreTitle} is ${next ? 'hidden' : 'shown'} now.`}
              />
            ),
          },
          {
            label: 'Databases',
            cell: (r) => (
              <a
                href={`/app/client-store/db?store=${r.StoreID}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {r.DbIDs.length}
                <span className="sr-only"> store databases of {r.StoreTitle}</span>
              </a>
            ),
            className: 'hidden sm:table-cell',
          },
          {
            label: 'Updated',
            sort: 'StoreUpdatedTime',
            cell: (r) => formatWhen(r.StoreUpdatedTime),
            className: 'hidden xl:table-cell whitespace-nowrap text-slate-600',
          },
        ]}
        empty={<p>No stores here yet.</p>}
        create={{
          label: 'New store',
          title: 'New store',
          description: 'A new store comes with its main store database, ready for sections and items.',
          render: (done) => <StoreFormPanel row={null} categories={categories.rows ?? []} done={done} />,
        }}
        edit={{
          title: (r) => `Edit store ${r.StoreTitle}`,
          render: (r, done) => <StoreFormPanel row={r} categories={categories.rows ?? []} done={done} />,
        }}
        remove={{
          title: (r) => `Delete store ${r.StoreTitle}?`,
          body: (r) => (
            <p>
              {r.StoreTitle} and its empty store databases leave the shop. A store whose databases still hold sections
              or items cannot be deleted: the message will say what is left.
            </p>
          ),
          run: async (r) => (await staff.stores.remove(r.StoreID)).Message,
        }}
      />
    </>
  );
}
