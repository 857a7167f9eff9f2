import { Hono } from 'hono';
import type { CategoryDto } from '../../lib/domain/catalogue.ts';
import type { AppDeps } from '../app.ts';
import { containsText } from '../db/query.ts';
import type { Category } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { idParam, pagedJson, parsePaging } from '../http.ts';

export function toCategoryDto(row: Category): CategoryDto {
  return { CategoryID: row.id, CategoryTitle: row.title, CategoryUpdatedTime: row.updated_at };
}

const sortable = { CategoryID: 'id', CategoryTitle: 'title', CategoryUpdatedTime: 'updated_at' } as const;

/** `/api/Category`: public catalogue reads. */
export function categoryRoutes({ db }: AppDeps): Hono {
  return new Hono()
    .get('/readall', async (c) => {
      const paging = parsePaging(c, sortable, { column: 'id', direction: 'asc' });
      let query = db.selectFrom('categories');
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
      return pagedJson(c, rows.map(toCategoryDto), Number(count.n), paging);
    })
    .get('/read/:id', async (c) => {
      const id = idParam(c, 'id');
      const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (row === undefined) throw AppError.notFound(`Category ${id} does not exist.`);
      return c.json(toCategoryDto(row));
    });
}
