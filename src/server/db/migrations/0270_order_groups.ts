// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 31, item 3: one order per store under one group. `group_id` is the id of the
 * group's first order (the first store's), set in the transaction that places the group;
 * every order placed before this migration is a group of its own (even one that spans
 * stores). Each order also carries how it is paid: on delivery, pending, until issue 32
 * brings other methods.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').addColumn('group_id', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('OnDelivery'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('Pending'))
    .execute();
  await db
    .updateTable('orders')
    .set((eb) => ({ group_id: eb.ref('id') }))
    .execute();
  await db.schema.createIndex('orders_group_idx').on('orders').column('group_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_group_idx').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('payment_status').execute();
  await db.schema.alterTable('orders').dropColumn('payment_method').execute();
  await db.schema.alterTable('orders').dropColumn('group_id').execute();
}
