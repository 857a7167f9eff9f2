import type { Kysely } from 'kysely';
import type { Category, Database, Section, Store, StoreDb } from '../db/schema.ts';
import type { CategoryPlan, DbPlan, Plan, SectionPlan, StorePlan } from './import-model.ts';
import { lower } from './import-read.ts';
import { mainDbTitle } from './stores.ts';

type SectionRow = Pick<Section, 'id' | 'db_id' | 'title'>;

/** Rows grouped by a key, in their given order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(key(r)) ?? [];
    list.push(r);
    out.set(key(r), list);
  }
  return out;
}

/** The first row of each lower-cased title (rows in id order: the oldest wins). */
function byTitle<T extends { title: string }>(rows: readonly T[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const r of rows) if (!out.has(lower(r.title))) out.set(lower(r.title), r);
  return out;
}

/**
 * The parents an import's rows name: the catalogue's categories, stores, store
 * databases and sections (few: hundreds, thousands, so read whole), and the
 * plan's one entry for each, existing or new. Each `…Plan` call gives the same
 * entry for the same row, so rows naming one parent share (and must agree on) it.
 */
export class ParentPlanner {
  readonly plan: Plan;
  readonly categoryRowsById: Map<number, Category>;
  readonly categoryRowsByTitle: Map<string, Category>;
  readonly storeRowsById: Map<number, Store>;
  readonly storeRowsByTitle: Map<string, Store>;
  readonly dbRowsById: Map<number, StoreDb>;
  readonly sectionRowsById: Map<number, SectionRow>;
  private readonly dbRowsByStore: Map<number, StoreDb[]>;
  private readonly sectionRowsByDb: Map<number, SectionRow[]>;
  private readonly categoriesById = new Map<number, CategoryPlan>();
  private readonly storesById = new Map<number, StorePlan>();
  private readonly newStoresByTitle = new Map<string, StorePlan>();
  private readonly dbsById = new Map<number, DbPlan>();
  private readonly newDbs = new Map<StorePlan, Map<string, DbPlan>>();
  private readonly sectionsById = new Map<number, SectionPlan>();
  private readonly newSections = new Map<DbPlan, Map<string, SectionPlan>>();

  constructor(plan: Plan, categories: Category[], stores: Store[], dbs: StoreDb[], sections: SectionRow[]) {
    this.plan = plan;
    this.categoryRowsById = new Map(categories.map((r) => [r.id, r]));
    this.categoryRowsByTitle = byTitle(categories);
    this.storeRowsById = new Map(stores.map((r) => [r.id, r]));
    this.storeRowsByTitle = byTitle(stores);
    this.dbRowsById = new Map(dbs.map((r) => [r.id, r]));
    this.dbRowsByStore = groupBy(dbs, (r) => r.store_id);
    this.sectionRowsById = new Map(sections.map((r) => [r.id, r]));
    this.sectionRowsByDb = groupBy(sections, (r) => r.db_id);
  }

  /** Reads the catalogue's parents, in id order. */
  static async read(db: Kysely<Database>, plan: Plan): Promise<ParentPlanner> {
    const [categories, stores, dbs, sections] = await Promise.all([
      db.selectFrom('categories').selectAll().orderBy('id').execute(),
      db.selectFrom('stores').selectAll().orderBy('id').execute(),
      db.selectFrom('store_dbs').selectAll().orderBy('id').execute(),
      db.selectFrom('sections').select(['id', 'db_id', 'title']).orderBy('id').execute(),
    ]);
    return new ParentPlanner(plan, categories, stores, dbs, sections);
  }

  categoryPlan(row: Category): CategoryPlan {
    let p = this.categoriesById.get(row.id);
    if (p === undefined) {
      p = { row, id: row.id, title: row.title, newTitle: undefined };
      this.categoriesById.set(row.id, p);
      this.plan.categories.push(p);
    }
    return p;
  }

  /** The category a new store names by title: an existing one, or one this import makes. */
  categoryByTitle(title: string): CategoryPlan {
    const row = this.categoryRowsByTitle.get(lower(title));
    if (row !== undefined) return this.categoryPlan(row);
    let p = this.plan.categories.find((c) => c.row === undefined && lower(c.title) === lower(title));
    if (p === undefined) {
      p = { row: undefined, id: undefined, title, newTitle: undefined };
      this.plan.categories.push(p);
    }
    return p;
  }

  storePlan(row: Store): StorePlan {
    let p = this.storesById.get(row.id);
    if (p === undefined) {
      const cat = this.categoryRowsById.get(row.category_id);
      p = {
        row,
        id: row.id,
        category: cat === undefined ? undefined : this.categoryPlan(cat),
        values: {},
        newCategory: undefined,
        dbs: [],
      };
      this.storesById.set(row.id, p);
      this.plan.stores.push(p);
    }
    return p;
  }

  /** The store a row names by title: an existing one, or one this import makes. */
  storeByTitle(title: string): StorePlan {
    const row = this.storeRowsByTitle.get(lower(title));
    if (row !== undefined) return this.storePlan(row);
    let p = this.newStoresByTitle.get(lower(title));
    if (p === undefined) {
      p = { row: undefined, id: undefined, category: undefined, values: {}, newCategory: undefined, dbs: [] };
      this.newStoresByTitle.set(lower(title), p);
      this.plan.stores.push(p);
    }
    return p;
  }

  dbPlan(row: StoreDb, store: StorePlan): DbPlan {
    let p = this.dbsById.get(row.id);
    if (p === undefined) {
      p = { row, id: row.id, store, title: row.title, newTitle: undefined };
      this.dbsById.set(row.id, p);
      this.plan.dbs.push(p);
    }
    return p;
  }

  /**
   * The store database a row names by title (any case), or, without a title,
   * the store's first database, or the one this import makes for the store.
   */
  findOrNewDb(store: StorePlan, title: string | undefined): DbPlan {
    const existing = store.row === undefined ? [] : (this.dbRowsByStore.get(store.row.id) ?? []);
    const wanted = title === undefined ? undefined : lower(title);
    const match = wanted === undefined ? existing[0] : existing.find((r) => lower(r.title) === wanted);
    if (match !== undefined) return this.dbPlan(match, store);
    const name = title ?? mainDbTitle(storeTitleOf(store));
    const newOnes = this.newDbs.get(store) ?? new Map<string, DbPlan>();
    this.newDbs.set(store, newOnes);
    const key = title === undefined ? '' : lower(title);
    let p = newOnes.get(key) ?? (title === undefined ? [...newOnes.values()][0] : undefined);
    if (p === undefined) {
      p = { row: undefined, id: undefined, store, title: name, newTitle: undefined };
      newOnes.set(key, p);
      this.plan.dbs.push(p);
      store.dbs.push(p);
    }
    return p;
  }

  sectionPlan(row: SectionRow, dbp: DbPlan): SectionPlan {
    let p = this.sectionsById.get(row.id);
    if (p === undefined) {
      p = { row, id: row.id, db: dbp, title: row.title, newTitle: undefined };
      this.sectionsById.set(row.id, p);
      this.plan.sections.push(p);
    }
    return p;
  }

  /** The section of a database a row names by title (any case): an existing one, or one this import makes. */
  findOrNewSection(dbp: DbPlan, title: string): SectionPlan {
    const existing = dbp.row === undefined ? [] : (this.sectionRowsByDb.get(dbp.row.id) ?? []);
    const match = existing.find((r) => lower(r.title) === lower(title));
    if (match !== undefined) return this.sectionPlan(match, dbp);
    const newOnes = this.newSections.get(dbp) ?? new Map<string, SectionPlan>();
    this.newSections.set(dbp, newOnes);
    let p = newOnes.get(lower(title));
    if (p === undefined) {
      p = { row: undefined, id: undefined, db: dbp, title, newTitle: undefined };
      newOnes.set(lower(title), p);
      this.plan.sections.push(p);
    }
    return p;
  }
}

/** The title a store will have: the file's, else its own. */
function storeTitleOf(store: StorePlan): string {
  return (store.values.StoreTitle?.value as string | undefined) ?? store.row?.title ?? 'Store';
}
