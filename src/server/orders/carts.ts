import type { Kysely } from 'kysely';
import {
  type CartDto,
  type Customer,
  cartItemFromItem,
  emptyCart,
  MAX_CART_LINES,
  mergeCartLines,
  type ShortageDto,
} from '../../lib/domain/cart.ts';
import type { SignedInAccount } from '../auth/middleware.ts';
import { toItemDto } from '../catalogue/items.ts';
import { compiledPerDb } from '../db/query.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';
import type { CartLineInput } from './cart-input.ts';

/** The catalogue rows of the given item ids, by id, in one query. */
export async function findItemsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, Item>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('items').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A 400 naming every line whose ItemID and StoreID do not name an item of the catalogue. */
export async function assertKnownItems(db: Kysely<Database>, lines: readonly CartLineInput[]): Promise<void> {
  const items = await findItemsByIds(
    db,
    lines.map((line) => line.itemId),
  );
  const modelState: ModelState = {};
  for (const line of lines) {
    if (items.get(line.itemId)?.store_id === line.storeId) continue;
    const key = `CartItems[${line.index}].ItemID`;
    modelState[key] = [`${key} names item ${line.itemId} of store ${line.storeId}, which does not exist.`];
  }
  const messages = Object.values(modelState).flat();
  if (messages.length > 0) {
    throw AppError.invalid(modelState, messages.slice(0, 5).join(' '));
  }
}

/**
 * Makes `lines` the caller's saved cart, in their order, replacing what was
 * there. The cart row is written first: its row lock (PostgreSQL) makes two
 * saves of the same cart take turns instead of colliding on the lines' key.
 */
export async function saveCart(
  db: Kysely<Database>,
  owner: Customer,
  lines: readonly CartLineInput[],
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('carts')
      .values({ user_id: owner.id, customer_name: owner.fullName, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ customer_name: owner.fullName, updated_at: at }))
      .execute();
    await trx.deleteFrom('cart_items').where('cart_id', '=', owner.id).execute();
    if (lines.length === 0) return;
    await trx
      .insertInto('cart_items')
      .values(
        lines.map((line, position) => ({
          cart_id: owner.id,
          item_id: line.itemId,
          store_id: line.storeId,
          qty: line.qty,
          status: 'loaded' as const,
          position,
        })),
      )
      .execute();
  });
}

/**
 * Merges a guest's cart `lines` into the caller's saved cart (issue 12), in one
 * transaction: every line of both is kept, and a line both hold (same ItemID and
 * StoreID) keeps the larger quantity. Lines whose item has left the catalogue
 * are dropped from the saved side. A merge that would pass MAX_CART_LINES lines
 * is a 400 naming CartItems, writing nothing.
 */
export async function mergeIntoCart(
  db: Kysely<Database>,
  owner: Customer,
  lines: readonly CartLineInput[],
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The cart row first: its row lock makes a save and a merge of the same cart take turns.
    await trx
      .insertInto('carts')
      .values({ user_id: owner.id, customer_name: owner.fullName, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ customer_name: owner.fullName, updated_at: at }))
      .execute();
    const saved = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('items as i', 'i.id', 'ci.item_id')
      .select(['ci.item_id', 'ci.store_id', 'ci.qty'])
      .where('ci.cart_id', '=', owner.id)
      .orderBy('ci.position')
      .orderBy('ci.item_id')
      .execute();
    const merged = mergeCartLines(
      saved.map((r) => ({ ItemID: r.item_id, StoreID: r.store_id, Qty: r.qty })),
      lines.map((l) => ({ ItemID: l.itemId, StoreID: l.storeId, Qty: l.qty, Staus: l.status })),
    );
    if (merged.length > MAX_CART_LINES) {
      throw AppError.invalidField(
        'CartItems',
        `would make a cart of ${merged.length} lines with the saved one; a cart holds at most ${MAX_CART_LINES}`,
      );
    }
    await trx.deleteFrom('cart_items').where('cart_id', '=', owner.id).execute();
    if (merged.length === 0) return;
    await trx
      .insertInto('cart_items')
      .values(
        merged.map((line, position) => ({
          cart_id: owner.id,
          item_id: line.ItemID,
          store_id: line.StoreID,
          qty: line.Qty,
          status: 'loaded' as const,
          position,
        })),
      )
      .execute();
  });
}

const cartLines = compiledPerDb((db: Kysely<Database>) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('items as i', 'i.id', 'ci.item_id')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .selectAll('i')
    .select(['ci.qty as cart_qty', 's.max_qty_per_item as max_qty'])
    .where('ci.cart_id', '=', 0)
    .orderBy('ci.position')
    .orderBy('ci.item_id'),
);

/**
 * The caller's saved cart with current catalogue data and each line's store limit
 * (`MaxQtyPerItem`), every line `loaded`; an empty cart when none is saved.
 */
export async function readCart(db: Kysely<Database>, owner: Customer): Promise<CartDto> {
  const { rows } = await db.executeQuery(cartLines(db, [owner.id]));
  const cart = emptyCart(owner);
  cart.CartItems = rows.map(({ cart_qty, max_qty, ...item }) =>
    cartItemFromItem({ ...toItemDto(item), MaxQtyPerItem: max_qty }, cart_qty, 'loaded'),
  );
  return cart;
}

/** Empties the caller's cart (lines and cart row) in one transaction. */
export async function clearCart(db: Kysely<Database>, ownerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('cart_items').where('cart_id', '=', ownerId).execute();
    await trx.deleteFrom('carts').where('user_id', '=', ownerId).execute();
  });
}

/** The lines of a cart asking for more than can be bought now (a hidden item has nothing to buy). */
export function shortagesOf(cart: CartDto): ShortageDto[] {
  return cart.CartItems.filter((line) => line.Qty > line.Availability).map((line) => ({
    ItemID: line.ItemID,
    StoreID: line.StoreID,
    ItemTitle: line.ItemTitle,
    Requested: line.Qty,
    Available: line.Availability,
  }));
}

/** The customer a cart and its orders belong to: always the caller. */
export function customerOf(account: SignedInAccount): Customer {
  return { id: account.id, fullName: account.fullName };
}
