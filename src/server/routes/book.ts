import { type Context, Hono } from 'hono';
import { BOOK_SORTABLE, readBook, readPublishedPage, toBookSummaryDto } from '../catalogue/sections.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, isoTimeQuery } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';

/**
 * `/api/Book`: published sections read as books (BookID is the SectionID). A
 * book comes with its items in CustomOrder order, so one request renders its page.
 */
export function bookRoutes({ db, log }: AppDeps): Hono {
  async function readAll(c: Context, storeId: number | undefined): Promise<Response> {
    const paging = parsePaging(c, BOOK_SORTABLE, { column: 'section_id', direction: 'asc' });
    const updatedSince = isoTimeQuery(c, 'updatedSince');
    const { rows, total } = await readPublishedPage(db, { storeId, updatedSince }, paging);
    return pagedJson(c, rows.map(toBookSummaryDto), total, paging);
  }

  return new Hono()
    .get('/readall', (c) => readAll(c, undefined))
    .get('/readall/:storeId', (c) => readAll(c, idParam(c, 'storeId')))
    .get('/read/:bookId', async (c) => c.json(await readBook(db, log, idParam(c, 'bookId'), undefined)))
    .get('/read/:bookId/:dbId', async (c) => {
      const bookId = idParam(c, 'bookId');
      const dbId = idParam(c, 'dbId');
      return c.json(await readBook(db, log, bookId, dbId));
    });
}
