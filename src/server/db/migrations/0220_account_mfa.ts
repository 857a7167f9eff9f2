// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 27: a TOTP second factor per account (the secret sealed with a key of
 * the app's secret; `enabled_at` null while the setup waits for its first code;
 * `last_step`, the time step of the last code accepted, so no code works twice)
 * and its single-use recovery codes, stored as SHA-256 digests.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('account_mfa')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mfa_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('account_mfa.user_id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mfa_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mfa_recovery_codes').ifExists().execute();
  await db.schema.dropTable('account_mfa').ifExists().execute();
}
