// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 31, item 2: delivery slots with a capacity. A slot is a store's window
 * (`starts_at`..`ends_at`) taking at most `capacity` orders, booked until `cutoff_at`;
 * `booked` only moves by conditional updates (never past `capacity`). A store's weekly
 * template makes slots for the days ahead; `order_slots` is each order's place.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('delivery_slots')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('cutoff_at', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('from_template', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('delivery_slots_window_uq', ['store_id', 'starts_at', 'ends_at'])
    .execute();
  // The shoppers' list and the "does this store take slots" check read by cut-off.
  await db.schema
    .createIndex('delivery_slots_store_cutoff_idx')
    .on('delivery_slots')
    .columns(['store_id', 'cutoff_at'])
    .execute();
  await db.schema
    .createTable('slot_templates')
    .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('slot_templates_pk', ['store_id', 'weekday', 'start_time'])
    .execute();
  await db.schema
    .createTable('slot_rules')
    .addColumn('store_id', 'integer', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('lead_minutes', 'integer', (c) => c.notNull())
    .addColumn('days_ahead', 'integer', (c) => c.notNull())
    .addColumn('made_through', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('order_slots')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('slot_id', 'integer', (c) => c.notNull().references('delivery_slots.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('order_slots_pk', ['order_id', 'store_id'])
    .execute();
  await db.schema.createIndex('order_slots_slot_idx').on('order_slots').column('slot_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_slots').ifExists().execute();
  await db.schema.dropTable('slot_rules').ifExists().execute();
  await db.schema.dropTable('slot_templates').ifExists().execute();
  await db.schema.dropTable('delivery_slots').ifExists().execute();
}
