import type { Kysely } from 'kysely';
import {
  type CartDto,
  type CartItemStatus,
  type Customer,
  cartItemFromItem,
  emptyCart,
  MAX_CART_LINES,
  MAX_CART_QTY,
  type RemovedLineDto,
  type ShortageDto,
} from '../../lib/domain/cart.ts';
import { mergeCartLines, planSave, REMOVAL_KEPT_DAYS, type SavedLine } from '../../lib/domain/cart-sync.ts';
import { priceBase, qtyProblem } from '../../lib/domain/measure.ts';
import { badStepMessage } from '../../lib/domain/order-limits.ts';
import { substitutionOf, substitutionText } from '../../lib/domain/substitutions.ts';
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

/**
 * A 400 naming every line whose ItemID and StoreID do not name an item of the catalogue, and
 * every line whose Qty does not suit its item: at most MAX_CART_QTY pieces, or for an item
 * sold by weight or volume (issue 33) grams or millilitres in multiples of its Step.
 */
export async function assertKnownItems(db: Kysely<Database>, lines: readonly CartLineInput[]): Promise<void> {
  const items = await findItemsByIds(
    db,
    lines.map((line) => line.itemId),
  );
  const modelState: ModelState = {};
  for (const line of lines) {
    const item = items.get(line.itemId);
    if (item?.store_id !== line.storeId) {
      const key = `CartItems[${line.index}].ItemID`;
      modelState[key] = [`${key} names item ${line.itemId} of store ${line.storeId}, which does not exist.`];
      continue;
    }
    const key = `CartItems[${line.index}].Qty`;
    if (item.sold_by === 'ByUnit' && line.qty > MAX_CART_QTY) {
      modelState[key] = [`${key} must be a whole number from 0 to ${MAX_CART_QTY}.`];
    } else if (item.sold_by !== 'ByUnit' && qtyProblem(line.qty, item.step) !== '') {
      modelState[key] = [badStepMessage(key, line.qty, item.title, item.step, item.sold_by)];
    }
  }
  const messages = Object.values(modelState).flat();
  if (messages.length > 0) {
    throw AppError.invalid(modelState, messages.slice(0, 5).join(' '));
  }
}

/** The saved lines of a cart with their update times, in their order (inside a transaction). */
async function savedLines(trx: Kysely<Database>, cartId: number): Promise<SavedLine[]> {
  const rows = await trx
    .selectFrom('cart_items')
    .select(['item_id', 'store_id', 'qty', 'updated_at', 'substitution'])
    .where('cart_id', '=', cartId)
    .orderBy('position')
    .orderBy('item_id')
    .execute();
  return rows.map((r) => ({
    ItemID: r.item_id,
    StoreID: r.store_id,
    Qty: r.qty,
    LineUpdatedTime: r.updated_at,
    ...(r.substitution === null ? {} : { Substitution: substitutionOf(r.substitution) }),
  }));
}

/** The cart row first: its row lock (PostgreSQL) makes two writes of the same cart take turns. */
async function lockCart(trx: Kysely<Database>, owner: Customer, at: string): Promise<void> {
  await trx
    .insertInto('carts')
    .values({ user_id: owner.id, customer_name: owner.fullName, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ customer_name: owner.fullName, updated_at: at }))
    .execute();
}

/**
 * Writes `lines` as the cart's lines, in their order, and notes when each of
 * `removed` was taken out (issue 36); a line that is back loses its removal, and
 * removals older than REMOVAL_KEPT_DAYS are forgotten.
 */
async function writeLines(
  trx: Kysely<Database>,
  cartId: number,
  lines: readonly SavedLine[],
  removed: readonly RemovedLineDto[],
  at: string,
): Promise<void> {
  await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  if (lines.length > 0) {
    await trx
      .insertInto('cart_items')
      .values(
        lines.map((line, position) => ({
          cart_id: cartId,
          item_id: line.ItemID,
          store_id: line.StoreID,
          qty: line.Qty,
          status: 'loaded' as const,
          position,
          updated_at: line.LineUpdatedTime,
          substitution: line.Substitution === undefined ? null : substitutionText(line.Substitution),
        })),
      )
      .execute();
  }
  const oldest = new Date(Date.parse(at) - REMOVAL_KEPT_DAYS * 86_400_000).toISOString();
  await trx
    .deleteFrom('cart_removals')
    .where('cart_id', '=', cartId)
    .where((eb) => {
      // An item id names one item of one store: the id alone finds its removal.
      const ids = [...lines, ...removed].map((l) => l.ItemID);
      return ids.length === 0
        ? eb('removed_at', '<', oldest)
        : eb.or([eb('removed_at', '<', oldest), eb('item_id', 'in', ids)]);
    })
    .execute();
  if (removed.length > 0) {
    await trx
      .insertInto('cart_removals')
      .values(
        removed.map((l) => ({ cart_id: cartId, item_id: l.ItemID, store_id: l.StoreID, removed_at: l.RemovedTime })),
      )
      .execute();
  }
}

async function removalsOf(db: Kysely<Database>, cartId: number): Promise<RemovedLineDto[]> {
  const rows = await db
    .selectFrom('cart_removals')
    .select(['item_id', 'store_id', 'removed_at'])
    .where('cart_id', '=', cartId)
    .orderBy('removed_at')
    .execute();
  return rows.map((r) => ({ ItemID: r.item_id, StoreID: r.store_id, RemovedTime: r.removed_at }));
}

/** How a posted cart is saved: the lines as posted, and when the device last read the saved cart (issue 36). */
export interface SaveInput {
  lines: readonly CartLineInput[];
  /** Absent for a client that knows nothing of line times: the posted lines then replace the cart (spec §7). */
  syncedTime?: string;
}

/**
 * Saves a posted cart as the caller's, in one transaction (`planSave`: without
 * `syncedTime` the posted lines replace the cart; with it each line keeps its
 * newer change). Every line taken out leaves its removal time.
 */
export async function saveCart(db: Kysely<Database>, owner: Customer, input: SaveInput, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCart(trx, owner, at);
    const saved = await savedLines(trx, owner.id);
    const removals = input.syncedTime === undefined ? [] : await removalsOf(trx, owner.id);
    const plan = planSave(
      saved,
      removals,
      input.lines.map((l) => ({
        ItemID: l.itemId,
        StoreID: l.storeId,
        Qty: l.qty,
        Staus: l.status,
        ...(l.updatedTime === undefined ? {} : { LineUpdatedTime: l.updatedTime }),
        ...(l.substitution === undefined ? {} : { Substitution: l.substitution }),
      })),
      input.syncedTime,
      at,
    );
    if (plan.lines.length > MAX_CART_LINES) {
      throw AppError.invalidField(
        'CartItems',
        `would make a cart of ${plan.lines.length} lines with the lines saved from other devices; a cart holds at most ${MAX_CART_LINES}`,
      );
    }
    await writeLines(trx, owner.id, plan.lines, plan.removed, at);
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
    await lockCart(trx, owner, at);
    const saved = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('items as i', 'i.id', 'ci.item_id')
      .select(['ci.item_id', 'ci.store_id', 'ci.qty', 'ci.updated_at', 'ci.substitution'])
      .where('ci.cart_id', '=', owner.id)
      .orderBy('ci.position')
      .orderBy('ci.item_id')
      .execute();
    const merged = mergeCartLines<SavedLine & { Staus?: CartItemStatus }>(
      saved.map((r) => ({
        ItemID: r.item_id,
        StoreID: r.store_id,
        Qty: r.qty,
        LineUpdatedTime: r.updated_at,
        ...(r.substitution === null ? {} : { Substitution: substitutionOf(r.substitution) }),
      })),
      lines.map((l) => ({
        ItemID: l.itemId,
        StoreID: l.storeId,
        Qty: l.qty,
        Staus: l.status,
        LineUpdatedTime: at,
        ...(l.substitution === undefined ? {} : { Substitution: l.substitution }),
      })),
    );
    if (merged.length > MAX_CART_LINES) {
      throw AppError.invalidField(
        'CartItems',
        `would make a cart of ${merged.length} lines with the saved one; a cart holds at most ${MAX_CART_LINES}`,
      );
    }
    const before = new Map(saved.map((r) => [`${r.store_id}:${r.item_id}`, r]));
    const kept = merged.map((line) => {
      const old = before.get(`${line.StoreID}:${line.ItemID}`);
      const time = old !== undefined && old.qty === line.Qty ? old.updated_at : at;
      return { ...line, LineUpdatedTime: time };
    });
    await writeLines(trx, owner.id, kept, [], at);
  });
}

const cartLines = compiledPerDb((db: Kysely<Database>) =>
  db
    .selectFrom('cart_items as ci')
    .innerJoin('items as i', 'i.id', 'ci.item_id')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .selectAll('i')
    .select([
      'ci.qty as cart_qty',
      'ci.updated_at as line_updated_at',
      'ci.substitution as line_substitution',
      's.max_qty_per_item as max_qty',
    ])
    .where('ci.cart_id', '=', 0)
    .orderBy('ci.position')
    .orderBy('ci.item_id'),
);

/**
 * The caller's saved cart with current catalogue data and each line's store limit
 * (`MaxQtyPerItem`), every line `loaded` with the time of its last change, the
 * lines removed lately (`RemovedLines`) and the server's time (`ReadTime`, read
 * at `at`); an empty cart when none is saved.
 */
export async function readCart(db: Kysely<Database>, owner: Customer, at: string): Promise<CartDto> {
  const [{ rows }, removed] = await Promise.all([db.executeQuery(cartLines(db, [owner.id])), removalsOf(db, owner.id)]);
  const cart = emptyCart(owner);
  cart.CartItems = rows.map(({ cart_qty, max_qty, line_updated_at, line_substitution, ...item }) => ({
    ...cartItemFromItem({ ...toItemDto(item), MaxQtyPerItem: max_qty * priceBase(item.sold_by) }, cart_qty, 'loaded'),
    LineUpdatedTime: line_updated_at,
    ...(line_substitution === null ? {} : { Substitution: substitutionOf(line_substitution) }),
  }));
  cart.RemovedLines = removed;
  cart.ReadTime = at;
  return cart;
}

/** Empties the caller's cart (lines and cart row) in one transaction; each line taken out leaves its removal time. */
export async function clearCart(db: Kysely<Database>, ownerId: number, at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const saved = await savedLines(trx, ownerId);
    const removed = saved.map((l) => ({ ItemID: l.ItemID, StoreID: l.StoreID, RemovedTime: at }));
    await writeLines(trx, ownerId, [], removed, at);
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
