// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * The rules `sales_days` is kept by: `sent` (this migration) counts a packed line by what it
 * sent, with the pack sums; not `sent` (0371's, for `down`) counts what was asked.
 */
type Rules = { sent: boolean };
const SENT: Rules = { sent: true };
const ASKED_ONLY: Rules = { sent: false };
const PACK_COLUMNS = ['packed_lines', 'asked_qty', 'filled_qty', 'replaced_lines'];
const BASE_COLUMNS = ['day', 'store_id', 'item_id', 'qty', 'total', 'lines', 'orders'];

const columns = (r: Rules) => (r.sent ? [...BASE_COLUMNS, ...PACK_COLUMNS] : BASE_COLUMNS).join(', ');

/** Adds signed amounts to a day's row of a store's item (`excluded` is the row being added). */
const upsert = (r: Rules) => `on conflict (day, store_id, item_id) do update set
  ${(r.sent ? [...BASE_COLUMNS, ...PACK_COLUMNS] : BASE_COLUMNS)
    .slice(3)
    .map((c) => `${c} = sales_days.${c} + excluded.${c}`)
    .join(', ')}`;

/** Whether line `l` is the first (lowest id) of its store in its order: that line carries the order in `orders`. */
const FIRST_OF_STORE = (l: string) =>
  `not exists (select 1 from order_lines e where e.order_id = ${l}.order_id and e.store_id = ${l}.store_id and e.id < ${l}.id)`;

/**
 * What line `l` counts for: the item sent (the asked one until packed), its units and takings
 * (paise), and over packed lines the units asked, the units of the asked item sent, and
 * whether it was replaced. The same rules as `lineFigures` of lib/domain/reports.ts.
 */
const ITEM = (r: Rules, l: string) => (r.sent ? `coalesce(${l}.sent_item_id, ${l}.item_id)` : `${l}.item_id`);
const QTY = (r: Rules, l: string) => (r.sent ? `coalesce(${l}.sent_qty, ${l}.qty)` : `${l}.qty`);
/** Units × price in paise, or per kg × g ÷ 1000 half up for a line sold by weight or volume (0371); a sent line keeps its `sold_by`. */
const TOTAL = (r: Rules, l: string) => {
  const times = `cast(${QTY(r, l)} as bigint) * ${r.sent ? `coalesce(${l}.sent_price, ${l}.selling_price)` : `${l}.selling_price`}`;
  return `(case when ${l}.sold_by = 'ByUnit' then ${times} else (${times} + 500) / 1000 end)`;
};
const PACK_SUMS = (l: string) => [
  `case when ${l}.pack_outcome is null then 0 else 1 end`,
  `case when ${l}.pack_outcome is null then 0 else ${l}.qty end`,
  `case when ${l}.pack_outcome is null or ${l}.pack_outcome = 'Replaced' then 0 else coalesce(${l}.sent_qty, ${l}.qty) end`,
  `case when ${l}.pack_outcome = 'Replaced' then 1 else 0 end`,
];

/** One line's figures, `sign` times (a row of a `select` with `o` its order). */
const LINE = (r: Rules, l: string, sign: string) =>
  [
    'substr(o.created_at, 1, 10)',
    `${l}.store_id`,
    ITEM(r, l),
    `${sign} * ${QTY(r, l)}`,
    `${sign} * ${TOTAL(r, l)}`,
    sign,
    `case when ${FIRST_OF_STORE(l)} then ${sign} else 0 end`,
    ...(r.sent ? PACK_SUMS(l).map((e) => `${sign} * ${e}`) : []),
  ].join(', ');

/** Every line of the orders `where` picks (over `o` and `l`), summed per day, store and item, `sign` times. */
const LINES_OF = (r: Rules, where: string, sign: string) => `insert into sales_days (${columns(r)})
  select ${[
    'substr(o.created_at, 1, 10)',
    'l.store_id',
    ITEM(r, 'l'),
    `${sign} * sum(${QTY(r, 'l')})`,
    `${sign} * sum(${TOTAL(r, 'l')})`,
    `${sign} * count(*)`,
    `${sign} * sum(case when ${FIRST_OF_STORE('l')} then 1 else 0 end)`,
    ...(r.sent ? PACK_SUMS('l').map((e) => `${sign} * sum(${e})`) : []),
  ].join(', ')}
  from orders o join order_lines l on l.order_id = o.id
  where ${where}
  group by substr(o.created_at, 1, 10), l.store_id, ${ITEM(r, 'l')}
  ${upsert(r)}`;

/** Line `l` (`new` or `old`) added `sign` times while its order is a sale. */
const ONE_LINE = (r: Rules, l: string, sign: string) => `insert into sales_days (${columns(r)})
  select ${LINE(r, l, sign)} from orders o where o.id = ${l}.order_id and o.status <> 'Cancelled'
  ${upsert(r)}`;

/**
 * One line removed (its order still there and a sale): its figures come off, and when it
 * carried its order for its store, the store's next line of that order (if any) takes it over.
 */
const LINE_REMOVED = (r: Rules) => [
  ONE_LINE(r, 'old', '-1'),
  `insert into sales_days (${columns(r)})
  select substr(o.created_at, 1, 10), n.store_id, ${ITEM(r, 'n')}, 0, 0, 0, 1${r.sent ? ', 0, 0, 0, 0' : ''}
  from orders o join order_lines n on n.order_id = o.id
  where o.id = old.order_id and o.status <> 'Cancelled' and n.store_id = old.store_id and ${FIRST_OF_STORE('old')}
    and n.id = (select min(m.id) from order_lines m
      where m.order_id = old.order_id and m.store_id = old.store_id and m.id <> old.id)
  ${upsert(r)}`,
];

/**
 * A line changed (packed or weighed, mostly): what it counted for comes off, what it counts for
 * now goes on. Under 0371's rules (`down`) only a change of `qty` (weighing) is followed.
 */
const LINE_CHANGED = (r: Rules) => [ONE_LINE(r, 'old', '-1'), ONE_LINE(r, 'new', '1')];
const CHANGED_COLUMNS = 'item_id, qty, selling_price, sold_by, pack_outcome, sent_item_id, sent_qty, sent_price';
/** The trigger that follows a line's changes: 0420's over the packing columns, 0371's over `qty`. */
const changedTrigger = (r: Rules) =>
  r.sent
    ? { name: 'sales_days_line_changed', columns: CHANGED_COLUMNS, when: '' }
    : { name: 'sales_days_line_weighed', columns: 'qty', when: 'old.qty <> new.qty' };

const CROSSES = `(old.status = 'Cancelled') <> (new.status = 'Cancelled')`;
const SIGN = `case when new.status = 'Cancelled' then -1 else 1 end`;
/** The triggers 0371 and 0420 both make; each makes one more to follow a line's changes. */
const ORDER_TRIGGERS = [
  'sales_days_line_added',
  'sales_days_line_removed',
  'sales_days_order_moved',
  'sales_days_order_removed',
];

/**
 * Issue 33 item 5 after packing (issue 33 items 2 and 3): `sales_days` counts what an order
 * sent once it is packed, not what it asked: a line counts under the item sent, with the
 * units sent and their takings. Four columns more, over packed lines only, for the fill and
 * substitution rates: `packed_lines`, `asked_qty` (units asked), `filled_qty` (units of the
 * asked item sent) and `replaced_lines`. The triggers of 0350 (as 0371 remade them: a line
 * sold by weight or volume per kg × g ÷ 1000 half up) are made again with these rules, and
 * one more keeps a line's figures when packing or weighing changes it (0371's trigger on a
 * line's `qty` folded into it). The table is summed again from the orders, so orders packed
 * before count what they sent.
 * The lines' covering index of 0330 takes the packing columns too, so the ragged hours of a
 * range still read lines from the index alone.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropTriggers(db, pg, [...ORDER_TRIGGERS, 'sales_days_line_weighed']);
  for (const name of PACK_COLUMNS) {
    await db.schema
      .alterTable('sales_days')
      .addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await reportIndex(db, ['pack_outcome', 'sent_item_id', 'sent_qty', 'sent_price']);
  await keepBy(db, pg, SENT);
}

/** Makes the triggers of `r` and sums the table again from the orders by them. */
async function keepBy(db: AnyDb, pg: boolean, r: Rules): Promise<void> {
  for (const statement of pg ? pgTriggers(r) : sqliteTriggers(r)) await sql.raw(statement).execute(db);
  await sql.raw('delete from sales_days').execute(db);
  await sql.raw(LINES_OF(r, `o.status <> 'Cancelled'`, '1')).execute(db);
}

function sqliteTriggers(r: Rules): string[] {
  const changed = changedTrigger(r);
  return [
    `create trigger sales_days_line_added after insert on order_lines begin ${ONE_LINE(r, 'new', '1')}; end`,
    `create trigger sales_days_line_removed before delete on order_lines begin ${LINE_REMOVED(r).join('; ')}; end`,
    `create trigger ${changed.name} after update of ${changed.columns} on order_lines
      ${changed.when === '' ? '' : `when ${changed.when}`} begin ${LINE_CHANGED(r).join('; ')}; end`,
    `create trigger sales_days_order_moved after update of status on orders when ${CROSSES}
      begin ${LINES_OF(r, 'o.id = new.id', SIGN)}; end`,
    `create trigger sales_days_order_removed before delete on orders when old.status <> 'Cancelled'
      begin ${LINES_OF(r, 'o.id = old.id', '-1')}; end`,
  ];
}

function pgTriggers(r: Rules): string[] {
  const changed = changedTrigger(r);
  const fn = (name: string, body: string) =>
    `create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`;
  const lockItems = `perform 1 from items where id in (select item_id from order_lines where order_id = new.id)
    order by id for no key update`;
  return [
    fn('sales_days_line_added', ONE_LINE(r, 'new', '1')),
    `create function sales_days_line_removed() returns trigger language plpgsql as $$
      begin ${LINE_REMOVED(r).join('; ')}; return old; end $$`,
    fn(changed.name, LINE_CHANGED(r).join('; ')),
    fn('sales_days_order_moved', `${lockItems}; ${LINES_OF(r, 'o.id = new.id', SIGN)}`),
    `create function sales_days_order_removed() returns trigger language plpgsql as $$
      begin ${LINES_OF(r, 'o.id = old.id', '-1')}; return old; end $$`,
    `create trigger sales_days_line_added after insert on order_lines
      for each row execute function sales_days_line_added()`,
    `create trigger sales_days_line_removed before delete on order_lines
      for each row execute function sales_days_line_removed()`,
    `create trigger ${changed.name} after update of ${changed.columns} on order_lines
      for each row ${changed.when === '' ? '' : `when (${changed.when})`} execute function ${changed.name}()`,
    `create trigger sales_days_order_moved after update of status on orders
      for each row when (${CROSSES}) execute function sales_days_order_moved()`,
    `create trigger sales_days_order_removed before delete on orders
      for each row when (old.status <> 'Cancelled') execute function sales_days_order_removed()`,
  ];
}

/** 0330's covering index of lines for the report, with `more` columns after its own. */
async function reportIndex(db: AnyDb, more: readonly string[]): Promise<void> {
  await db.schema.dropIndex('order_lines_report_idx').execute();
  await db.schema
    .createIndex('order_lines_report_idx')
    .on('order_lines')
    .columns(['order_id', 'store_id', 'item_id', 'qty', 'selling_price', ...more])
    .execute();
}

async function dropTriggers(db: AnyDb, pg: boolean, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const table = name.includes('line') ? 'order_lines' : 'orders';
    await sql.raw(pg ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`).execute(db);
    if (pg) await sql.raw(`drop function ${name}()`).execute(db);
  }
}

/** Back to 0371's table and triggers, counting what was asked (weighed lines per kg × g). */
export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await dropTriggers(db, pg, [...ORDER_TRIGGERS, 'sales_days_line_changed']);
  await reportIndex(db, []);
  for (const name of PACK_COLUMNS) await db.schema.alterTable('sales_days').dropColumn(name).execute();
  await keepBy(db, pg, ASKED_ONLY);
}
