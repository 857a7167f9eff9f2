// An order's GST tax invoices and credit notes as one PDF (pdfkit, loaded with the first
// one drawn), each document from its frozen content (`TaxInvoice`), on pages of its own:
// seller and buyer, place of supply, the lines with HSN/SAC, taxable value and tax split,
// the rate-wise summary, the totals and the amount in words. Drawn whenever asked (the
// Invoice call, the Delivered mail), never stored; its number given first if it waits for one.
import type { Kysely } from 'kysely';
import { GST_STATES } from '../../lib/domain/gst.ts';
import { formatRs } from '../../lib/domain/money.ts';
import { invoiceFileName, type TaxAmounts, type TaxInvoice } from '../../lib/domain/tax-invoice.ts';
import type { Database } from '../db/schema.ts';
import { numberInvoices } from './invoice-numbers.ts';

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** A column of a table: its heading, width in points, and whether it is a number (right-aligned). */
interface Column {
  head: string;
  width: number;
  number?: boolean;
}

/** `27-11-2026`: the day in India's time, as Indian invoices write it. */
function indianDate(iso: string): string {
  const ist = new Date(Date.parse(iso) + 330 * 60 * 1000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)}`;
}

const percent = (bps: number) => `${bps / 100} %`;
const state = (code: string) => (code === '' ? 'not set' : `${GST_STATES[code] ?? code} (${code})`);

/** The tax columns of a document: CGST and SGST within a state, IGST across states. */
function taxColumns(doc: TaxInvoice): { head: string; of: (r: TaxAmounts) => number }[] {
  return doc.interState
    ? [{ head: 'IGST', of: (r) => r.igst }]
    : [
        { head: 'CGST', of: (r) => r.cgst },
        { head: 'SGST', of: (r) => r.sgst },
      ];
}

type Pdf = PDFKit.PDFDocument;

/** Draws one row of cells at the current y (a new page first when it would not fit) and a rule under it. */
function row(pdf: Pdf, columns: readonly Column[], cells: readonly string[], bold = false): void {
  pdf.font(bold ? BOLD : FONT).fontSize(8);
  const height = Math.max(...cells.map((c, i) => pdf.heightOfString(c, { width: (columns[i]?.width ?? 0) - 4 })));
  if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
  const top = pdf.y;
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const col = columns[i] as Column;
    pdf.text(cell, x + 2, top, { width: col.width - 4, align: col.number === true ? 'right' : 'left' });
    x += col.width;
  });
  pdf.y = top + height + 3;
  pdf
    .moveTo(MARGIN, pdf.y - 1.5)
    .lineTo(x, pdf.y - 1.5)
    .lineWidth(0.3)
    .strokeColor('#999999')
    .stroke();
}

function party(pdf: Pdf, x: number, top: number, title: string, lines: readonly string[]): number {
  pdf.font(BOLD).fontSize(9).text(title, x, top, { width: 250 });
  pdf.font(FONT).fontSize(9);
  for (const line of lines) pdf.text(line, x, pdf.y, { width: 250 });
  return pdf.y;
}

function drawDocument(pdf: Pdf, doc: TaxInvoice): void {
  const credit = doc.kind === 'CreditNote';
  pdf
    .font(BOLD)
    .fontSize(16)
    .text(credit ? 'Credit Note' : 'Tax Invoice', MARGIN, MARGIN);
  pdf.font(FONT).fontSize(9);
  pdf.text(`${credit ? 'Credit note' : 'Invoice'} number: ${doc.number}`);
  pdf.text(`Date: ${indianDate(doc.issuedAt)}    Order: ${doc.orderId}`);
  if (doc.against !== null) pdf.text(`Against invoice ${doc.against}, cancelled in full`);
  pdf.moveDown(0.6);
  const top = pdf.y;
  const left = party(pdf, MARGIN, top, 'Seller', [
    doc.seller.name,
    ...doc.seller.address,
    `GSTIN: ${doc.seller.gstin === '' ? 'not registered' : doc.seller.gstin}`,
    `State: ${state(doc.seller.stateCode)}`,
  ]);
  const right = party(pdf, MARGIN + 270, top, 'Buyer', [
    doc.buyer.name,
    ...doc.buyer.address,
    `Place of supply: ${doc.placeOfSupply.name}${doc.placeOfSupply.code === '' ? '' : ` (${doc.placeOfSupply.code})`}`,
  ]);
  pdf.y = Math.max(left, right) + 10;

  const taxes = taxColumns(doc);
  const taxWidth = 110 / taxes.length;
  const lineColumns: Column[] = [
    { head: '#', width: 18 },
    { head: 'Description', width: 150 },
    { head: 'HSN/SAC', width: 45 },
    { head: 'Qty', width: 30, number: true },
    { head: 'GST', width: 35, number: true },
    { head: 'Taxable value', width: 62, number: true },
    ...taxes.map((t) => ({ head: t.head, width: taxWidth, number: true })),
    { head: 'Amount', width: 65, number: true },
  ];
  row(
    pdf,
    lineColumns,
    lineColumns.map((c) => c.head),
    true,
  );
  doc.lines.forEach((l, i) => {
    row(pdf, lineColumns, [
      String(i + 1),
      l.description,
      l.hsn === '' ? '-' : l.hsn,
      l.qtyText ?? String(l.qty),
      percent(l.rateBps),
      formatRs(l.taxable),
      ...taxes.map((t) => formatRs(t.of(l))),
      formatRs(l.amount),
    ]);
  });

  pdf.moveDown(0.8);
  pdf.font(BOLD).fontSize(9).text('Rate-wise summary', MARGIN, pdf.y);
  const summaryColumns: Column[] = [
    { head: 'GST rate', width: 80 },
    { head: 'Taxable value', width: 100, number: true },
    ...taxes.map((t) => ({ head: t.head, width: 200 / taxes.length, number: true })),
    { head: 'Total', width: 100, number: true },
  ];
  row(
    pdf,
    summaryColumns,
    summaryColumns.map((c) => c.head),
    true,
  );
  for (const s of doc.summary) {
    row(pdf, summaryColumns, [
      percent(s.rateBps),
      formatRs(s.taxable),
      ...taxes.map((t) => formatRs(t.of(s))),
      formatRs(s.amount),
    ]);
  }
  row(
    pdf,
    summaryColumns,
    [
      'Total',
      formatRs(doc.totals.taxable),
      ...taxes.map((t) => formatRs(t.of(doc.totals))),
      formatRs(doc.totals.amount),
    ],
    true,
  );

  pdf.moveDown(0.8);
  pdf
    .font(BOLD)
    .fontSize(10)
    .text(`${credit ? 'Credited' : 'Invoice total'}: ${formatRs(doc.totals.amount)}`, MARGIN, pdf.y);
  pdf.font(FONT).fontSize(9).text(`Amount in words: ${doc.words}`);
  pdf.moveDown(0.6);
  pdf
    .fontSize(8)
    .fillColor('#444444')
    .text(
      `Prices include GST. Tax is ${doc.interState ? 'IGST: the place of supply is in another state' : 'CGST and SGST: the place of supply is the seller’s state'}. ` +
        'Reverse charge: No. A computer-generated document; no signature is needed.',
    )
    .fillColor('#000000');
}

/** The documents as one PDF, each starting on a page of its own. */
export async function invoicesPdf(documents: readonly TaxInvoice[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: documents.map((d) => d.number).join(', ') },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  documents.forEach((doc, i) => {
    if (i > 0) pdf.addPage();
    drawDocument(pdf, doc);
  });
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}

// The mail queue imports this file, so it reads the rows itself (`invoices.ts` imports far more).
/**
 * Every document of an order, invoices and credit notes, in the order they were issued,
 * each with its number (given now to those still waiting: `numberInvoices`).
 */
export async function findInvoiceDocuments(db: Kysely<Database>, orderId: number): Promise<TaxInvoice[]> {
  const read = () =>
    db
      .selectFrom('invoices')
      .select(['id', 'number', 'credits', 'document'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  let rows = await read();
  if (rows.some((r) => r.number === null)) {
    await numberInvoices(db, { orderId });
    rows = await read();
  }
  const numbers = new Map(rows.map((r) => [r.id, r.number ?? '']));
  return rows.map((r) => {
    const doc = JSON.parse(r.document) as TaxInvoice;
    // The frozen document leaves its number, and a credit note its invoice's, to the rows.
    const against = r.credits === null ? {} : { against: numbers.get(r.credits) || doc.against };
    return { ...doc, ...against, number: r.number ?? '' };
  });
}

/** An order's documents as a mail attachment, drawn now (the mail queue calls this when it sends). */
export async function invoiceAttachment(
  db: Kysely<Database>,
  orderId: number,
): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
  const documents = await findInvoiceDocuments(db, orderId);
  if (documents.length === 0) return [];
  return [
    { filename: invoiceFileName(orderId), content: await invoicesPdf(documents), contentType: 'application/pdf' },
  ];
}
