// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 32, item 3: the refunds of a payment, one row each, listed on the order they were
 * made for (`order_id`; null for a group's whole refund, such as a payment that came after
 * its orders were cancelled): the amount in paise, `Pending` until the provider says it was
 * processed (`refund.processed`; the test method's are `Processed` at once), the reason, who
 * asked for it and the provider's refund id (unique per payment: a refund told twice is one).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text', (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addUniqueConstraint('payment_refunds_once', ['payment_id', 'provider_refund_id'])
    .execute();
  await db.schema.createIndex('payment_refunds_order_idx').on('payment_refunds').columns(['order_id']).execute();
  // The group a Razorpay webhook or Checkout's answer names by its Razorpay order id.
  await db.schema.createIndex('payments_provider_order_idx').on('payments').columns(['provider_order_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('payments_provider_order_idx').ifExists().execute();
  await db.schema.dropTable('payment_refunds').ifExists().execute();
}
