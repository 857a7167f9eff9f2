import type { ImportCounts, ImportReport } from '../../lib/domain/catalogue-sheet.ts';
import type { Category, Item, Section, Store, StoreDb, StoreType } from '../db/schema.ts';
import type { ItemWrite } from './item-columns.ts';

/**
 * The shape of an import's plan: every row checked and resolved to what it
 * creates or changes, before anything is written. A part whose `row` is
 * undefined is new (its `id` is set when it is written); `newTitle` is a title
 * a row gives an existing part, with the first row that gave it.
 */

/** A value a row gave for a part several rows share, with the first row that gave it. */
export interface Given<T> {
  value: T;
  row: number;
}

export interface CategoryPlan {
  row: Category | undefined;
  id: number | undefined;
  title: string;
  newTitle: Given<string> | undefined;
}

/** The store columns a sheet carries. */
export type StoreColumn = 'StoreTitle' | 'StoreDescription' | 'StoreHidden' | 'StoreType';

export interface StorePlan {
  row: Store | undefined;
  id: number | undefined;
  category: CategoryPlan | undefined;
  /** Store columns a row gave, with the first row that gave each. */
  values: Partial<Record<StoreColumn, Given<unknown>>>;
  newCategory: { plan: CategoryPlan; row: number } | undefined;
  dbs: DbPlan[];
}

export interface DbPlan {
  row: StoreDb | undefined;
  id: number | undefined;
  store: StorePlan;
  title: string;
  newTitle: Given<string> | undefined;
}

export interface SectionPlan {
  row: Pick<Section, 'id' | 'db_id' | 'title'> | undefined;
  id: number | undefined;
  db: DbPlan;
  title: string;
  newTitle: Given<string> | undefined;
}

/** An item's columns as the plan holds them: its section is the plan's `section`, resolved when written. */
export type ItemColumns = Omit<ItemWrite, 'section_id'>;

export interface ItemPlan {
  rowNumber: number;
  existing: Item | undefined;
  store: StorePlan;
  db: DbPlan;
  /** undefined: keep the item's section; null: none. */
  section: SectionPlan | null | undefined;
  columns: ItemColumns;
  changed: boolean;
}

export interface Plan {
  categories: CategoryPlan[];
  stores: StorePlan[];
  dbs: DbPlan[];
  sections: SectionPlan[];
  items: ItemPlan[];
}

/** The section id an item gets: its own when the row leaves the section alone; undefined for a section not yet written. */
export function sectionIdOf(p: ItemPlan): number | null | undefined {
  if (p.section === undefined) return p.existing?.section_id ?? null;
  return p.section === null ? null : p.section.id;
}

const emptyCounts = (): ImportCounts => ({ Items: 0, Stores: 0, StoreDbs: 0, Sections: 0, Categories: 0 });

/** What a plan creates, changes and leaves alone, by kind. */
export function countPlan(plan: Plan): Pick<ImportReport, 'Created' | 'Changed' | 'Unchanged'> {
  const Created = emptyCounts();
  const Changed = emptyCounts();
  const Unchanged = emptyCounts();
  const tally = (key: keyof ImportCounts, isNew: boolean, changed: boolean) => {
    if (isNew) Created[key]++;
    else if (changed) Changed[key]++;
    else Unchanged[key]++;
  };
  for (const c of plan.categories) tally('Categories', c.row === undefined, c.newTitle !== undefined);
  for (const s of plan.stores) tally('Stores', s.row === undefined, storeChanges(s) !== undefined);
  for (const d of plan.dbs) tally('StoreDbs', d.row === undefined, d.newTitle !== undefined);
  for (const s of plan.sections) tally('Sections', s.row === undefined, s.newTitle !== undefined);
  for (const i of plan.items) tally('Items', i.existing === undefined, i.changed);
  return { Created, Changed, Unchanged };
}

type StoreChange = Partial<Pick<Store, 'title' | 'description' | 'hidden' | 'type' | 'category_id'>>;

/** The columns of an existing store that the file changes, or undefined (`category_id` -1: to the new category's id). */
export function storeChanges(s: StorePlan): StoreChange | undefined {
  if (s.row === undefined) return undefined;
  const out: StoreChange = {};
  const v = s.values;
  if (v.StoreTitle !== undefined && v.StoreTitle.value !== s.row.title) out.title = v.StoreTitle.value as string;
  if (v.StoreDescription !== undefined && v.StoreDescription.value !== s.row.description)
    out.description = v.StoreDescription.value as string;
  if (v.StoreHidden !== undefined && (v.StoreHidden.value ? 1 : 0) !== s.row.hidden)
    out.hidden = v.StoreHidden.value ? 1 : 0;
  if (v.StoreType !== undefined && v.StoreType.value !== s.row.type) out.type = v.StoreType.value as StoreType;
  if (s.newCategory !== undefined && s.newCategory.plan !== s.category) out.category_id = -1;
  return Object.keys(out).length > 0 ? out : undefined;
}
