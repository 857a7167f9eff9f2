// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 33 item 1: items sold by weight or volume. `sold_by` is `ByUnit` (as before),
 * `ByWeight` or `ByVolume`; `step` is what a quantity moves by (1 for a unit, grams or
 * millilitres otherwise). For a weighed item `stock` is in grams or millilitres and
 * `unit_price`/`selling_price` are per kg or litre. An order line copies `sold_by`, so its
 * total reads right however the item changes later, and keeps `asked_qty`, what the
 * shopper asked for, once staff entered the weight packed (null until then).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('items')
    .addColumn('sold_by', 'text', (c) => c.notNull().defaultTo('ByUnit'))
    .execute();
  await db.schema
    .alterTable('items')
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('sold_by', 'text', (c) => c.notNull().defaultTo('ByUnit'))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('asked_qty', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('asked_qty').execute();
  await db.schema.alterTable('order_lines').dropColumn('sold_by').execute();
  await db.schema.alterTable('items').dropColumn('step').execute();
  await db.schema.alterTable('items').dropColumn('sold_by').execute();
}
