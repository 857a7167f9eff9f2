// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 27: the wrong codes (access and reset codes together) of each account,
 * or of an address without one that a reset named, counted across new codes;
 * and an index for the sweep that removes registrations never confirmed.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('code_failures')
    /** `user:{id}`, or `email:{address}` for a reset naming an address without an account. */
    .addColumn('subject', 'text', (c) => c.primaryKey())
    /** A JSON list of the ISO times of the wrong codes still in the window, oldest first. */
    .addColumn('failed_at', 'text', (c) => c.notNull().defaultTo('[]'))
    /** When the owner was last mailed that the limit was reached. */
    .addColumn('warned_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('users_unconfirmed_idx')
    .on('users')
    .column('updated_at')
    .where(sql.ref('email_confirmed'), '=', 0)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('users_unconfirmed_idx').ifExists().execute();
  await db.schema.dropTable('code_failures').ifExists().execute();
}
