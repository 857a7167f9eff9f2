import type { Kysely } from 'kysely';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import { type StoreForm, storeForm } from '../../lib/domain/catalogue-forms.ts';
import { type BoundedListQuery, readListPage } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database, Store } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PublicListSpec } from '../http/public-list.ts';
import { flag } from '../http/wire.ts';
import { markContentChanged } from './site-state.ts';
import {
  assertBodyId,
  auditStaff,
  changedFields,
  countOf,
  type EditMode,
  inTransaction,
  nameSome,
  parseForm,
  parsePatch,
  referencedConflict,
  type StaffAct,
} from './staff.ts';

/** The title of the database a new store gets, as the demo catalogue names its own. */
export function mainDbTitle(storeTitle: string): string {
  return `${storeTitle} · Main catalogue`;
}

function formOf(row: Store): StoreForm {
  return {
    CategoryID: row.category_id,
    StoreTitle: row.title,
    StoreDescription: row.description,
    StoreHidden: flag(row.hidden),
    StoreType: row.type,
    MaxQtyPerItem: row.max_qty_per_item,
    Gstin: row.gstin,
    StateCode: row.state_code,
    StoreAddress: row.address,
  };
}

function columnsOf(form: StoreForm, at: string) {
  return {
    category_id: form.CategoryID,
    title: form.StoreTitle,
    description: form.StoreDescription,
    hidden: form.StoreHidden ? 1 : 0,
    type: form.StoreType,
    max_qty_per_item: form.MaxQtyPerItem,
    gstin: form.Gstin,
    state_code: form.StateCode,
    address: form.StoreAddress,
    updated_at: at,
  };
}

/** Wire shape of a store, with the databases (DbID) it has. */
export function toStoreDto(row: Store, dbIds: number[]): StoreDto {
  return {
    StoreID: row.id,
    CategoryID: row.category_id,
    StoreTitle: row.title,
    StoreDescription: row.description,
    StoreHidden: flag(row.hidden),
    StoreType: row.type,
    DbIDs: dbIds,
    StoreUpdatedTime: row.updated_at,
    MaxQtyPerItem: row.max_qty_per_item,
    Gstin: row.gstin,
    StateCode: row.state_code,
    StoreAddress: row.address,
  };
}

/** The databases (DbID) of each given store, oldest first, in one query over `store_dbs (store_id, id)`. */
export async function findDbIdsByStore(db: Kysely<Database>, storeIds: number[]): Promise<Map<number, number[]>> {
  const byStore = new Map<number, number[]>(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return byStore;
  const rows = await db
    .selectFrom('store_dbs')
    .select(['store_id', 'id'])
    .where('store_id', 'in', storeIds)
    .orderBy('store_id')
    .orderBy('id')
    .execute();
  for (const row of rows) byStore.get(row.store_id)?.push(row.id);
  return byStore;
}

/** One store with its databases, for an answer. */
export async function storeDto(db: Kysely<Database>, row: Store): Promise<StoreDto> {
  const dbIds = await findDbIdsByStore(db, [row.id]);
  return toStoreDto(row, dbIds.get(row.id) ?? []);
}

/** A store with its databases, or a 404 naming it. */
export async function readStore(db: Kysely<Database>, id: number): Promise<StoreDto> {
  const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Store ${id} does not exist.`);
  const dbIds = await findDbIdsByStore(db, [id]);
  return toStoreDto(row, dbIds.get(id) ?? []);
}

/** The fields a store list sorts by (`sort=`), and their columns. */
export const STORE_SORTABLE = {
  StoreID: 'id',
  CategoryID: 'category_id',
  StoreTitle: 'title',
  StoreType: 'type',
  StoreUpdatedTime: 'updated_at',
} as const;
export type StoreSortColumn = (typeof STORE_SORTABLE)[keyof typeof STORE_SORTABLE];

/** How the public store list is ordered, and what it lets the public ask (`http/public-list.ts`). */
export const STORE_LIST: PublicListSpec<StoreSortColumn> = {
  sortable: STORE_SORTABLE,
  defaultSort: { column: 'id', direction: 'asc' },
  tiebreak: ['id'],
  types: { id: 'int', category_id: 'int', title: 'text', type: 'text', updated_at: 'text' },
  updatedColumn: 'updated_at',
  // The spec's store pages search stores by title; a shop has hundreds of stores, not millions.
  policy: { publicTextFilter: true, updatedTimeField: 'StoreUpdatedTime' },
};

/**
 * One page of stores (all, or one category's) with the total; the DbIDs of the
 * whole page come in one query. Answers 404 for an unknown category.
 */
export async function readStorePage(
  db: Kysely<Database>,
  filters: { categoryId?: number | undefined; updatedSince?: string | undefined },
  list: BoundedListQuery<StoreSortColumn>,
  orderBy: readonly string[],
): Promise<{ stores: StoreDto[]; total: number; exact: boolean; next: (string | number)[] | undefined }> {
  const { categoryId, updatedSince } = filters;
  let query = db.selectFrom('stores');
  if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
  if (list.filter !== '') query = query.where(containsText('title', list.filter));
  if (updatedSince !== undefined) query = query.where('updated_at', '>', updatedSince);
  const { rows, total, exact, next } = await readListPage(db, query, list, orderBy, (q) => q.selectAll());
  // A page with stores proves the category exists; only an empty one needs the check.
  if (rows.length === 0 && categoryId !== undefined) {
    const category = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
    if (category === undefined) throw AppError.notFound(`Category ${categoryId} does not exist.`);
  }
  const dbIds = await findDbIdsByStore(
    db,
    rows.map((r) => r.id),
  );
  return { stores: rows.map((r) => toStoreDto(r, dbIds.get(r.id) ?? [])), total, exact, next };
}

/** A store, or a 404 naming it. */
export async function findStoreOr404(db: Kysely<Database>, id: number): Promise<Store> {
  const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Store ${id} does not exist.`);
  return row;
}

/** Answers 404 for a store that does not exist (used when a store's list comes back empty). */
export async function assertStoreExists(db: Kysely<Database>, storeId: number): Promise<void> {
  const store = await db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
  if (store === undefined) throw AppError.notFound(`Store ${storeId} does not exist.`);
}

async function assertCategoryExists(db: Kysely<Database>, categoryId: number): Promise<void> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
  if (row === undefined)
    throw AppError.invalidField('CategoryID', `must name an existing category; ${categoryId} does not`);
}

/**
 * Creates a store together with its main database (`{StoreTitle} · Main
 * catalogue`), so staff can file sections and items in it at once.
 */
export function createStore(db: Kysely<Database>, act: StaffAct, body: Record<string, unknown>): Promise<Store> {
  const form = parseForm(storeForm, body);
  return inTransaction(db, async (trx) => {
    await assertCategoryExists(trx, form.CategoryID);
    const row = await trx.insertInto('stores').values(columnsOf(form, act.at)).returningAll().executeTakeFirstOrThrow();
    const mainDb = await trx
      .insertInto('store_dbs')
      .values({ store_id: row.id, title: mainDbTitle(row.title), updated_at: act.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'store.created', `store:${row.id}`, { ...form, DbID: mainDb.id });
    return row;
  });
}

/** Replaces (PUT) or changes (PATCH) a store. */
export function editStore(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  body: Record<string, unknown>,
  mode: EditMode,
): Promise<Store> {
  assertBodyId(body, 'StoreID', id);
  return inTransaction(db, async (trx) => {
    const current = await findStoreOr404(trx, id);
    const before = formOf(current);
    const form = mode === 'put' ? parseForm(storeForm, body) : { ...before, ...parsePatch(storeForm, body, before) };
    if (form.CategoryID !== before.CategoryID) await assertCategoryExists(trx, form.CategoryID);
    const row = await trx
      .updateTable('stores')
      .set(columnsOf(form, act.at))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'store.edited', `store:${id}`, { changed: changedFields(before, form) });
    return row;
  });
}

/**
 * Deletes a store and its databases when those are empty. A store whose
 * databases hold sections or items is a 409 naming them: delete those first.
 */
export function deleteStore(db: Kysely<Database>, act: StaffAct, id: number): Promise<Store> {
  return inTransaction(db, async (trx) => {
    const row = await findStoreOr404(trx, id);
    const dbs = await trx
      .selectFrom('store_dbs')
      .select(['id', 'title'])
      .where('store_id', '=', id)
      .orderBy('id')
      .execute();
    const dbIds = dbs.map((d) => d.id);
    const sections =
      dbIds.length === 0
        ? { n: 0 }
        : await trx
            .selectFrom('sections')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('db_id', 'in', dbIds)
            .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', id)
      .executeTakeFirstOrThrow();
    const sectionCount = Number(sections.n);
    const itemCount = Number(items.n);
    if (sectionCount > 0 || itemCount > 0) {
      throw referencedConflict(
        `Store ${id} has ${countOf(dbs.length, 'store database')} (${nameSome(
          dbs.map((d) => d.title),
          dbs.length,
        )}) holding ${countOf(sectionCount, 'section')} and ${countOf(itemCount, 'item')}. ` +
          'Delete those sections and items first.',
        { StoreDbs: dbs.length, Sections: sectionCount, Items: itemCount },
      );
    }
    await trx.deleteFrom('store_dbs').where('store_id', '=', id).execute();
    await trx.deleteFrom('feed_client_stores').where('store_id', '=', id).execute();
    await trx.deleteFrom('store_delivery').where('store_id', '=', id).execute();
    await trx.deleteFrom('stores').where('id', '=', id).execute();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'store.deleted', `store:${id}`, { StoreTitle: row.title, DbIDs: dbIds });
    return row;
  });
}
