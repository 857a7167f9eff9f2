// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

const STATUSES = ['Placed', 'AwaitingPayment', 'Confirmed', 'Packing', 'OutForDelivery', 'Delivered', 'Cancelled'];
const OLD_STATUSES = ['Placed', 'Packed', 'Delivered', 'Cancelled'];

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Issue 31, item 4: the order's way to the door, Placed → Confirmed → Packing →
 * OutForDelivery → Delivered (Cancelled from any but Delivered; AwaitingPayment for
 * online payments). The old Packed becomes Packing: a Packed order was one staff had
 * started to put together and had not yet sent out, which is what Packing says now; its
 * next move (out for delivery, or a cancel that returns its stock) is the same as before.
 *
 * `order_moves` keeps every move of an order (who, when, from, to), written in the
 * move's transaction; the moves the audit log already holds are copied in, so old
 * orders keep their timeline. SQLite cannot alter a CHECK constraint, so `orders` is
 * rebuilt from its own stored definition (whatever columns it has by now) with the
 * foreign keys off, as SQLite's documentation for ALTER TABLE prescribes.
 */
export async function up(db: AnyDb): Promise<void> {
  await setStatuses(db, OLD_STATUSES, STATUSES, { Packed: 'Packing' });
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('order_moves')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('Move', 'Undo', 'Reopen', 'CustomerCancel')`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stock_change', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_moves_order_idx').on('order_moves').columns(['order_id', 'id']).execute();
  await copyAuditedMoves(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('order_moves').ifExists().execute();
  await db.updateTable('orders').set({ status: 'Cancelled' }).where('status', '=', 'AwaitingPayment').execute();
  await setStatuses(db, STATUSES, OLD_STATUSES, {
    Confirmed: 'Placed',
    Packing: 'Packed',
    OutForDelivery: 'Packed',
  });
}

/** Replaces the CHECK on `orders.status` (`from` → `to`), renaming statuses by `rename` in the same step. */
async function setStatuses(
  db: AnyDb,
  from: readonly string[],
  to: readonly string[],
  rename: Record<string, string>,
): Promise<void> {
  const renamed = (column: string) =>
    `case ${column} ${Object.entries(rename)
      .map(([a, b]) => `when '${a}' then '${b}'`)
      .join(' ')} else ${column} end`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // PostgreSQL runs each migration in a transaction of its own already.
    const checks = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%'`.execute(db);
    for (const { conname } of checks.rows) {
      await sql`alter table orders drop constraint ${sql.id(conname)}`.execute(db);
    }
    await sql.raw(`update orders set status = ${renamed('status')}`).execute(db);
    await sql
      .raw(`alter table orders add constraint orders_status_check check (status in (${inList(to)}))`)
      .execute(db);
    return;
  }
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const created = table.rows[0]?.sql ?? '';
  const oldCheck = new RegExp(`"status" in \\(${inList(from).replaceAll(' ', '\\s*')}\\)`);
  if (!oldCheck.test(created)) throw new Error(`orders.status has no CHECK of ${inList(from)}: ${created}`);
  const createNew = created
    .replace(oldCheck, `"status" in (${inList(to)})`)
    .replace(/^create table\s+("orders"|orders)/i, 'create table "orders_new"');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where tbl_name = 'orders' and type in ('index', 'trigger') and sql is not null`.execute(
    db,
  );
  const columns = await sql<{ name: string }>`select name from pragma_table_info('orders') order by cid`.execute(db);
  const names = columns.rows.map((c) => `"${c.name}"`);
  const values = columns.rows.map((c) => (c.name === 'status' ? renamed('"status"') : `"${c.name}"`));
  // Off outside the transaction (SQLite ignores it inside one): dropping the old table must not
  // cascade to order_lines and the rest, whose references name "orders" and find the new one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createNew).execute(trx);
      await sql
        .raw(`insert into "orders_new" (${names.join(', ')}) select ${values.join(', ')} from "orders"`)
        .execute(trx);
      await sql`drop table "orders"`.execute(trx);
      await sql`alter table "orders_new" rename to "orders"`.execute(trx);
      for (const { sql: create } of indexes.rows) await sql.raw(create).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`orders rebuilt with ${broken.rows.length} broken foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

interface AuditedMove {
  from?: unknown;
  to?: unknown;
  by?: unknown;
  undo?: unknown;
  reopened?: unknown;
  reason?: unknown;
  unitsReturnedToStock?: unknown;
  unitsTakenFromStock?: unknown;
}

/** Each order's moves from its audit entries (`order.status` on `order:{id}`), Packed read as Packing. */
async function copyAuditedMoves(db: AnyDb): Promise<void> {
  const rows = await db
    .selectFrom('audit_log as a')
    .innerJoin('orders as o', (join) =>
      join.on(sql`a.target`, '=', sql`'order:' || cast(o.id as text)`).onRef('a.at', '>=', 'o.created_at'),
    )
    .select(['o.id as order_id', 'a.at', 'a.actor_id', 'a.actor_email', 'a.detail'])
    .where('a.action', '=', 'order.status')
    .orderBy('a.id')
    .execute();
  const status = (raw: unknown) => {
    const name = raw === 'Packed' ? 'Packing' : raw;
    return typeof name === 'string' && STATUSES.includes(name) ? name : undefined;
  };
  const units = (raw: unknown) => (typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : 0);
  const moves = [];
  for (const row of rows) {
    let move: AuditedMove;
    try {
      move = JSON.parse(row.detail) as AuditedMove;
    } catch {
      continue;
    }
    const from = status(move.from);
    const to = status(move.to);
    if (from === undefined || to === undefined) continue;
    moves.push({
      order_id: row.order_id,
      at: row.at,
      from_status: from,
      to_status: to,
      actor_id: row.actor_id,
      actor_email: row.actor_email,
      kind:
        move.undo === true
          ? 'Undo'
          : move.reopened === true
            ? 'Reopen'
            : move.by === 'customer'
              ? 'CustomerCancel'
              : 'Move',
      reason: typeof move.reason === 'string' ? move.reason : '',
      stock_change: units(move.unitsReturnedToStock) - units(move.unitsTakenFromStock),
    });
  }
  for (let i = 0; i < moves.length; i += 500) {
    await db
      .insertInto('order_moves')
      .values(moves.slice(i, i + 500))
      .execute();
  }
}
