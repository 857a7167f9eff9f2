// A refund's GST credit note (issue 32, items 3 and 4). A cancel credits each invoice of
// the order in full in its own transaction (`orders/invoices.ts`); a refund of part of an
// order (`refundDifference`: a line removed or shorted at packing) gets a credit note for
// its amount against the order's invoice, split into taxes as the invoice was, written in
// the refund's transaction without a number (numbered after the commit in the store's
// credit-note series, gap-free, as every document is: `orders/invoice-numbers.ts`).
import type { Kysely } from 'kysely';
import { financialYearOf } from '../../lib/domain/gst.ts';
import { partCreditNoteOf, type TaxInvoice } from '../../lib/domain/tax-invoice.ts';
import type { Database } from '../db/schema.ts';

/**
 * Writes the credit note of a part refund of `amount` paise for order `orderId`: against its
 * latest invoice not credited in full, never more than what is left of that invoice after
 * the part credit notes since it. Nothing for an order without invoices. Answers the amount credited.
 */
export async function issuePartCreditNote(
  trx: Kysely<Database>,
  orderId: number,
  amount: number,
  at: string,
): Promise<number> {
  const rows = await trx
    .selectFrom('invoices')
    .select(['id', 'store_id', 'kind', 'credits', 'total', 'number', 'document'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const credited = new Set(rows.map((r) => r.credits));
  const invoice = rows.filter((r) => r.kind === 'Invoice' && !credited.has(r.id)).at(-1);
  if (invoice === undefined) return 0;
  const partsSince = rows
    .filter((r) => r.kind === 'CreditNote' && r.credits === null && r.id > invoice.id)
    .reduce((n, r) => n + Number(r.total), 0);
  const left = Number(invoice.total) - partsSince;
  if (left <= 0) return 0;
  const document = JSON.parse(invoice.document) as TaxInvoice;
  const note = partCreditNoteOf({ ...document, number: invoice.number ?? document.number }, Math.min(amount, left), at);
  await trx
    .insertInto('invoices')
    .values({
      order_id: orderId,
      store_id: invoice.store_id,
      kind: 'CreditNote',
      fiscal_year: financialYearOf(at),
      credits: null,
      total: note.totals.amount,
      issued_at: at,
      document: JSON.stringify(note),
    })
    .execute();
  return note.totals.amount;
}
