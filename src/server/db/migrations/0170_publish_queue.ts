// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * One publisher for many API processes: "Publish now" on any of them queues a
 * request in the site state row (`build_requested_at`, one at a time: a second
 * press before a build claims it adds nothing), and the build that claims it
 * reports its progress in `build_progress` (a SiteBuildDto as JSON with the
 * time it was written), which every API process's Status reads.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('site_state').addColumn('build_requested_at', 'text').execute();
  await db.schema
    .alterTable('site_state')
    .addColumn('build_progress', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('site_state').dropColumn('build_progress').execute();
  await db.schema.alterTable('site_state').dropColumn('build_requested_at').execute();
}
