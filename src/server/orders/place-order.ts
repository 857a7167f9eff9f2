import { type Kysely, sql, type Transaction } from 'kysely';
import type { Customer, OrderDto, ShortageDto } from '../../lib/domain/cart.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Item } from '../db/schema.ts';
import type { ModelState } from '../errors.ts';
import { enqueueMail } from '../mail-queue.ts';
import { orderPlacedMail } from '../mail-templates.ts';
import type { CartLineInput } from './cart-input.ts';
import { deliveryColumns, findLinesByOrder, toOrderDto } from './orders.ts';

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

/**
 * Takes the stock of every line in ONE statement, the same on SQLite and PostgreSQL:
 * `update items … from (values …) where stock >= qty and hidden = 0 returning …`.
 * The database re-checks the condition under each row's lock, so stock never goes
 * below 0 however many API processes share it. Answers the rows it updated by line
 * index; a line missing from the answer is short (the caller then rolls back).
 */
async function takeStock(trx: Transaction<Database>, lines: readonly CartLineInput[]): Promise<Map<number, Sold>> {
  // In ItemID order, so concurrent orders tend to lock rows in the same order; a
  // deadlock PostgreSQL still detects is retried by placeOrder.
  const byItemId = [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
  const values = sql.join(
    byItemId.map((l) => sql`(cast(${l.itemId} as integer), cast(${l.storeId} as integer), cast(${l.qty} as integer))`),
  );
  const { rows } = await sql<Sold & { id: number; store_id: number }>`
    with v (id, store_id, qty) as (values ${values})
    update items set stock = items.stock - v.qty
    from v
    where items.id = v.id and items.store_id = v.store_id and items.hidden = 0 and items.stock >= v.qty
    returning items.id, items.store_id, ${sql.join(PRICE_COLUMNS.map((c) => sql.ref(`items.${c}`)))}`.execute(trx);
  const byKey = new Map(rows.map((r) => [`${r.id}:${r.store_id}`, r]));
  const sold = new Map<number, Sold>();
  for (const line of lines) {
    const row = byKey.get(`${line.itemId}:${line.storeId}`);
    if (row !== undefined) sold.set(line.index, row);
  }
  return sold;
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
      const order = await trx
        .insertInto('orders')
        .values({
          user_id: owner.id,
          status: 'Placed',
          total: 0,
          idempotency_key: key ?? null,
          response: null,
          created_at: at,
          updated_at: at,
          ...deliveryColumns(delivery.address),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const sold = await takeStock(trx, lines);
      const shortages: ShortageDto[] = [];
      const modelState: ModelState = {};
      // Only lines the update did not cover are read, to name every short line at once (in ItemID order).
      for (const line of [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId)) {
        if (sold.has(line.index)) continue;
        const current = await trx
          .selectFrom('items')
          .select(['title', 'stock', 'hidden'])
          .where('id', '=', line.itemId)
          .where('store_id', '=', line.storeId)
          .executeTakeFirst();
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
          };
        });
      await trx.insertInto('order_lines').values(values).execute();
      const total = values.reduce((sum, v) => sum + lineTotal(v.selling_price, v.qty), 0);
      const dto = toOrderDto(
        {
          id: order.id,
          user_id: owner.id,
          status: 'Placed',
          total,
          created_at: at,
          updated_at: at,
          ...deliveryColumns(delivery.address),
        },
        owner.fullName,
        values,
      );
      const body = JSON.stringify(dto);
      await trx.updateTable('orders').set({ total, response: body }).where('id', '=', order.id).execute();
      await trx.deleteFrom('cart_items').where('cart_id', '=', owner.id).execute();
      await trx.updateTable('carts').set({ updated_at: at }).where('user_id', '=', owner.id).execute();
      if (delivery.saveAsMyAddress) {
        const a = delivery.address;
        await trx
          .updateTable('users')
          .set({
            full_name: a.FullName,
            phone: a.Phone,
            address_line1: a.AddressLine1,
            address_line2: a.AddressLine2,
            city: a.City,
            state: a.State,
            postal_code: a.PostalCode,
            updated_at: at,
          })
          .where('id', '=', owner.id)
          .execute();
      }
      await enqueueMail(
        trx,
        [{ to: delivery.email, kind: 'order.placed', ...orderPlacedMail(dto, delivery.siteUrl) }],
        at,
      );
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
