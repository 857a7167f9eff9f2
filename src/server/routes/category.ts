import { type Context, Hono } from 'hono';
import { type AuthEnv, listCallerOf, requireRole } from '../auth/middleware.ts';
import {
  CATEGORY_LIST,
  createCategory,
  deleteCategory,
  editCategory,
  findCategoryOr404,
  readCategoryPage,
  toCategoryDto,
} from '../catalogue/categories.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, readJsonObject } from '../http/input.ts';
import { boundedJson, inListTurn, parseBoundedPaging } from '../http/public-list.ts';

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
      const paging = parseBoundedPaging(c, await listCallerOf(c, deps), CATEGORY_LIST);
      const page = await inListTurn(deps.db, paging, () => readCategoryPage(db, paging, paging.orderBy));
      return boundedJson(c, page.categories, page, paging);
    })
    .get('/read/:id', async (c) => c.json(toCategoryDto(await findCategoryOr404(db, idParam(c, 'id')))))
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
