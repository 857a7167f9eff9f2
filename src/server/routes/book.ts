import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { type BookDto, type BookSummaryDto, orderByCustomOrder } from '../../lib/domain/catalogue.ts';
import type { AppDeps } from '../app.ts';
import type { Database, Item, PublishedSection } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag, idParam, pagedJson } from '../http.ts';
import { toItemDto } from './item.ts';
import { findPublishedPage, findPublishedSection } from './publisher.ts';
import { findSectionItems, readCustomOrder } from './section.ts';

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

// Keeps each `id in (…)` well under both engines' bound-parameter limits.
const ID_CHUNK = 500;

/** The items of one database with the given ids, in no particular order (primary-key lookups). */
async function findItemsByIds(db: Kysely<Database>, dbId: number, ids: readonly number[]): Promise<Item[]> {
  const unique = [...new Set(ids)];
  const found: Item[] = [];
  for (let i = 0; i < unique.length; i += ID_CHUNK) {
    const chunk = unique.slice(i, i + ID_CHUNK);
    found.push(
      ...(await db.selectFrom('items').selectAll().where('id', 'in', chunk).where('db_id', '=', dbId).execute()),
    );
  }
  return found;
}

const sortable = {
  BookID: 'section_id',
  DbID: 'db_id',
  StoreID: 'store_id',
  BookTitle: 'title',
  BookUpdatedTime: 'updated_at',
} as const;

/**
 * `/api/Book`: published sections read as books (BookID is the SectionID). A
 * book comes with its items in CustomOrder order, so one request renders its page.
 */
export function bookRoutes({ db, log }: AppDeps): Hono {
  async function readBook(c: Context, row: PublishedSection): Promise<Response> {
    const order = readCustomOrder(row, log);
    const items =
      order === null || order.length === 0
        ? (await findSectionItems(db, row.section_id, row.db_id)).map(toItemDto)
        : orderByCustomOrder((await findItemsByIds(db, row.db_id, order)).map(toItemDto), order);
    const body: BookDto = { ...toBookSummaryDto(row), items };
    return c.json(body);
  }

  async function readAll(c: Context, storeId: number | undefined): Promise<Response> {
    const { rows, total, paging } = await findPublishedPage(db, c, sortable, storeId);
    return pagedJson(c, rows.map(toBookSummaryDto), total, paging);
  }

  return new Hono()
    .get('/readall', (c) => readAll(c, undefined))
    .get('/readall/:storeId', (c) => readAll(c, idParam(c, 'storeId')))
    .get('/read/:bookId', async (c) => {
      const bookId = idParam(c, 'bookId');
      // A section lives in one database, so its id alone finds it; the lowest DbID wins should that ever change.
      const row = await db
        .selectFrom('published_sections')
        .selectAll()
        .where('section_id', '=', bookId)
        .orderBy('db_id')
        .limit(1)
        .executeTakeFirst();
      if (row === undefined) throw AppError.notFound(`Book ${bookId} does not exist.`);
      return readBook(c, row);
    })
    .get('/read/:bookId/:dbId', async (c) => {
      const bookId = idParam(c, 'bookId');
      const dbId = idParam(c, 'dbId');
      const row = await findPublishedSection(db, bookId, dbId);
      if (row === undefined) throw AppError.notFound(`Book ${bookId} does not exist in database ${dbId}.`);
      return readBook(c, row);
    });
}
