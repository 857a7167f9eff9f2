import type { Kysely } from 'kysely';
import { type StoreDbForm, storeDbForm } from '../../lib/domain/catalogue-forms.ts';
import type { StoreDbDto } from '../../lib/domain/staff-dtos.ts';
import { type ListQuery, paginate } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database, StoreDb } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { markContentChanged } from './site-state.ts';
import {
  assertBodyId,
  assertUnchanged,
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
import { assertStoreExists } from './stores.ts';

export function toStoreDbDto(row: StoreDb, counts: { sections: number; items: number }): StoreDbDto {
  return {
    DbID: row.id,
    StoreID: row.store_id,
    DbTitle: row.title,
    DbUpdatedTime: row.updated_at,
    SectionCount: counts.sections,
    ItemCount: counts.items,
  };
}

/** How many sections and items each of the given databases holds, in two grouped queries. */
export async function countDbContents(
  db: Kysely<Database>,
  dbIds: number[],
): Promise<Map<number, { sections: number; items: number }>> {
  const counts = new Map(dbIds.map((id) => [id, { sections: 0, items: 0 }]));
  if (dbIds.length === 0) return counts;
  const [sections, items] = await Promise.all([
    db
      .selectFrom('sections')
      .select(['db_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('db_id', 'in', dbIds)
      .groupBy('db_id')
      .execute(),
    db
      .selectFrom('items')
      .select(['db_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('db_id', 'in', dbIds)
      .groupBy('db_id')
      .execute(),
  ]);
  for (const r of sections) {
    const c = counts.get(r.db_id);
    if (c !== undefined) c.sections = Number(r.n);
  }
  for (const r of items) {
    const c = counts.get(r.db_id);
    if (c !== undefined) c.items = Number(r.n);
  }
  return counts;
}

/** A store's answer lists its databases (`DbIDs`): a change to them is a change to the store, for `updatedSince`. */
async function touchStore(db: Kysely<Database>, storeId: number, at: string): Promise<void> {
  await db.updateTable('stores').set({ updated_at: at }).where('id', '=', storeId).execute();
}

/** One store database with its counts, for an answer. */
export async function storeDbDto(db: Kysely<Database>, row: StoreDb): Promise<StoreDbDto> {
  const counts = (await countDbContents(db, [row.id])).get(row.id) ?? { sections: 0, items: 0 };
  return toStoreDbDto(row, counts);
}

/** The fields a list of store databases sorts by (`sort=`), and their columns. */
export const STORE_DB_SORTABLE = {
  DbID: 'id',
  StoreID: 'store_id',
  DbTitle: 'title',
  DbUpdatedTime: 'updated_at',
} as const;
export type StoreDbSortColumn = (typeof STORE_DB_SORTABLE)[keyof typeof STORE_DB_SORTABLE];

/** One page of store databases (all, or one store's) with their counts and the total; 404 for an unknown store. */
export async function readStoreDbPage(
  db: Kysely<Database>,
  storeId: number | undefined,
  list: ListQuery<StoreDbSortColumn>,
): Promise<{ storeDbs: StoreDbDto[]; total: number }> {
  let query = db.selectFrom('store_dbs');
  if (storeId !== undefined) query = query.where('store_id', '=', storeId);
  if (list.filter !== '') query = query.where(containsText('title', list.filter));
  const { rows, total } = await paginate(query, list, (q) =>
    q.selectAll().orderBy(list.sort.column, list.sort.direction).orderBy('id'),
  );
  if (rows.length === 0 && storeId !== undefined) await assertStoreExists(db, storeId);
  const counts = await countDbContents(
    db,
    rows.map((r) => r.id),
  );
  return { storeDbs: rows.map((r) => toStoreDbDto(r, counts.get(r.id) ?? { sections: 0, items: 0 })), total };
}

/** A store database, or a 404 naming it. */
export async function findStoreDbOr404(db: Kysely<Database>, id: number): Promise<StoreDb> {
  const row = await db.selectFrom('store_dbs').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Store database ${id} does not exist.`);
  return row;
}

/** The store database a body's `field` names, or a 400 naming the field. */
export async function findStoreDbForField(db: Kysely<Database>, id: number, field: string): Promise<StoreDb> {
  const row = await db.selectFrom('store_dbs').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.invalidField(field, `must name an existing store database; ${id} does not`);
  return row;
}

/** Creates a store database in an existing store. The store's `DbIDs` change, so the site is out of date. */
export function createStoreDb(db: Kysely<Database>, act: StaffAct, body: Record<string, unknown>): Promise<StoreDb> {
  const form = parseForm(storeDbForm, body);
  return inTransaction(db, async (trx) => {
    const store = await trx.selectFrom('stores').select('id').where('id', '=', form.StoreID).executeTakeFirst();
    if (store === undefined) {
      throw AppError.invalidField('StoreID', `must name an existing store; ${form.StoreID} does not`);
    }
    const row = await trx
      .insertInto('store_dbs')
      .values({ store_id: form.StoreID, title: form.DbTitle, updated_at: act.at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await touchStore(trx, form.StoreID, act.at);
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'storedb.created', `storedb:${row.id}`, { ...form });
    return row;
  });
}

/** Renames a store database; its store cannot change (its items and published sections belong to that store). */
export function editStoreDb(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  body: Record<string, unknown>,
  mode: EditMode,
): Promise<StoreDb> {
  assertBodyId(body, 'DbID', id);
  return inTransaction(db, async (trx) => {
    const current = await findStoreDbOr404(trx, id);
    assertUnchanged(body, 'StoreID', current.store_id, 'a store database stays in its store');
    const before: StoreDbForm = { StoreID: current.store_id, DbTitle: current.title };
    const form =
      mode === 'put'
        ? parseForm(storeDbForm, { ...body, StoreID: current.store_id })
        : { ...before, ...parsePatch(storeDbForm, body, before) };
    const row = await trx
      .updateTable('store_dbs')
      .set({ title: form.DbTitle, updated_at: act.at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'storedb.edited', `storedb:${id}`, { changed: changedFields(before, form) });
    return row;
  });
}

/** Deletes an empty store database; one holding sections or items is a 409 naming them. */
export function deleteStoreDb(db: Kysely<Database>, act: StaffAct, id: number): Promise<StoreDb> {
  return inTransaction(db, async (trx) => {
    const row = await findStoreDbOr404(trx, id);
    const counts = (await countDbContents(trx, [id])).get(id) ?? { sections: 0, items: 0 };
    if (counts.sections > 0 || counts.items > 0) {
      const [sections, items] = await Promise.all([
        trx.selectFrom('sections').select('title').where('db_id', '=', id).orderBy('id').limit(5).execute(),
        trx.selectFrom('items').select('title').where('db_id', '=', id).orderBy('id').limit(5).execute(),
      ]);
      const parts: string[] = [];
      if (counts.sections > 0) {
        parts.push(
          `${countOf(counts.sections, 'section')} (${nameSome(
            sections.map((s) => s.title),
            counts.sections,
          )})`,
        );
      }
      if (counts.items > 0) {
        parts.push(
          `${countOf(counts.items, 'item')} (${nameSome(
            items.map((s) => s.title),
            counts.items,
          )})`,
        );
      }
      throw referencedConflict(`Store database ${id} has ${parts.join(' and ')}. Delete them first.`, {
        Sections: counts.sections,
        Items: counts.items,
      });
    }
    await trx.deleteFrom('store_dbs').where('id', '=', id).execute();
    await touchStore(trx, row.store_id, act.at);
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'storedb.deleted', `storedb:${id}`, { DbTitle: row.title, StoreID: row.store_id });
    return row;
  });
}
