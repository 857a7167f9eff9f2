/**
 * A GST tax invoice of one store's part of an order, as a pure function of what was sold
 * (issue 32, item 4). Prices are GST-inclusive (Indian retail), so each line's amount as
 * sold is split into its taxable value (rounded to the paisa) and the tax (the rest):
 * every line, and so the invoice, adds up to exactly what the customer was charged. Tax is
 * CGST + SGST (half each, the odd paisa to CGST) when the place of supply is the store's
 * state, IGST otherwise. The rate-wise summary and the totals are sums of the lines.
 */
import { amountInWords } from './amount-words.ts';
import { DELIVERY_GST_BPS, DELIVERY_SAC, GST_STATES, stateCodeOf } from './gst.ts';
import { formatQty, type SoldBy } from './measure.ts';
import { lineTotal } from './pricing.ts';

export interface InvoiceParty {
  name: string;
  /** Address lines, as printed. */
  address: string[];
}

export interface InvoiceSeller extends InvoiceParty {
  storeId: number;
  gstin: string;
  stateCode: string;
}

/** A line as sold: its unit price with GST (paise), quantity, GST rate (basis points) and HSN code. */
export interface SoldLine {
  description: string;
  hsn: string;
  qty: number;
  sellingPrice: number;
  gstBps: number;
  /** How qty counts (issue 33): g or ml with sellingPrice per kg or litre; pieces when absent. */
  soldBy?: SoldBy;
}

/** One line of the invoice; amounts in paise. */
export interface TaxLine {
  description: string;
  hsn: string;
  qty: number;
  /** The quantity as printed: `750 g`, `1.5 kg`, `3` (issue 33); absent on invoices from before, which print qty. */
  qtyText?: string;
  rateBps: number;
  /** What the customer paid for the line, tax included. */
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export type TaxAmounts = Pick<TaxLine, 'taxable' | 'cgst' | 'sgst' | 'igst' | 'amount'>;

export interface TaxInvoice {
  kind: 'Invoice' | 'CreditNote';
  number: string;
  issuedAt: string;
  orderId: number;
  /** For a credit note: the number of the invoice it cancels. */
  against: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  /** The state the goods are delivered to (code and name). */
  placeOfSupply: { code: string; name: string };
  interState: boolean;
  lines: TaxLine[];
  /** Per GST rate, in rising order. */
  summary: (TaxAmounts & { rateBps: number })[];
  totals: TaxAmounts;
  /** `totals.amount` in words (`amountInWords`). */
  words: string;
}

/** The taxable value in a tax-inclusive amount, rounded to the paisa. */
export function taxableOf(amount: number, rateBps: number): number {
  return Math.round((amount * 10_000) / (10_000 + rateBps));
}

function split(
  description: string,
  hsn: string,
  qty: number,
  rateBps: number,
  amount: number,
  inter: boolean,
): TaxLine {
  const taxable = taxableOf(amount, rateBps);
  const tax = amount - taxable;
  const cgst = inter ? 0 : Math.ceil(tax / 2);
  return {
    description,
    hsn,
    qty,
    rateBps,
    amount,
    taxable,
    cgst,
    sgst: inter ? 0 : tax - cgst,
    igst: inter ? tax : 0,
  };
}

function sum(rows: readonly TaxAmounts[]): TaxAmounts {
  const out: TaxAmounts = { taxable: 0, cgst: 0, sgst: 0, igst: 0, amount: 0 };
  for (const r of rows) {
    out.taxable += r.taxable;
    out.cgst += r.cgst;
    out.sgst += r.sgst;
    out.igst += r.igst;
    out.amount += r.amount;
  }
  return out;
}

export interface InvoiceInput {
  kind: 'Invoice' | 'CreditNote';
  number: string;
  issuedAt: string;
  orderId: number;
  seller: InvoiceSeller;
  buyer: InvoiceParty;
  /** The delivery address's State as written; read with `stateCodeOf`. */
  buyerState: string;
  lines: readonly SoldLine[];
  /** The store's delivery fee charged on this order, tax included (paise). */
  deliveryFee: number;
  /** A coupon's part of this order, tax included (paise): taken off the items' values. */
  discount?: number;
}

/**
 * Each line's value less its share of a discount, shared in proportion to the values
 * (paise exact, the remainder to the largest lines), so the items add up to what was charged.
 */
function lessDiscount(amounts: readonly number[], discount: number): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (discount <= 0 || total <= 0) return [...amounts];
  const off = Math.min(discount, total);
  const shares = amounts.map((a) => Math.floor((a * off) / total));
  let left = off - shares.reduce((a, b) => a + b, 0);
  const byValue = amounts.map((a, i) => [a, i] as const).sort((x, y) => y[0] - x[0]);
  for (let k = 0; left > 0; k = (k + 1) % byValue.length, left--) {
    const i = byValue[k]?.[1] ?? 0;
    shares[i] = (shares[i] ?? 0) + 1;
  }
  return amounts.map((a, i) => a - (shares[i] ?? 0));
}

/**
 * The invoice. The place of supply is the delivery address's state; a State that names
 * no GST state (or a store without a state code) is taken as the store's own state, so
 * the tax is CGST + SGST, and the place of supply prints the State as written.
 */
export function taxInvoice(input: InvoiceInput): TaxInvoice {
  const code = stateCodeOf(input.buyerState);
  const inter = code !== undefined && input.seller.stateCode !== '' && code !== input.seller.stateCode;
  const values = lessDiscount(
    input.lines.map((l) => lineTotal(l.sellingPrice, l.qty, l.soldBy ?? 'ByUnit')),
    input.discount ?? 0,
  );
  const lines: TaxLine[] = input.lines.map((l, i) => ({
    ...split(l.description, l.hsn, l.qty, l.gstBps, values[i] ?? 0, inter),
    qtyText: formatQty(l.qty, l.soldBy ?? 'ByUnit'),
  }));
  if (input.deliveryFee > 0) lines.push(split('Delivery', DELIVERY_SAC, 1, DELIVERY_GST_BPS, input.deliveryFee, inter));
  const rates = [...new Set(lines.map((l) => l.rateBps))].sort((a, b) => a - b);
  const totals = sum(lines);
  return {
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    orderId: input.orderId,
    against: null,
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply:
      code === undefined
        ? { code: input.seller.stateCode, name: input.buyerState }
        : { code, name: GST_STATES[code] ?? input.buyerState },
    interState: inter,
    lines,
    summary: rates.map((rateBps) => ({ rateBps, ...sum(lines.filter((l) => l.rateBps === rateBps)) })),
    totals,
    words: amountInWords(totals.amount),
  };
}

/** The file name of an order's documents as one PDF: `tax-invoice-order-123.pdf`. */
export function invoiceFileName(orderId: number): string {
  return `tax-invoice-order-${orderId}.pdf`;
}

/** The credit note cancelling an invoice in full: its lines and amounts, its own number and date. */
export function creditNoteOf(invoice: TaxInvoice, number: string, issuedAt: string): TaxInvoice {
  return { ...invoice, kind: 'CreditNote', number, issuedAt, against: invoice.number };
}

/**
 * A credit note for part of an invoice (a refund of `amount` paise: a line removed or
 * shorted at packing): the amount shared over the invoice's lines in proportion to what
 * each was charged (paise exact, the remainder to the largest lines), each share split
 * into taxable value and tax at its line's rate, as the invoice split it.
 */
export function partCreditNoteOf(invoice: TaxInvoice, amount: number, issuedAt: string): TaxInvoice {
  const credited = Math.min(amount, invoice.totals.amount);
  // Each line's part: its amount less its share of what is not credited.
  const parts = lessDiscount(
    invoice.lines.map((l) => l.amount),
    invoice.totals.amount - credited,
  );
  const lines = invoice.lines
    .map((l, i) => split(l.description, l.hsn, l.qty, l.rateBps, parts[i] ?? 0, invoice.interState))
    .filter((l) => l.amount > 0);
  const rates = [...new Set(lines.map((l) => l.rateBps))].sort((a, b) => a - b);
  const totals = sum(lines);
  return {
    ...invoice,
    kind: 'CreditNote',
    number: '',
    issuedAt,
    against: invoice.number,
    lines,
    summary: rates.map((rateBps) => ({ rateBps, ...sum(lines.filter((l) => l.rateBps === rateBps)) })),
    totals,
    words: amountInWords(totals.amount),
  };
}
