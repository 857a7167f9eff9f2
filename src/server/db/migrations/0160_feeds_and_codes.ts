// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 16: a store's own product code on each item (what tills and ERP systems
 * call it), the feed clients that may set stock and prices, and the answers of
 * their requests kept for retries with the same Idempotency-Key.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('items').addColumn('product_code', 'text').execute();
  // One code names one item of a store; items without a code are many.
  await db.schema
    .createIndex('items_store_code_idx')
    .on('items')
    .columns(['store_id', 'product_code'])
    .unique()
    .where(sql.ref('product_code'), 'is not', null)
    .execute();

  await db.schema
    .createTable('feed_clients')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    /** The key's first characters, shown to tell keys apart; the key itself is never stored. */
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();

  await db.schema
    .createTable('feed_requests')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('feed_clients.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_requests_pk', ['client_id', 'idempotency_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('feed_requests').ifExists().execute();
  await db.schema.dropTable('feed_clients').ifExists().execute();
  await db.schema.dropIndex('items_store_code_idx').ifExists().execute();
  await db.schema.alterTable('items').dropColumn('product_code').execute();
}
