// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 32, items 1 and 2: the payment seam. `payments` is one row per order group (its
 * first order's id): the method, where it stands, the amount in paise, the provider's ids,
 * until when an unpaid group holds its stock and slot places (`hold_until`) and when that
 * hold was let go (`released_at`, set once by a conditional update). `payment_events`
 * keeps each outcome applied, unique per payment and event id, so an outcome told twice
 * (a replayed webhook, a second click) changes nothing. `payment_settings` is the shop's
 * one row (`on_delivery_max`: the most an order may come to when paid at the door, paise);
 * a store's delivery area may lower it or refuse pay on delivery for some PIN codes.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('payments')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('group_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_order_id', 'text')
    .addColumn('provider_payment_id', 'text')
    .addColumn('hold_until', 'text')
    .addColumn('released_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The release sweep reads the holds still open, soonest first.
  await db.schema
    .createIndex('payments_open_holds_idx')
    .on('payments')
    .columns(['released_at', 'hold_until'])
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_once', ['payment_id', 'event_id'])
    .execute();
  await db.schema
    .createTable('payment_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('on_delivery_max', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('payment_settings')
    .values({ id: 1, on_delivery_max: 1_000_000, updated_at: new Date(0).toISOString() })
    .execute();
  // null: the shop's cap; 0: no pay on delivery from this store.
  await db.schema.alterTable('store_delivery').addColumn('on_delivery_max', 'integer').execute();
  // JSON text: PIN codes and prefixes where this store takes no pay on delivery.
  await db.schema
    .alterTable('store_delivery')
    .addColumn('no_on_delivery_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('store_delivery').dropColumn('no_on_delivery_codes').execute();
  await db.schema.alterTable('store_delivery').dropColumn('on_delivery_max').execute();
  await db.schema.dropTable('payment_settings').ifExists().execute();
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('payments').ifExists().execute();
}
