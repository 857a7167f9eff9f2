// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/** Adds signed amounts to a day's row of a store's item (`excluded` is the row being added). */
const UPSERT = `on conflict (day, store_id, item_id) do update set
  qty = sales_days.qty + excluded.qty,
  total = sales_days.total + excluded.total,
  lines = sales_days.lines + excluded.lines,
  orders = sales_days.orders + excluded.orders`;

/** Whether line `l` is the first (lowest id) of its store in its order: that line carries the order in `orders`. */
const FIRST_OF_STORE = (l: string) =>
  `not exists (select 1 from order_lines e where e.order_id = ${l}.order_id and e.store_id = ${l}.store_id and e.id < ${l}.id)`;

/** Every line of order `id`, added to its day `sign` times (1 or -1). */
const ORDER_LINES = (
  id: string,
  sign: string,
) => `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), l.store_id, l.item_id, ${sign} * sum(l.qty), ${sign} * sum(cast(l.qty as bigint) * l.selling_price),
    ${sign} * count(*), ${sign} * sum(case when ${FIRST_OF_STORE('l')} then 1 else 0 end)
  from orders o join order_lines l on l.order_id = o.id
  where o.id = ${id}
  group by substr(o.created_at, 1, 10), l.store_id, l.item_id
  ${UPSERT}`;

/** One new line, added while its order is a sale. */
const LINE_ADDED = `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), new.store_id, new.item_id, new.qty, cast(new.qty as bigint) * new.selling_price, 1,
    case when ${FIRST_OF_STORE('new')} then 1 else 0 end
  from orders o where o.id = new.order_id and o.status <> 'Cancelled'
  ${UPSERT}`;

/**
 * One line removed (its order still there and a sale): its amounts come off, and when it
 * carried its order for its store, the store's next line of that order (if any) takes it over.
 */
const LINE_REMOVED = [
  `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), old.store_id, old.item_id, -old.qty, -(cast(old.qty as bigint) * old.selling_price), -1,
    case when ${FIRST_OF_STORE('old')} then -1 else 0 end
  from orders o where o.id = old.order_id and o.status <> 'Cancelled'
  ${UPSERT}`,
  `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), n.store_id, n.item_id, 0, 0, 0, 1
  from orders o join order_lines n on n.order_id = o.id
  where o.id = old.order_id and o.status <> 'Cancelled' and n.store_id = old.store_id and ${FIRST_OF_STORE('old')}
    and n.id = (select min(m.id) from order_lines m
      where m.order_id = old.order_id and m.store_id = old.store_id and m.id <> old.id)
  ${UPSERT}`,
];

const CROSSES = `(old.status = 'Cancelled') <> (new.status = 'Cancelled')`;
const SIGN = `case when new.status = 'Cancelled' then -1 else 1 end`;

/**
 * Issue 33 item 5: `sales_days` keeps, per UTC day (the first 10 characters of an order's
 * `created_at`), store and item, what the orders that are sales (not `Cancelled`) sold: units,
 * takings in paise, lines, and `orders`, the orders whose first line of that store is of that
 * item (so a store's orders of a day are the sum over its items, each order counted once).
 *
 * The database keeps it, in the writing transaction, by triggers: a line inserted or deleted,
 * an order moved into or out of `Cancelled`, an order deleted. So every path that writes an
 * order (placing, cancelling, undoing, payment expiry, fixtures, imports) keeps it exact
 * without knowing of it; an order's `created_at` never changes. The sales report reads whole
 * UTC days from here and only the ragged hours at either end of a range from the orders.
 *
 * PostgreSQL runs a row's AFTER trigger at the end of its statement, so a line's removal is
 * counted BEFORE it (seeing the rows the statement removed before it, as SQLite's do), or a
 * statement removing several lines of one store's order would hand its count to a removed one.
 * A status move locks the order's items (id order) before its `sales_days` rows,
 * the order in which placing an order takes them (stock, then lines), so the two never
 * deadlock. SQLite: a table rebuilt later (as 0280 rebuilt `orders`) loses its triggers, so
 * such a migration must create them again.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('sales_days')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('qty', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('lines', 'bigint', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sales_days_pk', ['day', 'store_id', 'item_id'])
    .execute();
  const triggers = pg ? pgTriggers() : sqliteTriggers();
  for (const statement of triggers) await sql.raw(statement).execute(db);
  await sql
    .raw(`insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
      select substr(o.created_at, 1, 10), l.store_id, l.item_id, sum(l.qty), sum(cast(l.qty as bigint) * l.selling_price), count(*),
        sum(case when ${FIRST_OF_STORE('l')} then 1 else 0 end)
      from orders o join order_lines l on l.order_id = o.id
      where o.status <> 'Cancelled'
      group by substr(o.created_at, 1, 10), l.store_id, l.item_id`)
    .execute(db);
}

function sqliteTriggers(): string[] {
  return [
    `create trigger sales_days_line_added after insert on order_lines begin ${LINE_ADDED}; end`,
    `create trigger sales_days_line_removed before delete on order_lines begin ${LINE_REMOVED.join('; ')}; end`,
    `create trigger sales_days_order_moved after update of status on orders when ${CROSSES}
      begin ${ORDER_LINES('new.id', SIGN)}; end`,
    `create trigger sales_days_order_removed before delete on orders when old.status <> 'Cancelled'
      begin ${ORDER_LINES('old.id', '-1')}; end`,
  ];
}

function pgTriggers(): string[] {
  const fn = (name: string, body: string) =>
    `create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`;
  const lockItems = `perform 1 from items where id in (select item_id from order_lines where order_id = new.id)
    order by id for no key update`;
  return [
    fn('sales_days_line_added', LINE_ADDED),
    `create function sales_days_line_removed() returns trigger language plpgsql as $$
      begin ${LINE_REMOVED.join('; ')}; return old; end $$`,
    fn('sales_days_order_moved', `${lockItems}; ${ORDER_LINES('new.id', SIGN)}`),
    `create function sales_days_order_removed() returns trigger language plpgsql as $$
      begin ${ORDER_LINES('old.id', '-1')}; return old; end $$`,
    `create trigger sales_days_line_added after insert on order_lines
      for each row execute function sales_days_line_added()`,
    `create trigger sales_days_line_removed before delete on order_lines
      for each row execute function sales_days_line_removed()`,
    `create trigger sales_days_order_moved after update of status on orders
      for each row when (${CROSSES}) execute function sales_days_order_moved()`,
    `create trigger sales_days_order_removed before delete on orders
      for each row when (old.status <> 'Cancelled') execute function sales_days_order_removed()`,
  ];
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const name of [
    'sales_days_line_added',
    'sales_days_line_removed',
    'sales_days_order_moved',
    'sales_days_order_removed',
  ]) {
    const table = name.includes('line') ? 'order_lines' : 'orders';
    await sql.raw(pg ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`).execute(db);
    if (pg) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.dropTable('sales_days').execute();
}
