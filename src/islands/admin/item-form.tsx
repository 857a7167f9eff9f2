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
import { CheckboxInput, SelectInput } from './ChoiceFields.tsx';
import { PictureField, TitleInput, usePendingPicture } from './catalogue-fields.tsx';
import type { FormDone } from './DataTable.tsx';
import { FormShell } from './FormShell.tsx';
import { HtmlField } from './HtmlField.tsx';
import { queryId, readEvery, useLookup } from './Lookups.tsx';
import { PackSetup } from './PackSetup.tsx';
import { StockHistory } from './StockHistory.tsx';
import { staff } from './staff-client.ts';
import { TextArea, TextInput } from './TextFields.tsx';
import { useResourceForm } from './useResourceForm.ts';

/** The item form of the Items page (new item and Edit), and the price as the shop's cards show it. */

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
  ReorderLevel: string;
  HsnCode: string;
  SoldBy: string;
  Step: string;
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
export function PriceTag({ price, size }: { price: PricePreview; size?: string }) {
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

export function ItemFormPanel({
  row,
  dbId,
  done,
}: {
  row: ItemDto | null;
  /** The store database the item is (or goes) in: its sections are the choices. */
  dbId: number;
  done: FormDone;
}) {
  const sections = useLookup(() => readEvery((q) => staff.sections.list(dbId, q)), String(dbId)).rows ?? [];
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
      ReorderLevel: row?.ReorderLevel === null || row?.ReorderLevel === undefined ? '' : String(row.ReorderLevel),
      HsnCode: row?.HsnCode ?? '',
      SoldBy: row?.SoldBy ?? 'ByUnit',
      Step: String(row?.Step ?? 1),
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
          <SelectInput
            form={form}
            name="SoldBy"
            label="Sold by"
            options={[
              { value: 'ByUnit', label: 'The piece' },
              { value: 'ByWeight', label: 'Weight (price per kg, stock in g)' },
              { value: 'ByVolume', label: 'Volume (price per litre, stock in ml)' },
            ]}
          />
          <TextInput
            form={form}
            name="Step"
            label={
              form.values.SoldBy === 'ByUnit' ? 'Step' : `Step (${form.values.SoldBy === 'ByWeight' ? 'g' : 'ml'})`
            }
            inputMode="numeric"
            hint="What a shopper's quantity moves by: 1 for the piece, such as 250 for 250 g."
          />
          <TextInput
            form={form}
            name="Availability"
            label={
              form.values.SoldBy === 'ByWeight'
                ? 'Stock (g)'
                : form.values.SoldBy === 'ByVolume'
                  ? 'Stock (ml)'
                  : 'Stock (units)'
            }
            inputMode="numeric"
            hint={`0 to ${STOCK_MAX.toLocaleString('en-IN')}.`}
          />
          <TextInput
            form={form}
            name="ReorderLevel"
            label="Reorder level"
            inputMode="numeric"
            hint="At or below this stock the item is in its store's daily low-stock mail; empty for none."
          />
          <TextInput
            form={form}
            name="UnitPrice"
            label={
              form.values.SoldBy === 'ByWeight'
                ? 'Price per kg'
                : form.values.SoldBy === 'ByVolume'
                  ? 'Price per litre'
                  : 'Unit price'
            }
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
          <TextInput
            form={form}
            name="HsnCode"
            label="HSN code"
            inputMode="numeric"
            hint="4 to 8 digits, printed on its tax invoice lines; empty until known."
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
      {row !== null && <StockHistory itemId={row.ItemID} />}
      {row !== null && <PackSetup item={row} />}
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
