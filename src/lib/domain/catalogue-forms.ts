/**
 * The catalogue's staff forms (category, store, store database, section, publish,
 * reorder, item) as `FormSpec`s, for the admin islands and the API alike, with the
 * values they produce.
 */
import {
  flagField,
  gstField,
  gstinField,
  hsnField,
  htmlField,
  idField,
  itemOrderField,
  META_MAX_LENGTH,
  moneyField,
  optionalStockField,
  percentField,
  productCodeField,
  qtyLimitField,
  SIZE_MAX_LENGTH,
  soldByField,
  stateCodeField,
  stepField,
  stockField,
  storeTypeField,
  textField,
  titleField,
} from './form-fields.ts';
import type { FormSpec, FormValues } from './form-validation.ts';
import { stepProblem } from './measure.ts';
import { percentToBps, rupeesToPaise } from './money.ts';
import { DEFAULT_MAX_QTY_PER_ITEM } from './order-limits.ts';
import type { PriceFields } from './pricing.ts';

const categoryShape = { CategoryTitle: titleField('CategoryTitle') };
export const categoryForm: FormSpec<typeof categoryShape> = { shape: categoryShape, defaults: {} };

const storeShape = {
  CategoryID: idField('CategoryID'),
  StoreTitle: titleField('StoreTitle'),
  StoreDescription: textField('StoreDescription', META_MAX_LENGTH),
  StoreHidden: flagField('StoreHidden'),
  StoreType: storeTypeField('StoreType'),
  /** The most of one item an order may hold from this store. */
  MaxQtyPerItem: qtyLimitField('MaxQtyPerItem'),
  /** What its GST tax invoices print (issue 32): GSTIN, GST state code, address. */
  Gstin: gstinField('Gstin'),
  StateCode: stateCodeField('StateCode'),
  StoreAddress: textField('StoreAddress', META_MAX_LENGTH),
};
export const storeForm: FormSpec<typeof storeShape> = {
  shape: storeShape,
  defaults: {
    StoreDescription: '',
    StoreHidden: false,
    StoreType: 'public_store',
    MaxQtyPerItem: DEFAULT_MAX_QTY_PER_ITEM,
    Gstin: '',
    StateCode: '',
    StoreAddress: '',
  },
  // A GSTIN begins with the code of the state it was issued in.
  cross: (v) =>
    v.Gstin !== '' && v.StateCode !== '' && v.Gstin.slice(0, 2) !== v.StateCode
      ? { StateCode: [`StateCode must be the state of Gstin (${v.Gstin.slice(0, 2)}), not ${v.StateCode}.`] }
      : {},
  crossFields: ['Gstin', 'StateCode'],
};

const storeDbShape = { StoreID: idField('StoreID'), DbTitle: titleField('DbTitle') };
export const storeDbForm: FormSpec<typeof storeDbShape> = { shape: storeDbShape, defaults: {} };

const sectionShape = {
  DbID: idField('DbID'),
  SectionTitle: titleField('SectionTitle'),
  SectionMetaDescription: textField('SectionMetaDescription', META_MAX_LENGTH),
  SectionContent: htmlField('SectionContent'),
  SectionHidden: flagField('SectionHidden'),
  CustomOrder: itemOrderField('CustomOrder'),
};
export const sectionForm: FormSpec<typeof sectionShape> = {
  shape: sectionShape,
  defaults: { SectionMetaDescription: '', SectionContent: '', SectionHidden: false, CustomOrder: [] },
};

/**
 * What `PUT /api/Publisher/Edit/{SectionID}` may carry: the section's database,
 * and overrides of the draft's fields for the public copy. Every field is optional.
 */
export const publishForm: FormSpec<typeof sectionShape> = { shape: sectionShape, defaults: {} };

const reorderShape = { ItemIDs: itemOrderField('ItemIDs') };
/** `PUT /api/Section/Reorder/{id}`: the section's items in their new order. */
export const reorderForm: FormSpec<typeof reorderShape> = { shape: reorderShape, defaults: {} };

const itemShape = {
  DbID: idField('DbID'),
  /** The store of DbID; taken from the database when left out. */
  StoreID: idField('StoreID').optional(),
  SectionID: idField('SectionID').nullable(),
  ItemTitle: titleField('ItemTitle'),
  ItemMetaDescription: textField('ItemMetaDescription', META_MAX_LENGTH),
  ItemContent: htmlField('ItemContent'),
  ItemHidden: flagField('ItemHidden'),
  Availability: stockField('Availability'),
  Size: textField('Size', SIZE_MAX_LENGTH),
  UnitPrice: moneyField('UnitPrice'),
  Discount: percentField('Discount'),
  FlatDiscount: moneyField('FlatDiscount'),
  Gst: gstField('Gst'),
  ProductCode: productCodeField('ProductCode'),
  /** At or below this stock the item is in its store's daily low-stock mail; null: none. */
  ReorderLevel: optionalStockField('ReorderLevel'),
  /** The HSN code its tax invoice lines carry (issue 32). */
  HsnCode: hsnField('HsnCode'),
  /** ByUnit, or ByWeight/ByVolume: prices per kg or litre, Availability and quantities in g or ml (issue 33). */
  SoldBy: soldByField('SoldBy'),
  /** What a quantity moves by: 1 for a unit, else grams or millilitres. */
  Step: stepField('Step'),
};

/**
 * An item. `SellingPrice` is not a field: the server always computes it from
 * UnitPrice, Discount, FlatDiscount and Gst (see `itemPriceFields`).
 */
export const itemForm: FormSpec<typeof itemShape> = {
  shape: itemShape,
  defaults: {
    SectionID: null,
    ItemMetaDescription: '',
    ItemContent: '',
    ItemHidden: false,
    Availability: 0,
    Size: '',
    Discount: 0,
    FlatDiscount: 0,
    Gst: 0,
    ProductCode: null,
    ReorderLevel: null,
    HsnCode: '',
    SoldBy: 'ByUnit',
    Step: 1,
  },
  cross: (v) => {
    const step = stepProblem(v.SoldBy, v.Step);
    return {
      ...(v.FlatDiscount > v.UnitPrice
        ? { FlatDiscount: [`FlatDiscount must not be more than UnitPrice (${v.UnitPrice}).`] }
        : {}),
      ...(step === '' ? {} : { Step: [`Step ${step}, not ${v.Step}.`] }),
    };
  },
  crossFields: ['UnitPrice', 'FlatDiscount', 'SoldBy', 'Step'],
};

export type CategoryForm = FormValues<typeof categoryShape>;
export type StoreForm = FormValues<typeof storeShape>;
export type StoreDbForm = FormValues<typeof storeDbShape>;
export type SectionForm = FormValues<typeof sectionShape>;
export type ItemForm = FormValues<typeof itemShape>;

/** An item form's prices as the pricing rules take them (paise and basis points). */
export function itemPriceFields(v: Pick<ItemForm, 'UnitPrice' | 'Discount' | 'FlatDiscount' | 'Gst'>): PriceFields {
  return {
    unitPrice: rupeesToPaise(v.UnitPrice),
    discountBps: percentToBps(v.Discount),
    flatDiscount: rupeesToPaise(v.FlatDiscount),
    gstBps: percentToBps(v.Gst),
  };
}
