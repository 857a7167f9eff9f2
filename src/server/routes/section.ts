import { type Context, Hono } from 'hono';
import { contentFolder } from '../../lib/domain/content-images.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { removeImagesOf } from '../catalogue/content-images.ts';
import { readSectionWithList } from '../catalogue/published-sections.ts';
import {
  createSection,
  deleteSection,
  editSection,
  findSectionOr404,
  readSectionPage,
  reorderSection,
  SECTION_SORTABLE,
  staffSectionDto,
} from '../catalogue/sections.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import type { Section } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, readJsonObject } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';

/**
 * `/api/Section`: a published section together with its items, for the section
 * page (public); and for staff (Employee) the sections of a store database as
 * they edit them, published or not: read, create, edit, reorder and delete.
 */
export function sectionRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db, log } = deps;
  const staff = requireRole(deps, 'Employee');
  const answer = async (c: Context, row: Section, status: 200 | 201 = 200) =>
    c.json(await staffSectionDto(db, row), status);
  const edit = (mode: EditMode) =>
    [
      staff,
      async (c: Context<AuthEnv>) => {
        const id = idParam(c, 'id');
        return answer(c, await editSection(db, staffAct(c, deps), id, await readJsonObject(c), mode));
      },
    ] as const;

  return new Hono<AuthEnv>()
    .get('/readsectionwithlist/:sectionId/:dbId', async (c) => {
      const sectionId = idParam(c, 'sectionId');
      const dbId = idParam(c, 'dbId');
      return c.json(await readSectionWithList(db, log, sectionId, dbId));
    })
    .get('/readall/:dbId', staff, async (c) => {
      const dbId = idParam(c, 'dbId');
      const paging = parsePaging(c, SECTION_SORTABLE, { column: 'id', direction: 'asc' });
      const { sections, total } = await readSectionPage(db, dbId, paging);
      return pagedJson(c, sections, total, paging);
    })
    .get('/read/:id', staff, async (c) => answer(c, await findSectionOr404(db, idParam(c, 'id'))))
    .post('/create', staff, async (c) =>
      answer(c, await createSection(db, staffAct(c, deps), await readJsonObject(c)), 201),
    )
    .put('/edit/:id', ...edit('put'))
    .patch('/edit/:id', ...edit('patch'))
    .put('/reorder/:id', staff, async (c) => {
      const id = idParam(c, 'id');
      return answer(c, await reorderSection(db, staffAct(c, deps), id, await readJsonObject(c)));
    })
    .delete('/delete/:id', staff, async (c) => {
      const id = idParam(c, 'id');
      const row = await deleteSection(db, staffAct(c, deps), id);
      await removeImagesOf(
        deps.contentDir,
        [contentFolder({ kind: 'Section', id, dbId: row.db_id }), contentFolder({ kind: 'Book', id, dbId: row.db_id })],
        log,
      );
      return c.json({ Message: `Section ${id} (${row.title}) was deleted.` });
    });
}
