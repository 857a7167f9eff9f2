import { describe, expect, it } from 'vitest';
import { parseCustomOrder } from '../../src/lib/domain/catalogue.ts';
import {
  categoryForm,
  type ItemForm,
  itemForm,
  itemPriceFields,
  reorderForm,
  sectionForm,
  storeDbForm,
  storeForm,
} from '../../src/lib/domain/catalogue-forms.ts';
import { CONTENT_MAX_BYTES } from '../../src/lib/domain/form-fields.ts';
import { pickFields, validateForm, validatePatch } from '../../src/lib/domain/form-validation.ts';
import { sellingPrice } from '../../src/lib/domain/pricing.ts';

const APPLE: ItemForm = {
  DbID: 1,
  StoreID: 1,
  SectionID: 1,
  ItemTitle: 'Apple',
  ItemMetaDescription: '',
  ItemContent: '',
  ItemHidden: false,
  Availability: 40,
  Size: '1 kg',
  UnitPrice: 120,
  Discount: 10,
  FlatDiscount: 0,
  Gst: 5,
  ProductCode: null,
  ReorderLevel: null,
  HsnCode: '',
  SoldBy: 'ByUnit',
  Step: 1,
};

function errorsOf(result: ReturnType<typeof validateForm>): Record<string, string[] | undefined> {
  return result.ok ? {} : result.errors;
}

describe('staff form schemas', () => {
  it('fills left-out fields with their defaults and trims text', () => {
    const result = validateForm(storeForm, { StoreTitle: '  Green Grocer ', CategoryID: 1 });
    expect(result).toEqual({
      ok: true,
      value: {
        CategoryID: 1,
        StoreTitle: 'Green Grocer',
        StoreDescription: '',
        StoreHidden: false,
        StoreType: 'public_store',
        MaxQtyPerItem: 20,
        Gstin: '',
        StateCode: '',
        StoreAddress: '',
      },
    });
  });

  it('takes a store’s most of one item per order from 1 to 999, naming the field and the rule', () => {
    const store = { StoreTitle: 'Green Grocer', CategoryID: 1 };
    const ok = validateForm(storeForm, { ...store, MaxQtyPerItem: ' 35 ' });
    expect(ok.ok && ok.value.MaxQtyPerItem).toBe(35);
    for (const bad of [0, 1000, 2.5, -1, 'ten', null]) {
      expect(errorsOf(validateForm(storeForm, { ...store, MaxQtyPerItem: bad }))).toEqual({
        MaxQtyPerItem: ['MaxQtyPerItem must be a whole number from 1 to 999.'],
      });
    }
  });

  it('says which required fields are missing, each by name', () => {
    expect(errorsOf(validateForm(itemForm, {}))).toEqual({
      DbID: ['DbID is required.'],
      ItemTitle: ['ItemTitle is required.'],
      UnitPrice: ['UnitPrice is required.'],
    });
    expect(errorsOf(validateForm(storeDbForm, { DbTitle: null }))).toEqual({
      StoreID: ['StoreID is required.'],
      DbTitle: ['DbTitle must be 1 to 120 characters long.'],
    });
  });

  it('takes numbers and flags typed as text, as form inputs give them', () => {
    const result = validateForm(itemForm, {
      DbID: '2',
      ItemTitle: 'Rice',
      UnitPrice: ' 99.90 ',
      Availability: '0',
      Gst: '18',
      ItemHidden: 'false',
    });
    expect(result.ok && result.value).toMatchObject({
      DbID: 2,
      UnitPrice: 99.9,
      Availability: 0,
      Gst: 18,
      ItemHidden: false,
    });
  });

  it.each([
    ['UnitPrice', 0, true],
    ['UnitPrice', 0.29, true],
    ['UnitPrice', 10_000_000, true],
    ['UnitPrice', 10_000_000.01, false],
    ['UnitPrice', 0.295, false],
    ['UnitPrice', '1e3', false],
    ['Discount', 100, true],
    ['Discount', 12.5, true],
    ['Discount', 100.01, false],
    ['Discount', -0.01, false],
    ['Gst', 28, true],
    ['Gst', 0, true],
    ['Gst', 18.5, false],
    ['Availability', 1_000_000, true],
    ['Availability', 1_000_001, false],
    ['Availability', '3.5', false],
    ['Size', 'x'.repeat(40), true],
    ['Size', 'x'.repeat(41), false],
    ['ItemTitle', 'x'.repeat(120), true],
    ['ItemTitle', ` ${'x'.repeat(120)} `, true],
    ['ItemTitle', 'x'.repeat(121), false],
    ['ItemMetaDescription', 'm'.repeat(300), true],
    ['ItemMetaDescription', 'm'.repeat(301), false],
    ['ItemContent', 'a'.repeat(CONTENT_MAX_BYTES), true],
    ['ItemContent', `${'a'.repeat(CONTENT_MAX_BYTES - 1)}é`, false],
    ['SectionID', null, true],
    ['SectionID', 0, false],
    ['ItemHidden', 'yes', false],
  ])('%s = %j is %s', (field, value, valid) => {
    const result = validateForm(itemForm, { ...APPLE, [field]: value });
    expect(result.ok).toBe(valid);
    if (!result.ok) {
      expect(Object.keys(result.errors)).toEqual([field]);
      expect(result.errors[field]?.[0]).toMatch(new RegExp(`^${field} `));
    }
  });

  it('keeps a flat discount within the unit price', () => {
    expect(errorsOf(validateForm(itemForm, { ...APPLE, UnitPrice: 10, FlatDiscount: 10.01 }))).toEqual({
      FlatDiscount: ['FlatDiscount must not be more than UnitPrice (10).'],
    });
    expect(validateForm(itemForm, { ...APPLE, UnitPrice: 10, FlatDiscount: 10 }).ok).toBe(true);
  });

  it('checks a patch field by field, and the cross-field rule on the row as it would become', () => {
    expect(validatePatch(itemForm, { availability: 3 }, APPLE)).toEqual({ ok: true, value: { Availability: 3 } });
    expect(validatePatch(itemForm, { Gst: 3 }, APPLE)).toEqual({
      ok: false,
      errors: { Gst: ['Gst must be one of 0, 5, 12, 18, 28 (percent).'] },
    });
    expect(validatePatch(itemForm, { FlatDiscount: 130 }, APPLE)).toEqual({
      ok: false,
      errors: { FlatDiscount: ['FlatDiscount must not be more than UnitPrice (120).'] },
    });
    // A patch not touching the prices does not trip over a stored row that breaks the rule.
    expect(validatePatch(itemForm, { ItemTitle: 'Pear' }, { ...APPLE, FlatDiscount: 500 }).ok).toBe(true);
    expect(validatePatch(categoryForm, { Unknown: 1 }, { CategoryTitle: 'A' })).toEqual({ ok: true, value: {} });
  });

  it('reads item orders from arrays and JSON text, refusing duplicates and non-ids', () => {
    expect(parseCustomOrder('[3, 1, 2]')).toEqual([3, 1, 2]);
    expect(parseCustomOrder('[{"ItemID": 3}, {"ItemID": "1"}]')).toEqual([3, 1]);
    expect(parseCustomOrder(' ')).toEqual([]);
    expect(parseCustomOrder([4, '5'])).toEqual([4, 5]);
    expect(parseCustomOrder('{oops')).toBeNull();
    expect(parseCustomOrder('[1.5]')).toBeNull();
    expect(parseCustomOrder('[0]')).toBeNull();
    expect(parseCustomOrder({ 0: 1 })).toBeNull();
    expect(validateForm(sectionForm, { DbID: 1, SectionTitle: 'S', CustomOrder: '[2,1]' })).toMatchObject({
      ok: true,
      value: { CustomOrder: [2, 1] },
    });
    expect(errorsOf(validateForm(reorderForm, { ItemIDs: [2, 5, 2] }))).toEqual({
      ItemIDs: ['ItemIDs must list each ItemID once; 2 is listed twice.'],
    });
    expect(errorsOf(validateForm(reorderForm, { ItemIDs: 'x' }))).toEqual({
      ItemIDs: ['ItemIDs must be a JSON array of ItemIDs, such as [3, 1, 2].'],
    });
  });

  it('matches field names case-insensitively, preferring the exact spelling, else the first', () => {
    expect(pickFields({ categorytitle: 'a', CATEGORYTITLE: 'b', other: 1 }, ['CategoryTitle'])).toEqual({
      CategoryTitle: 'a',
    });
    expect(pickFields({ CategoryTitle: 'exact', categorytitle: 'loose' }, ['CategoryTitle'])).toEqual({
      CategoryTitle: 'exact',
    });
  });

  it('gives the prices as the pricing rules take them, so a form shows what the shop will charge', () => {
    const fields = itemPriceFields({ UnitPrice: 120, Discount: 10, FlatDiscount: 0.5, Gst: 5 });
    expect(fields).toEqual({ unitPrice: 12000, discountBps: 1000, flatDiscount: 50, gstBps: 500 });
    // (120 − 12 − 0.50) × 1.05 = 112.875 → Rs 112.88.
    expect(sellingPrice(fields)).toBe(11288);
  });
});
