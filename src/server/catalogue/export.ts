import type { Kysely } from 'kysely';
import { exportFileName, SHEET_COLUMNS, type SheetColumn } from '../../lib/domain/catalogue-sheet.ts';
import { containsText } from '../db/query.ts';
import type { Database } from '../db/schema.ts';
import { itemSheetCells } from './item-columns.ts';
import { type SheetFormat, writeCsv, writeXlsx } from './sheet-files.ts';

/** Which items an export holds: the filters of the items table (`GET /api/Item/ReadAll`). */
export interface ItemFilter {
  storeId?: number | undefined;
  dbId?: number | undefined;
  sectionId?: number | undefined;
  updatedSince?: string | undefined;
  /** Lower-cased text the title contains. */
  filter?: string | undefined;
}

/** Rows read per query: keeps memory flat while a large export is read. */
const PAGE = 5000;

/**
 * The items a filter selects as sheet rows (`SHEET_COLUMNS`, in ItemID order):
 * each with its section, store database, store and category, so that the file
 * imported again, edited or not, changes exactly the cells that were edited.
 */
export async function exportRows(db: Kysely<Database>, f: ItemFilter): Promise<unknown[][]> {
  const out: unknown[][] = [];
  let after = 0;
  for (;;) {
    let q = db
      .selectFrom('items as i')
      .innerJoin('stores as s', 's.id', 'i.store_id')
      .innerJoin('categories as c', 'c.id', 's.category_id')
      .innerJoin('store_dbs as d', 'd.id', 'i.db_id')
      .leftJoin('sections as sec', 'sec.id', 'i.section_id')
      .selectAll('i')
      .select([
        's.title as store_title',
        's.description as store_description',
        's.hidden as store_hidden',
        's.type as store_type',
        'c.id as category_id',
        'c.title as category_title',
        'd.title as db_title',
        'sec.title as section_title',
      ])
      .where('i.id', '>', after);
    if (f.storeId !== undefined) q = q.where('i.store_id', '=', f.storeId);
    if (f.dbId !== undefined) q = q.where('i.db_id', '=', f.dbId);
    if (f.sectionId !== undefined) q = q.where('i.section_id', '=', f.sectionId);
    if (f.updatedSince !== undefined) q = q.where('i.updated_at', '>', f.updatedSince);
    if (f.filter !== undefined && f.filter !== '') q = q.where(containsText('i.title', f.filter));
    const rows = await q.orderBy('i.id').limit(PAGE).execute();
    for (const r of rows) {
      const cells: Record<SheetColumn, unknown> = {
        ...itemSheetCells(r),
        SectionTitle: r.section_title ?? '',
        DbTitle: r.db_title,
        StoreTitle: r.store_title,
        StoreDescription: r.store_description,
        StoreHidden: r.store_hidden !== 0,
        StoreType: r.store_type,
        CategoryID: r.category_id,
        CategoryTitle: r.category_title,
      };
      out.push(SHEET_COLUMNS.map((c) => cells[c]));
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < PAGE) break;
    after = last.id;
  }
  return out;
}

/** The export as file bytes of the given format. */
export async function exportCatalogue(
  db: Kysely<Database>,
  f: ItemFilter,
  format: SheetFormat,
): Promise<{ bytes: Uint8Array; rows: number }> {
  const rows = await exportRows(db, f);
  if (format === 'xlsx') return { bytes: await writeXlsx('Items', SHEET_COLUMNS, rows), rows: rows.length };
  return { bytes: new TextEncoder().encode(writeCsv(SHEET_COLUMNS, rows)), rows: rows.length };
}

/** The file name of an export of `f`: the store's, database's and section's titles and the filter, then the date. */
export async function exportName(
  db: Kysely<Database>,
  f: ItemFilter,
  date: string,
  format: SheetFormat,
): Promise<string> {
  const title = async (table: 'stores' | 'store_dbs' | 'sections', id: number | undefined) =>
    id === undefined
      ? undefined
      : ((await db.selectFrom(table).select('title').where('id', '=', id).executeTakeFirst())?.title ?? `${id}`);
  const [store, storeDb, section] = await Promise.all([
    title('stores', f.storeId),
    title('store_dbs', f.dbId),
    title('sections', f.sectionId),
  ]);
  return exportFileName([store, storeDb, section, f.filter === '' ? undefined : f.filter], date, format);
}
