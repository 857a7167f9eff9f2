import { type Context, Hono } from 'hono';
import type { AppDeps } from '../app.ts';
import { readJsonObject } from '../auth/input.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import {
  countDbContents,
  createStoreDb,
  deleteStoreDb,
  editStoreDb,
  findStoreDbOr404,
  toStoreDbDto,
} from '../catalogue/store-dbs.ts';
import { containsText } from '../db/query.ts';
import type { StoreDb } from '../db/schema.ts';
import { idParam, pagedJson, parsePaging } from '../http.ts';
import { assertStoreExists } from './publisher.ts';

const sortable = { DbID: 'id', StoreID: 'store_id', DbTitle: 'title', DbUpdatedTime: 'updated_at' } as const;

/**
 * `/api/StoreDb`: a store's databases (the spec's DbID), where its sections and
 * items live. Staff only (Employee): the public never sees databases as such.
 */
export function storeDbRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');

  const answer = async (c: Context, row: StoreDb, status: 200 | 201 = 200) => {
    const counts = (await countDbContents(db, [row.id])).get(row.id) ?? { sections: 0, items: 0 };
    return c.json(toStoreDbDto(row, counts), status);
  };

  async function readAll(c: Context, storeId: number | undefined): Promise<Response> {
    const paging = parsePaging(c, sortable, { column: 'id', direction: 'asc' });
    let query = db.selectFrom('store_dbs');
    if (storeId !== undefined) query = query.where('store_id', '=', storeId);
    if (paging.filter !== '') query = query.where(containsText('title', paging.filter));
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
    if (rows.length === 0 && storeId !== undefined) await assertStoreExists(db, storeId);
    const counts = await countDbContents(
      db,
      rows.map((r) => r.id),
    );
    const dtos = rows.map((r) => toStoreDbDto(r, counts.get(r.id) ?? { sections: 0, items: 0 }));
    return pagedJson(c, dtos, Number(count.n), paging);
  }

  const edit = (mode: EditMode) =>
    [
      staff,
      async (c: Context<AuthEnv>) => {
        const id = idParam(c, 'id');
        return answer(c, await editStoreDb(db, staffAct(c, deps), id, await readJsonObject(c), mode));
      },
    ] as const;

  return new Hono<AuthEnv>()
    .get('/readall', staff, (c) => readAll(c, undefined))
    .get('/readall/:storeId', staff, (c) => readAll(c, idParam(c, 'storeId')))
    .get('/read/:id', staff, async (c) => answer(c, await findStoreDbOr404(db, idParam(c, 'id'))))
    .post('/create', staff, async (c) =>
      answer(c, await createStoreDb(db, staffAct(c, deps), await readJsonObject(c)), 201),
    )
    .put('/edit/:id', ...edit('put'))
    .patch('/edit/:id', ...edit('patch'))
    .delete('/delete/:id', staff, async (c) => {
      const id = idParam(c, 'id');
      const row = await deleteStoreDb(db, staffAct(c, deps), id);
      return c.json({ Message: `Store database ${id} (${row.title}) was deleted.` });
    });
}
