// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 33 item 5: the sales report reads a month of orders and their lines from indexes
 * alone. Orders by placing time with their status and total (`id` rides along: the rowid
 * on SQLite, a key column on PostgreSQL); lines by order with their store, item, quantity
 * and price, so joining a line costs an index probe and never a table row.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('orders_report_idx')
    .on('orders')
    .columns(['created_at', 'status', 'total', 'id'])
    .execute();
  await db.schema
    .createIndex('order_lines_report_idx')
    .on('order_lines')
    .columns(['order_id', 'store_id', 'item_id', 'qty', 'selling_price'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('order_lines_report_idx').execute();
  await db.schema.dropIndex('orders_report_idx').execute();
}
