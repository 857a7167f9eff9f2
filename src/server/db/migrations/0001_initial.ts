// Frozen in time: a migration imports only kysely and never the app's types.
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

function withId<T extends string>(db: AnyDb, t: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = 'text' as const;
const int = 'integer' as const;

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('categories'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('stores'))
    .addColumn('category_id', int, (c) => c.notNull().references('categories.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('type', text, (c) =>
      c.notNull().check(sqlIn('type', ['public_store', 'client_store', 'edu_shopy_store'])),
    )
    .addColumn('hidden', int, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stores_category_idx').on('stores').columns(['category_id', 'id']).execute();

  await withId(db, db.schema.createTable('store_dbs'))
    .addColumn('store_id', int, (c) => c.notNull().references('stores.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('store_dbs_store_idx').on('store_dbs').columns(['store_id', 'id']).execute();

  await withId(db, db.schema.createTable('sections'))
    .addColumn('db_id', int, (c) => c.notNull().references('store_dbs.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('meta_description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('content', text, (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', int, (c) => c.notNull().defaultTo(0))
    .addColumn('custom_order', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sections_db_idx').on('sections').columns(['db_id', 'id']).execute();

  await db.schema
    .createTable('published_sections')
    .addColumn('section_id', int, (c) => c.notNull().references('sections.id'))
    .addColumn('db_id', int, (c) => c.notNull().references('store_dbs.id'))
    .addColumn('store_id', int, (c) => c.notNull().references('stores.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('meta_description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('content', text, (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', int, (c) => c.notNull().defaultTo(0))
    .addColumn('custom_order', text, (c) => c.notNull().defaultTo('[]'))
    .addColumn('published_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('published_sections_pk', ['section_id', 'db_id'])
    .execute();
  await db.schema
    .createIndex('published_sections_store_idx')
    .on('published_sections')
    .columns(['store_id', 'section_id'])
    .execute();
  await db.schema.createIndex('published_sections_updated_idx').on('published_sections').column('updated_at').execute();

  await withId(db, db.schema.createTable('items'))
    .addColumn('store_id', int, (c) => c.notNull().references('stores.id'))
    .addColumn('db_id', int, (c) => c.notNull().references('store_dbs.id'))
    .addColumn('section_id', int, (c) => c.references('sections.id'))
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('meta_description', text, (c) => c.notNull().defaultTo(''))
    .addColumn('content', text, (c) => c.notNull().defaultTo(''))
    .addColumn('hidden', int, (c) => c.notNull().defaultTo(0))
    .addColumn('stock', int, (c) => c.notNull().defaultTo(0).check(nonNegative('stock')))
    .addColumn('size', text, (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price', int, (c) => c.notNull().check(nonNegative('unit_price')))
    .addColumn('discount_bps', int, (c) => c.notNull().defaultTo(0))
    .addColumn('flat_discount', int, (c) => c.notNull().defaultTo(0))
    .addColumn('gst_bps', int, (c) => c.notNull().defaultTo(0))
    .addColumn('selling_price', int, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('items_section_idx').on('items').columns(['section_id', 'id']).execute();
  await db.schema.createIndex('items_db_idx').on('items').columns(['db_id', 'id']).execute();
  await db.schema.createIndex('items_store_idx').on('items').columns(['store_id', 'id']).execute();
  await db.schema.createIndex('items_updated_idx').on('items').column('updated_at').execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('email', text, (c) => c.notNull().unique())
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('full_name', text, (c) => c.notNull().defaultTo(''))
    .addColumn('phone', text, (c) => c.notNull().defaultTo(''))
    .addColumn('address_line1', text, (c) => c.notNull().defaultTo(''))
    .addColumn('address_line2', text, (c) => c.notNull().defaultTo(''))
    .addColumn('city', text, (c) => c.notNull().defaultTo(''))
    .addColumn('state', text, (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', text, (c) => c.notNull().defaultTo(''))
    .addColumn('kind', text, (c) => c.notNull().check(sqlIn('kind', ['user', 'employee'])))
    .addColumn('email_confirmed', int, (c) => c.notNull().defaultTo(0))
    .addColumn('security_stamp', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_kind_idx').on('users').columns(['kind', 'id']).execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', text, (c) => c.notNull().check(sqlIn('role', ['Admin', 'Employee', 'User'])))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').columns(['role', 'user_id']).execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('user_id', int, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('attempts', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', text, (c) => c.primaryKey())
    .addColumn('failures', int, (c) => c.notNull().defaultTo(0))
    .addColumn('next_allowed_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('user_id', int, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_name', text, (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('cart_id', int, (c) => c.notNull().references('carts.user_id').onDelete('cascade'))
    .addColumn('item_id', int, (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('store_id', int, (c) => c.notNull())
    .addColumn('qty', int, (c) => c.notNull().check(nonNegative('qty')))
    .addColumn('status', text, (c) => c.notNull().check(sqlIn('status', ['loaded', 'modified', 'deleted', 'added'])))
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'item_id', 'store_id'])
    .execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('user_id', int, (c) => c.notNull().references('users.id'))
    .addColumn('status', text, (c) =>
      c.notNull().check(sqlIn('status', ['Placed', 'Packed', 'Delivered', 'Cancelled'])),
    )
    .addColumn('total', int, (c) => c.notNull())
    .addColumn('idempotency_key', text)
    .addColumn('response', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('orders_idempotency_uq', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();

  await withId(db, db.schema.createTable('order_lines'))
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('item_id', int, (c) => c.notNull())
    .addColumn('store_id', int, (c) => c.notNull())
    .addColumn('title', text, (c) => c.notNull())
    .addColumn('size', text, (c) => c.notNull())
    .addColumn('unit_price', int, (c) => c.notNull())
    .addColumn('discount_bps', int, (c) => c.notNull())
    .addColumn('flat_discount', int, (c) => c.notNull())
    .addColumn('gst_bps', int, (c) => c.notNull())
    .addColumn('selling_price', int, (c) => c.notNull())
    .addColumn('qty', int, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_lines_item_idx').on('order_lines').column('item_id').execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', text, (c) => c.notNull())
    .addColumn('actor_id', int)
    .addColumn('actor_email', text, (c) => c.notNull().defaultTo(''))
    .addColumn('action', text, (c) => c.notNull())
    .addColumn('target', text, (c) => c.notNull().defaultTo(''))
    .addColumn('detail', text, (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', text, (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'audit_log',
    'order_lines',
    'orders',
    'cart_items',
    'carts',
    'login_throttle',
    'email_codes',
    'user_roles',
    'users',
    'items',
    'published_sections',
    'sections',
    'store_dbs',
    'stores',
    'categories',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

function sqlIn(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

function nonNegative(column: string) {
  return sql`${sql.ref(column)} >= 0`;
}
