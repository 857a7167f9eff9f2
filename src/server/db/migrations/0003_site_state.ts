// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * One row (id 1) saying whether the static site shows the catalogue as it is:
 * when public content last changed, and how the last site build went.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('site_state')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('content_changed_at', 'text')
    .addColumn('last_built_at', 'text')
    .addColumn('last_build_status', 'text', (c) =>
      c.check(sql`last_build_status is null or last_build_status in ('succeeded', 'failed')`),
    )
    .addColumn('last_build_finished_at', 'text')
    .addColumn('last_build_log_tail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .insertInto('site_state')
    .values({
      id: 1,
      content_changed_at: null,
      last_built_at: null,
      last_build_status: null,
      last_build_finished_at: null,
      last_build_log_tail: '',
    })
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('site_state').ifExists().execute();
}
