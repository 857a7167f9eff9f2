import type { Kysely } from 'kysely';
import { sanitizeContent } from '../../lib/content/sanitize.ts';
import { parseCustomOrder } from '../../lib/domain/catalogue.ts';
import { publishForm } from '../../lib/domain/catalogue-forms.ts';
import type { Database, PublishedSection } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { flag } from '../http/wire.ts';
import { assertItemsInDb, findSectionOr404, formOf } from './sections.ts';
import { markContentChanged } from './site-state.ts';
import { assertBodyId, assertUnchanged, auditStaff, inTransaction, parsePatch, type StaffAct } from './staff.ts';
import { findStoreDbOr404 } from './store-dbs.ts';

// Publishing a draft section into the public catalogue (`/api/Publisher` Edit and Delete).

/** Result of publishing: the public copy, and whether it is new. */
export interface Published {
  row: PublishedSection;
  created: boolean;
}

/**
 * Publishes a section from its store database into the public catalogue
 * (inserting or replacing its public copy). The body may carry `DbID` (which
 * must be the section's) and overrides of SectionTitle, SectionMetaDescription,
 * SectionContent, SectionHidden and CustomOrder for the public copy; fields it
 * leaves out come from the draft. The CustomOrder published, given or the
 * draft's, must list only items of the section's database.
 */
export function publishSection(
  db: Kysely<Database>,
  act: StaffAct,
  sectionId: number,
  body: Record<string, unknown>,
): Promise<Published> {
  assertBodyId(body, 'SectionID', sectionId);
  return inTransaction(db, async (trx) => {
    const draft = await findSectionOr404(trx, sectionId);
    assertUnchanged(body, 'DbID', draft.db_id, `section ${sectionId} is in store database ${draft.db_id}`);
    const draftForm = formOf(draft);
    const overrides = parsePatch(publishForm, body, draftForm);
    let customOrder = overrides.CustomOrder;
    if (customOrder === undefined) {
      const fromDraft = parseCustomOrder(draft.custom_order);
      if (fromDraft === null) {
        throw AppError.invalidField(
          'CustomOrder',
          `of section ${sectionId} is not a JSON array of ItemIDs; send CustomOrder or fix the section first`,
        );
      }
      customOrder = fromDraft;
    }
    await assertItemsInDb(trx, draft.db_id, customOrder, 'CustomOrder');
    const storeDb = await findStoreDbOr404(trx, draft.db_id);
    const values = {
      store_id: storeDb.store_id,
      title: overrides.SectionTitle ?? draft.title,
      meta_description: overrides.SectionMetaDescription ?? draft.meta_description,
      content: sanitizeContent(overrides.SectionContent ?? draft.content),
      hidden: (overrides.SectionHidden ?? flag(draft.hidden)) ? 1 : 0,
      custom_order: JSON.stringify(customOrder),
      updated_at: act.at,
    };
    const existing = await trx
      .selectFrom('published_sections')
      .select('published_at')
      .where('section_id', '=', sectionId)
      .where('db_id', '=', draft.db_id)
      .executeTakeFirst();
    // An upsert, not insert-or-update: a racing publish of the same section may insert first.
    const row = await trx
      .insertInto('published_sections')
      .values({ section_id: sectionId, db_id: draft.db_id, published_at: act.at, ...values })
      .onConflict((oc) => oc.columns(['section_id', 'db_id']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'section.published', `section:${sectionId}`, {
      DbID: draft.db_id,
      created: existing === undefined,
      overrides: Object.keys(overrides).filter((k) => k !== 'DbID'),
    });
    return { row, created: existing === undefined };
  });
}

/** Takes a section's public copy out of the catalogue; the draft stays. 404 when it is not published. */
export function unpublishSection(
  db: Kysely<Database>,
  act: StaffAct,
  sectionId: number,
  dbId: number,
): Promise<PublishedSection> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('published_sections')
      .selectAll()
      .where('section_id', '=', sectionId)
      .where('db_id', '=', dbId)
      .executeTakeFirst();
    if (row === undefined) throw AppError.notFound(`Section ${sectionId} is not published in database ${dbId}.`);
    await trx.deleteFrom('published_sections').where('section_id', '=', sectionId).where('db_id', '=', dbId).execute();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'section.unpublished', `section:${sectionId}`, { DbID: dbId, SectionTitle: row.title });
    return row;
  });
}
