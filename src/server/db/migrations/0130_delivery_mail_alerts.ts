// Frozen in time: a migration imports only kysely and never the app's types.
import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

function withId<T extends string>(db: AnyDb, t: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const DELIVERY_COLUMNS = [
  'delivery_full_name',
  'delivery_phone',
  'delivery_line1',
  'delivery_line2',
  'delivery_city',
  'delivery_state',
  'delivery_postal_code',
  'delivery_note',
] as const;

/**
 * Issue 13: the delivery address an order was placed with (a snapshot, so a
 * later edit of My Address does not move past orders), a mail queue written in
 * the same transaction as what the mail is about and sent after commit,
 * password-reset codes, and back-in-stock requests.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const column of DELIVERY_COLUMNS) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }

  await withId(db, db.schema.createTable('mail_queue'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_queue_due_idx').on('mail_queue').columns(['sent_at', 'next_attempt_at']).execute();

  await db.schema
    .createTable('password_reset_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('stock_alerts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stock_alerts_user_item_uq', ['user_id', 'item_id'])
    .execute();
  await db.schema.createIndex('stock_alerts_item_idx').on('stock_alerts').column('item_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('stock_alerts').ifExists().execute();
  await db.schema.dropTable('password_reset_codes').ifExists().execute();
  await db.schema.dropTable('mail_queue').ifExists().execute();
  for (const column of DELIVERY_COLUMNS) await db.schema.alterTable('orders').dropColumn(column).execute();
}
