import type { Kysely } from 'kysely';
import { sanitizeContent } from '../../lib/content/sanitize.ts';
import { parseCustomOrder } from '../../lib/domain/catalogue.ts';
import { reorderForm, type SectionForm, sectionForm } from '../../lib/domain/catalogue-forms.ts';
import type { StaffSectionDto } from '../../lib/domain/staff-dtos.ts';
import { type ListQuery, paginate } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database, Section } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag } from '../http/wire.ts';
import {
  assertBodyId,
  assertUnchanged,
  auditStaff,
  changedFields,
  countOf,
  type EditMode,
  inTransaction,
  nameSome,
  parseForm,
  parsePatch,
  referencedConflict,
  type StaffAct,
} from './staff.ts';
import { findStoreDbForField, findStoreDbOr404 } from './store-dbs.ts';

// Draft sections as staff edit them in a store database (`/api/Section`); publishing them is
// `section-publishing.ts`, the public copies `published-sections.ts`.

/** What a staff section answer needs beside the row: its store, item count and published copy. */
export interface SectionFacts {
  storeId: number;
  itemCount: number;
  published: { updated_at: string } | undefined;
}

export function toStaffSectionDto(row: Section, facts: SectionFacts): StaffSectionDto {
  return {
    SectionID: row.id,
    DbID: row.db_id,
    StoreID: facts.storeId,
    SectionTitle: row.title,
    SectionMetaDescription: row.meta_description,
    SectionContent: row.content,
    SectionHidden: flag(row.hidden),
    CustomOrder: row.custom_order,
    SectionUpdatedTime: row.updated_at,
    ItemCount: facts.itemCount,
    Published: facts.published !== undefined,
    PublishedTime: facts.published?.updated_at ?? null,
  };
}

/** The facts of each given section (all in database `dbId`), in two queries. */
export async function findSectionFacts(
  db: Kysely<Database>,
  dbId: number,
  sectionIds: number[],
): Promise<Map<number, SectionFacts>> {
  const storeDb = await db.selectFrom('store_dbs').select('store_id').where('id', '=', dbId).executeTakeFirst();
  const facts = new Map<number, SectionFacts>(
    sectionIds.map((id) => [id, { storeId: storeDb?.store_id ?? 0, itemCount: 0, published: undefined }]),
  );
  if (sectionIds.length === 0) return facts;
  const [counts, published] = await Promise.all([
    db
      .selectFrom('items')
      .select(['section_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('section_id', 'in', sectionIds)
      .where('db_id', '=', dbId)
      .groupBy('section_id')
      .execute(),
    db
      .selectFrom('published_sections')
      .select(['section_id', 'updated_at'])
      .where('section_id', 'in', sectionIds)
      .where('db_id', '=', dbId)
      .execute(),
  ]);
  for (const c of counts) {
    const f = c.section_id === null ? undefined : facts.get(c.section_id);
    if (f !== undefined) f.itemCount = Number(c.n);
  }
  for (const p of published) {
    const f = facts.get(p.section_id);
    if (f !== undefined) f.published = { updated_at: p.updated_at };
  }
  return facts;
}

/** One section with its facts, for an answer. */
export async function staffSectionDto(db: Kysely<Database>, row: Section): Promise<StaffSectionDto> {
  const facts = (await findSectionFacts(db, row.db_id, [row.id])).get(row.id);
  return toStaffSectionDto(row, facts ?? { storeId: 0, itemCount: 0, published: undefined });
}

/** The fields a store database's section list sorts by (`sort=`), and their columns. */
export const SECTION_SORTABLE = {
  SectionID: 'id',
  SectionTitle: 'title',
  SectionUpdatedTime: 'updated_at',
} as const;
export type SectionSortColumn = (typeof SECTION_SORTABLE)[keyof typeof SECTION_SORTABLE];

/** One page of a store database's sections as staff edit them (published or not), with the total; 404 for an unknown database. */
export async function readSectionPage(
  db: Kysely<Database>,
  dbId: number,
  list: ListQuery<SectionSortColumn>,
): Promise<{ sections: StaffSectionDto[]; total: number }> {
  let query = db.selectFrom('sections').where('db_id', '=', dbId);
  if (list.filter !== '') query = query.where(containsText('title', list.filter));
  const { rows, total } = await paginate(query, list, (q) =>
    q.selectAll().orderBy(list.sort.column, list.sort.direction).orderBy('id'),
  );
  if (rows.length === 0) await findStoreDbOr404(db, dbId);
  const facts = await findSectionFacts(
    db,
    dbId,
    rows.map((r) => r.id),
  );
  const sections = rows.map((r) =>
    toStaffSectionDto(r, facts.get(r.id) ?? { storeId: 0, itemCount: 0, published: undefined }),
  );
  return { sections, total };
}

/** A section (draft or published) by its id, or a 404 naming it. */
export async function findSectionOr404(db: Kysely<Database>, id: number): Promise<Section> {
  const row = await db.selectFrom('sections').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Section ${id} does not exist.`);
  return row;
}

// Keeps each `id in (…)` well under both engines' bound-parameter limits.
const ID_CHUNK = 500;

/**
 * A 400 naming `field` unless every id is an item of store database `dbId`
 * (the rule for a CustomOrder: it may list any item of the section's database).
 */
export async function assertItemsInDb(
  db: Kysely<Database>,
  dbId: number,
  ids: readonly number[],
  field: string,
): Promise<void> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const chunk = ids.slice(i, i + ID_CHUNK);
    const rows = await db.selectFrom('items').select('id').where('id', 'in', chunk).where('db_id', '=', dbId).execute();
    for (const r of rows) found.add(r.id);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw AppError.invalidField(
      field,
      `must list only items of store database ${dbId}; ${nameSome(missing.map(String), missing.length)} ${
        missing.length === 1 ? 'is' : 'are'
      } not`,
    );
  }
}

/** A draft section as its form's values (what a PATCH or a publish starts from). */
export function formOf(row: Section): SectionForm {
  return {
    DbID: row.db_id,
    SectionTitle: row.title,
    SectionMetaDescription: row.meta_description,
    SectionContent: row.content,
    SectionHidden: flag(row.hidden),
    // A stored list that is not valid JSON counts as empty; it is kept unless the change replaces it.
    CustomOrder: parseCustomOrder(row.custom_order) ?? [],
  };
}

/** Creates a draft section in a store database. Drafts are not public, so the site stays up to date. */
export function createSection(db: Kysely<Database>, act: StaffAct, body: Record<string, unknown>): Promise<Section> {
  const form = parseForm(sectionForm, body);
  return inTransaction(db, async (trx) => {
    await findStoreDbForField(trx, form.DbID, 'DbID');
    await assertItemsInDb(trx, form.DbID, form.CustomOrder, 'CustomOrder');
    const row = await trx
      .insertInto('sections')
      .values({
        db_id: form.DbID,
        title: form.SectionTitle,
        meta_description: form.SectionMetaDescription,
        content: sanitizeContent(form.SectionContent),
        hidden: form.SectionHidden ? 1 : 0,
        custom_order: JSON.stringify(form.CustomOrder),
        updated_at: act.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'section.created', `section:${row.id}`, {
      ...form,
      SectionContent: `(${row.content.length} characters)`,
    });
    return row;
  });
}

/** Replaces (PUT) or changes (PATCH) a draft section; its store database cannot change. */
export function editSection(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  body: Record<string, unknown>,
  mode: EditMode,
): Promise<Section> {
  assertBodyId(body, 'SectionID', id);
  return inTransaction(db, async (trx) => {
    const current = await findSectionOr404(trx, id);
    assertUnchanged(body, 'DbID', current.db_id, 'a section stays in its store database');
    const before = formOf(current);
    const change =
      mode === 'put' ? parseForm(sectionForm, { ...body, DbID: current.db_id }) : parsePatch(sectionForm, body, before);
    if (change.CustomOrder !== undefined) await assertItemsInDb(trx, current.db_id, change.CustomOrder, 'CustomOrder');
    const row = await trx
      .updateTable('sections')
      .set({
        ...(change.SectionTitle === undefined ? {} : { title: change.SectionTitle }),
        ...(change.SectionMetaDescription === undefined ? {} : { meta_description: change.SectionMetaDescription }),
        ...(change.SectionContent === undefined ? {} : { content: sanitizeContent(change.SectionContent) }),
        ...(change.SectionHidden === undefined ? {} : { hidden: change.SectionHidden ? 1 : 0 }),
        ...(change.CustomOrder === undefined ? {} : { custom_order: JSON.stringify(change.CustomOrder) }),
        updated_at: act.at,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'section.edited', `section:${id}`, {
      changed: changedFields(before, { ...formOf(row), DbID: row.db_id }),
    });
    return row;
  });
}

/** Saves the order of a section's items (drag and drop) as its CustomOrder. */
export function reorderSection(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  body: Record<string, unknown>,
): Promise<Section> {
  const form = parseForm(reorderForm, body);
  return inTransaction(db, async (trx) => {
    const current = await findSectionOr404(trx, id);
    await assertItemsInDb(trx, current.db_id, form.ItemIDs, 'ItemIDs');
    const row = await trx
      .updateTable('sections')
      .set({ custom_order: JSON.stringify(form.ItemIDs), updated_at: act.at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'section.reordered', `section:${id}`, {
      from: current.custom_order.slice(0, 500),
      to: row.custom_order.slice(0, 500),
    });
    return row;
  });
}

/**
 * Deletes a draft section that holds no items and is not published; a 409
 * naming its items, or saying it is published, otherwise.
 */
export function deleteSection(db: Kysely<Database>, act: StaffAct, id: number): Promise<Section> {
  return inTransaction(db, async (trx) => {
    const row = await findSectionOr404(trx, id);
    const [items, count, published] = await Promise.all([
      trx.selectFrom('items').select('title').where('section_id', '=', id).orderBy('id').limit(5).execute(),
      trx
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('section_id', '=', id)
        .executeTakeFirstOrThrow(),
      trx.selectFrom('published_sections').select('db_id').where('section_id', '=', id).execute(),
    ]);
    const itemCount = Number(count.n);
    if (itemCount > 0 || published.length > 0) {
      const reasons: string[] = [];
      if (itemCount > 0) {
        reasons.push(
          `has ${countOf(itemCount, 'item')}: ${nameSome(
            items.map((i) => i.title),
            itemCount,
          )} (move them to another section or delete them)`,
        );
      }
      if (published.length > 0) reasons.push('is published (unpublish it with Publisher Delete)');
      throw referencedConflict(`Section ${id} ${reasons.join(' and ')}. Do that first.`, {
        Items: itemCount,
        Published: published.length,
      });
    }
    await trx.deleteFrom('sections').where('id', '=', id).execute();
    await auditStaff(trx, act, 'section.deleted', `section:${id}`, { SectionTitle: row.title, DbID: row.db_id });
    return row;
  });
}
