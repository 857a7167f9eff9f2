import { type Context, Hono } from 'hono';
import { contentFolder } from '../../lib/domain/content-images.ts';
import { type AuthEnv, listCallerOf, requireRole } from '../auth/middleware.ts';
import { removeImagesOf } from '../catalogue/content-images.ts';
import { ITEM_LIST, leadItemFilter, readItemPage } from '../catalogue/item-list.ts';
import { readItemPack, removeItemPack, setItemPack } from '../catalogue/item-packs.ts';
import { createItem, deleteItem, editItem, readItem, toItemDto } from '../catalogue/items.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import { readStockHistory, STOCK_HISTORY_SORTABLE } from '../catalogue/stock-ledger.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { flagQuery, idParam, idQuery, isoTimeQuery, readJsonObject } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';
import { boundedJson, inListTurn, parseBoundedPaging } from '../http/public-list.ts';
import { findSubstitutes } from '../orders/substitutes.ts';

/**
 * `/api/Item`: public item reads, one at a time for a page or in pages of up to
 * 1000 for the site build; staff (Employee) create, edit and delete, list the items at
 * or below their reorder level and read an item's stock history.
 */
export function itemRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');
  const edit = (mode: EditMode) =>
    [
      staff,
      async (c: Context<AuthEnv>) => {
        const id = idParam(c, 'id');
        const row = await editItem(db, staffAct(c, deps), id, await readJsonObject(c), mode);
        // Back-in-stock mail the edit queued goes out now, after commit.
        void deps.mailQueue?.kick();
        return c.json(toItemDto(row));
      },
    ] as const;
  return (
    new Hono<AuthEnv>()
      .get('/readall', async (c) => {
        const filters = {
          storeId: idQuery(c, 'storeId'),
          dbId: idQuery(c, 'dbId'),
          sectionId: idQuery(c, 'sectionId'),
          updatedSince: isoTimeQuery(c, 'updatedSince'),
          atReorderLevel: flagQuery(c, 'atReorderLevel'),
        };
        const caller = await listCallerOf(c, deps);
        if (filters.atReorderLevel === true && caller !== 'staff') {
          throw AppError.forbidden('Only staff (Employee) may list the items at or below their reorder level.');
        }
        const lead = await leadItemFilter(db, filters);
        const paging = parseBoundedPaging(c, caller, ITEM_LIST, {
          constant: lead?.constant ?? [],
          updatedSince: filters.updatedSince !== undefined,
        });
        if (lead === null) return boundedJson(c, [], { total: 0, exact: true, next: undefined }, paging);
        const page = await inListTurn(deps.db, paging, () => readItemPage(db, lead.filters, paging, paging.orderBy));
        return boundedJson(c, page.items, page, paging);
      })
      .get('/stockhistory/:id', staff, async (c) => {
        const id = idParam(c, 'id');
        const paging = parsePaging(c, STOCK_HISTORY_SORTABLE, { column: 'id', direction: 'desc' });
        const page = await readStockHistory(db, id, { ...paging, direction: paging.sort.direction });
        return pagedJson(c, page.rows, page.total, paging);
      })
      // Packs drawn from one bulk stock (issue 33): an item's set-up and the packs drawing from it.
      .get('/pack/:id', staff, async (c) => c.json(await readItemPack(db, idParam(c, 'id'))))
      .put('/pack/:id', staff, async (c) =>
        c.json(await setItemPack(db, staffAct(c, deps), idParam(c, 'id'), await readJsonObject(c))),
      )
      .delete('/pack/:id', staff, async (c) => c.json(await removeItemPack(db, staffAct(c, deps), idParam(c, 'id'))))
      // What a shopper may choose instead of an item if it cannot be sent (issue 33): its section's items.
      .get('/substitutes/:id', async (c) => c.json(await findSubstitutes(db, idParam(c, 'id'))))
      .get('/read/:id/:dbId', async (c) => {
        const id = idParam(c, 'id');
        const dbId = idParam(c, 'dbId');
        return c.json(await readItem(db, id, dbId));
      })
      .post('/create', staff, async (c) =>
        c.json(toItemDto(await createItem(db, staffAct(c, deps), await readJsonObject(c))), 201),
      )
      .put('/edit/:id', ...edit('put'))
      .patch('/edit/:id', ...edit('patch'))
      .delete('/delete/:id', staff, async (c) => {
        const id = idParam(c, 'id');
        const { row, removedFromCarts, removedFromCustomOrders } = await deleteItem(db, staffAct(c, deps), id);
        await removeImagesOf(deps.contentDir, [contentFolder({ kind: 'Item', id, storeId: row.store_id })], deps.log);
        const also: string[] = [];
        if (removedFromCarts > 0)
          also.push(`taken out of ${removedFromCarts} cart${removedFromCarts === 1 ? '' : 's'}`);
        if (removedFromCustomOrders > 0) {
          also.push(
            `removed from ${removedFromCustomOrders} CustomOrder list${removedFromCustomOrders === 1 ? '' : 's'}`,
          );
        }
        return c.json({
          Message: `Item ${id} (${row.title}) was deleted${also.length > 0 ? `, ${also.join(' and ')}` : ''}.`,
          RemovedFromCarts: removedFromCarts,
          RemovedFromCustomOrders: removedFromCustomOrders,
        });
      })
  );
}
