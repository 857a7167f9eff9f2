// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 32, item 4: GST tax invoices. Items get an HSN code, stores a GSTIN, a GST state
 * code and the address an invoice prints; every order gets a tax invoice per store part,
 * numbered per store, kind and financial year from `invoice_series` (the counter row is
 * taken in the order's transaction, so a rolled-back order leaves no gap), and a cancelled
 * order a credit note of each (`credits`, unique: one credit note per invoice). The
 * invoice's content is frozen as JSON (`document`), and its PDF is drawn from it whenever
 * asked, also for the Delivered mail, whose queue row names the order it attaches
 * (`attach_invoices_of`) instead of holding the PDF.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('items')
    .addColumn('hsn_code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const column of ['gstin', 'state_code', 'address']) {
    await db.schema
      .alterTable('stores')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await db.schema
    .createTable('invoice_series')
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('fiscal_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_series_pk', ['store_id', 'kind', 'fiscal_year'])
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('fiscal_year', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.references('invoices.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_number_unique', ['store_id', 'kind', 'fiscal_year', 'seq'])
    .addUniqueConstraint('invoices_credits_unique', ['credits'])
    .execute();
  await db.schema.createIndex('invoices_order_idx').on('invoices').columns(['order_id', 'id']).execute();
  await db.schema.alterTable('mail_queue').addColumn('attach_invoices_of', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_queue').dropColumn('attach_invoices_of').execute();
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('invoice_series').ifExists().execute();
  for (const column of ['address', 'state_code', 'gstin']) {
    await db.schema.alterTable('stores').dropColumn(column).execute();
  }
  await db.schema.alterTable('items').dropColumn('hsn_code').execute();
}
