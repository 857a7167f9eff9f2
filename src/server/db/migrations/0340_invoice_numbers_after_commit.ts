// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 32, item 4, follow-up: an invoice is written by its order's transaction without a
 * number (`seq` and `number` null) and numbered right after the commit, in a short
 * transaction of its own that holds the store's series row for a batch of invoices instead
 * of for every order. A partial index finds the invoices still waiting for their number.
 */
export async function up(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table invoices alter column seq drop not null, alter column number drop not null`.execute(db);
  } else {
    await rebuildSqliteInvoices(db, (created) =>
      created.replace(/"seq" integer not null/i, '"seq" integer').replace(/"number" text not null/i, '"number" text'),
    );
  }
  await db.schema
    .createIndex('invoices_pending_idx')
    .on('invoices')
    .columns(['store_id', 'kind', 'fiscal_year', 'id'])
    .where(sql.ref('seq'), 'is', null)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('invoices_pending_idx').execute();
  // Invoices still waiting for a number cannot be kept by the older schema.
  await db.deleteFrom('invoices').where('seq', 'is', null).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table invoices alter column seq set not null, alter column number set not null`.execute(db);
  } else {
    await rebuildSqliteInvoices(db, (created) =>
      created
        .replace(/"seq" integer(?! not null)/i, '"seq" integer not null')
        .replace(/"number" text(?! not null)/i, '"number" text not null'),
    );
  }
}

/** SQLite changes a column's NOT NULL only by copying the table into a new one. */
async function rebuildSqliteInvoices(db: AnyDb, change: (created: string) => string): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'invoices'`.execute(db);
  const created = table.rows[0]?.sql ?? '';
  const createNew = change(created).replace(/^create table\s+("invoices"|invoices)/i, 'create table "invoices_new"');
  if (!createNew.startsWith('create table "invoices_new"') || createNew === created) {
    throw new Error(`invoices has an unexpected shape: ${created}`);
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'invoices' and type in ('index', 'trigger') and sql is not null`.execute(
    db,
  );
  const columns = await sql<{ name: string }>`select name from pragma_table_info('invoices') order by cid`.execute(db);
  const names = columns.rows.map((c) => `"${c.name}"`).join(', ');
  // Off outside the transaction (SQLite ignores it inside one): dropping the old table must not
  // cascade to the credit notes, whose reference names "invoices" and finds the new one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createNew).execute(trx);
      await sql.raw(`insert into "invoices_new" (${names}) select ${names} from "invoices"`).execute(trx);
      await sql`drop table "invoices"`.execute(trx);
      await sql`alter table "invoices_new" rename to "invoices"`.execute(trx);
      for (const { sql: create } of indexes.rows) await sql.raw(create).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`invoices rebuilt with ${broken.rows.length} broken foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
