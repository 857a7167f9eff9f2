import { type Context, Hono } from 'hono';
import { type AuthEnv, listCallerOf, requireRole } from '../auth/middleware.ts';
import {
  PUBLISHED_LIST,
  readPublishedPage,
  readPublishedSection,
  toSectionDto,
} from '../catalogue/published-sections.ts';
import { publishSection, unpublishSection } from '../catalogue/section-publishing.ts';
import { staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, isoTimeQuery, readJsonObject } from '../http/input.ts';
import { boundedJson, inListTurn, parseBoundedPaging } from '../http/public-list.ts';

/**
 * `/api/Publisher`: the published sections, which are what the public sees.
 * Sections staff have not published (table `sections`) never appear here.
 * Staff (Employee) publish a section from its store database (Edit) and take
 * it back out (Delete).
 */
export function publisherRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');
  async function readAll(c: Context, storeId: number | undefined): Promise<Response> {
    const updatedSince = isoTimeQuery(c, 'updatedSince');
    const paging = parseBoundedPaging(c, await listCallerOf(c, deps), PUBLISHED_LIST, {
      constant: storeId === undefined ? [] : ['store_id'],
      updatedSince: updatedSince !== undefined,
    });
    const page = await inListTurn(deps.db, paging, () =>
      readPublishedPage(db, { storeId, updatedSince }, paging, paging.orderBy),
    );
    return boundedJson(c, page.rows.map(toSectionDto), page, paging);
  }

  return new Hono<AuthEnv>()
    .get('/readall', (c) => readAll(c, undefined))
    .get('/readall/:storeId', (c) => readAll(c, idParam(c, 'storeId')))
    .get('/read/:sectionId/:dbId', async (c) => {
      const sectionId = idParam(c, 'sectionId');
      const dbId = idParam(c, 'dbId');
      return c.json(await readPublishedSection(db, sectionId, dbId));
    })
    .put('/edit/:sectionId', staff, async (c) => {
      const sectionId = idParam(c, 'sectionId');
      const { row, created } = await publishSection(db, staffAct(c, deps), sectionId, await readJsonObject(c));
      return c.json(toSectionDto(row), created ? 201 : 200);
    })
    .delete('/delete/:sectionId/:dbId', staff, async (c) => {
      const sectionId = idParam(c, 'sectionId');
      const dbId = idParam(c, 'dbId');
      const row = await unpublishSection(db, staffAct(c, deps), sectionId, dbId);
      return c.json({ Message: `Section ${sectionId} (${row.title}) was unpublished from database ${dbId}.` });
    });
}
