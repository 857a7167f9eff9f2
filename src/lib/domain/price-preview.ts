/**
 * The item form's live price preview. Its own module because it reads the
 * fields through the shared zod schemas: the staff views beside it
 * (`staff-views.ts`) stay free of zod, so the publish banner on every staff page
 * does not load it (issue 30).
 */

import { itemPriceFields } from './catalogue-forms.ts';
import { gstField, moneyField, percentField } from './form-fields.ts';
import { formatRs } from './money.ts';
import { priceInclGst, sellingPrice } from './pricing.ts';

/** An item form's price fields as typed: text from the inputs, or numbers. */
export interface PriceInput {
  UnitPrice: unknown;
  Discount: unknown;
  FlatDiscount: unknown;
  Gst: unknown;
}

/** The prices a customer will see for an item, as the shop's cards show them. */
export interface PricePreview {
  /** `Rs 113.4`: what one unit costs, GST included. */
  selling: string;
  /** The struck-through unit price incl. GST, or null when nothing is taken off. */
  before: string | null;
  /** The discount in words (`10 % off and Rs 5 flat`), or null. */
  saving: string | null;
}

/**
 * The selling price and struck-through price an item form's values give, worked
 * out by the shop's own pricing rules; `null` while a field breaks its rule
 * (the form shows that field's message instead).
 */
export function pricePreview(input: PriceInput): PricePreview | null {
  const unit = moneyField('UnitPrice').safeParse(input.UnitPrice);
  const discount = percentField('Discount').safeParse(input.Discount);
  const flat = moneyField('FlatDiscount').safeParse(input.FlatDiscount);
  const gst = gstField('Gst').safeParse(input.Gst);
  if (!unit.success || !discount.success || !flat.success || !gst.success) return null;
  if (flat.data > unit.data) return null;
  const fields = itemPriceFields({
    UnitPrice: unit.data,
    Discount: discount.data,
    FlatDiscount: flat.data,
    Gst: gst.data,
  });
  const selling = sellingPrice(fields);
  const before = priceInclGst(fields.unitPrice, fields.gstBps);
  const parts: string[] = [];
  if (discount.data > 0) parts.push(`${discount.data} % off`);
  if (flat.data > 0) parts.push(`${formatRs(fields.flatDiscount)} flat`);
  return {
    selling: formatRs(selling),
    before: selling < before ? formatRs(before) : null,
    saving: parts.length === 0 ? null : parts.join(' and '),
  };
}
