import {
  type Insertable,
  type Kysely,
  PostgresAdapter,
  type QueryCreator,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Customer, OrderDto, ShortageDto } from '../../lib/domain/cart.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database, Item, MailQueueTable, OrderLinesTable, UsersTable } from '../db/schema.ts';
import type { ModelState } from '../errors.ts';
import { mailQueueRows } from '../mail-queue.ts';
import { orderPlacedMail } from '../mail-templates.ts';
import type { CartLineInput } from './cart-input.ts';
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

/** What placing an order came to. `body` is the exact JSON answered (and replayed for a retried key). */
export type PlaceOrderOutcome =
  | { kind: 'placed'; order: OrderDto; body: string }
  | { kind: 'replayed'; body: string }
  | { kind: 'short'; shortages: ShortageDto[]; modelState: ModelState };

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

/** Thrown inside the transaction to roll it back when a line cannot be covered. */
class Shortage extends Error {
  readonly shortages: ShortageDto[];
  readonly modelState: ModelState;
  constructor(shortages: ShortageDto[], modelState: ModelState) {
    super('not enough stock');
    this.shortages = shortages;
    this.modelState = modelState;
  }
}

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

/** Arguments: user id, idempotency key, time, then the delivery columns in DELIVERY_KEYS order. */
const INSERT_ORDER = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .insertInto('orders')
    .values({
      user_id: arg(0),
      status: 'Placed',
      total: 0,
      idempotency_key: arg(1),
      response: null,
      created_at: arg(2),
      updated_at: arg(2),
      ...Object.fromEntries(DELIVERY_KEYS.map((k, i) => [k, arg(3 + i)])),
    })
    .returning('id'),
);

/**
 * `update items … from (values …) where stock >= qty and hidden = 0 returning …`,
 * the same on SQLite and PostgreSQL, for `n` lines. Arguments: ItemID, StoreID
 * and quantity of each line.
 */
const TAKE_STOCK = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  const values = sql.join(
    Array.from(
      { length: n },
      (_, i) =>
        sql`(cast(${arg(3 * i)} as integer), cast(${arg(3 * i + 1)} as integer), cast(${arg(3 * i + 2)} as integer))`,
    ),
  );
  const query = sql<Sold & { id: number; store_id: number }>`
    with v (id, store_id, qty) as (values ${values})
    update items set stock = items.stock - v.qty
    from v
    where items.id = v.id and items.store_id = v.store_id and items.hidden = 0 and items.stock >= v.qty
    returning items.id, items.store_id, ${sql.join(PRICE_COLUMNS.map((c) => sql.ref(`items.${c}`)))}`;
  return { compile: () => query.compile(db) };
});

/** Arguments: ItemID, StoreID. */
const READ_SHORT_LINE = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db.selectFrom('items').select(['title', 'stock', 'hidden']).where('id', '=', arg(0)).where('store_id', '=', arg(1)),
);

type LineRow = Insertable<OrderLinesTable>;
const LINE_KEYS = [
  'order_id',
  'item_id',
  'store_id',
  'title',
  'size',
  'unit_price',
  'discount_bps',
  'flat_discount',
  'gst_bps',
  'selling_price',
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
 * customer id. SQLite runs them as separate statements; PostgreSQL as one.
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

/** PostgreSQL: every part in ONE statement (data-modifying CTEs), one round trip instead of five. */
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
  return query.selectNoFrom(sql<number>`1`.as('done'));
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

/**
 * Takes the stock of every line in ONE statement, the same on SQLite and PostgreSQL:
 * `update items … from (values …) where stock >= qty and hidden = 0 returning …`.
 * The database re-checks the condition under each row's lock, so stock never goes
 * below 0 however many API processes share it. Answers the rows it updated by line
 * index; a line missing from the answer is short (the caller then rolls back).
 */
async function takeStock(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  lines: readonly CartLineInput[],
): Promise<Map<number, Sold>> {
  // In ItemID order, so concurrent orders tend to lock rows in the same order; a
  // deadlock PostgreSQL still detects is retried by placeOrder.
  const byItemId = [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
  const args = byItemId.flatMap((l) => [l.itemId, l.storeId, l.qty]);
  const { rows } = await trx.executeQuery(TAKE_STOCK(db, byItemId.length, args));
  const byKey = new Map(rows.map((r) => [`${r.id}:${r.store_id}`, r]));
  const sold = new Map<number, Sold>();
  for (const line of lines) {
    const row = byKey.get(`${line.itemId}:${line.storeId}`);
    if (row !== undefined) sold.set(line.index, row);
  }
  return sold;
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

/** PostgreSQL's "deadlock detected": the transaction was rolled back and may simply run again. */
function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40P01';
}

/**
 * Turns cart lines into an order in ONE transaction, or writes nothing:
 * 1. the order row goes in first, so a concurrent request with the same
 *    Idempotency-Key stops at the unique (user_id, idempotency_key) index
 *    (PostgreSQL makes it wait for the first to commit) and replays its answer;
 * 2. one conditional update takes the stock of every line (`takeStock`):
 *    `stock = stock - qty where stock >= qty and hidden = 0`, re-checked by the
 *    database under each row's lock, so stock never goes below 0 however many
 *    API processes share it. A line it did not update is short: the lines left
 *    are then read, to name every short line at once, and nothing is written;
 * 3. the lines copy title, size and prices from the rows just updated (never
 *    from the client), the total is summed in paise, the answer stored, the
 *    customer's cart emptied;
 * 4. the delivery address is stored with the order (a snapshot) and the order
 *    mail is queued in the same transaction; it is sent after commit, so mail
 *    never delays or fails an order.
 * `lines` must be non-empty, unique by ItemID + StoreID, with quantities above 0.
 */
export async function placeOrder(
  db: Kysely<Database>,
  owner: Customer,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  delivery: OrderDelivery,
  attempt = 1,
): Promise<PlaceOrderOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const delivered = deliveryColumns(delivery.address);
      const {
        rows: [order],
      } = await trx.executeQuery(
        INSERT_ORDER(db, 'one', [owner.id, key ?? null, at, ...DELIVERY_KEYS.map((k) => delivered[k])]),
      );
      if (order === undefined) throw new Error('the order row was not inserted');

      const sold = await takeStock(db, trx, lines);
      const shortages: ShortageDto[] = [];
      const modelState: ModelState = {};
      // Only lines the update did not cover are read, to name every short line at once (in ItemID order).
      for (const line of [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId)) {
        if (sold.has(line.index)) continue;
        const {
          rows: [current],
        } = await trx.executeQuery(READ_SHORT_LINE(db, 'one', [line.itemId, line.storeId]));
        const forSale = current !== undefined && current.hidden === 0;
        const available = forSale ? current.stock : 0;
        const title = current?.title ?? `Item ${line.itemId}`;
        shortages.push({
          ItemID: line.itemId,
          StoreID: line.storeId,
          ItemTitle: title,
          Requested: line.qty,
          Available: available,
        });
        if (forSale) {
          const k = `CartItems[${line.index}].Qty`;
          modelState[k] = [`${k} asks for ${line.qty} of ${title}, but only ${available} are in stock.`];
        } else {
          const k = `CartItems[${line.index}].ItemID`;
          modelState[k] = [`${k} names ${title}, which is not for sale at the moment.`];
        }
      }
      if (shortages.length > 0) throw new Shortage(shortages, modelState);

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
        {
          id: order.id,
          user_id: owner.id,
          status: 'Placed',
          total,
          created_at: at,
          updated_at: at,
          ...delivered,
        },
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
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        const shape = `${values.length}:${address === null ? 'no-address' : 'address'}`;
        await trx.executeQuery(
          FINISH_ORDER_PG(db, shape, [
            ...lineArgs,
            total,
            body,
            order.id,
            owner.id,
            at,
            owner.id,
            ...mailArgs,
            ...addressArgs,
          ]),
        );
      } else {
        await trx.executeQuery(INSERT_LINES(db, values.length, lineArgs));
        await trx.executeQuery(STORE_ANSWER(db, 'one', [total, body, order.id]));
        await trx.executeQuery(EMPTY_CART(db, 'one', [owner.id]));
        await trx.executeQuery(TOUCH_CART(db, 'one', [at, owner.id]));
        if (address !== null) await trx.executeQuery(SAVE_MY_ADDRESS(db, 'one', addressArgs));
        await trx.executeQuery(QUEUE_MAIL(db, 'one', mailArgs));
      }
      return { kind: 'placed' as const, order: dto, body };
    });
  } catch (err) {
    if (err instanceof Shortage) return { kind: 'short', shortages: err.shortages, modelState: err.modelState };
    if (key !== undefined && isUniqueViolation(err)) {
      const body = await findReplay(db, owner.id, key);
      if (body !== undefined) return { kind: 'replayed', body };
    }
    if (isDeadlock(err) && attempt < 3) return placeOrder(db, owner, lines, key, at, delivery, attempt + 1);
    throw err;
  }
}
