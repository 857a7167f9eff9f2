import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import { orderByCustomOrder, parseCustomOrder, type SectionWithListDto } from '../../lib/domain/catalogue.ts';
import type { AppDeps, Logger } from '../app.ts';
import { readJsonObject } from '../auth/input.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { removeImagesOf } from '../catalogue/content-images.ts';
import {
  createSection,
  deleteSection,
  editSection,
  findSectionFacts,
  findSectionOr404,
  reorderSection,
  staffSectionDto,
  toStaffSectionDto,
} from '../catalogue/sections.ts';
import { type EditMode, staffAct } from '../catalogue/staff.ts';
import { findStoreDbOr404 } from '../catalogue/store-dbs.ts';
import { containsText } from '../db/query.ts';
import type { Database, Item, PublishedSection, Section } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { idParam, pagedJson, parsePaging } from '../http.ts';
import { toItemDto } from './item.ts';
import { findPublishedSection, toSectionDto } from './publisher.ts';

/** The items filed in a section of one database, by ItemID, over the index `items (section_id, id)`. */
export async function findSectionItems(db: Kysely<Database>, sectionId: number, dbId: number): Promise<Item[]> {
  // The database is checked here rather than in SQL: given both columns, SQLite's
  // planner may pick `items (db_id, id)` and walk a whole catalogue for one section.
  const rows = await db.selectFrom('items').selectAll().where('section_id', '=', sectionId).orderBy('id').execute();
  return rows.filter((row) => row.db_id === dbId);
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

const staffSortable = {
  SectionID: 'id',
  SectionTitle: 'title',
  SectionUpdatedTime: 'updated_at',
} as const;

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
      const [row, items] = await Promise.all([
        findPublishedSection(db, sectionId, dbId),
        findSectionItems(db, sectionId, dbId),
      ]);
      if (row === undefined) throw AppError.notFound(`Section ${sectionId} is not published in database ${dbId}.`);
      const order = readCustomOrder(row, log) ?? [];
      const body: SectionWithListDto = {
        ...toSectionDto(row),
        items: orderByCustomOrder(items.map(toItemDto), order),
      };
      return c.json(body);
    })
    .get('/readall/:dbId', staff, async (c) => {
      const dbId = idParam(c, 'dbId');
      const paging = parsePaging(c, staffSortable, { column: 'id', direction: 'asc' });
      let query = db.selectFrom('sections').where('db_id', '=', dbId);
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
      if (rows.length === 0) await findStoreDbOr404(db, dbId);
      const facts = await findSectionFacts(
        db,
        dbId,
        rows.map((r) => r.id),
      );
      const dtos = rows.map((r) =>
        toStaffSectionDto(r, facts.get(r.id) ?? { storeId: 0, itemCount: 0, published: undefined }),
      );
      return pagedJson(c, dtos, Number(count.n), paging);
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
      await removeImagesOf(deps.contentDir, [`${row.db_id}/Section/${id}`, `${row.db_id}/Book/${id}`], log);
      return c.json({ Message: `Section ${id} (${row.title}) was deleted.` });
    });
}
