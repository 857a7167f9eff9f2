import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { orderByCustomOrder, parseCustomOrder, type SectionWithListDto } from '../../lib/domain/catalogue.ts';
import type { AppDeps, Logger } from '../app.ts';
import type { Database, Item, PublishedSection } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { idParam } from '../http.ts';
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

/** `/api/Section`: a published section together with its items, for the section page. */
export function sectionRoutes({ db, log }: AppDeps): Hono {
  return new Hono().get('/readsectionwithlist/:sectionId/:dbId', async (c) => {
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
  });
}
