import type { Kysely } from 'kysely';
import { type StoreForm, storeForm } from '../../lib/domain/schemas.ts';
import type { Database, Store } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag } from '../http.ts';
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
  };
}

function columnsOf(form: StoreForm, at: string) {
  return {
    category_id: form.CategoryID,
    title: form.StoreTitle,
    description: form.StoreDescription,
    hidden: form.StoreHidden ? 1 : 0,
    type: form.StoreType,
    updated_at: at,
  };
}

/** A store, or a 404 naming it. */
export async function findStoreOr404(db: Kysely<Database>, id: number): Promise<Store> {
  const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Store ${id} does not exist.`);
  return row;
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
    await trx.deleteFrom('stores').where('id', '=', id).execute();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'store.deleted', `store:${id}`, { StoreTitle: row.title, DbIDs: dbIds });
    return row;
  });
}
