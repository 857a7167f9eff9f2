// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

type Total = (l: string) => string;

/** A line's total in paise: price × qty, or per kg × g ÷ 1000 half up for a line sold by weight or volume (0370). */
const WEIGHED_TOTAL: Total = (l) =>
  `(case when ${l}.sold_by = 'ByUnit' then cast(${l}.qty as bigint) * ${l}.selling_price ` +
  `else (cast(${l}.qty as bigint) * ${l}.selling_price + 500) / 1000 end)`;
/** 0350's total, which `down` puts back (0370's down then drops `sold_by`). */
const PLAIN_TOTAL: Total = (l) => `(cast(${l}.qty as bigint) * ${l}.selling_price)`;

const UPSERT = `on conflict (day, store_id, item_id) do update set
  qty = sales_days.qty + excluded.qty,
  total = sales_days.total + excluded.total,
  lines = sales_days.lines + excluded.lines,
  orders = sales_days.orders + excluded.orders`;

const FIRST_OF_STORE = (l: string) =>
  `not exists (select 1 from order_lines e where e.order_id = ${l}.order_id and e.store_id = ${l}.store_id and e.id < ${l}.id)`;

const ORDER_LINES = (
  TOTAL: Total,
  id: string,
  sign: string,
) => `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), l.store_id, l.item_id, ${sign} * sum(l.qty), ${sign} * sum(${TOTAL('l')}),
    ${sign} * count(*), ${sign} * sum(case when ${FIRST_OF_STORE('l')} then 1 else 0 end)
  from orders o join order_lines l on l.order_id = o.id
  where o.id = ${id}
  group by substr(o.created_at, 1, 10), l.store_id, l.item_id
  ${UPSERT}`;

const LINE_ADDED = (TOTAL: Total) => `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), new.store_id, new.item_id, new.qty, ${TOTAL('new')}, 1,
    case when ${FIRST_OF_STORE('new')} then 1 else 0 end
  from orders o where o.id = new.order_id and o.status <> 'Cancelled'
  ${UPSERT}`;

const LINE_REMOVED = (TOTAL: Total) => [
  `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), old.store_id, old.item_id, -old.qty, -${TOTAL('old')}, -1,
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

/** A line whose quantity changed (weighed at packing): the difference, while its order is a sale. */
const LINE_WEIGHED = (TOTAL: Total) => `insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
  select substr(o.created_at, 1, 10), new.store_id, new.item_id, new.qty - old.qty, ${TOTAL('new')} - ${TOTAL('old')}, 0, 0
  from orders o where o.id = new.order_id and o.status <> 'Cancelled'
  ${UPSERT}`;

const CROSSES = `(old.status = 'Cancelled') <> (new.status = 'Cancelled')`;
const SIGN = `case when new.status = 'Cancelled' then -1 else 1 end`;
const NAMES = [
  'sales_days_line_added',
  'sales_days_line_removed',
  'sales_days_order_moved',
  'sales_days_order_removed',
];

/**
 * Issue 33 item 1: `sales_days` (0350) sums a line sold by weight or volume as what it cost
 * (per kg × g ÷ 1000, half up to the paisa, as `lib/domain/measure.ts`), not price × grams;
 * and a line weighed at packing (its `qty` updated) moves its day's row by the difference.
 * The triggers of 0350 are made again with that total, one more follows `qty` updates, and
 * the table is summed again from the orders.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropTriggers(db, pg, NAMES);
  const statements = pg ? pgTriggers(WEIGHED_TOTAL, true) : sqliteTriggers(WEIGHED_TOTAL, true);
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql`delete from sales_days`.execute(db);
  await sql
    .raw(`insert into sales_days (day, store_id, item_id, qty, total, lines, orders)
      select substr(o.created_at, 1, 10), l.store_id, l.item_id, sum(l.qty), sum(${WEIGHED_TOTAL('l')}), count(*),
        sum(case when ${FIRST_OF_STORE('l')} then 1 else 0 end)
      from orders o join order_lines l on l.order_id = o.id
      where o.status <> 'Cancelled'
      group by substr(o.created_at, 1, 10), l.store_id, l.item_id`)
    .execute(db);
}

async function dropTriggers(db: AnyDb, pg: boolean, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const table = name.includes('line') ? 'order_lines' : 'orders';
    await sql.raw(pg ? `drop trigger if exists ${name} on ${table}` : `drop trigger if exists ${name}`).execute(db);
    if (pg) await sql.raw(`drop function if exists ${name}()`).execute(db);
  }
}

function sqliteTriggers(TOTAL: Total, weighing: boolean): string[] {
  return [
    `create trigger sales_days_line_added after insert on order_lines begin ${LINE_ADDED(TOTAL)}; end`,
    `create trigger sales_days_line_removed before delete on order_lines begin ${LINE_REMOVED(TOTAL).join('; ')}; end`,
    ...(weighing
      ? [
          `create trigger sales_days_line_weighed after update of qty on order_lines when old.qty <> new.qty
      begin ${LINE_WEIGHED(TOTAL)}; end`,
        ]
      : []),
    `create trigger sales_days_order_moved after update of status on orders when ${CROSSES}
      begin ${ORDER_LINES(TOTAL, 'new.id', SIGN)}; end`,
    `create trigger sales_days_order_removed before delete on orders when old.status <> 'Cancelled'
      begin ${ORDER_LINES(TOTAL, 'old.id', '-1')}; end`,
  ];
}

function pgTriggers(TOTAL: Total, weighing: boolean): string[] {
  const fn = (name: string, body: string) =>
    `create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`;
  const lockItems = `perform 1 from items where id in (select item_id from order_lines where order_id = new.id)
    order by id for no key update`;
  return [
    fn('sales_days_line_added', LINE_ADDED(TOTAL)),
    `create function sales_days_line_removed() returns trigger language plpgsql as $$
      begin ${LINE_REMOVED(TOTAL).join('; ')}; return old; end $$`,
    ...(weighing ? [fn('sales_days_line_weighed', LINE_WEIGHED(TOTAL))] : []),
    fn('sales_days_order_moved', `${lockItems}; ${ORDER_LINES(TOTAL, 'new.id', SIGN)}`),
    `create function sales_days_order_removed() returns trigger language plpgsql as $$
      begin ${ORDER_LINES(TOTAL, 'old.id', '-1')}; return old; end $$`,
    `create trigger sales_days_line_added after insert on order_lines
      for each row execute function sales_days_line_added()`,
    `create trigger sales_days_line_removed before delete on order_lines
      for each row execute function sales_days_line_removed()`,
    ...(weighing
      ? [
          `create trigger sales_days_line_weighed after update of qty on order_lines
      for each row when (old.qty <> new.qty) execute function sales_days_line_weighed()`,
        ]
      : []),
    `create trigger sales_days_order_moved after update of status on orders
      for each row when (${CROSSES}) execute function sales_days_order_moved()`,
    `create trigger sales_days_order_removed before delete on orders
      for each row when (old.status <> 'Cancelled') execute function sales_days_order_removed()`,
  ];
}

/** Back to 0350's triggers (price × qty, no weighing trigger), so 0370's down may drop `sold_by`. */
export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropTriggers(db, pg, [...NAMES, 'sales_days_line_weighed']);
  const statements = pg ? pgTriggers(PLAIN_TOTAL, false) : sqliteTriggers(PLAIN_TOTAL, false);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
