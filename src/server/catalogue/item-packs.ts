// Packs drawn from one bulk stock (issue 33 item 1; migration 0440): staff make an item
// (sold by the piece) a pack of N g or ml of a bulk item (sold by weight or volume), or
// take it off again. A pack's stock is its bulk's (the migration's triggers keep it), so
// the bulk's stock is edited in one place: the bulk item. The rules are
// `lib/domain/packs.ts`'s; orders draw packs in `orders/bulk-steps.ts`.
import type { Kysely, Transaction } from 'kysely';
import { ID_RULE, readId } from '../../lib/domain/ids.ts';
import { packSetupProblems } from '../../lib/domain/packs.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { field } from '../http/input.ts';
import { findItemOr404 } from './items.ts';
import { auditStaff, inTransaction, type StaffAct } from './staff.ts';
import { lockStock } from './stock-ledger.ts';

/** `GET/PUT/DELETE /api/Item/Pack/{ItemID}`'s answer: the item as a pack, and the packs drawing from it as a bulk. */
export interface ItemPackDto {
  ItemID: number;
  /** The bulk item it draws from; null: not a pack. */
  BulkItemID: number | null;
  /** Grams or millilitres of the bulk in one pack; null: not a pack. */
  PackSize: number | null;
  /** Its stock: for a pack, the packs its bulk holds. */
  Availability: number;
  /** The packs that draw from this item, when it is a bulk. */
  Packs: { ItemID: number; ItemTitle: string; PackSize: number; Availability: number }[];
}

/** An item's pack set-up and the packs drawing from it; 404 for an unknown item. */
export async function readItemPack(db: Kysely<Database>, itemId: number): Promise<ItemPackDto> {
  const item = await findItemOr404(db, itemId);
  const pack = await db
    .selectFrom('item_packs')
    .select(['bulk_item_id', 'pack_size'])
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  const packs = await db
    .selectFrom('item_packs as p')
    .innerJoin('items as i', 'i.id', 'p.item_id')
    .select(['i.id', 'i.title', 'i.stock', 'p.pack_size'])
    .where('p.bulk_item_id', '=', itemId)
    .orderBy('p.pack_size')
    .orderBy('i.id')
    .execute();
  return {
    ItemID: item.id,
    BulkItemID: pack?.bulk_item_id ?? null,
    PackSize: pack?.pack_size ?? null,
    Availability: item.stock,
    Packs: packs.map((p) => ({ ItemID: p.id, ItemTitle: p.title, PackSize: p.pack_size, Availability: p.stock })),
  };
}

/**
 * Makes `itemId` a pack of `{ BulkItemID, PackSize }` (or changes its bulk or size), in one
 * transaction with its audit entry; a 400 naming each field and rule. Both rows are
 * locked first, in id order as orders lock them, so no order draws meanwhile.
 */
export async function setItemPack(
  db: Kysely<Database>,
  act: StaffAct,
  itemId: number,
  body: Record<string, unknown>,
): Promise<ItemPackDto> {
  const bulkId = readId(field(body, 'BulkItemID'));
  const sizeValue = field(body, 'PackSize');
  const packSize = typeof sizeValue === 'number' ? sizeValue : Number.NaN;
  if (bulkId.kind !== 'ok') {
    throw AppError.invalid({
      BulkItemID: [bulkId.kind === 'missing' ? 'BulkItemID is required.' : `BulkItemID ${ID_RULE}.`],
      ...(Number.isInteger(packSize) ? {} : { PackSize: ['PackSize must be a whole number of grams or millilitres.'] }),
    });
  }
  await inTransaction(db, async (trx) => {
    await lockStock(trx, [itemId, bulkId.id]);
    const item = await findItemOr404(trx, itemId);
    const bulk = await trx.selectFrom('items').selectAll().where('id', '=', bulkId.id).executeTakeFirst();
    const roles = await packRoles(trx, [itemId, bulkId.id]);
    const problems = packSetupProblems({
      item: {
        id: item.id,
        storeId: item.store_id,
        soldBy: item.sold_by,
        stock: item.stock,
        isBulk: roles.bulks.has(itemId),
        isPack: roles.packs.has(itemId),
      },
      bulk: bulk === undefined ? undefined : bulkFacts(bulk, roles.packs.has(bulk.id)),
      packSize,
    });
    if (Object.keys(problems).length > 0) throw AppError.invalid(problems);
    const row = { item_id: itemId, bulk_item_id: bulkId.id, pack_size: packSize };
    if (roles.packs.has(itemId)) {
      await trx.updateTable('item_packs').set(row).where('item_id', '=', itemId).execute();
    } else {
      await trx.insertInto('item_packs').values(row).execute();
    }
    await auditStaff(trx, act, 'item.packed', `item:${itemId}`, { BulkItemID: bulkId.id, PackSize: packSize });
  });
  return readItemPack(db, itemId);
}

/** Takes `itemId` off its bulk stock: it is an item with its own stock again (what its own ledger rows sum to). */
export async function removeItemPack(db: Kysely<Database>, act: StaffAct, itemId: number): Promise<ItemPackDto> {
  await inTransaction(db, async (trx) => {
    await lockStock(trx, [itemId]);
    await findItemOr404(trx, itemId);
    const gone = await trx.deleteFrom('item_packs').where('item_id', '=', itemId).executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) {
      await auditStaff(trx, act, 'item.packed', `item:${itemId}`, { BulkItemID: null, PackSize: null });
    }
  });
  return readItemPack(db, itemId);
}

function bulkFacts(bulk: Item, isPackItself: boolean) {
  return { id: bulk.id, storeId: bulk.store_id, soldBy: bulk.sold_by, isPack: isPackItself };
}

/** Which of `ids` are packs, and which are bulks of packs. */
async function packRoles(trx: Transaction<Database>, ids: readonly number[]) {
  const rows = await trx
    .selectFrom('item_packs')
    .select(['item_id', 'bulk_item_id'])
    .where((eb) => eb.or([eb('item_id', 'in', ids), eb('bulk_item_id', 'in', ids)]))
    .execute();
  return {
    packs: new Set(rows.filter((r) => ids.includes(r.item_id)).map((r) => r.item_id)),
    bulks: new Set(rows.filter((r) => ids.includes(r.bulk_item_id)).map((r) => r.bulk_item_id)),
  };
}
