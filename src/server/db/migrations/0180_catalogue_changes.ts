// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * The catalogue's change feed: triggers note every row of `items`, `categories`,
 * `stores` and `published_sections` that is written, whoever writes it (staff
 * edits, orders taking stock, imports, a direct SQL edit), one row per changed
 * catalogue row, so a rebuild can ask what changed since the catalogue it last
 * read instead of reading the whole catalogue again.
 *
 * `seq` orders the changes: on SQLite one more than the largest so far (writes
 * are serialized, so they commit in that order); on PostgreSQL the writing
 * transaction's id, which a reader compares with the oldest transaction still
 * running when it took its cursor. `reshaped_seq` is the `seq` of the row's last
 * change that adds or removes a page or moves one (an item inserted, deleted or
 * moved to another section, store or database; any change to a category, store
 * or published section): a rebuild reads the whole catalogue after those.
 * `catalogue_feed` holds one random id per database, so a cursor from another
 * database (or a restored copy) is never taken for one of this one.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('row_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('reshaped_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('catalogue_changes_pk', ['kind', 'row_id'])
    .execute();
  await db.schema
    .createTable('catalogue_feed')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('feed_id', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('catalogue_feed')
    .values({ id: 1, feed_id: crypto.randomUUID().replaceAll('-', '').slice(0, 16) })
    .execute();
  if (pg) {
    await postgresTriggers(db);
  } else {
    // SQLite finds the largest seq through this index (PostgreSQL never looks it up, and
    // without an index there its updates stay HOT).
    await db.schema.createIndex('catalogue_changes_seq').on('catalogue_changes').column('seq').execute();
    await sqliteTriggers(db);
  }
}

/** The tables the public catalogue is read from, what their rows are, and the column naming a row. */
const TABLES = [
  ['items', 'item', 'id'],
  ['categories', 'category', 'id'],
  ['stores', 'store', 'id'],
  ['published_sections', 'section', 'section_id'],
] as const;

/** An item edit that keeps every page where it was (price, stock, text, pictures) is not a reshape. */
const ITEM_MOVED =
  'old.id <> new.id or old.store_id <> new.store_id or old.db_id <> new.db_id or old.section_id is not new.section_id';

async function sqliteTriggers(db: AnyDb): Promise<void> {
  const next = '(select coalesce(max(seq), 0) + 1 from catalogue_changes)';
  const note = (kind: string, id: string, reshaped: string) =>
    `insert into catalogue_changes (kind, row_id, seq, reshaped_seq) values ('${kind}', ${id}, ${next}, ${reshaped}) ` +
    'on conflict (kind, row_id) do update set seq = excluded.seq, ' +
    'reshaped_seq = max(catalogue_changes.reshaped_seq, excluded.reshaped_seq);';
  for (const [table, kind, id] of TABLES) {
    const always = kind !== 'item';
    await sql
      .raw(`create trigger ${table}_feed_insert after insert on ${table} begin ${note(kind, `new.${id}`, next)} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_feed_delete after delete on ${table} begin ${note(kind, `old.${id}`, next)} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_feed_update after update on ${table} begin ` +
          (always
            ? note(kind, `new.${id}`, next)
            : `${note(kind, 'new.id', `case when ${ITEM_MOVED} then ${next} else 0 end`)} ` +
              `insert into catalogue_changes (kind, row_id, seq, reshaped_seq) select '${kind}', old.id, ${next}, ${next} ` +
              'where old.id <> new.id on conflict (kind, row_id) do update set seq = excluded.seq, ' +
              'reshaped_seq = excluded.reshaped_seq;') +
          ' end',
      )
      .execute(db);
  }
}

/**
 * PostgreSQL: statement-level triggers over the transition tables, so an order
 * taking the stock of all its lines in one UPDATE notes them in one INSERT (a
 * row-level trigger cost PostgreSQL's order rate about a seventh). `seq` is the
 * writing transaction's id (xid8, as bigint): a reader keeps the changes of
 * every transaction not finished when it took its cursor.
 */
async function postgresTriggers(db: AnyDb): Promise<void> {
  const upsert = (keep: string) =>
    'on conflict (kind, row_id) do update set seq = excluded.seq, ' +
    `reshaped_seq = ${keep === 'greatest' ? 'greatest(c.reshaped_seq, excluded.reshaped_seq)' : 'excluded.reshaped_seq'}`;
  const fn = (name: string, body: string) =>
    sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
declare
  tx bigint := pg_current_xact_id()::text::bigint;
begin
  ${body};
  return null;
end $$`,
      )
      .execute(db);
  for (const [table, kind, id] of TABLES) {
    const moved =
      kind === 'item'
        ? `o.${id} is null or ${ITEM_MOVED.replaceAll('old.', 'o.').replaceAll('new.', 'n.').replaceAll(' is not ', ' is distinct from ')}`
        : 'true';
    await fn(
      `${table}_feed_inserted`,
      `insert into catalogue_changes as c (kind, row_id, seq, reshaped_seq)
    select distinct '${kind}', ${id}, tx, tx from new_rows ${upsert('replace')}`,
    );
    await fn(
      `${table}_feed_deleted`,
      `insert into catalogue_changes as c (kind, row_id, seq, reshaped_seq)
    select distinct '${kind}', ${id}, tx, tx from old_rows ${upsert('replace')}`,
    );
    // Rows whose id changed count as removed under the old id and added under the new one.
    await fn(
      `${table}_feed_updated`,
      `insert into catalogue_changes as c (kind, row_id, seq, reshaped_seq)
    select '${kind}', id, tx, max(r) from (
      select n.${id} as id, case when ${moved} then tx else 0 end as r
        from new_rows n left join old_rows o on o.${id} = n.${id}
      union all
      select o.${id}, tx from old_rows o left join new_rows n on n.${id} = o.${id} where n.${id} is null
    ) x group by id ${upsert('greatest')}`,
    );
    for (const [event, rows, what] of [
      ['insert', 'new table as new_rows', 'inserted'],
      ['delete', 'old table as old_rows', 'deleted'],
      ['update', 'old table as old_rows new table as new_rows', 'updated'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_feed_${event} after ${event} on ${table} referencing ${rows} ` +
            `for each statement execute function ${table}_feed_${what}()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table] of TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists ${table}_feed_${op}${pg ? ` on ${table}` : ''}`).execute(db);
    }
    if (pg) {
      for (const what of ['inserted', 'updated', 'deleted']) {
        await sql.raw(`drop function if exists ${table}_feed_${what}()`).execute(db);
      }
    }
  }
  await db.schema.dropTable('catalogue_feed').execute();
  await db.schema.dropTable('catalogue_changes').execute();
}
