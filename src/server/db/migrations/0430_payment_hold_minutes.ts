// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 32, item 2: how long an unpaid online order holds its stock and slot places is a
 * shop setting (`hold_minutes`, 1 to 120, 15 by default), kept in the shop's one
 * `payment_settings` row; the operator's `PAYMENT_HOLD_SECONDS`, when set, still overrides it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('payment_settings')
    .addColumn('hold_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payment_settings').dropColumn('hold_minutes').execute();
}
