// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/** Cart lines remember where they stand in the cart, so a reloaded cart keeps the order the customer built. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('cart_items')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cart_items').dropColumn('position').execute();
}
