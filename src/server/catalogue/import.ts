import { stat } from 'node:fs/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { sanitizeContent } from '../../lib/content/sanitize.ts';
import {
  FIRST_DATA_ROW,
  type ImportCounts,
  type ImportReport,
  READ_ONLY_COLUMNS,
  SHEET_COLUMNS,
  type SheetColumn,
  type SheetError,
  type SheetRow,
} from '../../lib/domain/catalogue-sheet.ts';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import { sellingPrice } from '../../lib/domain/pricing.ts';
import {
  type ItemForm,
  itemForm,
  itemPriceFields,
  storeDbForm,
  storeForm,
  validateForm,
} from '../../lib/domain/schemas.ts';
import { writeAudit } from '../audit.ts';
import type { Dialect } from '../db/connection.ts';
import type { Category, Database, Item, Section, Store, StoreDb, StoreType } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type SheetFormat, SheetOverLimit, UnreadableSheet } from './sheet-files.ts';
import { readSheetFile } from './sheet-reader.ts';
import { markContentChanged } from './site-state.ts';
import { inTransaction } from './staff.ts';
import { releaseStockAlerts } from './stock-alerts.ts';
import { mainDbTitle } from './stores.ts';

/** Who runs an import: a staff member through the API, or an operator at the command line (no account). */
export interface ImportActor {
  actorId: number | null;
  actorEmail: string;
  ip: string;
  /** The time every written row gets. */
  at: string;
  /** The site's public origin, for the links of the back-in-stock mails an import sends. */
  siteUrl?: string | undefined;
}

export interface ImportProgress {
  phase: 'reading' | 'checking' | 'writing' | 'done';
  done: number;
  total: number;
}

export interface ImportOptions {
  dryRun: boolean;
  fileName: string;
  format?: SheetFormat;
  onProgress?: (p: ImportProgress) => void;
}

export type ImportOutcome =
  | { ok: true; report: ImportReport }
  | { ok: false; rows: number; errors: SheetError[]; message: string };

/** Rows per multi-row statement: well inside both engines' limits on bound parameters. */
const BATCH = 1000;

const emptyCounts = (): ImportCounts => ({ Items: 0, Stores: 0, StoreDbs: 0, Sections: 0, Categories: 0 });

type ItemColumns = Omit<Item, 'id' | 'store_id' | 'db_id' | 'section_id' | 'updated_at'>;

interface CategoryPlan {
  row: Category | undefined;
  id: number | undefined;
  title: string;
  newTitle: { value: string; row: number } | undefined;
}

interface StorePlan {
  row: Store | undefined;
  id: number | undefined;
  category: CategoryPlan | undefined;
  /** Store columns a row gave, with the first row that gave each. */
  values: Partial<
    Record<'StoreTitle' | 'StoreDescription' | 'StoreHidden' | 'StoreType', { value: unknown; row: number }>
  >;
  newCategory: { plan: CategoryPlan; row: number } | undefined;
  dbs: DbPlan[];
}

interface DbPlan {
  row: StoreDb | undefined;
  id: number | undefined;
  store: StorePlan;
  title: string;
  newTitle: { value: string; row: number } | undefined;
}

interface SectionPlan {
  row: Pick<Section, 'id' | 'db_id' | 'title'> | undefined;
  id: number | undefined;
  db: DbPlan;
  title: string;
  newTitle: { value: string; row: number } | undefined;
}

interface ItemPlan {
  rowNumber: number;
  existing: Item | undefined;
  store: StorePlan;
  db: DbPlan;
  /** undefined: keep the item's section; null: none. */
  section: SectionPlan | null | undefined;
  columns: ItemColumns;
  changed: boolean;
}

const lower = (s: string) => s.trim().toLowerCase();

function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const FLAG_TEXT: Record<string, string> = {
  true: 'true',
  yes: 'true',
  y: 'true',
  '1': 'true',
  false: 'false',
  no: 'false',
  n: 'false',
  '0': 'false',
};

/** A flag cell as the form schemas read it: `true`, `yes`, `1` (any case) or `false`, `no`, `0`. */
function flagText(cell: string): string {
  return FLAG_TEXT[lower(cell)] ?? cell;
}

/** The first message of a zod field schema's failure, or the parsed value. */
function checkField<T>(schema: z.ZodType<T>, value: unknown): { ok: true; value: T } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? 'is invalid.' };
}

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

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Imports items, and the categories, stores, store databases and sections they
 * refer to, from a CSV or XLSX file whose columns are spec §3's field names
 * (`SHEET_COLUMNS`). All or nothing: every row is checked first, and any bad
 * cell stops the import before anything is written; the writes then go in one
 * transaction, in multi-row statements. A row with an ItemID (or a ProductCode
 * its store already knows) changes that item; a row without creates one.
 * Columns left out of the file leave those fields as they are. A dry run checks
 * and counts without writing. One audit entry records the counts. The file is
 * streamed from disk and parsed on a worker thread (`readSheetFile`), off the
 * event loop; a file past the caps of `import-limits.ts` (rows, unpacked XLSX
 * size, the reader's memory) is refused naming the file and the cap.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  dialect: Dialect,
  actor: ImportActor,
  file: string,
  opts: ImportOptions,
): Promise<ImportOutcome> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => {});
  progress({ phase: 'reading', done: 0, total: (await stat(file)).size });
  let table: Awaited<ReturnType<typeof readSheetFile>>;
  try {
    table = await readSheetFile(file, opts.format);
  } catch (err) {
    if (err instanceof SheetOverLimit) {
      const message = `${opts.fileName} ${err.message}`;
      return { ok: false, rows: 0, errors: [{ Row: 1, Column: 'file', Rule: message }], message };
    }
    if (err instanceof UnreadableSheet)
      return { ok: false, rows: 0, errors: [{ Row: 1, Column: '', Rule: err.message }], message: err.message };
    throw err;
  }

  // The header: known columns (any case), each once.
  const errors: SheetError[] = [];
  const columns: (SheetColumn | undefined)[] = [];
  const byLower = new Map(SHEET_COLUMNS.map((c) => [c.toLowerCase(), c]));
  for (const [i, name] of table.header.entries()) {
    if (name === '') {
      columns.push(undefined);
      if (table.rows.some((r) => (r[i] ?? '').trim() !== '')) {
        errors.push({ Row: 1, Column: `column ${i + 1}`, Rule: 'has values but no column name in row 1.' });
      }
      continue;
    }
    const col = byLower.get(name.toLowerCase());
    if (col === undefined) {
      errors.push({
        Row: 1,
        Column: name,
        Rule: `is not a column Aisle knows; the columns are ${SHEET_COLUMNS.join(', ')}.`,
      });
    } else if (columns.includes(col)) {
      errors.push({ Row: 1, Column: col, Rule: 'appears twice in row 1.' });
    }
    columns.push(col);
  }
  const has = new Set(columns.filter((c): c is SheetColumn => c !== undefined));
  if (!has.has('ItemID') && !has.has('ItemTitle')) {
    errors.push({
      Row: 1,
      Column: 'ItemTitle',
      Rule: 'is missing: a file needs an ItemTitle column (new items) or an ItemID column (changes).',
    });
  }
  if (errors.length > 0) return invalid(errors, table.rows.length);

  const rows: { n: number; cells: SheetRow }[] = [];
  for (const [i, raw] of table.rows.entries()) {
    const cells: SheetRow = {};
    let any = false;
    for (const [j, col] of columns.entries()) {
      if (col === undefined || READ_ONLY_COLUMNS.includes(col)) continue;
      const v = raw[j] ?? '';
      cells[col] = v;
      if (v.trim() !== '') any = true;
    }
    if (any) rows.push({ n: i + FIRST_DATA_ROW, cells });
  }

  const plan = await planImport(db, rows, has, actor.at, errors, (done) =>
    progress({ phase: 'checking', done, total: rows.length }),
  );
  if (errors.length > 0) return invalid(errors, rows.length);

  const counts = countPlan(plan);
  const report: ImportReport = {
    DryRun: opts.dryRun,
    Rows: rows.length,
    ...counts,
    Seconds: 0,
  };
  if (!opts.dryRun) {
    await writePlan(db, dialect, plan, actor, (done) => progress({ phase: 'writing', done, total: plan.items.length }));
  }
  report.Seconds = Math.round((performance.now() - started) / 100) / 10;
  if (!opts.dryRun) {
    await writeAudit(db, {
      ...actor,
      action: 'catalogue.imported',
      target: `file:${opts.fileName.slice(0, 200)}`,
      detail: {
        FileName: opts.fileName,
        Rows: report.Rows,
        Created: report.Created,
        Changed: report.Changed,
        Unchanged: report.Unchanged,
        Seconds: report.Seconds,
      },
    });
  }
  progress({ phase: 'done', done: rows.length, total: rows.length });
  return { ok: true, report };
}

function invalid(errors: SheetError[], rows: number): ImportOutcome {
  errors.sort((a, b) => a.Row - b.Row);
  const badRows = new Set(errors.map((e) => e.Row)).size;
  const message = `${badRows === 1 ? '1 row breaks' : `${badRows} rows break`} the rules (${errors.length === 1 ? '1 cell' : `${errors.length} cells`}); nothing was imported. Fix them and import the file again.`;
  return { ok: false, rows, errors, message };
}

interface Plan {
  categories: CategoryPlan[];
  stores: StorePlan[];
  dbs: DbPlan[];
  sections: SectionPlan[];
  items: ItemPlan[];
}

function countPlan(plan: Plan): Pick<ImportReport, 'Created' | 'Changed' | 'Unchanged'> {
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

/** The columns of an existing store that the file changes, or undefined. */
function storeChanges(
  s: StorePlan,
): Partial<Pick<Store, 'title' | 'description' | 'hidden' | 'type' | 'category_id'>> | undefined {
  if (s.row === undefined) return undefined;
  const out: Partial<Pick<Store, 'title' | 'description' | 'hidden' | 'type' | 'category_id'>> = {};
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

async function planImport(
  db: Kysely<Database>,
  rows: { n: number; cells: SheetRow }[],
  has: Set<SheetColumn>,
  at: string,
  errors: SheetError[],
  progress: (done: number) => void,
): Promise<Plan> {
  const fail = (row: number, column: string, rule: string) => {
    errors.push({ Row: row, Column: column, Rule: rule });
  };

  // Reference rows are few (hundreds, thousands): read them whole.
  const [categoryRows, storeRows, dbRows, sectionRows] = await Promise.all([
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
    db.selectFrom('stores').selectAll().orderBy('id').execute(),
    db.selectFrom('store_dbs').selectAll().orderBy('id').execute(),
    db.selectFrom('sections').select(['id', 'db_id', 'title']).orderBy('id').execute(),
  ]);
  const plan: Plan = { categories: [], stores: [], dbs: [], sections: [], items: [] };

  const categoriesById = new Map<number, CategoryPlan>();
  const categoryPlan = (row: Category): CategoryPlan => {
    let p = categoriesById.get(row.id);
    if (p === undefined) {
      p = { row, id: row.id, title: row.title, newTitle: undefined };
      categoriesById.set(row.id, p);
      plan.categories.push(p);
    }
    return p;
  };
  const categoryRowsById = new Map(categoryRows.map((r) => [r.id, r]));
  const categoryRowsByTitle = new Map<string, Category>();
  for (const r of categoryRows)
    if (!categoryRowsByTitle.has(lower(r.title))) categoryRowsByTitle.set(lower(r.title), r);

  const storesById = new Map<number, StorePlan>();
  const newStoresByTitle = new Map<string, StorePlan>();
  const storeRowsById = new Map(storeRows.map((r) => [r.id, r]));
  const storeRowsByTitle = new Map<string, Store>();
  for (const r of storeRows) if (!storeRowsByTitle.has(lower(r.title))) storeRowsByTitle.set(lower(r.title), r);
  const storePlan = (row: Store): StorePlan => {
    let p = storesById.get(row.id);
    if (p === undefined) {
      const cat = categoryRowsById.get(row.category_id);
      p = {
        row,
        id: row.id,
        category: cat === undefined ? undefined : categoryPlan(cat),
        values: {},
        newCategory: undefined,
        dbs: [],
      };
      storesById.set(row.id, p);
      plan.stores.push(p);
    }
    return p;
  };

  const dbRowsById = new Map(dbRows.map((r) => [r.id, r]));
  const dbsById = new Map<number, DbPlan>();
  const dbPlan = (row: StoreDb, store: StorePlan): DbPlan => {
    let p = dbsById.get(row.id);
    if (p === undefined) {
      p = { row, id: row.id, store, title: row.title, newTitle: undefined };
      dbsById.set(row.id, p);
      plan.dbs.push(p);
    }
    return p;
  };
  const dbRowsByStore = new Map<number, StoreDb[]>();
  for (const r of dbRows) {
    const list = dbRowsByStore.get(r.store_id) ?? [];
    list.push(r);
    dbRowsByStore.set(r.store_id, list);
  }
  const newDbs = new Map<StorePlan, Map<string, DbPlan>>();
  const findOrNewDb = (store: StorePlan, title: string | undefined): DbPlan => {
    const existing = store.row === undefined ? [] : (dbRowsByStore.get(store.row.id) ?? []);
    const wanted = title === undefined ? undefined : lower(title);
    const match = wanted === undefined ? existing[0] : existing.find((r) => lower(r.title) === wanted);
    if (match !== undefined) return dbPlan(match, store);
    const name = title ?? mainDbTitle(storeTitleOf(store));
    const byTitle = newDbs.get(store) ?? new Map<string, DbPlan>();
    newDbs.set(store, byTitle);
    // Without a DbTitle a store's items go to its first database, or to the one this import makes.
    const key = title === undefined ? '' : lower(title);
    let p = byTitle.get(key) ?? (title === undefined ? [...byTitle.values()][0] : undefined);
    if (p === undefined) {
      p = { row: undefined, id: undefined, store, title: name, newTitle: undefined };
      byTitle.set(key, p);
      plan.dbs.push(p);
      store.dbs.push(p);
    }
    return p;
  };

  const sectionRowsById = new Map(sectionRows.map((r) => [r.id, r]));
  const sectionRowsByDb = new Map<number, (typeof sectionRows)[number][]>();
  for (const r of sectionRows) {
    const list = sectionRowsByDb.get(r.db_id) ?? [];
    list.push(r);
    sectionRowsByDb.set(r.db_id, list);
  }
  const sectionsById = new Map<number, SectionPlan>();
  const sectionPlan = (row: (typeof sectionRows)[number], dbp: DbPlan): SectionPlan => {
    let p = sectionsById.get(row.id);
    if (p === undefined) {
      p = { row, id: row.id, db: dbp, title: row.title, newTitle: undefined };
      sectionsById.set(row.id, p);
      plan.sections.push(p);
    }
    return p;
  };
  const newSections = new Map<DbPlan, Map<string, SectionPlan>>();
  const findOrNewSection = (dbp: DbPlan, title: string): SectionPlan => {
    const existing = dbp.row === undefined ? [] : (sectionRowsByDb.get(dbp.row.id) ?? []);
    const match = existing.find((r) => lower(r.title) === lower(title));
    if (match !== undefined) return sectionPlan(match, dbp);
    const byTitle = newSections.get(dbp) ?? new Map<string, SectionPlan>();
    newSections.set(dbp, byTitle);
    let p = byTitle.get(lower(title));
    if (p === undefined) {
      p = { row: undefined, id: undefined, db: dbp, title, newTitle: undefined };
      byTitle.set(lower(title), p);
      plan.sections.push(p);
    }
    return p;
  };
  function storeTitleOf(store: StorePlan): string {
    return (store.values.StoreTitle?.value as string | undefined) ?? store.row?.title ?? 'Store';
  }

  // Items the file names by ItemID, read in batches.
  const itemIds: number[] = [];
  for (const { cells } of rows) {
    const raw = (cells.ItemID ?? '').trim();
    if (/^\d{1,15}$/.test(raw)) itemIds.push(Number(raw));
  }
  const itemsById = new Map<number, Item>();
  for (const ids of chunks([...new Set(itemIds)])) {
    for (const r of await db.selectFrom('items').selectAll().where('id', 'in', ids).execute()) itemsById.set(r.id, r);
  }
  // Items its stores know by ProductCode, for rows that name an item by code alone.
  const codeRows = has.has('ProductCode')
    ? await db
        .selectFrom('items')
        .select(['id', 'store_id', 'product_code'])
        .where('product_code', 'is not', null)
        .execute()
    : [];
  const codesAlone = new Set<string>();
  for (const { cells } of rows) {
    const code = (cells.ProductCode ?? '').trim();
    if ((cells.ItemID ?? '').trim() === '' && code !== '') codesAlone.add(code);
  }
  const itemsByCode = new Map<string, Item>();
  for (const codes of chunks([...codesAlone])) {
    for (const r of await db.selectFrom('items').selectAll().where('product_code', 'in', codes).execute()) {
      itemsByCode.set(`${r.store_id}|${r.product_code}`, r);
    }
  }

  const seenItems = new Map<number, number>();
  // A category is agreed on as its plan: the row names it by its title.
  const shown = (v: unknown): string =>
    typeof v === 'object' && v !== null && 'title' in v ? String((v as { title: unknown }).title) : String(v);
  /** Records a parent's field value from a row, or fails when another row gave another value. */
  const agree = <T>(
    slot: { value: T; row: number } | undefined,
    value: T,
    row: number,
    column: string,
    what: string,
  ): { value: T; row: number } => {
    if (slot === undefined) return { value, row };
    if (slot.value !== value) {
      fail(
        row,
        column,
        `says "${shown(value)}" but row ${slot.row} says "${shown(slot.value)}" for the same ${what}; give one value.`,
      );
    }
    return slot;
  };

  for (const [index, { n, cells }] of rows.entries()) {
    if (index % 2000 === 0) {
      progress(index);
      await yieldToLoop();
    }
    const before = errors.length;
    const given = (col: SheetColumn): string | undefined => {
      const v = cells[col];
      return v === undefined || v.trim() === '' ? undefined : v.trim();
    };
    const idOf = (col: SheetColumn): number | undefined | null => {
      const v = given(col);
      if (v === undefined) return undefined;
      if (!/^\d{1,15}$/.test(v) || Number(v) <= 0) {
        fail(n, col, `${col} must be a positive whole number, or empty.`);
        return null;
      }
      return Number(v);
    };

    // The item the row changes, if any.
    let existing: Item | undefined;
    const itemId = idOf('ItemID');
    if (itemId === null) continue;
    if (itemId !== undefined) {
      existing = itemsById.get(itemId);
      if (existing === undefined) {
        fail(n, 'ItemID', `ItemID ${itemId} names no item; leave ItemID empty to create one.`);
        continue;
      }
      const seen = seenItems.get(itemId);
      if (seen !== undefined) {
        fail(n, 'ItemID', `ItemID ${itemId} is also on row ${seen}; an item may be on one row only.`);
        continue;
      }
      seenItems.set(itemId, n);
    }

    // Its store.
    let store: StorePlan | undefined;
    const storeId = idOf('StoreID');
    const dbId = idOf('DbID');
    const sectionId = idOf('SectionID');
    const categoryId = idOf('CategoryID');
    if (storeId === null || dbId === null || sectionId === null || categoryId === null) continue;
    if (storeId !== undefined) {
      const row = storeRowsById.get(storeId);
      if (row === undefined) {
        fail(n, 'StoreID', `StoreID ${storeId} names no store; leave it empty and give StoreTitle to create one.`);
        continue;
      }
      store = storePlan(row);
    } else if (existing !== undefined) {
      const row = storeRowsById.get(existing.store_id);
      if (row !== undefined) store = storePlan(row);
    } else if (dbId !== undefined) {
      const dbRow = dbRowsById.get(dbId);
      const row = dbRow === undefined ? undefined : storeRowsById.get(dbRow.store_id);
      if (row !== undefined) store = storePlan(row);
    } else {
      const title = given('StoreTitle');
      if (title === undefined) {
        fail(n, 'StoreTitle', 'StoreTitle is required for a new item when StoreID and DbID are empty.');
        continue;
      }
      const row = storeRowsByTitle.get(lower(title));
      if (row !== undefined) store = storePlan(row);
      else {
        store = newStoresByTitle.get(lower(title));
        if (store === undefined) {
          store = { row: undefined, id: undefined, category: undefined, values: {}, newCategory: undefined, dbs: [] };
          newStoresByTitle.set(lower(title), store);
          plan.stores.push(store);
        }
      }
    }
    if (store === undefined) {
      fail(n, 'DbID', `DbID ${dbId} names no store database.`);
      continue;
    }
    if (existing !== undefined && store.row !== undefined && store.row.id !== existing.store_id) {
      fail(
        n,
        'StoreID',
        `StoreID cannot change (it is ${existing.store_id}): an item stays in the store of its database.`,
      );
      continue;
    }

    // A row without ItemID whose ProductCode its store knows changes that item.
    const code = given('ProductCode');
    if (existing === undefined && code !== undefined && store.row !== undefined) {
      const known = itemsByCode.get(`${store.row.id}|${code}`);
      if (known !== undefined) {
        const seen = seenItems.get(known.id);
        if (seen !== undefined) {
          fail(n, 'ProductCode', `ProductCode ${code} is item ${known.id}, which row ${seen} also changes.`);
          continue;
        }
        seenItems.set(known.id, n);
        existing = known;
      }
    }

    // The store's own columns.
    const storeTitle = given('StoreTitle');
    if (storeTitle !== undefined) {
      const r = checkField(storeForm.shape.StoreTitle, storeTitle);
      if (!r.ok) fail(n, 'StoreTitle', r.message);
      else store.values.StoreTitle = agree(store.values.StoreTitle, r.value, n, 'StoreTitle', 'store');
    }
    if (
      has.has('StoreDescription') &&
      (store.row === undefined || given('StoreDescription') !== undefined || given('StoreTitle') !== undefined)
    ) {
      const r = checkField(storeForm.shape.StoreDescription, cells.StoreDescription ?? '');
      if (!r.ok) fail(n, 'StoreDescription', r.message);
      else
        store.values.StoreDescription = agree(store.values.StoreDescription, r.value, n, 'StoreDescription', 'store');
    }
    const storeHidden = given('StoreHidden');
    if (storeHidden !== undefined) {
      const r = checkField(storeForm.shape.StoreHidden, flagText(storeHidden));
      if (!r.ok) fail(n, 'StoreHidden', r.message);
      else store.values.StoreHidden = agree(store.values.StoreHidden, r.value, n, 'StoreHidden', 'store');
    }
    const storeType = given('StoreType');
    if (storeType !== undefined) {
      const r = checkField(storeForm.shape.StoreType, storeType);
      if (!r.ok) fail(n, 'StoreType', r.message);
      else store.values.StoreType = agree(store.values.StoreType, r.value, n, 'StoreType', 'store');
    }

    // The store's category.
    const categoryTitle = given('CategoryTitle');
    let category: CategoryPlan | undefined;
    if (categoryId !== undefined) {
      const row = categoryRowsById.get(categoryId);
      if (row === undefined) {
        fail(
          n,
          'CategoryID',
          `CategoryID ${categoryId} names no category; leave it empty and give CategoryTitle to create one.`,
        );
        continue;
      }
      category = categoryPlan(row);
    } else if (store.row !== undefined) {
      category = store.category;
    } else if (categoryTitle !== undefined) {
      const row = categoryRowsByTitle.get(lower(categoryTitle));
      if (row !== undefined) category = categoryPlan(row);
      else {
        category = plan.categories.find((c) => c.row === undefined && lower(c.title) === lower(categoryTitle));
        if (category === undefined) {
          category = { row: undefined, id: undefined, title: categoryTitle, newTitle: undefined };
          plan.categories.push(category);
        }
      }
    } else if (store.newCategory === undefined) {
      fail(n, 'CategoryTitle', 'CategoryTitle (or CategoryID) is required for a new store.');
      continue;
    }
    if (category !== undefined) {
      const slot =
        store.newCategory === undefined ? undefined : { value: store.newCategory.plan, row: store.newCategory.row };
      const agreed = agree(slot, category, n, categoryId !== undefined ? 'CategoryID' : 'CategoryTitle', 'store');
      store.newCategory = { plan: agreed.value, row: agreed.row };
      if (categoryTitle !== undefined && category.row !== undefined && categoryTitle !== category.row.title) {
        const r = checkField(storeForm.shape.StoreTitle, categoryTitle);
        if (!r.ok) fail(n, 'CategoryTitle', r.message.replace('StoreTitle', 'CategoryTitle'));
        else category.newTitle = agree(category.newTitle, r.value, n, 'CategoryTitle', 'category');
      }
    }

    // Its store database.
    let dbp: DbPlan;
    const dbTitle = given('DbTitle');
    if (dbId !== undefined) {
      const row = dbRowsById.get(dbId);
      if (row === undefined || (store.row !== undefined && row.store_id !== store.row.id) || store.row === undefined) {
        fail(
          n,
          'DbID',
          row === undefined
            ? `DbID ${dbId} names no store database.`
            : `DbID ${dbId} is a database of store ${row.store_id}, not of this row's store.`,
        );
        continue;
      }
      dbp = dbPlan(row, store);
    } else if (existing !== undefined) {
      const row = dbRowsById.get(existing.db_id) as StoreDb;
      dbp = dbPlan(row, store);
    } else {
      dbp = findOrNewDb(store, dbTitle);
    }
    if (existing !== undefined && dbp.row?.id !== existing.db_id) {
      fail(n, 'DbID', `DbID cannot change (it is ${existing.db_id}): an item stays in its store database.`);
      continue;
    }
    if (dbTitle !== undefined && dbp.row !== undefined && dbTitle !== dbp.row.title) {
      const r = checkField(storeDbForm.shape.DbTitle, dbTitle);
      if (!r.ok) fail(n, 'DbTitle', r.message);
      else dbp.newTitle = agree(dbp.newTitle, r.value, n, 'DbTitle', 'store database');
    }

    // Its section.
    let section: SectionPlan | null | undefined;
    const sectionTitle = given('SectionTitle');
    if (sectionId !== undefined) {
      const row = sectionRowsById.get(sectionId);
      if (row === undefined || dbp.row === undefined || row.db_id !== dbp.row.id) {
        fail(
          n,
          'SectionID',
          row === undefined
            ? `SectionID ${sectionId} names no section.`
            : `SectionID ${sectionId} is a section of store database ${row.db_id}, not of this row's database.`,
        );
        continue;
      }
      section = sectionPlan(row, dbp);
      if (sectionTitle !== undefined && sectionTitle !== row.title) {
        const r = checkField(storeForm.shape.StoreTitle, sectionTitle);
        if (!r.ok) fail(n, 'SectionTitle', r.message.replace('StoreTitle', 'SectionTitle'));
        else section.newTitle = agree(section.newTitle, r.value, n, 'SectionTitle', 'section');
      }
    } else if (sectionTitle !== undefined) {
      const r = checkField(storeForm.shape.StoreTitle, sectionTitle);
      if (!r.ok) {
        fail(n, 'SectionTitle', r.message.replace('StoreTitle', 'SectionTitle'));
        continue;
      }
      section = findOrNewSection(dbp, r.value);
    } else if (has.has('SectionID') || has.has('SectionTitle') || existing === undefined) {
      section = null;
    } else {
      section = undefined;
    }

    // The item's own columns, checked by the item form's rules.
    const base: Record<string, unknown> = existing !== undefined ? formOfItem(existing) : { ...itemForm.defaults };
    const values: Record<string, unknown> = {
      ...base,
      DbID: dbp.id ?? 1,
      SectionID: section === undefined ? (base.SectionID ?? null) : section === null ? null : (section.id ?? 1),
    };
    delete values.StoreID;
    for (const col of ['ItemTitle', 'ItemMetaDescription', 'ItemContent', 'Size', 'ProductCode'] as const) {
      if (has.has(col)) values[col] = col === 'ItemTitle' ? (cells[col] ?? '').trim() : (cells[col] ?? '');
    }
    for (const col of ['Availability', 'UnitPrice', 'Discount', 'FlatDiscount', 'Gst'] as const) {
      const v = given(col);
      if (v !== undefined)
        values[col] = v
          .replace(/^(rs\.?|₹)\s*/i, '')
          .replace(/,/g, '')
          .replace(/%$/, '')
          .trim();
    }
    const hidden = given('ItemHidden');
    if (hidden !== undefined) values.ItemHidden = flagText(hidden);
    const checked = validateForm(itemForm, values);
    if (!checked.ok) {
      for (const [col, list] of Object.entries(checked.errors)) for (const m of list ?? []) fail(n, col, m);
      continue;
    }
    if (errors.length > before) continue;
    const form = checked.value;
    const price = itemPriceFields(form);
    let content = form.ItemContent;
    if (existing === undefined || content !== existing.content) content = sanitizeOnce(content);
    const columnsOut: ItemColumns = {
      title: form.ItemTitle,
      meta_description: form.ItemMetaDescription,
      content,
      hidden: form.ItemHidden ? 1 : 0,
      stock: form.Availability,
      size: form.Size,
      unit_price: price.unitPrice,
      discount_bps: price.discountBps,
      flat_discount: price.flatDiscount,
      gst_bps: price.gstBps,
      selling_price: sellingPrice(price),
      product_code: form.ProductCode,
    };
    plan.items.push({ rowNumber: n, existing, store, db: dbp, section, columns: columnsOut, changed: false });
  }
  progress(rows.length);

  // Each code names one item of its store once the import is done.
  const finalCodes = new Map<string, { itemId: number | undefined; row: number | undefined }>();
  for (const r of codeRows) finalCodes.set(`${r.store_id}|${r.product_code}`, { itemId: r.id, row: undefined });
  for (const p of plan.items) {
    if (p.existing?.product_code != null) {
      const k = `${p.existing.store_id}|${p.existing.product_code}`;
      if (finalCodes.get(k)?.itemId === p.existing.id) finalCodes.delete(k);
    }
  }
  for (const p of plan.items) {
    if (p.columns.product_code === null) continue;
    const k = `${p.store.row?.id ?? `new:${plan.stores.indexOf(p.store)}`}|${p.columns.product_code}`;
    const other = finalCodes.get(k);
    if (other !== undefined) {
      fail(
        p.rowNumber,
        'ProductCode',
        other.row !== undefined
          ? `ProductCode ${p.columns.product_code} is also on row ${other.row} for the same store; a code names one item.`
          : `ProductCode ${p.columns.product_code} already names item ${other.itemId} of this store; a code names one item.`,
      );
      continue;
    }
    finalCodes.set(k, { itemId: p.existing?.id, row: p.rowNumber });
  }

  // What actually changes.
  for (const p of plan.items) {
    const e = p.existing;
    if (e === undefined) continue;
    const sectionId = p.section === undefined ? e.section_id : p.section === null ? null : p.section.id;
    const c = p.columns;
    p.changed =
      sectionId !== e.section_id ||
      c.title !== e.title ||
      c.meta_description !== e.meta_description ||
      c.content !== e.content ||
      c.hidden !== e.hidden ||
      c.stock !== e.stock ||
      c.size !== e.size ||
      c.unit_price !== e.unit_price ||
      c.discount_bps !== e.discount_bps ||
      c.flat_discount !== e.flat_discount ||
      c.gst_bps !== e.gst_bps ||
      c.selling_price !== e.selling_price ||
      c.product_code !== e.product_code;
  }
  // New stores need a title and a category; a new store gets a database when a row needs one.
  for (const s of plan.stores) {
    if (s.row !== undefined) continue;
    if (s.newCategory === undefined) continue;
    s.category = s.newCategory.plan;
  }
  void at;
  return plan;
}

function formOfItem(row: Item): ItemForm {
  return {
    DbID: row.db_id,
    StoreID: row.store_id,
    SectionID: row.section_id,
    ItemTitle: row.title,
    ItemMetaDescription: row.meta_description,
    ItemContent: row.content,
    ItemHidden: row.hidden !== 0,
    Availability: row.stock,
    Size: row.size,
    UnitPrice: paiseToRupees(row.unit_price),
    Discount: bpsToPercent(row.discount_bps),
    FlatDiscount: paiseToRupees(row.flat_discount),
    Gst: bpsToPercent(row.gst_bps),
    ProductCode: row.product_code,
  };
}

/** Writes a checked plan in one transaction; nothing of it stays when any statement fails. */
async function writePlan(
  db: Kysely<Database>,
  dialect: Dialect,
  plan: Plan,
  actor: ImportActor,
  progress: (done: number) => void,
): Promise<void> {
  const at = actor.at;
  const updates = plan.items.filter((p) => p.changed && p.existing !== undefined);
  const creates = plan.items.filter((p) => p.existing === undefined);
  const touched = new Set<number>();
  await inTransaction(db, async (trx) => {
    // Items read before the transaction must still be as read: another writer's change is not overwritten.
    for (const batch of chunks(updates)) {
      const current = await trx
        .selectFrom('items')
        .select(['id', 'updated_at'])
        .where(
          'id',
          'in',
          batch.map((p) => (p.existing as Item).id),
        )
        .execute();
      const now = new Map(current.map((r) => [r.id, r.updated_at]));
      const moved = batch.filter((p) => now.get((p.existing as Item).id) !== (p.existing as Item).updated_at);
      if (moved.length > 0) {
        throw AppError.conflict(
          `Someone changed or deleted ${moved.length === 1 ? '1 item' : `${moved.length} items`} of this file (row ${moved[0]?.rowNumber}, …) while it was being imported, so nothing was saved. Import the file again.`,
        );
      }
    }
    for (const c of plan.categories) {
      if (c.row === undefined) {
        const r = await trx
          .insertInto('categories')
          .values({ title: c.title, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        c.id = r.id;
      } else if (c.newTitle !== undefined) {
        await trx
          .updateTable('categories')
          .set({ title: c.newTitle.value, updated_at: at })
          .where('id', '=', c.row.id)
          .execute();
      }
    }
    for (const s of plan.stores) {
      const v = s.values;
      if (s.row === undefined) {
        const r = await trx
          .insertInto('stores')
          .values({
            category_id: s.category?.id as number,
            title: (v.StoreTitle?.value as string | undefined) ?? 'Store',
            description: (v.StoreDescription?.value as string | undefined) ?? '',
            hidden: v.StoreHidden?.value === true ? 1 : 0,
            type: (v.StoreType?.value as StoreType | undefined) ?? 'public_store',
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        s.id = r.id;
        touched.add(r.id);
      } else {
        const change = storeChanges(s);
        if (change !== undefined) {
          if (change.category_id !== undefined) change.category_id = s.newCategory?.plan.id as number;
          await trx
            .updateTable('stores')
            .set({ ...change, updated_at: at })
            .where('id', '=', s.row.id)
            .execute();
          touched.add(s.row.id);
        }
      }
    }
    for (const d of plan.dbs) {
      if (d.row === undefined) {
        const r = await trx
          .insertInto('store_dbs')
          .values({ store_id: d.store.id as number, title: d.title, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        d.id = r.id;
        touched.add(d.store.id as number);
      } else if (d.newTitle !== undefined) {
        await trx
          .updateTable('store_dbs')
          .set({ title: d.newTitle.value, updated_at: at })
          .where('id', '=', d.row.id)
          .execute();
        touched.add(d.store.id as number);
      }
    }
    if (touched.size > 0) {
      await trx
        .updateTable('stores')
        .set({ updated_at: at })
        .where('id', 'in', [...touched])
        .execute();
    }
    for (const s of plan.sections) {
      if (s.row === undefined) {
        const r = await trx
          .insertInto('sections')
          .values({
            db_id: s.db.id as number,
            title: s.title,
            meta_description: '',
            content: '',
            hidden: 0,
            custom_order: '[]',
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        s.id = r.id;
      } else if (s.newTitle !== undefined) {
        await trx
          .updateTable('sections')
          .set({ title: s.newTitle.value, updated_at: at })
          .where('id', '=', s.row.id)
          .execute();
      }
    }

    let done = 0;
    // Codes move between items of a store in one import: clear the old ones first, as the unique index checks each row.
    const codeMoves = updates.filter(
      (p) => p.columns.product_code !== (p.existing as Item).product_code && (p.existing as Item).product_code !== null,
    );
    for (const batch of chunks(codeMoves)) {
      await trx
        .updateTable('items')
        .set({ product_code: null })
        .where(
          'id',
          'in',
          batch.map((p) => (p.existing as Item).id),
        )
        .execute();
    }
    for (const batch of chunks(updates)) {
      await updateItems(trx, dialect, batch, at);
      // Items whose stock came back answer their back-in-stock requests in this transaction.
      const restocked = batch
        .filter((p) => (p.existing as Item).stock <= 0 && p.columns.stock > 0)
        .map((p) => (p.existing as Item).id);
      await releaseStockAlerts(trx, restocked, at, actor.siteUrl ?? 'http://127.0.0.1:4321');
      done += batch.length;
      progress(done);
    }
    for (const batch of chunks(creates)) {
      await trx
        .insertInto('items')
        .values(
          batch.map((p) => ({
            store_id: p.store.id as number,
            db_id: p.db.id as number,
            section_id: p.section === undefined || p.section === null ? null : (p.section.id as number),
            ...p.columns,
            updated_at: at,
          })),
        )
        .execute();
      done += batch.length;
      progress(done);
    }
    const counts = countPlan(plan);
    const changedAnything =
      Object.values(counts.Created).some((n) => n > 0) || Object.values(counts.Changed).some((n) => n > 0);
    if (changedAnything) await markContentChanged(trx, at);
  });
}

/** One `UPDATE … FROM (VALUES …)` for a batch of changed items: both engines name the columns column1, column2, … */
async function updateItems(
  trx: Transaction<Database>,
  _dialect: Dialect,
  batch: ItemPlan[],
  at: string,
): Promise<void> {
  const int = (v: number | null) => sql`cast(${v} as integer)`;
  const text = (v: string | null) => sql`cast(${v} as text)`;
  const values = batch.map((p) => {
    const e = p.existing as Item;
    const c = p.columns;
    const sectionId = p.section === undefined ? e.section_id : p.section === null ? null : (p.section.id as number);
    return sql`(${sql.join([
      int(e.id),
      int(sectionId),
      text(c.title),
      text(c.meta_description),
      text(c.content),
      int(c.hidden),
      int(c.stock),
      text(c.size),
      int(c.unit_price),
      int(c.discount_bps),
      int(c.flat_discount),
      int(c.gst_bps),
      int(c.selling_price),
      text(c.product_code),
    ])})`;
  });
  await sql`update items set
      section_id = v.column2, title = v.column3, meta_description = v.column4, content = v.column5,
      hidden = v.column6, stock = v.column7, size = v.column8, unit_price = v.column9,
      discount_bps = v.column10, flat_discount = v.column11, gst_bps = v.column12,
      selling_price = v.column13, product_code = v.column14, updated_at = ${at}
    from (values ${sql.join(values)}) as v
    where items.id = v.column1`.execute(trx);
}
