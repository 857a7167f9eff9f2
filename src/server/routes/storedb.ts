import { type Context, Hono } from 'hono';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import {
  createStoreDb,
  deleteStoreDb,
  editStoreDb,
  findStoreDbOr404,
  readStoreDbPage,
  STORE_DB_SORTABLE,
  storeDbDto,
} from '../catalogue/store-dbs.ts';
import type { StoreDb } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, readJsonObject } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';

/**
 * `/api/StoreDb`: a store's databases (the spec's DbID), where its sections and
 * items live. Staff only (Employee): the public never sees databases as such.
 */
export function storeDbRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');

  const answer = async (c: Context, row: StoreDb, status: 200 | 201 = 200) => c.json(await storeDbDto(db, row), status);

  async function readAll(c: Context, storeId: number | undefined): Promise<Response> {
    const paging = parsePaging(c, STORE_DB_SORTABLE, { column: 'id', direction: 'asc' });
    const { storeDbs, total } = await readStoreDbPage(db, storeId, paging);
    return pagedJson(c, storeDbs, total, paging);
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
