// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 27, stock one account cannot hoard: each store's most of one item per order
 * (`max_qty_per_item`, 20 unless staff set it, 1 to 999 like a cart line), and an index
 * that counts an account's open orders without reading its whole order history.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('max_qty_per_item', 'integer', (c) =>
      c.notNull().defaultTo(20).check(sql`max_qty_per_item between 1 and 999`),
    )
    .execute();
  await db.schema.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_user_status_idx').execute();
  await db.schema.alterTable('stores').dropColumn('max_qty_per_item').execute();
}
