// GST tax invoices (issue 32, item 4). Every order gets a tax invoice of each store's part
// in its own transaction (`invoiceSteps`, the last statements of `orderSteps`), written
// without its number: the number in the store's series for the financial year is given
// right after the commit, by a short transaction per batch (`invoice-numbers.ts`), so orders
// of one store never wait for each other's series lock, and only committed invoices take
// numbers (gap-free; a rolled-back order never had one). A move that cancels the order
// credits each invoice in full (a credit note in its own series, numbered the same way),
// one that undoes the cancel issues the invoices again (`syncInvoices`). The invoice's
// content is frozen as JSON (`TaxInvoice`) without its number, which the row holds; its
// PDF is drawn from both whenever asked (`invoice-pdf.ts`), after numbering what waits.
import type { CompiledQuery, Kysely } from 'kysely';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import { financialYearOf } from '../../lib/domain/gst.ts';
import type { SoldBy } from '../../lib/domain/measure.ts';
import type { OrderStatusName } from '../../lib/domain/orders.ts';
import {
  creditNoteOf,
  partCreditNoteOf,
  type SoldLine,
  type TaxInvoice,
  taxInvoice,
} from '../../lib/domain/tax-invoice.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database, InvoiceKind } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type StoreDeliveryRow, storesOf } from './delivery-rules.ts';
import { findInvoiceDocuments } from './invoice-pdf.ts';

/** The order status whose mail carries the invoices as PDFs. */
const INVOICES_MAILED_AT: OrderStatusName = 'Delivered';

/** Every store of the order: what its invoice prints and its delivery settings. Shape: stores; arguments: their ids. */
const READ_SELLERS = compiledPerShape((db: Kysely<Database>, stores: number, arg) =>
  db
    .selectFrom('stores as s')
    .leftJoin('store_delivery as d', 'd.store_id', 's.id')
    .select(['s.id', 's.title', 's.gstin', 's.state_code', 's.address'])
    .select(['d.postal_codes', 'd.fee', 'd.minimum_order', 'd.free_above'])
    .where(
      's.id',
      'in',
      Array.from({ length: stores }, (_, i) => arg(i)),
    ),
);

type SellerRow = StoreDeliveryRow & { gstin: string; state_code: string; address: string };

/** The HSN codes of the order's items. Shape: items; arguments: their ids. */
const READ_HSN = compiledPerShape((db: Kysely<Database>, items: number, arg) =>
  db
    .selectFrom('items')
    .select(['id', 'hsn_code'])
    .where(
      'id',
      'in',
      Array.from({ length: items }, (_, i) => arg(i)),
    ),
);

const INVOICE_KEYS = [
  'order_id',
  'store_id',
  'kind',
  'fiscal_year',
  'credits',
  'total',
  'issued_at',
  'document',
] as const;

/** Invoice rows. Shape: how many; arguments: each row's INVOICE_KEYS. */
const INSERT_INVOICES = compiledPerShape((db: Kysely<Database>, n: number, arg) =>
  db
    .insertInto('invoices')
    .values(
      Array.from({ length: n }, (_, i) =>
        Object.fromEntries(INVOICE_KEYS.map((k, j) => [k, arg(i * INVOICE_KEYS.length + j)])),
      ) as never,
    ),
);

/** A document to write: the store, the invoice it credits (credit notes), and its content. */
interface Issue {
  storeId: number;
  credits: number | null;
  document: TaxInvoice;
}

/**
 * The rows of one document of `kind` per store, without their numbers: those are given
 * after the commit (`invoice-numbers.ts`), so an order takes no series lock.
 */
function issueStep(db: Kysely<Database>, orderId: number, kind: InvoiceKind, at: string, issues: readonly Issue[]) {
  const fiscalYear = financialYearOf(at);
  return INSERT_INVOICES(
    db,
    issues.length,
    issues.flatMap((issue) => [
      orderId,
      issue.storeId,
      kind,
      fiscalYear,
      issue.credits,
      issue.document.totals.amount,
      issue.document.issuedAt,
      JSON.stringify(issue.document),
    ]),
  );
}

/** An order's line as `order-steps.ts` writes it. */
interface InvoicedLine {
  item_id: number;
  store_id: number;
  title: string;
  size: string;
  selling_price: number;
  gst_bps: number;
  sold_by: SoldBy;
  qty: number;
}

/**
 * The tax invoices of a placed order, one per store part, as the last statements of its
 * transaction: the sellers and HSN codes read, each invoice made up (`taxInvoice`: the
 * store's lines, less its part of a coupon's discount, and its delivery fee, both as the
 * order charged them: `charges` by StoreID), rows written.
 */
export function* invoiceSteps(
  db: Kysely<Database>,
  orderId: number,
  lines: readonly InvoicedLine[],
  charges: ReadonlyMap<number, { fee: number; discount: number }>,
  address: DeliveryAddressDto,
  at: string,
): Generator<CompiledQuery<unknown>, void, unknown[]> {
  const stores = storesOf(lines);
  const itemIds = [...new Set(lines.map((l) => l.item_id))].sort((a, b) => a - b);
  const sellers = (yield READ_SELLERS(db, stores.length, stores)) as SellerRow[];
  const hsnRows = (yield READ_HSN(db, itemIds.length, itemIds)) as { id: number; hsn_code: string }[];
  const hsn = new Map(hsnRows.map((r) => [Number(r.id), r.hsn_code]));
  const buyerLines = [
    address.AddressLine1,
    address.AddressLine2,
    `${address.City}, ${address.State} ${address.PostalCode}`,
  ];
  const issues = stores.map((storeId): Issue => {
    const seller = sellers.find((s) => Number(s.id) === storeId);
    if (seller === undefined) throw new Error(`store ${storeId} of order ${orderId} was not read`);
    const mine = lines.filter((l) => l.store_id === storeId);
    const charged = charges.get(storeId) ?? { fee: 0, discount: 0 };
    const sold = mine.map(
      (l): SoldLine => ({
        description: l.size === '' ? l.title : `${l.title}, ${l.size}`,
        hsn: hsn.get(l.item_id) ?? '',
        qty: l.qty,
        sellingPrice: l.selling_price,
        gstBps: l.gst_bps,
        soldBy: l.sold_by,
      }),
    );
    return {
      storeId,
      credits: null,
      document: taxInvoice({
        kind: 'Invoice',
        number: '',
        issuedAt: at,
        orderId,
        seller: {
          storeId,
          name: seller.title,
          address: seller.address === '' ? [] : [seller.address],
          gstin: seller.gstin,
          stateCode: seller.state_code,
        },
        buyer: { name: address.FullName, address: buyerLines.filter((s) => s.trim() !== '') },
        buyerState: address.State,
        lines: sold,
        deliveryFee: charged.fee,
        discount: charged.discount,
      }),
    };
  });
  if (issues.length > 0) yield issueStep(db, orderId, 'Invoice', at, issues);
}

/**
 * Keeps an order's documents true to its status after a move, in the move's transaction:
 * a Cancelled order's invoices each get a credit note for the full amount; an order whose
 * every invoice was credited and that is under way again (a cancel undone) gets them again,
 * with new numbers. Answers the order whose invoices the move's mail attaches (Delivered).
 */
export async function syncInvoices(
  trx: Kysely<Database>,
  orderId: number,
  status: OrderStatusName,
  at: string,
): Promise<{ attachInvoicesOf: number | undefined }> {
  const rows = await trx
    .selectFrom('invoices')
    .select(['id', 'store_id', 'kind', 'credits', 'total', 'document'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const credited = new Set(rows.map((r) => r.credits));
  const live = rows.filter((r) => r.kind === 'Invoice' && !credited.has(r.id));
  const byStore = (a: { storeId: number }, b: { storeId: number }) => a.storeId - b.storeId;
  if (status === 'Cancelled') {
    // What part refunds credited since an invoice (`payments/credit-notes.ts`) is not credited again.
    const partsSince = (r: (typeof rows)[number]) =>
      rows
        .filter((p) => p.kind === 'CreditNote' && p.credits === null && p.store_id === r.store_id && p.id > r.id)
        .reduce((n, p) => n + Number(p.total), 0);
    const issues = live
      .map((r) => {
        const invoice = JSON.parse(r.document) as TaxInvoice;
        const part = partsSince(r);
        const document =
          part === 0 ? creditNoteOf(invoice, '', at) : partCreditNoteOf(invoice, Number(r.total) - part, at);
        return { storeId: r.store_id, credits: r.id, document };
      })
      .filter((issue) => issue.document.totals.amount > 0)
      .sort(byStore);
    if (issues.length > 0) await trx.executeQuery(issueStep(trx, orderId, 'CreditNote', at, issues));
  } else if (live.length === 0 && rows.length > 0) {
    const latest = new Map<number, TaxInvoice>();
    for (const r of rows) if (r.kind === 'Invoice') latest.set(r.store_id, JSON.parse(r.document) as TaxInvoice);
    const issues = [...latest].map(([storeId, doc]) => ({
      storeId,
      credits: null,
      document: { ...doc, issuedAt: at },
    }));
    if (issues.length > 0) await trx.executeQuery(issueStep(trx, orderId, 'Invoice', at, issues.sort(byStore)));
  }
  return { attachInvoicesOf: status === INVOICES_MAILED_AT && rows.length > 0 ? orderId : undefined };
}

/**
 * The documents of an order for a caller: its customer or staff. 404 for an unknown order
 * or one without invoices (placed before they began), 403 for anyone else's.
 */
export async function invoicesForCaller(
  db: Kysely<Database>,
  orderId: number,
  caller: { id: number; staff: boolean },
): Promise<TaxInvoice[]> {
  const order = await db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
  if (order.user_id !== caller.id && !caller.staff) {
    throw AppError.forbidden(`Order ${orderId} is not yours: only its customer and staff may read its tax invoices.`);
  }
  const documents = await findInvoiceDocuments(db, orderId);
  if (documents.length === 0) {
    throw AppError.notFound(`Order ${orderId} has no tax invoice: it was placed before the shop issued them.`);
  }
  return documents;
}

/**
 * Packing changed what an order sends (issue 33): in the packing transaction, each live
 * invoice of the order is credited in full (a credit note, as a cancel writes) and a new
 * invoice issued for the lines as sent, with the delivery fee and coupon discount as the
 * order now charges them; both are numbered after the commit. An order placed before
 * invoices began has none to credit and gets none.
 */
export async function reissueForSent(
  trx: Kysely<Database>,
  orderId: number,
  sent: readonly InvoicedLine[],
  charges: ReadonlyMap<number, { fee: number; discount: number }>,
  address: DeliveryAddressDto,
  at: string,
): Promise<void> {
  const had = await trx.selectFrom('invoices').select('id').where('order_id', '=', orderId).executeTakeFirst();
  if (had === undefined) return;
  await syncInvoices(trx, orderId, 'Cancelled', at);
  const lines = sent.filter((l) => l.qty > 0);
  if (lines.length === 0) return;
  const steps = invoiceSteps(trx, orderId, lines, charges, address, at);
  for (let step = steps.next(); !step.done; ) {
    const { rows } = await trx.executeQuery(step.value);
    step = steps.next(rows as unknown[]);
  }
}
