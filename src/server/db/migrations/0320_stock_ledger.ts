// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 33, item 4: the stock ledger. One `stock_ledger` row per change of an item's
 * stock (`reason`: order, cancellation, packing, feed, import, edit, opening, seed;
 * who: `account_id` or `feed_client_id`; the order where there is one), so an item's
 * stock always equals the sum of its rows' `change`: every item's stock today becomes
 * its `opening` row. Items get a `reorder_level` (null: none), and `reorder_mails`
 * claims a store's low-stock mail of a day, so it goes out once however many API
 * processes look.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stock_ledger')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('change', 'integer', (c) => c.notNull())
    .addColumn('stock_before', 'integer', (c) => c.notNull())
    .addColumn('stock_after', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('feed_client_id', 'integer')
    .addColumn('order_id', 'integer')
    .execute();
  // An item's history, newest first.
  await db.schema.createIndex('stock_ledger_item_idx').on('stock_ledger').columns(['item_id', 'id']).execute();
  await db.schema.alterTable('items').addColumn('reorder_level', 'integer').execute();
  await db.schema
    .createTable('reorder_mails')
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reorder_mails_pk', ['store_id', 'day'])
    .execute();
  const at = new Date().toISOString();
  await sql`insert into stock_ledger (item_id, at, change, stock_before, stock_after, reason)
    select id, ${at}, stock, 0, stock, 'opening' from items where stock <> 0 order by id`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reorder_mails').ifExists().execute();
  await db.schema.alterTable('items').dropColumn('reorder_level').execute();
  await db.schema.dropTable('stock_ledger').ifExists().execute();
}
