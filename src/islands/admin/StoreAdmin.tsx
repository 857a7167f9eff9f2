import { MAX_CART_QTY } from '../../lib/domain/cart.ts';
import type { CategoryDto, StoreDto, StoreTypeName } from '../../lib/domain/catalogue.ts';
import { storeForm } from '../../lib/domain/catalogue-forms.ts';
import { META_MAX_LENGTH, STORE_TYPE_NAMES } from '../../lib/domain/form-fields.ts';
import { GST_STATES } from '../../lib/domain/gst.ts';
import { DEFAULT_MAX_QTY_PER_ITEM } from '../../lib/domain/order-limits.ts';
import { CheckboxInput, SelectInput } from './ChoiceFields.tsx';
import { HiddenSwitch, TitleCell } from './catalogue-cells.tsx';
import { PictureField, TitleInput, usePendingPicture } from './catalogue-fields.tsx';
import { DataTable, type FormDone } from './DataTable.tsx';
import { FormShell } from './FormShell.tsx';
import { FilterSelect, useQueryId } from './filters.tsx';
import { byId, LoadError, readAllCategories, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { StoreDeliveryPanel } from './StoreDeliveryPanel.tsx';
import { staff } from './staff-client.ts';
import { TextArea, TextInput } from './TextFields.tsx';
import { useResourceForm } from './useResourceForm.ts';

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
  MaxQtyPerItem: string;
  Gstin: string;
  StateCode: string;
  StoreAddress: string;
}

function StoreFormPanel({
  row,
  categories,
  done,
}: {
  row: StoreDto | null;
  categories: CategoryDto[];
  done: FormDone;
}) {
  const picture = usePendingPicture();
  const shell = useResourceForm({
    noun: 'store',
    isNew: row === null,
    spec: storeForm,
    initial: {
      StoreTitle: row?.StoreTitle ?? '',
      CategoryID: row === null ? '' : String(row.CategoryID),
      StoreType: row?.StoreType ?? 'public_store',
      StoreDescription: row?.StoreDescription ?? '',
      StoreHidden: row?.StoreHidden ?? false,
      MaxQtyPerItem: String(row?.MaxQtyPerItem ?? DEFAULT_MAX_QTY_PER_ITEM),
      Gstin: row?.Gstin ?? '',
      StateCode: row?.StateCode ?? '',
      StoreAddress: row?.StoreAddress ?? '',
    },
    toInput: (v: StoreValues) => v,
    done,
    save: async (value) => {
      if (row !== null) return staff.stores.update(row.StoreID, value);
      const created = await staff.stores.create(value);
      await picture.uploadFor({ kind: 'Store', id: created.StoreID });
      return created;
    },
    savedText: (saved) =>
      row === null
        ? `Store ${saved.StoreTitle} was created, with its main store database.`
        : `Store ${saved.StoreTitle} was saved.`,
  });
  const { form } = shell;
  return (
    <FormShell {...shell}>
      <TitleInput form={form} name="StoreTitle" />
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
      <TextInput
        form={form}
        name="MaxQtyPerItem"
        label="Most of one item per order"
        required
        inputMode="numeric"
        hint={`1 to ${MAX_CART_QTY}. No order may hold more of any one item of this store; the quantity steppers stop there.`}
      />
      <fieldset className="grid gap-4 rounded-xl border border-slate-300 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Tax invoices (GST)</legend>
        <TextInput
          form={form}
          name="Gstin"
          label="GSTIN"
          hint="15 characters, such as 27AAPFU0939F1ZV; its first two digits are the state's code."
        />
        <SelectInput
          form={form}
          name="StateCode"
          label="State"
          placeholder="Not set"
          options={Object.entries(GST_STATES).map(([code, name]) => ({ value: code, label: `${name} (${code})` }))}
        />
        <TextInput
          form={form}
          name="StoreAddress"
          label="Address"
          hint="The seller's address its tax invoices print, on one line."
        />
      </fieldset>
      <CheckboxInput
        form={form}
        name="StoreHidden"
        label="Hidden"
        hint="A hidden store still shows in the shop, faded, and its items cannot be bought."
      />
      <PictureField
        noun="store"
        target={row === null ? null : { kind: 'Store', id: row.StoreID }}
        pending={picture}
        label={row?.StoreTitle ?? ''}
      />
    </FormShell>
  );
}

/** `/app/edu-shopy/store`: the shop's stores, with their category, type, hidden flag, description and picture. */
export function StoreAdmin() {
  return (
    <StaffPage
      title="Stores"
      description="The stores of the shop: their category, type, description, picture, the most of one item an order may hold, whether they are hidden, and where they deliver for how much (Edit)."
    >
      <StoreBody />
    </StaffPage>
  );
}

function StoreBody() {
  const categories = useLookup(readAllCategories);
  const categoryById = byId(categories.rows, (c) => c.CategoryID);
  const [categoryId, setCategoryId] = useQueryId('category');

  return (
    <>
      <LoadError what="The categories" error={categories.error} />
      <DataTable<StoreDto>
        caption="Stores"
        noun="stores"
        reloadKey={String(categoryId ?? '')}
        load={(q) => staff.stores.list(q, categoryId ?? undefined)}
        rowKey={(r) => r.StoreID}
        rowName={(r) => r.StoreTitle}
        faded={(r) => r.StoreHidden}
        toolbar={
          <FilterSelect
            label="Category"
            allLabel="All categories"
            value={categoryId}
            onChange={setCategoryId}
            options={(categories.rows ?? []).map((c) => ({ value: c.CategoryID, label: c.CategoryTitle }))}
          />
        }
        columns={[
          { label: 'ID', sort: 'StoreID', cell: (r) => r.StoreID, className: 'w-16 tabular-nums' },
          {
            label: 'Title',
            sort: 'StoreTitle',
            rowHeader: true,
            cell: (r) => <TitleCell title={r.StoreTitle} hidden={r.StoreHidden} description={r.StoreDescription} />,
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
            label: 'Per order',
            cell: (r) => (
              <span>
                {r.MaxQtyPerItem}
                <span className="sr-only"> at most of one item per order</span>
              </span>
            ),
            className: 'hidden md:table-cell w-24 tabular-nums',
          },
          {
            label: 'Hidden',
            cell: (r, table) => (
              <HiddenSwitch
                name={r.StoreTitle}
                hidden={r.StoreHidden}
                table={table}
                save={(next) => staff.stores.patch(r.StoreID, { StoreHidden: next })}
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
          render: (r, done) => (
            <>
              <StoreFormPanel row={r} categories={categories.rows ?? []} done={done} />
              <StoreDeliveryPanel storeId={r.StoreID} storeTitle={r.StoreTitle} />
            </>
          ),
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
