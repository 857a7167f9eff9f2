// The order's statements, compiled once per database and shape (see compiledPerShape):
// Kysely would otherwise build and compile the same SQL for every order. Only the
// order's steps (`order-steps.ts`) and runners (`order-runners.ts`) use them; a door
// reaches them through `place-order.ts` (tests/unit/order-doors.test.ts).
import { type Insertable, type Kysely, type QueryCreator, sql, type Updateable } from 'kysely';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import type { SoldBy } from '../../lib/domain/measure.ts';
import { OPEN_ORDER_STATUSES } from '../../lib/domain/orders.ts';
import { ledgerPart } from '../catalogue/stock-ledger.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database, Item, MailQueueTable, OrderLinesTable, User, UsersTable } from '../db/schema.ts';
import { mailQueueRows } from '../mail-queue.ts';
import { type DeliveryColumns, deliveryColumns, toOrderDto } from './order-dtos.ts';
import { findLinesByOrder } from './orders.ts';

/** What an order line copies from the catalogue row it took stock from. */
export const PRICE_COLUMNS = [
  'title',
  'size',
  'unit_price',
  'discount_bps',
  'flat_discount',
  'gst_bps',
  'selling_price',
  'sold_by',
] as const satisfies readonly (keyof Item)[];

/**
 * The answer first given for `key` by this customer's order, or undefined. An
 * order placed with a key always has its answer stored in the same transaction.
 */
export async function findReplay(db: Kysely<Database>, userId: number, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select('u.full_name as customer_name')
    .where('o.user_id', '=', userId)
    .where('o.idempotency_key', '=', key)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  if (row.response !== null) return row.response;
  const lines = await findLinesByOrder(db, [row.id]);
  const dto = toOrderDto(row, row.customer_name, lines.get(row.id) ?? []);
  return JSON.stringify({ ...dto, Orders: [dto] });
}

export type Sold = Pick<Item, (typeof PRICE_COLUMNS)[number]>;

export const DELIVERY_KEYS = Object.keys(deliveryColumns(deliveryAddressSample())) as (keyof DeliveryColumns)[];

/**
 * The account row, locked on PostgreSQL until the order commits (`for no key update`:
 * other orders of the account wait, inserts that only refer to it do not), so the
 * account's open orders are counted after every earlier order of it has committed or
 * rolled back. SQLite runs one writer at a time and needs no lock.
 */
const lockedAccount = (postgres: boolean, userId: unknown) =>
  sql`select ${sql.join(HEAD_USER_COLUMNS.map((c) => sql.ref(c)))} from users where id = ${userId}${postgres ? sql` for no key update` : sql``}`;

/**
 * How many of the account's orders are under way (OPEN_ORDER_STATUSES), this transaction's own
 * included, counted as the shopper placed them: the orders of one group (one per store of a
 * cart) are one. A group's first order has no `group_id` until its answer is written: its id is the group's.
 */
const openOrders = (userId: unknown) =>
  sql<number>`(select count(distinct coalesce(orders.group_id, orders.id)) from orders where orders.user_id = ${userId} and orders.status in (${sql.join([...OPEN_ORDER_STATUSES])}))`;

/**
 * The order row, inserted from the (locked) account row. Shape: the engine. Arguments:
 * user id, idempotency key, time, then the delivery columns in DELIVERY_KEYS order.
 */
export const INSERT_ORDER = compiledPerShape((db: Kysely<Database>, engine: 'postgres' | 'sqlite', arg) => {
  const query = sql<{ id: number }>`
    with u as (${lockedAccount(engine === 'postgres', arg(0))})
    insert into orders (user_id, status, total, idempotency_key, response, created_at, updated_at, ${sql.join(DELIVERY_KEYS.map((k) => sql.ref(k)))})
    select u.id, ${'Placed'}, 0, ${arg(1)}, null, ${arg(2)}, ${arg(2)}, ${sql.join(DELIVERY_KEYS.map((_, i) => arg(3 + i)))}
    from u
    returning id`;
  return { compile: () => query.compile(db) };
});

/** SQLite: the account's open orders (see `openOrders`). Arguments: user id. */
export const COUNT_OPEN = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => {
  const query = sql<{ open: number }>`select ${openOrders(arg(0))} as open`;
  return { compile: () => query.compile(db) };
});

/** `n` lines' `(ItemID, StoreID, quantity)` rows, from argument `first` on. */
function lineValues(n: number, arg: (i: number) => unknown, first: number) {
  return sql.join(
    Array.from(
      { length: n },
      (_, i) =>
        sql`(cast(${arg(first + 3 * i)} as integer), cast(${arg(first + 3 * i + 1)} as integer), cast(${arg(first + 3 * i + 2)} as integer))`,
    ),
  );
}

/**
 * Takes the stock of the lines in `v` (packs of a bulk stock aside: `TAKE_BULK` takes theirs) where enough is left, the quantity is a multiple of
 * the item's step and within its store's most per order (pieces, or kg or litres of an
 * item sold by weight or volume, whose stock and quantities are g or ml), returning what
 * an order line copies.
 */
const takeStock = sql`update items set stock = items.stock - v.qty
    from v, stores
    where items.id = v.id and items.store_id = v.store_id and items.hidden = 0 and items.stock >= v.qty
      and v.qty % items.step = 0
      and stores.id = items.store_id
      and v.qty <= stores.max_qty_per_item * (case when items.sold_by = 'ByUnit' then 1 else 1000 end)
      and not exists (select 1 from item_packs where item_packs.item_id = items.id)
    returning items.id, items.store_id, items.stock, ${sql.join(PRICE_COLUMNS.map((c) => sql.ref(`items.${c}`)))}`;

/**
 * `update items … from (values …), stores where stock >= qty and hidden = 0 and qty <=
 * max_qty_per_item returning …`, the same on SQLite and PostgreSQL, for `n` lines.
 * Arguments: ItemID, StoreID and quantity of each line.
 */
export const TAKE_STOCK = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  const query = sql<Taken>`
    with v (id, store_id, qty) as (values ${lineValues(n, arg, 0)})
    ${takeStock}`;
  return { compile: () => query.compile(db) };
});

/**
 * The lines of `v` that are packs of a bulk stock (`item_packs`, migration 0440), with
 * what an order line copies, the checks TAKE_STOCK makes on a line and the bulk's stock
 * now (for a shortage's words; the take itself is TAKE_BULK's, under the bulk's lock).
 * Arguments: ItemID, StoreID and quantity of each line.
 */
export const READ_PACK_LINES = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  const query = sql<PackLine>`
    with v (id, store_id, qty) as (values ${lineValues(n, arg, 0)})
    select items.id, items.store_id, items.stock, items.hidden, items.step, stores.max_qty_per_item,
      p.bulk_item_id, p.pack_size, b.stock as bulk_stock,
      ${sql.join(PRICE_COLUMNS.map((c) => sql.ref(`items.${c}`)))}
    from v
    join items on items.id = v.id and items.store_id = v.store_id
    join item_packs p on p.item_id = items.id
    join items b on b.id = p.bulk_item_id
    join stores on stores.id = items.store_id`;
  return { compile: () => query.compile(db) };
});

/**
 * Takes `amount` g or ml from each bulk item where that much is left, re-checked under
 * the bulk row's lock as TAKE_STOCK checks an item's (the triggers of migration 0440 then
 * set its packs' stock), answering each bulk taken from with the stock it left.
 * Arguments: each bulk's ItemID and amount, in ItemID order.
 */
export const TAKE_BULK = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  const needs = sql.join(
    Array.from({ length: n }, (_, i) => sql`(cast(${arg(2 * i)} as integer), cast(${arg(2 * i + 1)} as integer))`),
  );
  const query = sql<{ id: number; stock: number }>`
    with need (id, amount) as (values ${needs})
    update items set stock = items.stock - need.amount
    from need
    where items.id = need.id and items.stock >= need.amount
    returning items.id, items.stock`;
  return { compile: () => query.compile(db) };
});

/** A line of an order that is a pack of a bulk stock, as READ_PACK_LINES reads it. */
export type PackLine = Taken &
  Pick<Item, 'hidden' | 'step'> & {
    max_qty_per_item: number;
    bulk_item_id: number;
    pack_size: number;
    bulk_stock: number;
  };

/** A line the stock update did not take, with its store's limit. Arguments: ItemID, StoreID. */
export const READ_SHORT_LINE = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .selectFrom('items')
    .innerJoin('stores', 'stores.id', 'items.store_id')
    .select(['items.title', 'items.stock', 'items.hidden', 'items.sold_by', 'items.step', 'stores.max_qty_per_item'])
    .where('items.id', '=', arg(0))
    .where('items.store_id', '=', arg(1)),
);

/** An order line as the order writes it: it always says how its quantity counts. */
export type LineRow = Insertable<OrderLinesTable> & { sold_by: SoldBy };
export const LINE_KEYS = [
  'order_id',
  'item_id',
  'store_id',
  ...PRICE_COLUMNS,
  'qty',
  'substitution',
] as const satisfies readonly (keyof LineRow)[];
export const MY_ADDRESS_KEYS = Object.keys(
  myAddressColumns(deliveryAddressSample(), ''),
) as (keyof Updateable<UsersTable>)[];
export const MAIL_KEYS = Object.keys(
  mailQueueRows([{ to: '', subject: '', text: '', kind: '' }], '')[0] ?? {},
) as (keyof Insertable<MailQueueTable>)[];

/** Hands out argument numbers in the order a statement's arguments are listed. */
function argCounter(arg: (i: number) => never): () => never {
  let next = 0;
  return () => arg(next++);
}

/**
 * What follows the stock, one builder a part, each taking its arguments from `a` in
 * the order listed: each line's LINE_KEYS; (PostgreSQL) each line's ledger row
 * (`orderLedgerArgs`); total, answer, order id; customer id;
 * time, customer id; the mail's MAIL_KEYS; My Address's MY_ADDRESS_KEYS and the
 * customer id. SQLite runs them as separate statements; PostgreSQL as one, which
 * also answers the account's open orders (then the customer id once more).
 */
const finish = {
  lines: (q: QueryCreator<Database>, n: number, a: () => never) =>
    q
      .insertInto('order_lines')
      .values(Array.from({ length: n }, () => Object.fromEntries(LINE_KEYS.map((k) => [k, a()])) as LineRow)),
  // The first order of a group is the group's (its further orders carry it from their insert).
  answer: (q: QueryCreator<Database>, a: () => never) =>
    q
      .updateTable('orders')
      .set({ total: a(), response: a(), group_id: sql<number>`coalesce(group_id, id)` })
      .where('id', '=', a()),
  emptied: (q: QueryCreator<Database>, a: () => never) => q.deleteFrom('cart_items').where('cart_id', '=', a()),
  cart: (q: QueryCreator<Database>, a: () => never) =>
    q.updateTable('carts').set({ updated_at: a() }).where('user_id', '=', a()),
  mail: (q: QueryCreator<Database>, a: () => never) =>
    q.insertInto('mail_queue').values(Object.fromEntries(MAIL_KEYS.map((k) => [k, a()])) as Insertable<MailQueueTable>),
  address: (q: QueryCreator<Database>, a: () => never) =>
    q
      .updateTable('users')
      .set(Object.fromEntries(MY_ADDRESS_KEYS.map((k) => [k, a()])))
      .where('id', '=', a()),
};

/** A CTE's query creator also knows the CTEs before it; the parts only need the tables. */
const base = <DB extends Database>(q: QueryCreator<DB>) => q as unknown as QueryCreator<Database>;

/**
 * PostgreSQL: every part in ONE statement (data-modifying CTEs), one round trip instead
 * of five (shape: lines, ledger rows, `address` or not), answering `open`: the account's open orders. The statement's snapshot is
 * taken after the account row was locked (HEAD_PG, INSERT_ORDER), so it sees every
 * earlier order of the account that committed, and none can commit meanwhile.
 */
export const FINISH_ORDER_PG = compiledPerShape((db: Kysely<Database>, shape: string, arg) => {
  const [n, m, withAddress] = [Number(shape.split(':')[0]), Number(shape.split(':')[1]), shape.endsWith(':address')];
  const a = argCounter(arg);
  let query = db
    .with('lines', (q) => finish.lines(base(q), n, a).returning('order_lines.order_id'))
    .with('ledger', (q) => ledgerPart(base(q), m, a).returning('stock_ledger.id'))
    .with('answer', (q) => finish.answer(base(q), a).returning('orders.id'))
    .with('emptied', (q) => finish.emptied(base(q), a).returning('cart_items.cart_id'))
    .with('cart', (q) => finish.cart(base(q), a).returning('carts.user_id'))
    .with('mail', (q) => finish.mail(base(q), a).returning('mail_queue.id'));
  if (withAddress) {
    query = query.with('address', (q) => finish.address(base(q), a).returning('users.id')) as unknown as typeof query;
  }
  return query.selectNoFrom(openOrders(a()).as('open'));
});

/** SQLite: the parts as separate statements (in-process: no round trips to save, and no data-modifying CTEs). */
export const INSERT_LINES = compiledPerShape((db: Kysely<Database>, n: number, arg) =>
  finish.lines(db, n, argCounter(arg)),
);
export const STORE_ANSWER = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  finish.answer(db, argCounter(arg)),
);
export const EMPTY_CART = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  finish.emptied(db, argCounter(arg)),
);
export const TOUCH_CART = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  finish.cart(db, argCounter(arg)),
);
export const SAVE_MY_ADDRESS = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  finish.address(db, argCounter(arg)),
);
export const QUEUE_MAIL = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  finish.mail(db, argCounter(arg)),
);

function deliveryAddressSample(): DeliveryAddressDto {
  return { FullName: '', Phone: '', AddressLine1: '', AddressLine2: '', City: '', State: '', PostalCode: '', Note: '' };
}

/** The account's My Address columns from an order's delivery address (the note is the order's only). */
export function myAddressColumns(a: DeliveryAddressDto, at: string): Updateable<UsersTable> {
  return {
    full_name: a.FullName,
    phone: a.Phone,
    address_line1: a.AddressLine1,
    address_line2: a.AddressLine2,
    city: a.City,
    state: a.State,
    postal_code: a.PostalCode,
    updated_at: at,
  };
}

/** A row the stock update took from, with what the order line copies and the stock it left (for the ledger). */
export type Taken = Sold & { id: number; store_id: number; stock: number };

/** The account columns the fast path's first statement reads. */
export const HEAD_USER_COLUMNS = [
  'id',
  'email',
  'full_name',
  'security_stamp',
  'email_confirmed',
  'phone',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'postal_code',
] as const satisfies readonly (keyof User)[];

/**
 * PostgreSQL, the fast path's first statement: the account (`u`, locked until the
 * order commits, as INSERT_ORDER locks it), the order row
 * inserted only when the account still carries the token's security stamp and is
 * confirmed (`o`; a refused caller therefore never meets the Idempotency-Key index),
 * and the stock of every line (`s`, TAKE_STOCK's update), in one round trip instead of
 * three. Shape `n:posted` takes the delivery columns from arguments, `n:saved` from the
 * account's My Address with the posted note. Arguments: user id, stamp, key, time, then
 * the 8 delivery columns (posted) or the note (saved), then each line's ItemID, StoreID
 * and quantity. Answers one row per stock row taken (or one with null `s_id`), each with
 * the account and `order_id` (null: refused); no row when the account is gone.
 */
export const HEAD_PG = compiledPerShape((db: Kysely<Database>, shape: string, arg) => {
  const [n, source] = [Number(shape.split(':')[0]), shape.split(':')[1]];
  const posted = source === 'posted';
  const values = lineValues(n, arg, 4 + (posted ? DELIVERY_KEYS.length : 1));
  const fromUser = {
    delivery_full_name: sql.ref('u.full_name'),
    delivery_phone: sql.ref('u.phone'),
    delivery_line1: sql.ref('u.address_line1'),
    delivery_line2: sql.ref('u.address_line2'),
    delivery_city: sql.ref('u.city'),
    delivery_state: sql.ref('u.state'),
    delivery_postal_code: sql.ref('u.postal_code'),
    delivery_note: sql`${arg(4)}`,
  } satisfies Record<keyof DeliveryColumns, unknown>;
  const deliveryValues = DELIVERY_KEYS.map((k, i) => (posted ? sql`${arg(4 + i)}` : fromUser[k]));
  const query = sql<Record<string, unknown>>`
    with u as (${lockedAccount(true, arg(0))}),
    o as (
      insert into orders (user_id, status, total, idempotency_key, response, created_at, updated_at, ${sql.join(DELIVERY_KEYS.map((k) => sql.ref(k)))})
      select u.id, ${'Placed'}, 0, ${arg(2)}, null, ${arg(3)}, ${arg(3)}, ${sql.join(deliveryValues)}
      from u where u.security_stamp = ${arg(1)} and u.email_confirmed = 1
      returning id
    ),
    v (id, store_id, qty) as (values ${values}),
    s as (${takeStock})
    select u.*, (select id from o) as order_id, s.id as s_id, s.store_id as s_store_id, s.stock as s_stock,
      ${sql.join(PRICE_COLUMNS.map((c) => sql`s.${sql.ref(c)} as ${sql.ref(`s_${c}`)}`))}
    from u left join s on true`;
  return { compile: () => query.compile(db) };
});

/** The stored answer of this customer's order with `key` (null: an order from before answers were stored). */
export const REPLAY = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db.selectFrom('orders').select('response').where('user_id', '=', arg(0)).where('idempotency_key', '=', arg(1)),
);
