import { type Context, Hono } from 'hono';
import { listCallerOf } from '../auth/middleware.ts';
import { BOOK_LIST, readBook, readPublishedPage, toBookSummaryDto } from '../catalogue/published-sections.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, isoTimeQuery } from '../http/input.ts';
import { boundedJson, inListTurn, parseBoundedPaging } from '../http/public-list.ts';

/**
 * `/api/Book`: published sections read as books (BookID is the SectionID). A
 * book comes with its items in CustomOrder order, so one request renders its page.
 */
export function bookRoutes(deps: AppDeps): Hono {
  const { db, log } = deps;
  async function readAll(c: Context, storeId: number | undefined): Promise<Response> {
    const updatedSince = isoTimeQuery(c, 'updatedSince');
    const paging = parseBoundedPaging(c, await listCallerOf(c, deps), BOOK_LIST, {
      constant: storeId === undefined ? [] : ['store_id'],
      updatedSince: updatedSince !== undefined,
    });
    const page = await inListTurn(deps.db, paging, () =>
      readPublishedPage(db, { storeId, updatedSince }, paging, paging.orderBy),
    );
    return boundedJson(c, page.rows.map(toBookSummaryDto), page, paging);
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
