import type { Kysely } from 'kysely';
import type { CategoryDto } from '../../lib/domain/catalogue.ts';
import { type CategoryForm, categoryForm } from '../../lib/domain/catalogue-forms.ts';
import { type BoundedListQuery, readListPage } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Category, Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { PublicListSpec } from '../http/public-list.ts';
import { markContentChanged } from './site-state.ts';
import {
  assertBodyId,
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

function formOf(row: Category): CategoryForm {
  return { CategoryTitle: row.title };
}

/** Wire shape of a category. */
export function toCategoryDto(row: Category): CategoryDto {
  return { CategoryID: row.id, CategoryTitle: row.title, CategoryUpdatedTime: row.updated_at };
}

/** The fields a category list sorts by (`sort=`), and their columns. */
export const CATEGORY_SORTABLE = {
  CategoryID: 'id',
  CategoryTitle: 'title',
  CategoryUpdatedTime: 'updated_at',
} as const;
export type CategorySortColumn = (typeof CATEGORY_SORTABLE)[keyof typeof CATEGORY_SORTABLE];

/** How the public category list is ordered, and what it lets the public ask (`http/public-list.ts`). */
export const CATEGORY_LIST: PublicListSpec<CategorySortColumn> = {
  sortable: CATEGORY_SORTABLE,
  defaultSort: { column: 'id', direction: 'asc' },
  tiebreak: ['id'],
  types: { id: 'int', title: 'text', updated_at: 'text' },
  updatedColumn: 'updated_at',
  policy: { publicTextFilter: true, updatedTimeField: 'CategoryUpdatedTime' },
};

/** One page of categories with the total. */
export async function readCategoryPage(
  db: Kysely<Database>,
  list: BoundedListQuery<CategorySortColumn>,
  orderBy: readonly string[],
): Promise<{ categories: CategoryDto[]; total: number; exact: boolean; next: (string | number)[] | undefined }> {
  let query = db.selectFrom('categories');
  if (list.filter !== '') query = query.where(containsText('title', list.filter));
  const { rows, total, exact, next } = await readListPage(db, query, list, orderBy, (q) => q.selectAll());
  return { categories: rows.map(toCategoryDto), total, exact, next };
}

/** A category, or a 404 naming it. */
export async function findCategoryOr404(db: Kysely<Database>, id: number): Promise<Category> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Category ${id} does not exist.`);
  return row;
}

/** Creates a category from a request body; audited, and the site marked out of date. */
export function createCategory(db: Kysely<Database>, act: StaffAct, body: Record<string, unknown>): Promise<Category> {
  const form = parseForm(categoryForm, body);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('categories')
      .values({ title: form.CategoryTitle, updated_at: act.at })
      .returningAll()
      .executeTakeFirstOrThrow();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'category.created', `category:${row.id}`, { ...form });
    return row;
  });
}

/** Replaces (PUT) or changes (PATCH) a category. */
export function editCategory(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  body: Record<string, unknown>,
  mode: EditMode,
): Promise<Category> {
  assertBodyId(body, 'CategoryID', id);
  return inTransaction(db, async (trx) => {
    const current = await findCategoryOr404(trx, id);
    const before = formOf(current);
    const form =
      mode === 'put' ? parseForm(categoryForm, body) : { ...before, ...parsePatch(categoryForm, body, before) };
    const row = await trx
      .updateTable('categories')
      .set({ title: form.CategoryTitle, updated_at: act.at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'category.edited', `category:${id}`, { changed: changedFields(before, form) });
    return row;
  });
}

/** Deletes a category that no store is filed under; a 409 naming its stores otherwise. */
export function deleteCategory(db: Kysely<Database>, act: StaffAct, id: number): Promise<Category> {
  return inTransaction(db, async (trx) => {
    const row = await findCategoryOr404(trx, id);
    const stores = await trx
      .selectFrom('stores')
      .select('title')
      .where('category_id', '=', id)
      .orderBy('id')
      .limit(5)
      .execute();
    if (stores.length > 0) {
      const { n } = await trx
        .selectFrom('stores')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', id)
        .executeTakeFirstOrThrow();
      const total = Number(n);
      throw referencedConflict(
        `Category ${id} has ${countOf(total, 'store')}: ${nameSome(
          stores.map((s) => s.title),
          total,
        )}. Move them to another category or delete them first.`,
        { Stores: total },
      );
    }
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await markContentChanged(trx, act.at);
    await auditStaff(trx, act, 'category.deleted', `category:${id}`, { CategoryTitle: row.title });
    return row;
  });
}
