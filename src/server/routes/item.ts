import { type Context, Hono } from 'hono';
import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import type { AppDeps } from '../app.ts';
import { readJsonObject } from '../auth/input.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { removeImagesOf } from '../catalogue/content-images.ts';
import { createItem, deleteItem, editItem } from '../catalogue/items.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import { compiledOnce, containsText } from '../db/query.ts';
import type { Item } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag, idParam, idQuery, isoTimeQuery, pagedJson, parsePaging } from '../http.ts';

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
  };
}

const sortable = {
  ItemID: 'id',
  StoreID: 'store_id',
  DbID: 'db_id',
  ItemTitle: 'title',
  SellingPrice: 'selling_price',
  Availability: 'stock',
  ItemUpdatedTime: 'updated_at',
} as const;

/**
 * `/api/Item`: public item reads, one at a time for a page or in pages of up to
 * 1000 for the site build; staff (Employee) create, edit and delete.
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
  // The page of every item reads this: compiled once.
  const itemByIdAndDb = compiledOnce(db.selectFrom('items').selectAll().where('id', '=', 0).where('db_id', '=', 0));
  return new Hono<AuthEnv>()
    .get('/readall', async (c) => {
      const paging = parsePaging(c, sortable, { column: 'id', direction: 'asc' });
      const storeId = idQuery(c, 'storeId');
      const dbId = idQuery(c, 'dbId');
      const sectionId = idQuery(c, 'sectionId');
      const updatedSince = isoTimeQuery(c, 'updatedSince');
      // Each filter has an index led by its column, `items (x, id)` or `items (updated_at)`.
      let query = db.selectFrom('items');
      if (storeId !== undefined) query = query.where('store_id', '=', storeId);
      if (dbId !== undefined) query = query.where('db_id', '=', dbId);
      if (sectionId !== undefined) query = query.where('section_id', '=', sectionId);
      if (updatedSince !== undefined) query = query.where('updated_at', '>', updatedSince);
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
      return pagedJson(c, rows.map(toItemDto), Number(count.n), paging);
    })
    .get('/read/:id/:dbId', async (c) => {
      const id = idParam(c, 'id');
      const dbId = idParam(c, 'dbId');
      const [row] = (await db.executeQuery(itemByIdAndDb([id, dbId]))).rows;
      if (row === undefined) throw AppError.notFound(`Item ${id} does not exist in database ${dbId}.`);
      return c.json(toItemDto(row));
    })
    .post('/create', staff, async (c) =>
      c.json(toItemDto(await createItem(db, staffAct(c, deps), await readJsonObject(c))), 201),
    )
    .put('/edit/:id', ...edit('put'))
    .patch('/edit/:id', ...edit('patch'))
    .delete('/delete/:id', staff, async (c) => {
      const id = idParam(c, 'id');
      const { row, removedFromCarts, removedFromCustomOrders } = await deleteItem(db, staffAct(c, deps), id);
      await removeImagesOf(deps.contentDir, [`${row.store_id}/Item/${id}`], deps.log);
      const also: string[] = [];
      if (removedFromCarts > 0) also.push(`taken out of ${removedFromCarts} cart${removedFromCarts === 1 ? '' : 's'}`);
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
    });
}
