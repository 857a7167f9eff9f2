// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 32, item 5: coupons. A coupon takes a percentage (basis points) or a flat amount
 * (paise) off an order's items, maybe waives its delivery fees, within its dates and use
 * limits. `used` only moves by conditional updates inside the order's transaction (never
 * past `max_uses`); `coupon_uses` is each order's use (one a order, given back when the
 * order is cancelled), with its discount split per store part (`parts`, JSON text).
 * Orders keep the discount they were given and the code (included in `total`).
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('coupons')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('percent_bps', 'integer')
    .addColumn('amount', 'integer')
    .addColumn('minimum_basket', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_order_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_delivery', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_customer', 'integer')
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('coupon_uses')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('parts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('used_at', 'text', (c) => c.notNull())
    .execute();
  // "Used up for you" counts one customer's uses of one coupon.
  await db.schema
    .createIndex('coupon_uses_coupon_user_idx')
    .on('coupon_uses')
    .columns(['coupon_id', 'user_id'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('coupon_code').execute();
  await db.schema.alterTable('orders').dropColumn('discount').execute();
  await db.schema.dropTable('coupon_uses').ifExists().execute();
  await db.schema.dropTable('coupons').ifExists().execute();
}
