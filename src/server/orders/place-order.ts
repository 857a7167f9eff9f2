import {
  type CompiledQuery,
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type QueryCreator,
  type SqliteDatabase,
  sql,
  type Updateable,
} from 'kysely';
import type pg from 'pg';
import { type Customer, OPEN_ORDER_STATUSES, type OrderDto, type ShortageDto } from '../../lib/domain/cart.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import {
  DEFAULT_OPEN_ORDERS_MAX,
  overLimitMessage,
  whyUnsold,
  withinOpenOrders,
} from '../../lib/domain/order-limits.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import { userById as USER_BY_ID } from '../auth/accounts.ts';
import { pgPoolOf, sqliteOf } from '../db/connection.ts';
import { isDeadlock, isUniqueViolation } from '../db/errors.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database, Item, MailQueueTable, OrderLinesTable, User, UsersTable } from '../db/schema.ts';
import { inSqliteBatch } from '../db/sqlite-batch.ts';
import type { ModelState } from '../errors.ts';
import { mailQueueRows } from '../mail-queue.ts';
import { orderPlacedMail } from '../mail-templates.ts';
import type { CartLineInput } from './cart-input.ts';
import { deliveryFor, deliveryOfUser, postsAddress } from './delivery-input.ts';
import { type DeliveryColumns, deliveryColumns, findLinesByOrder, toOrderDto } from './orders.ts';

/** Where an order goes and who hears about it. */
export interface OrderDelivery {
  address: DeliveryAddressDto;
  /** Also keep the address (not the note) as the account's My Address. */
  saveAsMyAddress: boolean;
  /** The customer's e-mail, for the order mail. */
  email: string;
  /** The site's public origin, for links in the mail. */
  siteUrl: string;
}

/**
 * What placing an order came to. `body` is the exact JSON answered (and replayed for a
 * retried key). Not placed, with nothing written: `over-limit` (a line asks for more than
 * its store sells in one order; `modelState` names each such `CartItems[i].Qty`), `short`
 * (stock), `too-many-open` (the account already has `open` orders under way, `max` allowed).
 */
export type PlaceOrderOutcome =
  | { kind: 'placed'; order: OrderDto; body: string }
  | { kind: 'replayed'; body: string }
  | NotPlacedOutcome;

/** The outcomes of an order refused inside its transaction (see PlaceOrderOutcome). */
type NotPlacedOutcome =
  | { kind: 'over-limit'; modelState: ModelState }
  | { kind: 'short'; shortages: ShortageDto[]; modelState: ModelState }
  | { kind: 'too-many-open'; open: number; max: number };

/** What an order line copies from the catalogue row it took stock from. */
const PRICE_COLUMNS = [
  'title',
  'size',
  'unit_price',
  'discount_bps',
  'flat_discount',
  'gst_bps',
  'selling_price',
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
  return JSON.stringify(toOrderDto(row, row.customer_name, lines.get(row.id) ?? []));
}

type Sold = Pick<Item, (typeof PRICE_COLUMNS)[number]>;

// The order's statements, compiled once per database and shape (see compiledPerShape):
// Kysely would otherwise build and compile the same SQL for every order.

const DELIVERY_KEYS = Object.keys(deliveryColumns(deliveryAddressSample())) as (keyof DeliveryColumns)[];

/**
 * The account row, locked on PostgreSQL until the order commits (`for no key update`:
 * other orders of the account wait, inserts that only refer to it do not), so the
 * account's open orders are counted after every earlier order of it has committed or
 * rolled back. SQLite runs one writer at a time and needs no lock.
 */
const lockedAccount = (postgres: boolean, userId: unknown) =>
  sql`select ${sql.join(HEAD_USER_COLUMNS.map((c) => sql.ref(c)))} from users where id = ${userId}${postgres ? sql` for no key update` : sql``}`;

/** How many of the account's orders are under way (OPEN_ORDER_STATUSES), this transaction's own included. */
const openOrders = (userId: unknown) =>
  sql<number>`(select count(*) from orders where orders.user_id = ${userId} and orders.status in (${sql.join([...OPEN_ORDER_STATUSES])}))`;

/**
 * The order row, inserted from the (locked) account row. Shape: the engine. Arguments:
 * user id, idempotency key, time, then the delivery columns in DELIVERY_KEYS order.
 */
const INSERT_ORDER = compiledPerShape((db: Kysely<Database>, engine: 'postgres' | 'sqlite', arg) => {
  const query = sql<{ id: number }>`
    with u as (${lockedAccount(engine === 'postgres', arg(0))})
    insert into orders (user_id, status, total, idempotency_key, response, created_at, updated_at, ${sql.join(DELIVERY_KEYS.map((k) => sql.ref(k)))})
    select u.id, ${'Placed'}, 0, ${arg(1)}, null, ${arg(2)}, ${arg(2)}, ${sql.join(DELIVERY_KEYS.map((_, i) => arg(3 + i)))}
    from u
    returning id`;
  return { compile: () => query.compile(db) };
});

/** SQLite: the account's open orders (see `openOrders`). Arguments: user id. */
const COUNT_OPEN = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => {
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
 * Takes the stock of the lines in `v` where enough is left and the quantity is within
 * the item's store's most per order, returning what an order line copies.
 */
const takeStock = sql`update items set stock = items.stock - v.qty
    from v, stores
    where items.id = v.id and items.store_id = v.store_id and items.hidden = 0 and items.stock >= v.qty
      and stores.id = items.store_id and v.qty <= stores.max_qty_per_item
    returning items.id, items.store_id, ${sql.join(PRICE_COLUMNS.map((c) => sql.ref(`items.${c}`)))}`;

/**
 * `update items … from (values …), stores where stock >= qty and hidden = 0 and qty <=
 * max_qty_per_item returning …`, the same on SQLite and PostgreSQL, for `n` lines.
 * Arguments: ItemID, StoreID and quantity of each line.
 */
const TAKE_STOCK = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  const query = sql<Sold & { id: number; store_id: number }>`
    with v (id, store_id, qty) as (values ${lineValues(n, arg, 0)})
    ${takeStock}`;
  return { compile: () => query.compile(db) };
});

/** A line the stock update did not take, with its store's limit. Arguments: ItemID, StoreID. */
const READ_SHORT_LINE = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .selectFrom('items')
    .innerJoin('stores', 'stores.id', 'items.store_id')
    .select(['items.title', 'items.stock', 'items.hidden', 'stores.max_qty_per_item'])
    .where('items.id', '=', arg(0))
    .where('items.store_id', '=', arg(1)),
);

type LineRow = Insertable<OrderLinesTable>;
const LINE_KEYS = [
  'order_id',
  'item_id',
  'store_id',
  ...PRICE_COLUMNS,
  'qty',
] as const satisfies readonly (keyof LineRow)[];
const MY_ADDRESS_KEYS = Object.keys(myAddressColumns(deliveryAddressSample(), '')) as (keyof Updateable<UsersTable>)[];
const MAIL_KEYS = Object.keys(
  mailQueueRows([{ to: '', subject: '', text: '', kind: '' }], '')[0] ?? {},
) as (keyof Insertable<MailQueueTable>)[];

/** Hands out argument numbers in the order a statement's arguments are listed. */
function argCounter(arg: (i: number) => never): () => never {
  let next = 0;
  return () => arg(next++);
}

/**
 * What follows the stock, one builder a part, each taking its arguments from `a` in
 * the order listed: each line's LINE_KEYS; total, answer, order id; customer id;
 * time, customer id; the mail's MAIL_KEYS; My Address's MY_ADDRESS_KEYS and the
 * customer id. SQLite runs them as separate statements; PostgreSQL as one, which
 * also answers the account's open orders (then the customer id once more).
 */
const finish = {
  lines: (q: QueryCreator<Database>, n: number, a: () => never) =>
    q
      .insertInto('order_lines')
      .values(Array.from({ length: n }, () => Object.fromEntries(LINE_KEYS.map((k) => [k, a()])) as LineRow)),
  answer: (q: QueryCreator<Database>, a: () => never) =>
    q.updateTable('orders').set({ total: a(), response: a() }).where('id', '=', a()),
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
 * of five, answering `open`: the account's open orders. The statement's snapshot is
 * taken after the account row was locked (HEAD_PG, INSERT_ORDER), so it sees every
 * earlier order of the account that committed, and none can commit meanwhile.
 */
const FINISH_ORDER_PG = compiledPerShape((db: Kysely<Database>, shape: string, arg) => {
  const [n, withAddress] = [Number(shape.split(':')[0]), shape.endsWith(':address')];
  const a = argCounter(arg);
  let query = db
    .with('lines', (q) => finish.lines(base(q), n, a).returning('order_lines.order_id'))
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
const INSERT_LINES = compiledPerShape((db: Kysely<Database>, n: number, arg) => finish.lines(db, n, argCounter(arg)));
const STORE_ANSWER = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => finish.answer(db, argCounter(arg)));
const EMPTY_CART = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => finish.emptied(db, argCounter(arg)));
const TOUCH_CART = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => finish.cart(db, argCounter(arg)));
const SAVE_MY_ADDRESS = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  finish.address(db, argCounter(arg)),
);
const QUEUE_MAIL = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => finish.mail(db, argCounter(arg)));

function deliveryAddressSample(): DeliveryAddressDto {
  return { FullName: '', Phone: '', AddressLine1: '', AddressLine2: '', City: '', State: '', PostalCode: '', Note: '' };
}

/** The account's My Address columns from an order's delivery address (the note is the order's only). */
function myAddressColumns(a: DeliveryAddressDto, at: string): Updateable<UsersTable> {
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

/** A row the stock update took from, with what the order line copies. */
type Taken = Sold & { id: number; store_id: number };

/** The order row's id and the stock taken, when one statement wrote both (`HEAD_PG`). */
interface OrderHead {
  orderId: number;
  taken: Taken[];
}

/** TAKE_STOCK's arguments for lines in ItemID order. */
function stockArgs(byItemId: readonly CartLineInput[]): number[] {
  return byItemId.flatMap((l) => [l.itemId, l.storeId, l.qty]);
}

/** The account columns the fast path's first statement reads. */
const HEAD_USER_COLUMNS = [
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
const HEAD_PG = compiledPerShape((db: Kysely<Database>, shape: string, arg) => {
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
    select u.*, (select id from o) as order_id, s.id as s_id, s.store_id as s_store_id,
      ${sql.join(PRICE_COLUMNS.map((c) => sql`s.${sql.ref(c)} as ${sql.ref(`s_${c}`)}`))}
    from u left join s on true`;
  return { compile: () => query.compile(db) };
});

/** Rows as a statement answers them; each step below knows what its statement returns. */
// biome-ignore lint/suspicious/noExplicitAny: the generator's protocol carries every statement's rows.
type Rows = any[];

/** What an order's statements came to: placed, or not (the runner then rolls back whatever they wrote). */
type StepsOutcome = { kind: 'placed'; order: OrderDto; body: string } | NotPlacedOutcome | { kind: 'refused' };

/** Where the caller stands when the order is placed by `placeOrderFor`: checked inside the transaction. */
export interface OrderCaller {
  userId: number;
  /** The token's security stamp, which the account must still carry. */
  securityStamp: string;
  /** `DeliveryAddress` as posted (`parseDeliveryBody`), or undefined: My Address is used (`deliveryFor`). */
  posted: DeliveryAddressDto | undefined;
  saveAsMyAddress: boolean;
  siteUrl: string;
}

/**
 * An order as a sequence of statements: each `yield` hands one compiled statement to
 * the runner and gets its rows back. The same steps run on PostgreSQL in a Kysely
 * transaction (`placeOrderInTransaction`) and on SQLite synchronously inside a group
 * commit (`placeOrderSqlite`), so the order's logic is written once:
 * 1. the order row goes in first, so a concurrent request with the same
 *    Idempotency-Key stops at the unique (user_id, idempotency_key) index
 *    (PostgreSQL makes it wait for the first to commit) and replays its answer.
 *    On PostgreSQL the same statement locks the account row until commit, so the
 *    account's orders are placed one at a time (step 5);
 * 2. one conditional update takes the stock of every line:
 *    `stock = stock - qty where stock >= qty and hidden = 0 and qty <= the store's
 *    max_qty_per_item`, re-checked by the database under each row's lock, so stock
 *    never goes below 0 however many API processes share it. A line it did not
 *    update is read, to name every such line at once (`whyUnsold`: over its store's
 *    limit, else short or not for sale), and the runner rolls back;
 * 3. the lines copy title, size and prices from the rows just updated (never
 *    from the client), the total is summed in paise, the answer stored, the
 *    customer's cart emptied;
 * 4. the delivery address is stored with the order (a snapshot) and the order
 *    mail is queued in the same transaction; it is sent after commit, so mail
 *    never delays or fails an order;
 * 5. the account's open orders are counted, this one included, in a statement
 *    that began after the account row was locked (SQLite: before the lines are
 *    written; PostgreSQL: answered by the statement of steps 3 and 4); over
 *    `openOrdersMax` (`withinOpenOrders`), the runner rolls back. So two orders of
 *    one account at its limit can never both pass.
 */
function* orderSteps(
  db: Kysely<Database>,
  owner: Customer,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  delivery: OrderDelivery,
  openOrdersMax: number,
  postgres: boolean,
  head?: OrderHead,
): Generator<CompiledQuery<unknown>, StepsOutcome, Rows> {
  const delivered = deliveryColumns(delivery.address);
  // In ItemID order, so concurrent orders tend to lock rows in the same order; a
  // deadlock PostgreSQL still detects is retried by placeOrder.
  const byItemId = [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
  let orderId: number;
  let taken: Taken[];
  if (head !== undefined) {
    // The order row and the stock were written by the caller's first statement (`HEAD_PG`).
    ({ orderId, taken } = head);
  } else {
    const [order] = (yield INSERT_ORDER(db, postgres ? 'postgres' : 'sqlite', [
      owner.id,
      key ?? null,
      at,
      ...DELIVERY_KEYS.map((k) => delivered[k]),
    ])) as { id: number }[];
    if (order === undefined) throw new Error('the order row was not inserted');
    orderId = order.id;
    taken = (yield TAKE_STOCK(db, byItemId.length, stockArgs(byItemId))) as Taken[];
  }
  const order = { id: orderId };
  const byKey = new Map(taken.map((r) => [`${r.id}:${r.store_id}`, r]));
  const sold = new Map<number, Sold>();
  for (const line of lines) {
    const row = byKey.get(`${line.itemId}:${line.storeId}`);
    if (row !== undefined) sold.set(line.index, row);
  }

  const shortages: ShortageDto[] = [];
  const modelState: ModelState = {};
  const overLimit: ModelState = {};
  // Only lines the update did not cover are read, to name every such line at once (in ItemID order).
  for (const line of byItemId) {
    if (sold.has(line.index)) continue;
    const [current] = (yield READ_SHORT_LINE(db, 'one', [line.itemId, line.storeId])) as (Pick<
      Item,
      'title' | 'stock' | 'hidden'
    > & { max_qty_per_item: number })[];
    const title = current?.title ?? `Item ${line.itemId}`;
    const why = whyUnsold(
      line.qty,
      current === undefined
        ? undefined
        : { stock: current.stock, hidden: current.hidden === 1, maxQtyPerItem: current.max_qty_per_item },
    );
    if (why.kind === 'over-limit') {
      const k = `CartItems[${line.index}].Qty`;
      overLimit[k] = [overLimitMessage(k, line.qty, title, why.max)];
      continue;
    }
    const available = why.kind === 'short' ? why.available : 0;
    shortages.push({
      ItemID: line.itemId,
      StoreID: line.storeId,
      ItemTitle: title,
      Requested: line.qty,
      Available: available,
    });
    if (why.kind === 'short') {
      const k = `CartItems[${line.index}].Qty`;
      modelState[k] = [`${k} asks for ${line.qty} of ${title}, but only ${available} are in stock.`];
    } else {
      const k = `CartItems[${line.index}].ItemID`;
      modelState[k] = [`${k} names ${title}, which is not for sale at the moment.`];
    }
  }
  if (Object.keys(overLimit).length > 0) return { kind: 'over-limit', modelState: overLimit };
  if (shortages.length > 0) return { kind: 'short', shortages, modelState };

  // Lines in the customer's cart order.
  const values = [...lines]
    .sort((a, b) => a.index - b.index)
    .map((line) => {
      const row = sold.get(line.index);
      if (row === undefined) throw new Error(`line ${line.index} was neither sold nor short`);
      return {
        order_id: order.id,
        item_id: line.itemId,
        store_id: line.storeId,
        title: row.title,
        size: row.size,
        unit_price: row.unit_price,
        discount_bps: row.discount_bps,
        flat_discount: row.flat_discount,
        gst_bps: row.gst_bps,
        selling_price: row.selling_price,
        qty: line.qty,
      } satisfies LineRow;
    });
  const total = values.reduce((sum, v) => sum + lineTotal(v.selling_price, v.qty), 0);
  const dto = toOrderDto(
    { id: order.id, user_id: owner.id, status: 'Placed', total, created_at: at, updated_at: at, ...delivered },
    owner.fullName,
    values,
  );
  const body = JSON.stringify(dto);
  const [mail] = mailQueueRows(
    [{ to: delivery.email, kind: 'order.placed', ...orderPlacedMail(dto, delivery.siteUrl) }],
    at,
  );
  if (mail === undefined) throw new Error('no order mail');
  const lineArgs = values.flatMap((v) => LINE_KEYS.map((k) => v[k]));
  const mailArgs = MAIL_KEYS.map((k) => mail[k]);
  const address = delivery.saveAsMyAddress ? myAddressColumns(delivery.address, at) : null;
  const addressArgs = address === null ? [] : [...MY_ADDRESS_KEYS.map((k) => address[k]), owner.id];
  const refused = (open: number) => ({ kind: 'too-many-open', open: open - 1, max: openOrdersMax }) as const;
  if (postgres) {
    const shape = `${values.length}:${address === null ? 'no-address' : 'address'}`;
    const [finished] = (yield FINISH_ORDER_PG(db, shape, [
      ...lineArgs,
      total,
      body,
      order.id,
      owner.id,
      at,
      owner.id,
      ...mailArgs,
      ...addressArgs,
      owner.id,
    ])) as { open: number }[];
    const open = Number(finished?.open);
    if (!withinOpenOrders(open, openOrdersMax)) return refused(open);
  } else {
    const [counted] = (yield COUNT_OPEN(db, 'one', [owner.id])) as { open: number }[];
    const open = Number(counted?.open);
    if (!withinOpenOrders(open, openOrdersMax)) return refused(open);
    yield INSERT_LINES(db, values.length, lineArgs);
    yield STORE_ANSWER(db, 'one', [total, body, order.id]);
    yield EMPTY_CART(db, 'one', [owner.id]);
    yield TOUCH_CART(db, 'one', [at, owner.id]);
    if (address !== null) yield SAVE_MY_ADDRESS(db, 'one', addressArgs);
    yield QUEUE_MAIL(db, 'one', mailArgs);
  }
  return { kind: 'placed', order: dto, body };
}

/**
 * `orderSteps` for a caller known only by a verified token: the account is read as the
 * transaction's first statement and must still exist, be confirmed and carry the token's
 * security stamp (as `authenticate` checks); the address is the posted one or My Address,
 * which must then be complete and valid (as `resolveDelivery` checks). Anything else is
 * `refused`, with nothing written: the caller then answers through the route, which
 * names the problem.
 */
function* callerOrderSteps(
  db: Kysely<Database>,
  caller: OrderCaller,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  openOrdersMax: number,
  postgres: boolean,
): Generator<CompiledQuery<unknown>, StepsOutcome, Rows> {
  let user: Pick<User, (typeof HEAD_USER_COLUMNS)[number]> | undefined;
  let head: OrderHead | undefined;
  if (postgres) {
    // One round trip for the account, the order row and the stock (HEAD_PG).
    const byItemId = [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
    const posts = caller.posted !== undefined && postsAddress(caller.posted);
    const delivered = posts && caller.posted !== undefined ? deliveryColumns(caller.posted) : undefined;
    const rows = (yield HEAD_PG(db, `${byItemId.length}:${posts ? 'posted' : 'saved'}`, [
      caller.userId,
      caller.securityStamp,
      key ?? null,
      at,
      ...(delivered === undefined ? [caller.posted?.Note ?? ''] : DELIVERY_KEYS.map((k) => delivered[k])),
      ...stockArgs(byItemId),
    ])) as Record<string, unknown>[];
    const first = rows[0];
    if (first === undefined || first.order_id === null) return { kind: 'refused' };
    user = first as unknown as NonNullable<typeof user>;
    head = {
      orderId: first.order_id as number,
      taken: rows
        .filter((r) => r.s_id !== null)
        .map(
          (r) =>
            ({
              id: r.s_id,
              store_id: r.s_store_id,
              ...Object.fromEntries(PRICE_COLUMNS.map((c) => [c, r[`s_${c}`]])),
            }) as Taken,
        ),
    };
  } else {
    [user] = (yield USER_BY_ID(db, [caller.userId])) as User[];
  }
  if (user === undefined || user.security_stamp !== caller.securityStamp || user.email_confirmed !== 1) {
    return { kind: 'refused' };
  }
  let address: DeliveryAddressDto;
  try {
    address = deliveryFor(caller.posted, deliveryOfUser(user));
  } catch {
    return { kind: 'refused' };
  }
  return yield* orderSteps(
    db,
    { id: user.id, fullName: user.full_name },
    lines,
    key,
    at,
    {
      address,
      saveAsMyAddress: caller.saveAsMyAddress && caller.posted !== undefined,
      email: user.email,
      siteUrl: caller.siteUrl,
    },
    openOrdersMax,
    postgres,
    head,
  );
}

/** The stored answer of this customer's order with `key` (null: an order from before answers were stored). */
const REPLAY = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db.selectFrom('orders').select('response').where('user_id', '=', arg(0)).where('idempotency_key', '=', arg(1)),
);

/** A refused or short outcome rolls the transaction back through this. */
class NotPlaced extends Error {
  readonly outcome: StepsOutcome;
  constructor(outcome: StepsOutcome) {
    super('the order was not placed');
    this.outcome = outcome;
  }
}

type Outcome = PlaceOrderOutcome | { kind: 'refused' };

/** Names of the order's statements, prepared once on each PostgreSQL connection that runs them. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `aisle_order_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `steps` in one transaction on a connection of the pool, each statement as a
 * named prepared statement (PostgreSQL parses and plans it once per connection instead
 * of for every order; the SQL is the same Kysely compiled).
 */
async function inPgTransaction(
  pool: pg.Pool,
  run: Generator<CompiledQuery<unknown>, StepsOutcome, Rows>,
): Promise<Outcome> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('begin');
    try {
      let step = run.next([]);
      while (!step.done) {
        const { sql: text, parameters } = step.value;
        const { rows } = await client.query({ name: statementName(text), text, values: parameters as unknown[] });
        step = run.next(rows);
      }
      if (step.value.kind !== 'placed') throw new NotPlaced(step.value);
      await client.query('commit');
      return step.value;
    } catch (err) {
      try {
        await client.query('rollback');
      } catch (rollbackErr) {
        broken = rollbackErr;
      }
      throw err;
    }
  } finally {
    // A connection whose rollback failed is not given back to the pool.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/** Runs `steps` in a transaction (PostgreSQL; SQLite when not opened by `openDb`). */
async function placeOrderInTransaction(
  db: Kysely<Database>,
  userId: number,
  key: string | undefined,
  steps: (postgres: boolean) => Generator<CompiledQuery<unknown>, StepsOutcome, Rows>,
  attempt = 1,
): Promise<Outcome> {
  try {
    const pool = pgPoolOf(db);
    if (pool !== undefined) return await inPgTransaction(pool, steps(true));
    return await db.transaction().execute(async (trx) => {
      const run = steps(trx.getExecutor().adapter instanceof PostgresAdapter);
      let step = run.next([]);
      while (!step.done) step = run.next((await trx.executeQuery(step.value)).rows);
      if (step.value.kind !== 'placed') throw new NotPlaced(step.value);
      return step.value;
    });
  } catch (err) {
    if (err instanceof NotPlaced) return err.outcome as Outcome;
    if (key !== undefined && isUniqueViolation(err)) {
      const body = await findReplay(db, userId, key);
      if (body !== undefined) return { kind: 'replayed', body };
    }
    if (isDeadlock(err) && attempt < 3) return placeOrderInTransaction(db, userId, key, steps, attempt + 1);
    throw err;
  }
}

/**
 * Runs `steps` on SQLite synchronously, in a group commit with the other orders of the
 * same moment (`inSqliteBatch`): each order in a savepoint of its own, so a short or
 * refused one, or a retried key, is rolled back alone. A retried key's answer is read
 * in the same batch (an order placed earlier in the batch with the same key counts).
 */
async function placeOrderSqlite(
  db: Kysely<Database>,
  sqlite: SqliteDatabase,
  userId: number,
  key: string | undefined,
  steps: (postgres: boolean) => Generator<CompiledQuery<unknown>, StepsOutcome, Rows>,
): Promise<Outcome> {
  const outcome = await inSqliteBatch(
    db,
    sqlite,
    (run): { value: Outcome | { kind: 'replay-later' }; keep: boolean } => {
      const it = steps(false);
      let step = it.next([]);
      try {
        while (!step.done) step = it.next(run(step.value));
      } catch (err) {
        if (key === undefined || !isUniqueViolation(err)) throw err;
        // The order row met the key of an order already placed: nothing of this one was written.
        const [prior] = run(REPLAY(db, 'one', [userId, key])) as { response: string | null }[];
        if (prior === undefined) throw err;
        if (prior.response === null) return { value: { kind: 'replay-later' }, keep: false };
        return { value: { kind: 'replayed', body: prior.response }, keep: false };
      }
      return { value: step.value as Outcome, keep: step.value.kind === 'placed' };
    },
  );
  if (outcome.kind !== 'replay-later') return outcome;
  const body = key === undefined ? undefined : await findReplay(db, userId, key);
  if (body === undefined) throw new Error('the order of a repeated Idempotency-Key was not found');
  return { kind: 'replayed', body };
}

/**
 * Turns cart lines into an order in ONE transaction, or writes nothing (see
 * `orderSteps`). On SQLite opened by `openDb` the transaction is shared with the other
 * orders of the same moment (a group commit, each in its own savepoint).
 * `lines` must be non-empty, unique by ItemID + StoreID, with quantities above 0;
 * `openOrdersMax` is the most orders the account may have under way, this one included
 * (`OPEN_ORDERS_MAX`; default DEFAULT_OPEN_ORDERS_MAX).
 */
export async function placeOrder(
  db: Kysely<Database>,
  owner: Customer,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  delivery: OrderDelivery,
  openOrdersMax: number | undefined,
): Promise<PlaceOrderOutcome> {
  const max = openOrdersMax ?? DEFAULT_OPEN_ORDERS_MAX;
  const steps = (postgres: boolean) => orderSteps(db, owner, lines, key, at, delivery, max, postgres);
  const sqlite = sqliteOf(db);
  const outcome =
    sqlite === undefined
      ? await placeOrderInTransaction(db, owner.id, key, steps)
      : await placeOrderSqlite(db, sqlite, owner.id, key, steps);
  if (outcome.kind === 'refused') throw new Error('an order with a known customer was refused');
  return outcome;
}

/**
 * `placeOrder` for a caller known by a verified token (the fast path of
 * `fast-orders.ts`): the account check and My Address are read inside the order's
 * transaction instead of before it. `refused`: the account or the address did not
 * pass, and nothing was written.
 */
export function placeOrderFor(
  db: Kysely<Database>,
  caller: OrderCaller,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  openOrdersMax: number | undefined,
): Promise<Outcome> {
  const max = openOrdersMax ?? DEFAULT_OPEN_ORDERS_MAX;
  const steps = (postgres: boolean) => callerOrderSteps(db, caller, lines, key, at, max, postgres);
  const sqlite = sqliteOf(db);
  return sqlite === undefined
    ? placeOrderInTransaction(db, caller.userId, key, steps)
    : placeOrderSqlite(db, sqlite, caller.userId, key, steps);
}
