import type { Kysely } from 'kysely';
import {
  type BookDto,
  type BookSummaryDto,
  orderByCustomOrder,
  parseCustomOrder,
  type SectionDto,
  type SectionWithListDto,
} from '../../lib/domain/catalogue.ts';
import { type BoundedListQuery, readListPage } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database, PublishedSection } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PublicListSpec } from '../http/public-list.ts';
import { flag } from '../http/wire.ts';
import type { Logger } from '../logger.ts';
import { findItemsByIds, findSectionItems, toItemDto } from './items.ts';
import { assertStoreExists } from './stores.ts';

// The published sections: what the public sees, read as sections (`/api/Publisher`,
// `/api/Section/ReadSectionWithList`) or as books (`/api/Book`, BookID = SectionID).

/** Wire shape of a published section. */
export function toSectionDto(row: PublishedSection): SectionDto {
  return {
    SectionID: row.section_id,
    DbID: row.db_id,
    StoreID: row.store_id,
    SectionTitle: row.title,
    SectionMetaDescription: row.meta_description,
    SectionContent: row.content,
    SectionHidden: flag(row.hidden),
    CustomOrder: row.custom_order,
    SectionUpdatedTime: row.updated_at,
  };
}

/** Wire shape of a published section read as a book, without its items. */
export function toBookSummaryDto(row: PublishedSection): BookSummaryDto {
  return {
    BookID: row.section_id,
    DbID: row.db_id,
    StoreID: row.store_id,
    BookTitle: row.title,
    BookMetaDescription: row.meta_description,
    BookHidden: flag(row.hidden),
    BookUpdatedTime: row.updated_at,
    SectionTitle: row.title,
    SectionMetaDescription: row.meta_description,
    SectionContent: row.content,
    CustomOrder: row.custom_order,
    linkparams: `${row.section_id}/${row.db_id}`,
  };
}

/** The published copy of a section, or `undefined`. */
export function findPublishedSection(
  db: Kysely<Database>,
  sectionId: number,
  dbId: number,
): Promise<PublishedSection | undefined> {
  return db
    .selectFrom('published_sections')
    .selectAll()
    .where('section_id', '=', sectionId)
    .where('db_id', '=', dbId)
    .executeTakeFirst();
}

/** The published copy of a section, or a 404 naming it. */
export async function readPublishedSection(db: Kysely<Database>, sectionId: number, dbId: number): Promise<SectionDto> {
  const row = await findPublishedSection(db, sectionId, dbId);
  if (row === undefined) throw AppError.notFound(`Section ${sectionId} is not published in database ${dbId}.`);
  return toSectionDto(row);
}

/** One sort order for published sections, whether read as sections or as books. */
export type PublishedSortColumn = 'section_id' | 'db_id' | 'store_id' | 'title' | 'updated_at';

/** The fields a list of published sections sorts by (`sort=`). */
export const PUBLISHED_SECTION_SORTABLE = {
  SectionID: 'section_id',
  DbID: 'db_id',
  StoreID: 'store_id',
  SectionTitle: 'title',
  SectionUpdatedTime: 'updated_at',
} as const satisfies Record<string, PublishedSortColumn>;

/** The fields a list of books sorts by (`sort=`). */
export const BOOK_SORTABLE = {
  BookID: 'section_id',
  DbID: 'db_id',
  StoreID: 'store_id',
  BookTitle: 'title',
  BookUpdatedTime: 'updated_at',
} as const satisfies Record<string, PublishedSortColumn>;

/** How the public lists of published sections and of books are ordered, and what they let the public ask. */
export const PUBLISHED_LIST: PublicListSpec<PublishedSortColumn> = {
  sortable: PUBLISHED_SECTION_SORTABLE,
  defaultSort: { column: 'section_id', direction: 'asc' },
  tiebreak: ['section_id', 'db_id'],
  types: { section_id: 'int', db_id: 'int', store_id: 'int', title: 'text', updated_at: 'text' },
  updatedColumn: 'updated_at',
  policy: { publicTextFilter: false, updatedTimeField: 'SectionUpdatedTime' },
};
export const BOOK_LIST: PublicListSpec<PublishedSortColumn> = {
  ...PUBLISHED_LIST,
  sortable: BOOK_SORTABLE,
  policy: { publicTextFilter: false, updatedTimeField: 'BookUpdatedTime' },
};

/**
 * One page of published sections (all, or one store's, over the index
 * `published_sections (store_id, section_id)`), filtered on title and on
 * `updatedSince`, with the total. Answers 404 for an unknown store.
 */
export async function readPublishedPage(
  db: Kysely<Database>,
  filters: { storeId?: number | undefined; updatedSince?: string | undefined },
  list: BoundedListQuery<PublishedSortColumn>,
  orderBy: readonly string[],
): Promise<{ rows: PublishedSection[]; total: number; exact: boolean; next: (string | number)[] | undefined }> {
  const { storeId, updatedSince } = filters;
  let query = db.selectFrom('published_sections');
  if (storeId !== undefined) query = query.where('store_id', '=', storeId);
  if (list.filter !== '') query = query.where(containsText('title', list.filter));
  if (updatedSince !== undefined) query = query.where('updated_at', '>', updatedSince);
  const page = await readListPage(db, query, list, orderBy, (q) => q.selectAll());
  // A page with sections proves the store exists; only an empty one needs the check.
  if (page.rows.length === 0 && storeId !== undefined) await assertStoreExists(db, storeId);
  return page;
}

/**
 * The ItemIDs of a published section's CustomOrder; `null` when the text is not
 * a list of ids, which is logged and then treated as no order (spec §8).
 */
export function readCustomOrder(row: PublishedSection, log: Logger): number[] | null {
  const order = parseCustomOrder(row.custom_order);
  if (order === null) {
    log({
      level: 'warn',
      msg: 'invalid CustomOrder ignored',
      sectionId: row.section_id,
      dbId: row.db_id,
      customOrder: row.custom_order.slice(0, 200),
    });
  }
  return order;
}

/** A published section with its items in CustomOrder order (the section page), or a 404. */
export async function readSectionWithList(
  db: Kysely<Database>,
  log: Logger,
  sectionId: number,
  dbId: number,
): Promise<SectionWithListDto> {
  const [row, items] = await Promise.all([
    findPublishedSection(db, sectionId, dbId),
    findSectionItems(db, sectionId, dbId),
  ]);
  if (row === undefined) throw AppError.notFound(`Section ${sectionId} is not published in database ${dbId}.`);
  const order = readCustomOrder(row, log) ?? [];
  return { ...toSectionDto(row), items: orderByCustomOrder(items.map(toItemDto), order) };
}

/**
 * A book (a published section by its id, in database `dbId` or, without one, the
 * lowest DbID that has it) with its items in CustomOrder order, or a 404.
 */
export async function readBook(
  db: Kysely<Database>,
  log: Logger,
  bookId: number,
  dbId: number | undefined,
): Promise<BookDto> {
  const row =
    dbId === undefined
      ? await db
          .selectFrom('published_sections')
          .selectAll()
          .where('section_id', '=', bookId)
          .orderBy('db_id')
          .limit(1)
          .executeTakeFirst()
      : await findPublishedSection(db, bookId, dbId);
  if (row === undefined) {
    throw AppError.notFound(
      dbId === undefined ? `Book ${bookId} does not exist.` : `Book ${bookId} does not exist in database ${dbId}.`,
    );
  }
  const order = readCustomOrder(row, log);
  const items =
    order === null || order.length === 0
      ? (await findSectionItems(db, row.section_id, row.db_id)).map(toItemDto)
      : orderByCustomOrder((await findItemsByIds(db, row.db_id, order)).map(toItemDto), order);
  return { ...toBookSummaryDto(row), items };
}
