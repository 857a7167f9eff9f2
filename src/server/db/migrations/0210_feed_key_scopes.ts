// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 27: a feed key names the stores it may write and may expire. Keys made
 * before this change are given every store that exists now, so no till stops
 * mid-day; stores made later are not theirs (README, "Stock and price feeds").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('feed_client_stores')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('feed_clients.id'))
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_client_stores_pk', ['client_id', 'store_id'])
    .execute();
  await db.schema.createIndex('feed_client_stores_store_idx').on('feed_client_stores').column('store_id').execute();
  await db.schema.alterTable('feed_clients').addColumn('expires_at', 'text').execute();
  await sql`insert into feed_client_stores (client_id, store_id)
    select c.id, s.id from feed_clients c cross join stores s where c.revoked_at is null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('feed_clients').dropColumn('expires_at').execute();
  await db.schema.dropTable('feed_client_stores').ifExists().execute();
}
