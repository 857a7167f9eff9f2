import type { Kysely } from 'kysely';
import { sanitizeContent } from '../../lib/content/sanitize.ts';
import { type ItemDto, parseCustomOrder } from '../../lib/domain/catalogue.ts';
import { type ItemForm, itemForm } from '../../lib/domain/catalogue-forms.ts';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import { compiledPerDb, likePattern } from '../db/query.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag } from '../http/wire.ts';
import { formOfItem, itemColumnsOf } from './item-columns.ts';
import { markContentChanged } from './site-state.ts';
import {
  assertBodyId,
  assertUnchanged,
  auditStaff,
  changedFields,
  type EditMode,
  inTransaction,
  parseForm,
  parsePatch,
  type StaffAct,
} from './staff.ts';
import { releaseStockAlerts } from './stock-alerts.ts';
import { isPack, lockStock, recordStockChanges } from './stock-ledger.ts';
import { findStoreDbForField } from './store-dbs.ts';

/** The columns of an item form; SellingPrice always follows from the pricing rules, never from the client. */
function columnsOf(form: ItemForm, at: string) {
  const columns = itemColumnsOf(form);
  return { ...columns, content: sanitizeContent(columns.content), updated_at: at };
}

/** Wire shape of an item: money in rupees, rates in percent, stock as Availability. */
export function toItemDto(row: Item): ItemDto {
  return {
    ItemID: row.id,
    StoreID: row.store_id,
    DbID: row.db_id,
    SectionID: row.section_id,
    ItemTitle: row.title,
    ItemMetaDescription: row.meta_description,
    ItemContent: row.content,
    ItemHidden: flag(row.hidden),
    Availability: row.stock,
    Size: row.size,
    UnitPrice: paiseToRupees(row.unit_price),
    Discount: bpsToPercent(row.discount_bps),
    FlatDiscount: paiseToRupees(row.flat_discount),
    Gst: bpsToPercent(row.gst_bps),
    SellingPrice: paiseToRupees(row.selling_price),
    ItemUpdatedTime: row.updated_at,
    ProductCode: row.product_code,
    ReorderLevel: row.reorder_level,
    HsnCode: row.hsn_code,
    SoldBy: row.sold_by,
    Step: row.step,
  };
}

// The page of every item reads this: compiled once per database.
const itemByIdAndDb = compiledPerDb((db: Kysely<Database>) =>
  db.selectFrom('items').selectAll().where('id', '=', 0).where('db_id', '=', 0),
);

/** One item of one database, or `undefined`. */
export async function findItem(db: Kysely<Database>, id: number, dbId: number): Promise<Item | undefined> {
  return (await db.executeQuery(itemByIdAndDb(db, [id, dbId]))).rows[0];
}

/** One item of one database, or a 404 naming both. */
export async function readItem(db: Kysely<Database>, id: number, dbId: number): Promise<ItemDto> {
  const row = await findItem(db, id, dbId);
  if (row === undefined) throw AppError.notFound(`Item ${id} does not exist in database ${dbId}.`);
  return toItemDto(row);
}

/** The items filed in a section of one database, by ItemID, over the index `items (section_id, id)`. */
export async function findSectionItems(db: Kysely<Database>, sectionId: number, dbId: number): Promise<Item[]> {
  // The database is checked here rather than in SQL: given both columns, SQLite's
  // planner may pick `items (db_id, id)` and walk a whole catalogue for one section.
  const rows = await db.selectFrom('items').selectAll().where('section_id', '=', sectionId).orderBy('id').execute();
  return rows.filter((row) => row.db_id === dbId);
}

// Keeps each `id in (…)` well under both engines' bound-parameter limits.
const ID_CHUNK = 500;

/** The items of one database with the given ids, in no particular order (primary-key lookups). */
export async function findItemsByIds(db: Kysely<Database>, dbId: number, ids: readonly number[]): Promise<Item[]> {
  const unique = [...new Set(ids)];
  const found: Item[] = [];
  for (let i = 0; i < unique.length; i += ID_CHUNK) {
    const chunk = unique.slice(i, i + ID_CHUNK);
    found.push(
      ...(await db.selectFrom('items').selectAll().where('id', 'in', chunk).where('db_id', '=', dbId).execute()),
    );
  }
  return found;
}

/** An item, or a 404 naming it. */
export async function findItemOr404(db: Kysely<Database>, id: number): Promise<Item> {
  const row = await db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Item ${id} does not exist.`);
  return row;
}

async function assertSectionInDb(db: Kysely<Database>, sectionId: number | null, dbId: number): Promise<void> {
  if (sectionId === null) return;
  const row = await db
    .selectFrom('sections')
    .select('id')
    .where('id', '=', sectionId)
    .where('db_id', '=', dbId)
    .executeTakeFirst();
  if (row === undefined) {
    throw AppError.invalidField(
      'SectionID',
      `must name a section of store database ${dbId} or be null; ${sectionId} does not`,
    );
  }
}

/** A product code names one item of its store: a 400 when another item of the store has it. */
async function assertCodeFree(
  db: Kysely<Database>,
  storeId: number,
  code: string | null,
  itemId: number | undefined,
): Promise<void> {
  if (code === null) return;
  let query = db
    .selectFrom('items')
    .select(['id', 'title'])
    .where('store_id', '=', storeId)
    .where('product_code', '=', code);
  if (itemId !== undefined) query = query.where('id', '<>', itemId);
  const other = await query.executeTakeFirst();
  if (other !== undefined) {
    throw AppError.invalidField(
      'ProductCode',
      `must be unique in the store; item ${other.id} (${other.title}) has ${code}`,
    );
  }
}

/**
 * Whether a write to an item of database `dbId` can change the public site: the
 * site shows the items of published sections, and a published CustomOrder may
 * list any item of its database, so any published section there counts.
 */
async function dbIsPublic(db: Kysely<Database>, dbId: number): Promise<boolean> {
  const row = await db
    .selectFrom('published_sections')
    .select('section_id')
    .where('db_id', '=', dbId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Creates an item in a store database (its store is the database's); audited. */
export function createItem(db: Kysely<Database>, act: StaffAct, body: Record<string, unknown>): Promise<Item> {
  const form = parseForm(itemForm, body);
  return inTransaction(db, async (trx) => {
    const storeDb = await findStoreDbForField(trx, form.DbID, 'DbID');
    if (form.StoreID !== undefined && form.StoreID !== storeDb.store_id) {
      throw AppError.invalidField(
        'StoreID',
        `must be ${storeDb.store_id}, the store of DbID ${form.DbID}, or be left out`,
      );
    }
    await assertSectionInDb(trx, form.SectionID, form.DbID);
    await assertCodeFree(trx, storeDb.store_id, form.ProductCode, undefined);
    const row = await trx
      .insertInto('items')
      .values({ store_id: storeDb.store_id, db_id: form.DbID, ...columnsOf(form, act.at) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStockChanges(trx, [
      { reason: 'edit', accountId: act.actorId, at: act.at, itemId: row.id, before: 0, after: row.stock },
    ]);
    if (await dbIsPublic(trx, row.db_id)) await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'item.created', `item:${row.id}`, {
      ...formOfItem(row),
      ItemContent: `(${row.content.length} characters)`,
      SellingPrice: paiseToRupees(row.selling_price),
    });
    return row;
  });
}

/** Replaces (PUT) or changes (PATCH) an item; its database (and so its store) cannot change. */
export function editItem(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  body: Record<string, unknown>,
  mode: EditMode,
): Promise<Item> {
  assertBodyId(body, 'ItemID', id);
  return inTransaction(db, async (trx) => {
    // Locked first: the stock it has now is the ledger's before, and no order changes it meanwhile.
    await lockStock(trx, [id]);
    const current = await findItemOr404(trx, id);
    assertUnchanged(body, 'DbID', current.db_id, 'an item stays in its store database');
    assertUnchanged(body, 'StoreID', current.store_id, 'an item stays in the store of its database');
    const before = formOfItem(current);
    const form =
      mode === 'put'
        ? parseForm(itemForm, { ...body, DbID: current.db_id, StoreID: current.store_id })
        : { ...before, ...parsePatch(itemForm, body, before) };
    if (form.SectionID !== before.SectionID) await assertSectionInDb(trx, form.SectionID, current.db_id);
    if (form.ProductCode !== before.ProductCode) await assertCodeFree(trx, current.store_id, form.ProductCode, id);
    const columns = columnsOf(form, act.at);
    // A pack's stock is its bulk's (`item-packs.ts`): edited on the bulk, never here.
    if (await isPack(trx, id)) columns.stock = current.stock;
    // Sanitizing is idempotent, but content that did not change is left exactly as stored.
    if (form.ItemContent === before.ItemContent) columns.content = current.content;
    const row = await trx
      .updateTable('items')
      .set(columns)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStockChanges(trx, [
      { reason: 'edit', accountId: act.actorId, at: act.at, itemId: id, before: current.stock, after: row.stock },
    ]);
    if (await dbIsPublic(trx, row.db_id)) await markContentChanged(trx, act.at);
    // Any edit that leaves the item for sale and in stock answers the requests still waiting for it.
    if (row.stock > 0 && row.hidden === 0) {
      await releaseStockAlerts(trx, [id], act.at, act.siteUrl ?? 'http://127.0.0.1:4321');
    }
    await auditStaff(trx, act, 'item.edited', `item:${id}`, {
      changed: changedFields(
        { ...before, SellingPrice: paiseToRupees(current.selling_price) },
        { ...formOfItem(row), SellingPrice: paiseToRupees(row.selling_price) },
      ),
    });
    return row;
  });
}

/** What deleting an item also cleaned up. */
export interface ItemDeletion {
  row: Item;
  /** Carts the item was taken out of. */
  removedFromCarts: number;
  /** Sections whose CustomOrder listed it (drafts and published copies). */
  removedFromCustomOrders: number;
}

/**
 * Deletes an item, leaving nothing that points at it: it is taken out of every
 * cart that holds it and out of every CustomOrder (draft or published) that
 * lists it. Past orders keep their own copy of the item and are untouched.
 */
export function deleteItem(db: Kysely<Database>, act: StaffAct, id: number): Promise<ItemDeletion> {
  return inTransaction(db, async (trx) => {
    const row = await findItemOr404(trx, id);
    const carts = await trx.deleteFrom('cart_items').where('item_id', '=', id).executeTakeFirst();
    const removedFromCarts = Number(carts.numDeletedRows);
    // Only lists whose text mentions the id can list it; each is parsed to be sure.
    const pattern = likePattern(String(id));
    const [drafts, published] = await Promise.all([
      trx
        .selectFrom('sections')
        .select(['id', 'custom_order'])
        .where('db_id', '=', row.db_id)
        .where('custom_order', 'like', pattern)
        .execute(),
      trx
        .selectFrom('published_sections')
        .select(['section_id', 'custom_order'])
        .where('db_id', '=', row.db_id)
        .where('custom_order', 'like', pattern)
        .execute(),
    ]);
    const without = (text: string): string | undefined => {
      const ids = parseCustomOrder(text);
      return ids?.includes(id) ? JSON.stringify(ids.filter((i) => i !== id)) : undefined;
    };
    let removedFromCustomOrders = 0;
    const changedSections: number[] = [];
    for (const s of drafts) {
      const next = without(s.custom_order);
      if (next === undefined) continue;
      await trx
        .updateTable('sections')
        .set({ custom_order: next, updated_at: act.at })
        .where('id', '=', s.id)
        .execute();
      removedFromCustomOrders++;
      changedSections.push(s.id);
    }
    for (const s of published) {
      const next = without(s.custom_order);
      if (next === undefined) continue;
      await trx
        .updateTable('published_sections')
        .set({ custom_order: next, updated_at: act.at })
        .where('section_id', '=', s.section_id)
        .where('db_id', '=', row.db_id)
        .execute();
      removedFromCustomOrders++;
    }
    const wasPublic = await dbIsPublic(trx, row.db_id);
    await trx.deleteFrom('items').where('id', '=', id).execute();
    if (wasPublic) await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'item.deleted', `item:${id}`, {
      ItemTitle: row.title,
      DbID: row.db_id,
      StoreID: row.store_id,
      removedFromCarts,
      removedFromCustomOrders,
      sections: changedSections,
    });
    return { row, removedFromCarts, removedFromCustomOrders };
  });
}
