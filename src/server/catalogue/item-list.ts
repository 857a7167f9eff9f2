import type { Kysely } from 'kysely';
import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { type BoundedListQuery, readListPage } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database } from '../db/schema.ts';
import type { PublicListSpec } from '../http/public-list.ts';
import { toItemDto } from './items.ts';

/** The item list (`GET /api/Item/ReadAll`): its sorts, its filters and one page of it. */

/** The fields an item list sorts by (`sort=`), and their columns. */
export const ITEM_SORTABLE = {
  ItemID: 'id',
  StoreID: 'store_id',
  DbID: 'db_id',
  ItemTitle: 'title',
  SellingPrice: 'selling_price',
  Availability: 'stock',
  ItemUpdatedTime: 'updated_at',
} as const;
export type ItemSortColumn = (typeof ITEM_SORTABLE)[keyof typeof ITEM_SORTABLE];

export interface ItemFilters {
  storeId?: number | undefined;
  dbId?: number | undefined;
  sectionId?: number | undefined;
  /** Only items changed after this stored time. */
  updatedSince?: string | undefined;
  /** Only items at or below their reorder level (staff; `atReorderLevel` in lib/domain/stock-history.ts). */
  atReorderLevel?: boolean | undefined;
}

/** How the public item list is ordered, and what it lets the public ask (`http/public-list.ts`). */
export const ITEM_LIST: PublicListSpec<ItemSortColumn> = {
  sortable: ITEM_SORTABLE,
  defaultSort: { column: 'id', direction: 'asc' },
  tiebreak: ['id'],
  types: {
    id: 'int',
    store_id: 'int',
    db_id: 'int',
    title: 'text',
    selling_price: 'int',
    stock: 'int',
    updated_at: 'text',
  },
  updatedColumn: 'updated_at',
  policy: { publicTextFilter: false, updatedTimeField: 'ItemUpdatedTime' },
};

/**
 * The one filter an item list is read by and the columns it fixes: a section
 * fixes its database and store, a database its store. The other filters are
 * checked against the leading one here (a section of another database: no
 * items), so the query has one equality and an index `(lead, sort, id)`
 * (migration 0230) serves every sort without a table scan. `null`: no item can match.
 */
export async function leadItemFilter(
  db: Kysely<Database>,
  filters: ItemFilters,
): Promise<{ filters: ItemFilters; constant: ItemSortColumn[] } | null> {
  const { storeId, dbId, sectionId, updatedSince, atReorderLevel } = filters;
  if (sectionId !== undefined) {
    const section = await db
      .selectFrom('sections as s')
      .innerJoin('store_dbs as d', 'd.id', 's.db_id')
      .select(['s.db_id', 'd.store_id'])
      .where('s.id', '=', sectionId)
      .executeTakeFirst();
    if (section === undefined) return null;
    if ((dbId !== undefined && dbId !== section.db_id) || (storeId !== undefined && storeId !== section.store_id)) {
      return null;
    }
    return { filters: { sectionId, updatedSince, atReorderLevel }, constant: ['store_id', 'db_id'] };
  }
  if (dbId !== undefined) {
    const storeDb = await db.selectFrom('store_dbs').select('store_id').where('id', '=', dbId).executeTakeFirst();
    if (storeDb === undefined || (storeId !== undefined && storeId !== storeDb.store_id)) return null;
    return { filters: { dbId, updatedSince, atReorderLevel }, constant: ['store_id', 'db_id'] };
  }
  if (storeId !== undefined) return { filters: { storeId, updatedSince, atReorderLevel }, constant: ['store_id'] };
  return { filters: { updatedSince, atReorderLevel }, constant: [] };
}

/**
 * One page of items (`list`, ordered by `orderBy`) with the total. Give it the
 * filters `leadItemFilter` kept: each has an index `(column, sort, id)`. The
 * text filter (staff only, `ITEM_LIST.policy`) matches the title or the product code.
 */
export async function readItemPage(
  db: Kysely<Database>,
  filters: ItemFilters,
  list: BoundedListQuery<ItemSortColumn>,
  orderBy: readonly string[],
): Promise<{ items: ItemDto[]; total: number; exact: boolean; next: (string | number)[] | undefined }> {
  let query = db.selectFrom('items');
  if (filters.storeId !== undefined) query = query.where('store_id', '=', filters.storeId);
  if (filters.dbId !== undefined) query = query.where('db_id', '=', filters.dbId);
  if (filters.sectionId !== undefined) query = query.where('section_id', '=', filters.sectionId);
  if (filters.updatedSince !== undefined) query = query.where('updated_at', '>', filters.updatedSince);
  if (filters.atReorderLevel === true) {
    query = query.where('reorder_level', 'is not', null).whereRef('stock', '<=', 'reorder_level');
  }
  // Staff find an item by what they know of it: a word of its title or its product code (issue 35).
  if (list.filter !== '') {
    query = query.where((eb) => eb.or([containsText('title', list.filter), containsText('product_code', list.filter)]));
  }
  const page = await readListPage(db, query, list, orderBy, (q) => q.selectAll());
  return { items: page.rows.map(toItemDto), total: page.total, exact: page.exact, next: page.next };
}
