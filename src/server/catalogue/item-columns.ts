import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { type ItemForm, itemPriceFields } from '../../lib/domain/catalogue-forms.ts';
import type { SheetColumn } from '../../lib/domain/catalogue-sheet.ts';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import { sellingPrice } from '../../lib/domain/pricing.ts';
import type { Item, ItemsTable } from '../db/schema.ts';

/**
 * How a column of the items table is written:
 * - `key`: the row's identity and place (id, store, database), set once when the row is made;
 * - `form`: from the item form (`itemForm`), by staff calls and imports alike;
 * - `derived`: computed from form fields (SellingPrice from the prices), never taken from a client;
 * - `stamp`: the time of the write.
 */
export type ItemColumnRole = 'key' | 'form' | 'derived' | 'stamp';

/** One column's place: its spec §3 field (the wire's, the form's and the sheet's name), role and SQL type. */
export interface ItemColumnSpec {
  field: keyof ItemDto & SheetColumn;
  role: ItemColumnRole;
  sql: 'integer' | 'text';
}

/**
 * Every column of the items table, once: its field name on the wire, in the
 * item form and in a catalogue sheet, and how it is written. The `satisfies`
 * makes a column added to `ItemsTable` a compile error here until it is
 * placed, and the checks below then make the wire shape, the sheet's columns,
 * the form, the import's cell readers and the writes of `itemColumnsOf` fail
 * to compile until each carries it.
 */
export const ITEM_COLUMNS = {
  id: { field: 'ItemID', role: 'key', sql: 'integer' },
  store_id: { field: 'StoreID', role: 'key', sql: 'integer' },
  db_id: { field: 'DbID', role: 'key', sql: 'integer' },
  section_id: { field: 'SectionID', role: 'form', sql: 'integer' },
  title: { field: 'ItemTitle', role: 'form', sql: 'text' },
  meta_description: { field: 'ItemMetaDescription', role: 'form', sql: 'text' },
  content: { field: 'ItemContent', role: 'form', sql: 'text' },
  hidden: { field: 'ItemHidden', role: 'form', sql: 'integer' },
  stock: { field: 'Availability', role: 'form', sql: 'integer' },
  size: { field: 'Size', role: 'form', sql: 'text' },
  unit_price: { field: 'UnitPrice', role: 'form', sql: 'integer' },
  discount_bps: { field: 'Discount', role: 'form', sql: 'integer' },
  flat_discount: { field: 'FlatDiscount', role: 'form', sql: 'integer' },
  gst_bps: { field: 'Gst', role: 'form', sql: 'integer' },
  selling_price: { field: 'SellingPrice', role: 'derived', sql: 'integer' },
  updated_at: { field: 'ItemUpdatedTime', role: 'stamp', sql: 'text' },
  product_code: { field: 'ProductCode', role: 'form', sql: 'text' },
  reorder_level: { field: 'ReorderLevel', role: 'form', sql: 'integer' },
  hsn_code: { field: 'HsnCode', role: 'form', sql: 'text' },
  sold_by: { field: 'SoldBy', role: 'form', sql: 'text' },
  step: { field: 'Step', role: 'form', sql: 'integer' },
} as const satisfies { [C in keyof ItemsTable]-?: ItemColumnSpec };

type Columns = typeof ITEM_COLUMNS;
type ColumnsWithRole<R extends ItemColumnRole> = {
  [C in keyof Columns]: Columns[C]['role'] extends R ? C : never;
}[keyof Columns];

/** The columns an edit writes: the form's and the derived ones. */
export type ItemWritableColumn = ColumnsWithRole<'form' | 'derived'>;
/** The values of an edit: every writable column, none optional. */
export type ItemWrite = Pick<Item, ItemWritableColumn>;
/** The spec §3 field of every column. */
export type ItemField = Columns[keyof Columns]['field'];

// Each line fails to compile, naming what is missing, when one side gains a field the other lacks.
type Uncovered<Have, Need> = [Exclude<Need, Have>] extends [never] ? true : Exclude<Need, Have>;
/** Every field of the wire shape is a column's. */
const wireCovered: Uncovered<ItemField, keyof ItemDto> = true;
/** Every field of the item form is a column's. */
const formCovered: Uncovered<ItemField, keyof ItemForm> = true;
/** Every form column is a field of the item form. */
const formColumnsInForm: Uncovered<keyof ItemForm, Columns[ColumnsWithRole<'form'>]['field']> = true;
void [wireCovered, formCovered, formColumnsInForm];

/** The writable columns in a fixed order, with their SQL types: the batch update's column list. */
export const ITEM_WRITABLE_COLUMNS = (Object.keys(ITEM_COLUMNS) as (keyof Columns)[])
  .filter((c): c is ItemWritableColumn => ITEM_COLUMNS[c].role === 'form' || ITEM_COLUMNS[c].role === 'derived')
  .map((column) => ({ column, sql: ITEM_COLUMNS[column].sql }));

/** An item row as the item form holds it: money in rupees, rates in percent, flags as booleans. */
export function formOfItem(row: Item): ItemForm {
  return {
    DbID: row.db_id,
    StoreID: row.store_id,
    SectionID: row.section_id,
    ItemTitle: row.title,
    ItemMetaDescription: row.meta_description,
    ItemContent: row.content,
    ItemHidden: row.hidden !== 0,
    Availability: row.stock,
    Size: row.size,
    UnitPrice: paiseToRupees(row.unit_price),
    Discount: bpsToPercent(row.discount_bps),
    FlatDiscount: paiseToRupees(row.flat_discount),
    Gst: bpsToPercent(row.gst_bps),
    ProductCode: row.product_code,
    ReorderLevel: row.reorder_level,
    HsnCode: row.hsn_code,
    SoldBy: row.sold_by,
    Step: row.step,
  };
}

/**
 * The writable columns of a checked item form, SellingPrice computed by the
 * pricing rules. `content` is the form's text as given: the caller sanitizes it
 * (or keeps the stored text when it did not change).
 */
export function itemColumnsOf(form: ItemForm): ItemWrite {
  const price = itemPriceFields(form);
  return {
    section_id: form.SectionID,
    title: form.ItemTitle,
    meta_description: form.ItemMetaDescription,
    content: form.ItemContent,
    hidden: form.ItemHidden ? 1 : 0,
    stock: form.Availability,
    size: form.Size,
    unit_price: price.unitPrice,
    discount_bps: price.discountBps,
    flat_discount: price.flatDiscount,
    gst_bps: price.gstBps,
    selling_price: sellingPrice(price),
    product_code: form.ProductCode,
    reorder_level: form.ReorderLevel,
    hsn_code: form.HsnCode,
    sold_by: form.SoldBy,
    step: form.Step,
  };
}

/** Whether a write changes any writable column of a stored row. */
export function itemWriteChanges(row: Item, write: ItemWrite): boolean {
  return ITEM_WRITABLE_COLUMNS.some(({ column }) => write[column] !== row[column]);
}

/**
 * A column's value as a sheet cell writes it: money in rupees, rates in percent, flags as
 * booleans, no code or section as an empty cell. The one conversion of exports and of an
 * import's list of changed cells.
 */
export function sheetValueOf(column: keyof ItemsTable, value: unknown): unknown {
  switch (column) {
    case 'unit_price':
    case 'flat_discount':
    case 'selling_price':
      return paiseToRupees(value as number);
    case 'discount_bps':
    case 'gst_bps':
      return bpsToPercent(value as number);
    case 'hidden':
      return value !== 0;
    case 'product_code':
    case 'section_id':
    case 'reorder_level':
      return value ?? '';
    default:
      return value;
  }
}

/** An item's own cells of a catalogue sheet (the columns of its store, database, section and category aside). */
export function itemSheetCells(row: Item): Record<ItemField, unknown> {
  const out = {} as Record<ItemField, unknown>;
  for (const column of Object.keys(ITEM_COLUMNS) as (keyof Columns)[]) {
    out[ITEM_COLUMNS[column].field] = sheetValueOf(column, row[column]);
  }
  return out;
}
