import { type Context, Hono } from 'hono';
import type { CategoryDto } from '../../lib/domain/catalogue.ts';
import type { AppDeps } from '../app.ts';
import { readJsonObject } from '../auth/input.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { createCategory, deleteCategory, editCategory } from '../catalogue/categories.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import { containsText } from '../db/query.ts';
import type { Category } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { idParam, pagedJson, parsePaging } from '../http.ts';

export function toCategoryDto(row: Category): CategoryDto {
  return { CategoryID: row.id, CategoryTitle: row.title, CategoryUpdatedTime: row.updated_at };
}

const sortable = { CategoryID: 'id', CategoryTitle: 'title', CategoryUpdatedTime: 'updated_at' } as const;

/** `/api/Category`: public catalogue reads; staff (Employee) create, edit and delete. */
export function categoryRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');
  const edit = (mode: EditMode) =>
    [
      staff,
      async (c: Context<AuthEnv>) => {
        const id = idParam(c, 'id');
        const row = await editCategory(db, staffAct(c, deps), id, await readJsonObject(c), mode);
        return c.json(toCategoryDto(row));
      },
    ] as const;
  return new Hono<AuthEnv>()
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
    })
    .post('/create', staff, async (c) => {
      const row = await createCategory(db, staffAct(c, deps), await readJsonObject(c));
      return c.json(toCategoryDto(row), 201);
    })
    .put('/edit/:id', ...edit('put'))
    .patch('/edit/:id', ...edit('patch'))
    .delete('/delete/:id', staff, async (c) => {
      const id = idParam(c, 'id');
      const row = await deleteCategory(db, staffAct(c, deps), id);
      return c.json({ Message: `Category ${id} (${row.title}) was deleted.` });
    });
}
