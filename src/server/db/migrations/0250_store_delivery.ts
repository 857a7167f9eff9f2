// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 31, item 1: where each store delivers, and for how much. One row per store that
 * has settings (a store without one delivers everywhere, free, with no minimum): the PIN
 * codes and prefixes it serves as JSON text, the fee, minimum and free-delivery threshold in
 * paise. Each order keeps the delivery fee it was charged (included in its total).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('store_delivery')
    .addColumn('store_id', 'integer', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('postal_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minimum_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_above', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('delivery_fee').execute();
  await db.schema.dropTable('store_delivery').ifExists().execute();
}
