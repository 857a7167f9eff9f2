/**
 * The labels the forms show for the API's field names. Rules and the API speak
 * in field names (`PostalCode must be exactly 6 digits.`); people read the label
 * they typed into (`PIN code must be exactly 6 digits.`), so every message a
 * form shows goes through `inLabels` first.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  CategoryTitle: 'Category title',
  CategoryID: 'Category',
  StoreTitle: 'Store title',
  StoreDescription: 'Description',
  StoreHidden: 'Hidden',
  StoreType: 'Store type',
  StoreID: 'Store',
  DbTitle: 'Database title',
  DbID: 'Store database',
  SectionTitle: 'Section title',
  SectionMetaDescription: 'Meta description',
  SectionContent: 'Content',
  SectionHidden: 'Hidden',
  SectionID: 'Section',
  CustomOrder: 'Item order',
  ItemIDs: 'Item order',
  ItemTitle: 'Item title',
  ItemMetaDescription: 'Meta description',
  ItemContent: 'Content',
  ItemHidden: 'Hidden',
  Availability: 'Stock',
  Size: 'Size',
  UnitPrice: 'Unit price',
  Discount: 'Discount',
  FlatDiscount: 'Flat discount',
  Gst: 'GST',
  ProductCode: 'Product code',
  FullName: 'Full name',
  Phone: 'Phone',
  AddressLine1: 'Address line 1',
  AddressLine2: 'Address line 2',
  City: 'City',
  State: 'State',
  PostalCode: 'PIN code',
  ConfirmPassword: 'Confirm password',
  Note: 'Note',
};

/** A label in the middle of a sentence: `unit price`, but `GST` and `PIN code` keep their capitals. */
function midSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? `${label.charAt(0).toLowerCase()}${label.slice(1)}` : label;
}

/**
 * A message with every field name replaced by its label: `own` maps the form's
 * own fields to the labels it shows (they win over the shared ones).
 */
export function inLabels(message: string, own: Readonly<Record<string, string>> = {}): string {
  const labels: Record<string, string> = { ...FIELD_LABELS, ...own };
  const names = Object.keys(labels).sort((x, y) => y.length - x.length);
  const pattern = new RegExp(`\\b(?:${names.join('|')})\\b`, 'g');
  return message.replace(pattern, (name: string, offset: number) => {
    const label = labels[name];
    if (label === undefined) return name;
    const start = offset === 0 || /[.!?:]\s*$/.test(message.slice(0, offset));
    return start ? label : midSentence(label);
  });
}
