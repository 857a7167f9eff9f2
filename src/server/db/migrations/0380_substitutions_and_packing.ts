// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 33, items 2 and 3: substitutions the shopper chose, and what packing sent. A cart
 * line keeps its choice (`substitution`: 'None', 'BestMatch' or an item id as digits; null:
 * a line from before, read as 'None'); an order line copies it, and packing writes what it
 * sent: the outcome ('Packed', 'Short', 'Replaced'), the item, its title and size, the
 * units and the price per unit charged (paise). Lines not packed yet have them null.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cart_items').addColumn('substitution', 'text').execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('substitution', 'text', (c) => c.notNull().defaultTo('None'))
    .execute();
  for (const [name, type] of [
    ['pack_outcome', 'text'],
    ['sent_item_id', 'integer'],
    ['sent_title', 'text'],
    ['sent_size', 'text'],
    ['sent_qty', 'integer'],
    ['sent_price', 'integer'],
  ] as const) {
    await db.schema.alterTable('order_lines').addColumn(name, type).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of ['sent_price', 'sent_qty', 'sent_size', 'sent_title', 'sent_item_id', 'pack_outcome']) {
    await db.schema.alterTable('order_lines').dropColumn(name).execute();
  }
  await db.schema.alterTable('order_lines').dropColumn('substitution').execute();
  await db.schema.alterTable('cart_items').dropColumn('substitution').execute();
}
