import { sanitizeContent } from '../../lib/content/sanitize.ts';
import { itemForm, storeDbForm, storeForm } from '../../lib/domain/catalogue-forms.ts';
import type { SheetColumn, SheetError } from '../../lib/domain/catalogue-sheet.ts';
import { validateForm } from '../../lib/domain/form-validation.ts';
import type { Item } from '../db/schema.ts';
import type { CategoryPlan, DbPlan, Given, SectionPlan, StorePlan } from './import-model.ts';
import type { ParentPlanner } from './import-parents.ts';
import { checkField, flagText, type ImportRow, readItemCells } from './import-read.ts';
import { formOfItem, itemColumnsOf } from './item-columns.ts';

const sanitized = new Map<string, string>();
/** Sanitizes item HTML, remembering answers: a chain's files repeat the same texts across stores. */
function sanitizeOnce(html: string): string {
  // Text without markup or entities comes out of the sanitizer as it went in.
  if (!/[<>&"]/.test(html)) return html;
  let out = sanitized.get(html);
  if (out === undefined) {
    out = sanitizeContent(html);
    if (sanitized.size > 50_000) sanitized.clear();
    sanitized.set(html, out);
  }
  return out;
}

/** The items a file names, read before its rows are planned. */
export interface NamedItems {
  byId: Map<number, Item>;
  /** By `{store_id}|{product_code}`: for rows that name an item by its code alone. */
  byCode: Map<string, Item>;
}

/** A skipped row: a rule broke that leaves nothing further of the row to check. */
const SKIP = Symbol('skip');
type Step<T> = T | typeof SKIP;

/**
 * Plans the rows of one import, one at a time, into the plan the parents
 * planner holds: each row's item, store and its columns, category, store
 * database and section, then the item's own columns by the item form's rules.
 * Every broken rule is recorded (row, column, rule); a row with any is left
 * out of the plan.
 */

/** A value as a row gave it: a category is agreed on as its plan, which the row names by its title. */
function shownValue(v: unknown): string {
  return typeof v === 'object' && v !== null && 'title' in v ? String((v as { title: unknown }).title) : String(v);
}

export class RowPlanner {
  private readonly parents: ParentPlanner;
  private readonly items: NamedItems;
  private readonly has: Set<SheetColumn>;
  private readonly errors: SheetError[];
  /** ItemID → the row that changes it: an item may be on one row only. */
  private readonly seenItems = new Map<number, number>();
  private n = 0;
  private cells: ImportRow['cells'] = {};
  /** The stored item the current row changes, once known: errors name it. */
  private item: Item | undefined;

  constructor(parents: ParentPlanner, items: NamedItems, has: Set<SheetColumn>, errors: SheetError[]) {
    this.parents = parents;
    this.items = items;
    this.has = has;
    this.errors = errors;
  }

  /** Records a broken rule with the row's item (as stored, or as the row names it) and the cell's text. */
  private fail(column: string, rule: string, row = this.n): void {
    const error: SheetError = { Row: row, Column: column, Rule: rule };
    const item = this.item?.title ?? this.given('ItemTitle');
    if (item !== undefined) error.Item = item;
    const value = this.cells[column as SheetColumn];
    if (value !== undefined && value.trim() !== '') error.Value = value.trim().slice(0, 200);
    this.errors.push(error);
  }

  /** A cell's trimmed text, or undefined when it is blank or its column is not in the file. */
  private given(col: SheetColumn): string | undefined {
    const v = this.cells[col];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  /** An id cell: its number, undefined when blank, SKIP when not a positive whole number. */
  private idOf(col: SheetColumn): Step<number | undefined> {
    const v = this.given(col);
    if (v === undefined) return undefined;
    if (!/^\d{1,15}$/.test(v) || Number(v) <= 0) {
      this.fail(col, `${col} must be a positive whole number, or empty.`);
      return SKIP;
    }
    return Number(v);
  }

  /** Records a shared part's value from this row, or fails when another row gave another value. */
  private agree<T>(slot: Given<T> | undefined, value: T, column: string, what: string): Given<T> {
    if (slot === undefined) return { value, row: this.n };
    if (slot.value !== value) {
      this.fail(
        column,
        `says "${shownValue(value)}" but row ${slot.row} says "${shownValue(slot.value)}" for the same ${what}; give one value.`,
      );
    }
    return slot;
  }

  /** Plans one row; a row that breaks a rule adds its errors and nothing else. */
  planRow({ n, cells }: ImportRow): void {
    this.n = n;
    this.cells = cells;
    this.item = undefined;
    const before = this.errors.length;
    let existing = this.itemOfRow();
    if (existing === SKIP) return;
    this.item = existing;
    const ids = [this.idOf('StoreID'), this.idOf('DbID'), this.idOf('SectionID'), this.idOf('CategoryID')] as const;
    const [storeId, dbId, sectionId, categoryId] = ids;
    if (storeId === SKIP || dbId === SKIP || sectionId === SKIP || categoryId === SKIP) return;
    const store = this.storeOfRow(existing, storeId, dbId);
    if (store === SKIP) return;
    const byCode = this.itemByCode(existing, store);
    if (byCode === SKIP) return;
    existing = byCode;
    this.item = existing;
    this.planStoreColumns(store);
    if (this.planCategory(store, categoryId) === SKIP) return;
    const dbp = this.dbOfRow(existing, store, dbId);
    if (dbp === SKIP) return;
    const section = this.sectionOfRow(existing, dbp, sectionId);
    if (section === SKIP) return;
    this.planItem(existing, store, dbp, section, before);
  }

  /** The item a row names by ItemID, if any. */
  private itemOfRow(): Step<Item | undefined> {
    const itemId = this.idOf('ItemID');
    if (itemId === SKIP || itemId === undefined) return itemId;
    const existing = this.items.byId.get(itemId);
    if (existing === undefined) {
      this.fail('ItemID', `ItemID ${itemId} names no item; leave ItemID empty to create one.`);
      return SKIP;
    }
    const seen = this.seenItems.get(itemId);
    if (seen !== undefined) {
      this.fail('ItemID', `ItemID ${itemId} is also on row ${seen}; an item may be on one row only.`);
      return SKIP;
    }
    this.seenItems.set(itemId, this.n);
    return existing;
  }

  /** The row's store: by StoreID, by the item's, by DbID's store, or by StoreTitle (new when no store has it). */
  private storeOfRow(existing: Item | undefined, storeId: number | undefined, dbId: number | undefined) {
    const p = this.parents;
    let store: StorePlan | undefined;
    if (storeId !== undefined) {
      const row = p.storeRowsById.get(storeId);
      if (row === undefined) {
        this.fail('StoreID', `StoreID ${storeId} names no store; leave it empty and give StoreTitle to create one.`);
        return SKIP;
      }
      store = p.storePlan(row);
    } else if (existing !== undefined) {
      const row = p.storeRowsById.get(existing.store_id);
      if (row !== undefined) store = p.storePlan(row);
    } else if (dbId !== undefined) {
      const dbRow = p.dbRowsById.get(dbId);
      const row = dbRow === undefined ? undefined : p.storeRowsById.get(dbRow.store_id);
      if (row !== undefined) store = p.storePlan(row);
    } else {
      const title = this.given('StoreTitle');
      if (title === undefined) {
        this.fail('StoreTitle', 'StoreTitle is required for a new item when StoreID and DbID are empty.');
        return SKIP;
      }
      store = p.storeByTitle(title);
    }
    if (store === undefined) {
      this.fail('DbID', `DbID ${dbId} names no store database.`);
      return SKIP;
    }
    if (existing !== undefined && store.row !== undefined && store.row.id !== existing.store_id) {
      this.fail(
        'StoreID',
        `StoreID cannot change (it is ${existing.store_id}): an item stays in the store of its database.`,
      );
      return SKIP;
    }
    return store;
  }

  /** A row without ItemID whose ProductCode its store knows changes that item. */
  private itemByCode(existing: Item | undefined, store: StorePlan): Step<Item | undefined> {
    const code = this.given('ProductCode');
    if (existing !== undefined || code === undefined || store.row === undefined) return existing;
    const known = this.items.byCode.get(`${store.row.id}|${code}`);
    if (known === undefined) return existing;
    const seen = this.seenItems.get(known.id);
    if (seen !== undefined) {
      this.fail('ProductCode', `ProductCode ${code} is item ${known.id}, which row ${seen} also changes.`);
      return SKIP;
    }
    this.seenItems.set(known.id, this.n);
    return known;
  }

  /** The store's own columns, checked by the store form's rules; rows naming one store must agree. */
  private planStoreColumns(store: StorePlan): void {
    const v = store.values;
    const storeTitle = this.given('StoreTitle');
    if (storeTitle !== undefined) {
      const r = checkField(storeForm.shape.StoreTitle, storeTitle);
      if (!r.ok) this.fail('StoreTitle', r.message);
      else v.StoreTitle = this.agree(v.StoreTitle, r.value, 'StoreTitle', 'store');
    }
    if (
      this.has.has('StoreDescription') &&
      (store.row === undefined || this.given('StoreDescription') !== undefined || storeTitle !== undefined)
    ) {
      const r = checkField(storeForm.shape.StoreDescription, this.cells.StoreDescription ?? '');
      if (!r.ok) this.fail('StoreDescription', r.message);
      else v.StoreDescription = this.agree(v.StoreDescription, r.value, 'StoreDescription', 'store');
    }
    const storeHidden = this.given('StoreHidden');
    if (storeHidden !== undefined) {
      const r = checkField(storeForm.shape.StoreHidden, flagText(storeHidden));
      if (!r.ok) this.fail('StoreHidden', r.message);
      else v.StoreHidden = this.agree(v.StoreHidden, r.value, 'StoreHidden', 'store');
    }
    const storeType = this.given('StoreType');
    if (storeType !== undefined) {
      const r = checkField(storeForm.shape.StoreType, storeType);
      if (!r.ok) this.fail('StoreType', r.message);
      else v.StoreType = this.agree(v.StoreType, r.value, 'StoreType', 'store');
    }
  }

  /** The store's category: by CategoryID, the store's own, or by CategoryTitle (a new store needs one). */
  private planCategory(store: StorePlan, categoryId: number | undefined): Step<void> {
    const p = this.parents;
    const categoryTitle = this.given('CategoryTitle');
    let category: CategoryPlan | undefined;
    if (categoryId !== undefined) {
      const row = p.categoryRowsById.get(categoryId);
      if (row === undefined) {
        this.fail(
          'CategoryID',
          `CategoryID ${categoryId} names no category; leave it empty and give CategoryTitle to create one.`,
        );
        return SKIP;
      }
      category = p.categoryPlan(row);
    } else if (store.row !== undefined) {
      category = store.category;
    } else if (categoryTitle !== undefined) {
      category = p.categoryByTitle(categoryTitle);
    } else if (store.newCategory === undefined) {
      this.fail('CategoryTitle', 'CategoryTitle (or CategoryID) is required for a new store.');
      return SKIP;
    }
    if (category === undefined) return;
    const slot =
      store.newCategory === undefined ? undefined : { value: store.newCategory.plan, row: store.newCategory.row };
    const agreed = this.agree(slot, category, categoryId !== undefined ? 'CategoryID' : 'CategoryTitle', 'store');
    store.newCategory = { plan: agreed.value, row: agreed.row };
    if (categoryTitle !== undefined && category.row !== undefined && categoryTitle !== category.row.title) {
      const r = checkField(storeForm.shape.StoreTitle, categoryTitle);
      if (!r.ok) this.fail('CategoryTitle', r.message.replace('StoreTitle', 'CategoryTitle'));
      else category.newTitle = this.agree(category.newTitle, r.value, 'CategoryTitle', 'category');
    }
  }

  /** The item's store database: by DbID (of this store), the item's own, or by DbTitle; it cannot change. */
  private dbOfRow(existing: Item | undefined, store: StorePlan, dbId: number | undefined): Step<DbPlan> {
    const p = this.parents;
    let dbp: DbPlan;
    const dbTitle = this.given('DbTitle');
    if (dbId !== undefined) {
      const row = p.dbRowsById.get(dbId);
      if (row === undefined || (store.row !== undefined && row.store_id !== store.row.id) || store.row === undefined) {
        this.fail(
          'DbID',
          row === undefined
            ? `DbID ${dbId} names no store database.`
            : `DbID ${dbId} is a database of store ${row.store_id}, not of this row's store.`,
        );
        return SKIP;
      }
      dbp = p.dbPlan(row, store);
    } else if (existing !== undefined) {
      dbp = p.dbPlan(p.dbRowsById.get(existing.db_id) as NonNullable<DbPlan['row']>, store);
    } else {
      dbp = p.findOrNewDb(store, dbTitle);
    }
    if (existing !== undefined && dbp.row?.id !== existing.db_id) {
      this.fail('DbID', `DbID cannot change (it is ${existing.db_id}): an item stays in its store database.`);
      return SKIP;
    }
    if (dbTitle !== undefined && dbp.row !== undefined && dbTitle !== dbp.row.title) {
      const r = checkField(storeDbForm.shape.DbTitle, dbTitle);
      if (!r.ok) this.fail('DbTitle', r.message);
      else dbp.newTitle = this.agree(dbp.newTitle, r.value, 'DbTitle', 'store database');
    }
    return dbp;
  }

  /**
   * The item's section: by SectionID (of this database), or by SectionTitle;
   * none when the file has section columns (or the item is new) and the row
   * leaves them blank; undefined (keep the item's) otherwise.
   */
  private sectionOfRow(
    existing: Item | undefined,
    dbp: DbPlan,
    sectionId: number | undefined,
  ): Step<SectionPlan | null | undefined> {
    const p = this.parents;
    const sectionTitle = this.given('SectionTitle');
    if (sectionId !== undefined) {
      const row = p.sectionRowsById.get(sectionId);
      if (row === undefined || dbp.row === undefined || row.db_id !== dbp.row.id) {
        this.fail(
          'SectionID',
          row === undefined
            ? `SectionID ${sectionId} names no section.`
            : `SectionID ${sectionId} is a section of store database ${row.db_id}, not of this row's database.`,
        );
        return SKIP;
      }
      const section = p.sectionPlan(row, dbp);
      if (sectionTitle !== undefined && sectionTitle !== row.title) {
        const r = checkField(storeForm.shape.StoreTitle, sectionTitle);
        if (!r.ok) this.fail('SectionTitle', r.message.replace('StoreTitle', 'SectionTitle'));
        else section.newTitle = this.agree(section.newTitle, r.value, 'SectionTitle', 'section');
      }
      return section;
    }
    if (sectionTitle !== undefined) {
      const r = checkField(storeForm.shape.StoreTitle, sectionTitle);
      if (!r.ok) {
        this.fail('SectionTitle', r.message.replace('StoreTitle', 'SectionTitle'));
        return SKIP;
      }
      return p.findOrNewSection(dbp, r.value);
    }
    if (this.has.has('SectionID') || this.has.has('SectionTitle') || existing === undefined) return null;
    return undefined;
  }

  /** The item's own columns, checked by the item form's rules over the item as stored (or the form's defaults). */
  private planItem(
    existing: Item | undefined,
    store: StorePlan,
    dbp: DbPlan,
    section: SectionPlan | null | undefined,
    errorsBefore: number,
  ): void {
    const base: Record<string, unknown> = existing !== undefined ? formOfItem(existing) : { ...itemForm.defaults };
    const values: Record<string, unknown> = {
      ...base,
      // Placeholders for parents not yet written: the form checks only that they are ids.
      DbID: dbp.id ?? 1,
      SectionID: section === undefined ? (base.SectionID ?? null) : section === null ? null : (section.id ?? 1),
    };
    delete values.StoreID;
    readItemCells(this.cells, this.has, values);
    const checked = validateForm(itemForm, values);
    if (!checked.ok) {
      for (const [col, list] of Object.entries(checked.errors)) for (const m of list ?? []) this.fail(col, m);
      return;
    }
    if (this.errors.length > errorsBefore) return;
    const { section_id: _section, ...columns } = itemColumnsOf(checked.value);
    if (existing === undefined || columns.content !== existing.content) columns.content = sanitizeOnce(columns.content);
    this.parents.plan.items.push({
      rowNumber: this.n,
      existing,
      store,
      db: dbp,
      section,
      columns,
      changed: false,
    });
  }
}
