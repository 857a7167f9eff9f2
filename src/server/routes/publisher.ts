import { type Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { SectionDto } from '../../lib/domain/catalogue.ts';
import type { AppDeps } from '../app.ts';
import { readJsonObject } from '../auth/input.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { publishSection, unpublishSection } from '../catalogue/sections.ts';
import { staffAct } from '../catalogue/staff.ts';
import { containsText } from '../db/query.ts';
import type { Database, PublishedSection } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag, idParam, isoTimeQuery, type Paging, pagedJson, parsePaging } from '../http.ts';

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

/** Answers 404 for a store that does not exist (used when a store's list comes back empty). */
export async function assertStoreExists(db: Kysely<Database>, storeId: number): Promise<void> {
  const store = await db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
  if (store === undefined) throw AppError.notFound(`Store ${storeId} does not exist.`);
}

/** One sort order for published sections, whether read as sections or as books. */
export type PublishedSortColumn = 'section_id' | 'db_id' | 'store_id' | 'title' | 'updated_at';

/**
 * One page of published sections (all, or one store's, over the index
 * `published_sections (store_id, section_id)`), filtered on title and on
 * `updatedSince`, with the total. Answers 404 for an unknown store.
 */
export async function findPublishedPage(
  db: Kysely<Database>,
  c: Context,
  sortable: Record<string, PublishedSortColumn>,
  storeId: number | undefined,
): Promise<{ rows: PublishedSection[]; total: number; paging: Paging<PublishedSortColumn> }> {
  const paging = parsePaging(c, sortable, { column: 'section_id', direction: 'asc' });
  const updatedSince = isoTimeQuery(c, 'updatedSince');
  let query = db.selectFrom('published_sections');
  if (storeId !== undefined) query = query.where('store_id', '=', storeId);
  if (paging.filter !== '') query = query.where(containsText('title', paging.filter));
  if (updatedSince !== undefined) query = query.where('updated_at', '>', updatedSince);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(paging.sort.column, paging.sort.direction)
      .orderBy('section_id')
      .orderBy('db_id')
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // A page with sections proves the store exists; only an empty one needs the check.
  if (rows.length === 0 && storeId !== undefined) await assertStoreExists(db, storeId);
  return { rows, total: Number(count.n), paging };
}

const sortable = {
  SectionID: 'section_id',
  DbID: 'db_id',
  StoreID: 'store_id',
  SectionTitle: 'title',
  SectionUpdatedTime: 'updated_at',
} as const;

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
    const { rows, total, paging } = await findPublishedPage(db, c, sortable, storeId);
    return pagedJson(c, rows.map(toSectionDto), total, paging);
  }

  return new Hono<AuthEnv>()
    .get('/readall', (c) => readAll(c, undefined))
    .get('/readall/:storeId', (c) => readAll(c, idParam(c, 'storeId')))
    .get('/read/:sectionId/:dbId', async (c) => {
      const sectionId = idParam(c, 'sectionId');
      const dbId = idParam(c, 'dbId');
      const row = await findPublishedSection(db, sectionId, dbId);
      if (row === undefined) {
        throw AppError.notFound(`Section ${sectionId} is not published in database ${dbId}.`);
      }
      return c.json(toSectionDto(row));
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
