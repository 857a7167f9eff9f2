import { type Kysely, sql } from 'kysely';
import { normaliseText } from '../../lib/domain/search-words.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { auditStaff, inTransaction, type StaffAct } from './staff.ts';

/** The most synonym groups, terms in a group and characters in a term. */
export const SYNONYM_GROUPS_MAX = 500;
export const SYNONYM_TERMS_MAX = 20;
export const SYNONYM_TERM_CHARS_MAX = 40;

/** `GET`/`PUT /api/Search/Synonyms`: every group of words the search treats as one. */
export interface SynonymsDto {
  Groups: string[][];
}

/** The synonym groups, in the order staff saved them; each a list of terms (lower case). */
export async function readSynonymGroups(db: Kysely<Database>): Promise<string[][]> {
  const rows = await db.selectFrom('search_synonyms').select('terms').orderBy('id').execute();
  return rows.map((r) =>
    r.terms
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
  );
}

/** The groups checked and written in their normal form (lower case, one space between words), or a 400 naming the rule. */
export function parseSynonyms(body: Record<string, unknown>): string[][] {
  const groups = body.Groups;
  const bad = (rule: string) => AppError.invalidField('Groups', rule);
  if (!Array.isArray(groups)) throw bad('must be a list of groups, each a list of words');
  if (groups.length > SYNONYM_GROUPS_MAX) throw bad(`must hold at most ${SYNONYM_GROUPS_MAX} groups`);
  return groups.map((group, i) => {
    const where = `group ${i + 1}`;
    if (!Array.isArray(group)) throw bad(`${where} must be a list of words`);
    const terms = [
      ...new Set(
        group.map((t) => {
          if (typeof t !== 'string') throw bad(`${where} must hold only texts`);
          const n = normaliseText(t);
          if (n === '') throw bad(`${where} has an empty term`);
          if ([...n].length > SYNONYM_TERM_CHARS_MAX) {
            throw bad(`${where}: "${t}" is longer than ${SYNONYM_TERM_CHARS_MAX} characters`);
          }
          return n;
        }),
      ),
    ];
    if (terms.length < 2) throw bad(`${where} must hold at least 2 different terms`);
    if (terms.length > SYNONYM_TERMS_MAX) throw bad(`${where} must hold at most ${SYNONYM_TERMS_MAX} terms`);
    return terms;
  });
}

/** Replaces every synonym group in one transaction, audited; searches use them at once. */
export async function saveSynonyms(
  db: Kysely<Database>,
  act: StaffAct,
  body: Record<string, unknown>,
): Promise<SynonymsDto> {
  const groups = parseSynonyms(body);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('search_synonyms').execute();
    if (groups.length > 0) {
      await trx
        .insertInto('search_synonyms')
        .values(groups.map((g) => ({ terms: g.join(',') })))
        .execute();
    }
    await trx
      .updateTable('search_state')
      .set({ synonyms_version: sql`synonyms_version + 1` })
      .where('id', '=', 1)
      .execute();
    await auditStaff(trx, act, 'search.synonyms', 'search:synonyms', { groups: groups.length });
  });
  return { Groups: groups };
}
