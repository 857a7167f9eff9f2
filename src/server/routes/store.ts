import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import type { AppDeps } from '../app.ts';
import { readJsonObject } from '../auth/input.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { removeImagesOf } from '../catalogue/content-images.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import { createStore, deleteStore, editStore } from '../catalogue/stores.ts';
import { containsText } from '../db/query.ts';
import type { Database, Store } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag, idParam, isoTimeQuery, pagedJson, parsePaging } from '../http.ts';

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

const sortable = {
  StoreID: 'id',
  CategoryID: 'category_id',
  StoreTitle: 'title',
  StoreType: 'type',
  StoreUpdatedTime: 'updated_at',
} as const;

/**
 * `/api/Store`: public catalogue reads (hidden stores are listed too, flagged
 * `StoreHidden`); staff (Employee) create, edit and delete.
 */
export function storeRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');
  const answer = async (c: Context, row: Store, status: 200 | 201 = 200) => {
    const dbIds = await findDbIdsByStore(db, [row.id]);
    return c.json(toStoreDto(row, dbIds.get(row.id) ?? []), status);
  };
  const edit = (mode: EditMode) =>
    [
      staff,
      async (c: Context<AuthEnv>) => {
        const id = idParam(c, 'id');
        return answer(c, await editStore(db, staffAct(c, deps), id, await readJsonObject(c), mode));
      },
    ] as const;

  // One page of stores (all, or one category's); the DbIDs of the whole page come in one query.
  async function readAll(c: Context, categoryId: number | undefined): Promise<Response> {
    const paging = parsePaging(c, sortable, { column: 'id', direction: 'asc' });
    const updatedSince = isoTimeQuery(c, 'updatedSince');
    let query = db.selectFrom('stores');
    if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
    if (paging.filter !== '') query = query.where(containsText('title', paging.filter));
    if (updatedSince !== undefined) query = query.where('updated_at', '>', updatedSince);
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(paging.sort.column, paging.sort.direction)
        .orderBy('id')
        .limit(paging.limit)
        .offset(paging.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    // A page with stores proves the category exists; only an empty one needs the check.
    if (rows.length === 0 && categoryId !== undefined) {
      const category = await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst();
      if (category === undefined) throw AppError.notFound(`Category ${categoryId} does not exist.`);
    }
    const dbIds = await findDbIdsByStore(
      db,
      rows.map((r) => r.id),
    );
    const stores = rows.map((r) => toStoreDto(r, dbIds.get(r.id) ?? []));
    return pagedJson(c, stores, Number(count.n), paging);
  }

  return new Hono<AuthEnv>()
    .get('/readall', (c) => readAll(c, undefined))
    .get('/readall/:categoryId', (c) => readAll(c, idParam(c, 'categoryId')))
    .get('/read/:id', async (c) => {
      const id = idParam(c, 'id');
      const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) throw AppError.notFound(`Store ${id} does not exist.`);
      const dbIds = await findDbIdsByStore(db, [id]);
      return c.json(toStoreDto(row, dbIds.get(id) ?? []));
    })
    .post('/create', staff, async (c) =>
      answer(c, await createStore(db, staffAct(c, deps), await readJsonObject(c)), 201),
    )
    .put('/edit/:id', ...edit('put'))
    .patch('/edit/:id', ...edit('patch'))
    .delete('/delete/:id', staff, async (c) => {
      const id = idParam(c, 'id');
      const row = await deleteStore(db, staffAct(c, deps), id);
      await removeImagesOf(deps.contentDir, [`Store/${id}`], deps.log);
      return c.json({ Message: `Store ${id} (${row.title}) was deleted.` });
    });
}
