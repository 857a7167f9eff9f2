import { useId } from 'react';
import type { ItemInput } from '../../lib/api/staff.ts';
import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { itemForm } from '../../lib/domain/catalogue-forms.ts';
import {
  GST_RATES,
  META_MAX_LENGTH,
  PRICE_MAX_RUPEES,
  PRODUCT_CODE_MAX_LENGTH,
  SIZE_MAX_LENGTH,
  STOCK_MAX,
} from '../../lib/domain/form-fields.ts';
import { formatRupees } from '../../lib/domain/money.ts';
import { type PricePreview, pricePreview } from '../../lib/domain/price-preview.ts';
import type { StaffSectionDto } from '../../lib/domain/staff-dtos.ts';
import { CheckboxInput, SelectInput } from './ChoiceFields.tsx';
import { HiddenSwitch } from './catalogue-cells.tsx';
import { PictureField, TitleInput, usePendingPicture } from './catalogue-fields.tsx';
import { DataTable, type FormDone } from './DataTable.tsx';
import { DbWorkspace, useDbChoice } from './DbWorkspace.tsx';
import { FormShell } from './FormShell.tsx';
import { FilterSelect, useQueryId } from './filters.tsx';
import { HtmlField } from './HtmlField.tsx';
import { ExportButton, StockCell } from './item-cells.tsx';
import { byId, queryId, readEvery, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { TextArea, TextInput } from './TextFields.tsx';
import { useResourceForm } from './useResourceForm.ts';

interface ItemValues extends Record<string, string | boolean> {
  ItemTitle: string;
  SectionID: string;
  Size: string;
  Availability: string;
  UnitPrice: string;
  Discount: string;
  FlatDiscount: string;
  Gst: string;
  ItemMetaDescription: string;
  ItemContent: string;
  ItemHidden: boolean;
  ProductCode: string;
}

function toInput(v: ItemValues, dbId: number): Record<string, unknown> {
  // A PUT sets every field: the product code goes back as it was (or as typed), never dropped.
  const code = v.ProductCode.trim();
  return {
    ...v,
    DbID: dbId,
    SectionID: v.SectionID === '' ? null : v.SectionID,
    ProductCode: code === '' ? null : code,
  };
}

/**
 * The fields an edit changed from the row the dialog opened with: only those are written, so
 * a stock change made meanwhile (the Stock column saved a moment before, a till's feed) is not
 * put back to what the dialog first read. With nothing changed, the title alone (a no-op).
 */
function changedFields(row: ItemDto, value: ItemInput): Partial<ItemInput> {
  const before = row as unknown as Record<string, unknown>;
  const change = Object.fromEntries(Object.entries(value).filter(([k, v]) => v !== before[k])) as Partial<ItemInput>;
  return Object.keys(change).length === 0 ? { ItemTitle: value.ItemTitle } : change;
}

/** The selling price and struck-through price as the shop's item cards show them. */
function PriceTag({ price, size }: { price: PricePreview; size?: string }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="font-bold text-brand-800">
        <span className="sr-only">Price: </span>
        {price.selling}
      </span>
      {price.before !== null && (
        <s className="text-xs text-slate-600">
          <span className="sr-only">Price before discount, incl. GST: </span>
          {price.before}
        </s>
      )}
      {size !== undefined && size !== '' && <span className="text-xs text-slate-600">· {size}</span>}
    </span>
  );
}

function ItemFormPanel({
  row,
  dbId,
  sections,
  done,
}: {
  row: ItemDto | null;
  dbId: number;
  sections: StaffSectionDto[];
  done: FormDone;
}) {
  const picture = usePendingPicture();
  const shell = useResourceForm({
    noun: 'item',
    isNew: row === null,
    spec: itemForm,
    initial: {
      ItemTitle: row?.ItemTitle ?? '',
      SectionID:
        row === null ? (queryId('section')?.toString() ?? '') : row.SectionID === null ? '' : String(row.SectionID),
      Size: row?.Size ?? '',
      Availability: String(row?.Availability ?? 0),
      UnitPrice: row === null ? '' : String(row.UnitPrice),
      Discount: String(row?.Discount ?? 0),
      FlatDiscount: String(row?.FlatDiscount ?? 0),
      Gst: String(row?.Gst ?? 0),
      ItemMetaDescription: row?.ItemMetaDescription ?? '',
      ItemContent: row?.ItemContent ?? '',
      ItemHidden: row?.ItemHidden ?? false,
      ProductCode: row?.ProductCode ?? '',
    },
    toInput: (v: ItemValues) => toInput(v, dbId),
    done,
    save: async (value) => {
      if (row !== null) return staff.items.patch(row.ItemID, changedFields(row, value));
      const created = await staff.items.create(value);
      await picture.uploadFor({ kind: 'Item', id: created.ItemID, storeId: created.StoreID });
      return created;
    },
    savedText: (saved) =>
      `Item ${saved.ItemTitle} was ${row === null ? 'created' : 'saved'}; it sells at ${formatRupees(saved.SellingPrice)}.`,
  });
  const { form } = shell;
  const preview = pricePreview(form.values);
  const previewId = useId();

  return (
    <FormShell {...shell}>
      <TitleInput form={form} name="ItemTitle" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectInput
          form={form}
          name="SectionID"
          label="Section"
          placeholder="No section"
          options={sections.map((s) => ({ value: String(s.SectionID), label: `${s.SectionTitle} (#${s.SectionID})` }))}
        />
        <TextInput form={form} name="Size" label="Size" hint={`Such as 1 kg; at most ${SIZE_MAX_LENGTH} characters.`} />
        <TextInput
          form={form}
          name="ProductCode"
          label="Product code"
          hint={`The code tills and stock feeds know the item by; at most ${PRODUCT_CODE_MAX_LENGTH} characters, or empty.`}
        />
      </div>
      <fieldset className="rounded-xl border border-slate-300 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Stock and price</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            form={form}
            name="Availability"
            label="Stock (units)"
            inputMode="numeric"
            hint={`0 to ${STOCK_MAX.toLocaleString('en-IN')}.`}
          />
          <TextInput
            form={form}
            name="UnitPrice"
            label="Unit price"
            inputMode="decimal"
            prefix="Rs"
            required
            hint={`Before discount and GST; up to ${formatRupees(PRICE_MAX_RUPEES)}.`}
          />
          <TextInput
            form={form}
            name="Discount"
            label="Discount"
            inputMode="decimal"
            suffix="%"
            hint="0 to 100 percent."
          />
          <TextInput
            form={form}
            name="FlatDiscount"
            label="Flat discount"
            inputMode="decimal"
            prefix="Rs"
            hint="Taken off after the percent discount."
          />
          <SelectInput
            form={form}
            name="Gst"
            label="GST"
            options={GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
          />
          <div id={previewId} className="rounded-xl bg-brand-50 p-3 ring-1 ring-brand-200">
            <p className="text-sm font-semibold text-slate-800">In the shop</p>
            {preview === null ? (
              <p className="mt-1 text-sm text-slate-700">Fix the price fields to see the price customers pay.</p>
            ) : (
              <>
                <p className="mt-1 text-lg">
                  <PriceTag price={preview} size={form.values.Size.trim()} />
                </p>
                <p className="text-xs text-slate-700">
                  GST included{preview.saving === null ? '' : ` · ${preview.saving}`}
                </p>
              </>
            )}
          </div>
        </div>
      </fieldset>
      <TextArea
        form={form}
        name="ItemMetaDescription"
        label="Meta description"
        hint="A sentence under the title, also used by search engines."
        maxLength={META_MAX_LENGTH}
      />
      <HtmlField form={form} name="ItemContent" label="Content" hint="The item's page shows this under its title." />
      <CheckboxInput
        form={form}
        name="ItemHidden"
        label="Hidden"
        hint="A hidden item shows in the shop faded and cannot be bought."
      />
      <PictureField
        noun="item"
        target={row === null ? null : { kind: 'Item', id: row.ItemID, storeId: row.StoreID }}
        pending={picture}
        label={row?.ItemTitle ?? ''}
      />
    </FormShell>
  );
}

/**
 * `/app/client-store/item?db=N`: the items of the selected store database (or
 * of one of its sections): stock edited in place, prices with the selling and
 * struck-through price as the shop shows them, content, picture and hidden flag.
 */
export function ItemAdmin() {
  return (
    <StaffPage
      title="Items From Selected Store"
      description="The items of a store database: stock, prices as the shop shows them, content and pictures."
    >
      <ItemBody />
    </StaffPage>
  );
}

function ItemBody() {
  const choice = useDbChoice();
  const { dbId, setDbId, db } = choice;
  const sections = useLookup(
    () => (dbId === null ? Promise.resolve([]) : readEvery((q) => staff.sections.list(dbId, q))),
    String(dbId ?? ''),
  );
  const [sectionId, setSectionId] = useQueryId('section');
  const sectionById = byId(sections.rows, (s) => s.SectionID);

  return (
    <DbWorkspace
      choice={choice}
      onChange={(id) => {
        setDbId(id);
        setSectionId(null);
      }}
      noun="items"
      other={{ page: 'section', label: 'Sections of this database' }}
    >
      {(dbId) => (
        <DataTable<ItemDto>
          caption={`Items of ${db?.DbTitle ?? `store database ${dbId}`}`}
          noun="items"
          reloadKey={`${dbId}/${sectionId ?? ''}`}
          load={(q) => staff.items.list({ ...q, dbId, ...(sectionId === null ? {} : { sectionId }) })}
          rowKey={(r) => r.ItemID}
          rowName={(r) => r.ItemTitle}
          faded={(r) => r.ItemHidden}
          toolbar={
            <FilterSelect
              label="Section"
              allLabel="All sections"
              value={sectionId}
              onChange={setSectionId}
              options={(sections.rows ?? []).map((s) => ({ value: s.SectionID, label: s.SectionTitle }))}
            />
          }
          toolbarWith={({ filter }) => (
            <ExportButton filter={{ dbId, sectionId: sectionId ?? undefined, filter: filter || undefined }} />
          )}
          columns={[
            { label: 'ID', sort: 'ItemID', cell: (r) => r.ItemID, className: 'w-16 tabular-nums' },
            {
              label: 'Title',
              sort: 'ItemTitle',
              rowHeader: true,
              cell: (r) => (
                <>
                  <span className={r.ItemHidden ? 'italic' : ''}>{r.ItemTitle}</span>
                  <span className="block text-xs font-normal text-slate-600">
                    {r.SectionID === null
                      ? 'No section'
                      : (sectionById.get(r.SectionID)?.SectionTitle ?? `Section #${r.SectionID}`)}
                  </span>
                </>
              ),
            },
            {
              label: 'Stock',
              sort: 'Availability',
              cell: (r, table) => (
                <StockCell key={`${r.ItemID}:${r.Availability}`} row={r} table={table} max={STOCK_MAX} />
              ),
            },
            {
              label: 'Price',
              sort: 'SellingPrice',
              cell: (r) => {
                const price = pricePreview(r);
                return price === null ? formatRupees(r.SellingPrice) : <PriceTag price={price} size={r.Size} />;
              },
              className: 'whitespace-nowrap',
            },
            { label: 'GST', cell: (r) => `${r.Gst} %`, className: 'hidden lg:table-cell tabular-nums' },
            {
              label: 'Hidden',
              cell: (r, table) => (
                <HiddenSwitch
                  name={r.ItemTitle}
                  hidden={r.ItemHidden}
                  table={table}
                  save={(next) => staff.items.patch(r.ItemID, { ItemHidden: next })}
                />
              ),
              className: 'hidden md:table-cell',
            },
            {
              label: 'Updated',
              sort: 'ItemUpdatedTime',
              cell: (r) => formatWhen(r.ItemUpdatedTime),
              className: 'hidden xl:table-cell whitespace-nowrap text-slate-600',
            },
          ]}
          empty={<p>No items here yet.</p>}
          create={{
            label: 'New item',
            title: 'New item',
            description: `In ${db?.DbTitle ?? `store database ${dbId}`}.`,
            render: (done) => <ItemFormPanel row={null} dbId={dbId} sections={sections.rows ?? []} done={done} />,
          }}
          edit={{
            title: (r) => `Edit item ${r.ItemTitle}`,
            render: (r, done) => <ItemFormPanel row={r} dbId={dbId} sections={sections.rows ?? []} done={done} />,
          }}
          remove={{
            title: (r) => `Delete item ${r.ItemTitle}?`,
            body: (r) => (
              <p>
                {r.ItemTitle} leaves the shop, every cart that holds it and every section's item order. Past orders keep
                their own copy.
              </p>
            ),
            run: async (r) => (await staff.items.remove(r.ItemID)).Message,
          }}
        />
      )}
    </DbWorkspace>
  );
}
