import { type Context, Hono } from 'hono';
import { contentFolder } from '../../lib/domain/content-images.ts';
import { type AuthEnv, clockOf, listCallerOf, requireRole } from '../auth/middleware.ts';
import { removeImagesOf } from '../catalogue/content-images.ts';
import { createSlot, listOpenSlots, putSlotTemplate, readSlotTemplate } from '../catalogue/delivery-slots.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import { readAllStoreDelivery, readStoreDelivery, saveStoreDelivery } from '../catalogue/store-delivery.ts';
import {
  createStore,
  deleteStore,
  editStore,
  readStore,
  readStorePage,
  STORE_LIST,
  storeDto,
} from '../catalogue/stores.ts';
import type { Store } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, isoTimeQuery, readJsonObject } from '../http/input.ts';
import { boundedJson, inListTurn, parseBoundedPaging } from '../http/public-list.ts';

/**
 * `/api/Store`: public catalogue reads (hidden stores are listed too, flagged
 * `StoreHidden`); staff (Employee) create, edit and delete; where each store delivers
 * (`Delivery`: public reads, staff writes).
 */
export function storeRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');
  const answer = async (c: Context, row: Store, status: 200 | 201 = 200) => c.json(await storeDto(db, row), status);
  const edit = (mode: EditMode) =>
    [
      staff,
      async (c: Context<AuthEnv>) => {
        const id = idParam(c, 'id');
        return answer(c, await editStore(db, staffAct(c, deps), id, await readJsonObject(c), mode));
      },
    ] as const;

  async function readAll(c: Context, categoryId: number | undefined): Promise<Response> {
    const updatedSince = isoTimeQuery(c, 'updatedSince');
    const paging = parseBoundedPaging(c, await listCallerOf(c, deps), STORE_LIST, {
      constant: categoryId === undefined ? [] : ['category_id'],
      updatedSince: updatedSince !== undefined,
    });
    const page = await inListTurn(deps.db, paging, () =>
      readStorePage(db, { categoryId, updatedSince }, paging, paging.orderBy),
    );
    return boundedJson(c, page.stores, page, paging);
  }

  return (
    new Hono<AuthEnv>()
      .get('/readall', (c) => readAll(c, undefined))
      .get('/readall/:categoryId', (c) => readAll(c, idParam(c, 'categoryId')))
      .get('/read/:id', async (c) => c.json(await readStore(db, idParam(c, 'id'))))
      .post('/create', staff, async (c) =>
        answer(c, await createStore(db, staffAct(c, deps), await readJsonObject(c)), 201),
      )
      .get('/delivery', async (c) => c.json(await readAllStoreDelivery(db)))
      .get('/delivery/:id', async (c) => c.json(await readStoreDelivery(db, idParam(c, 'id'))))
      .put('/delivery/:id', staff, async (c) => {
        const id = idParam(c, 'id');
        return c.json(await saveStoreDelivery(db, staffAct(c, deps), id, await readJsonObject(c)));
      })
      .put('/edit/:id', ...edit('put'))
      .patch('/edit/:id', ...edit('patch'))
      // Delivery slots (issue 31): staff create them one by one or by a weekly template; shoppers read them.
      .post('/slot/:storeId', staff, async (c) =>
        c.json(await createSlot(db, staffAct(c, deps), idParam(c, 'storeId'), await readJsonObject(c)), 201),
      )
      .get('/slots/:storeId', async (c) => c.json(await listOpenSlots(db, idParam(c, 'storeId'), clockOf(deps))))
      .get('/slottemplate/:storeId', staff, async (c) => c.json(await readSlotTemplate(db, idParam(c, 'storeId'))))
      .put('/slottemplate/:storeId', staff, async (c) =>
        c.json(await putSlotTemplate(db, staffAct(c, deps), idParam(c, 'storeId'), await readJsonObject(c))),
      )
      .delete('/delete/:id', staff, async (c) => {
        const id = idParam(c, 'id');
        const row = await deleteStore(db, staffAct(c, deps), id);
        await removeImagesOf(deps.contentDir, [contentFolder({ kind: 'Store', id })], deps.log);
        return c.json({ Message: `Store ${id} (${row.title}) was deleted.` });
      })
  );
}
