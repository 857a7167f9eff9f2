// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/** The channel the notice goes out on (`src/publish/database-notices.ts` listens on it). */
const CHANNEL = 'aisle_catalogue_changes';

/**
 * PostgreSQL: every statement that writes the change feed (`catalogue_changes`, migration
 * 0180's triggers) also sends a notice on `aisle_catalogue_changes`, delivered when its
 * transaction commits (never for one rolled back; the notices of one transaction come as
 * one), so a watching rebuild (`npm run rebuild -- --watch`) that LISTENs asks the feed at
 * once instead of at its next poll. The notice carries nothing: the feed stays the one
 * source of what changed. SQLite has no notices (the watcher is told by the kernel that its
 * file was written): nothing to do there.
 */
export async function up(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function catalogue_changes_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}', '');
  return null;
end $$`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger catalogue_changes_notify after insert or update on catalogue_changes ' +
        'for each statement execute function catalogue_changes_notify()',
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger if exists catalogue_changes_notify on catalogue_changes').execute(db);
  await sql.raw('drop function if exists catalogue_changes_notify()').execute(db);
}
