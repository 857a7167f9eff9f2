// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 36: the same cart on every device. Each cart line keeps the time of its
 * last change (lines saved before this read as the oldest time), and each line
 * taken out of a cart leaves its removal time, so a device's older copy does not
 * bring it back.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('cart_items')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo('1970-01-01T00:00:00.000Z'))
    .execute();
  await db.schema
    .createTable('cart_removals')
    .addColumn('cart_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_removals_pk', ['cart_id', 'item_id', 'store_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('cart_removals').ifExists().execute();
  await db.schema.alterTable('cart_items').dropColumn('updated_at').execute();
}
