import type { Kysely } from 'kysely';
import type { SheetColumn, SheetError } from '../../lib/domain/catalogue-sheet.ts';
import type { Database, Item } from '../db/schema.ts';
import { type Plan, sectionIdOf } from './import-model.ts';
import { ParentPlanner } from './import-parents.ts';
import { chunks, type ImportRow } from './import-read.ts';
import { type NamedItems, RowPlanner } from './import-row.ts';
import { itemWriteChanges } from './item-columns.ts';

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows planned between two turns of the event loop (and progress reports). */
const ROWS_PER_TURN = 2000;

/**
 * Checks every row of an import and plans what it creates and changes,
 * reading but never writing: the catalogue's parents, the items the rows name,
 * then each row (`RowPlanner`), then the rules across rows (a ProductCode names
 * one item of its store) and what actually changes. Broken rules go to `errors`;
 * the plan is only for writing when there are none.
 */
export async function planImport(
  db: Kysely<Database>,
  rows: ImportRow[],
  has: Set<SheetColumn>,
  errors: SheetError[],
  progress: (done: number) => void,
): Promise<Plan> {
  const plan: Plan = { categories: [], stores: [], dbs: [], sections: [], items: [] };
  const parents = await ParentPlanner.read(db, plan);
  const items = await readNamedItems(db, rows);
  const codeRows = has.has('ProductCode') ? await readItemCodes(db) : [];
  const planner = new RowPlanner(parents, items, has, errors);
  for (const [index, row] of rows.entries()) {
    if (index % ROWS_PER_TURN === 0) {
      progress(index);
      await yieldToLoop();
    }
    planner.planRow(row);
  }
  progress(rows.length);
  checkProductCodes(plan, codeRows, errors);
  markChangedItems(plan);
  settleNewStoreCategories(plan);
  return plan;
}

/** The items the rows name: by ItemID, and by ProductCode for rows that give a code without an ItemID. */
async function readNamedItems(db: Kysely<Database>, rows: ImportRow[]): Promise<NamedItems> {
  const itemIds: number[] = [];
  const codesAlone = new Set<string>();
  for (const { cells } of rows) {
    const raw = (cells.ItemID ?? '').trim();
    if (/^\d{1,15}$/.test(raw)) itemIds.push(Number(raw));
    const code = (cells.ProductCode ?? '').trim();
    if (raw === '' && code !== '') codesAlone.add(code);
  }
  const byId = new Map<number, Item>();
  for (const ids of chunks([...new Set(itemIds)])) {
    for (const r of await db.selectFrom('items').selectAll().where('id', 'in', ids).execute()) byId.set(r.id, r);
  }
  const byCode = new Map<string, Item>();
  for (const codes of chunks([...codesAlone])) {
    for (const r of await db.selectFrom('items').selectAll().where('product_code', 'in', codes).execute()) {
      byCode.set(`${r.store_id}|${r.product_code}`, r);
    }
  }
  return { byId, byCode };
}

type CodeRow = Pick<Item, 'id' | 'store_id' | 'product_code'>;

/** Every item's ProductCode, to check the codes the import leaves behind. */
function readItemCodes(db: Kysely<Database>): Promise<CodeRow[]> {
  return db
    .selectFrom('items')
    .select(['id', 'store_id', 'product_code'])
    .where('product_code', 'is not', null)
    .execute();
}

/** Each code names one item of its store once the import is done: the codes of items it keeps, and those it writes. */
function checkProductCodes(plan: Plan, codeRows: CodeRow[], errors: SheetError[]): void {
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
      errors.push({
        Row: p.rowNumber,
        Column: 'ProductCode',
        Item: p.existing?.title ?? p.columns.title,
        Value: p.columns.product_code,
        Rule:
          other.row !== undefined
            ? `ProductCode ${p.columns.product_code} is also on row ${other.row} for the same store; a code names one item.`
            : `ProductCode ${p.columns.product_code} already names item ${other.itemId} of this store; a code names one item.`,
      });
      continue;
    }
    finalCodes.set(k, { itemId: p.existing?.id, row: p.rowNumber });
  }
}

/** Which existing items the import actually changes (a section not yet written is a change). */
function markChangedItems(plan: Plan): void {
  for (const p of plan.items) {
    if (p.existing === undefined) continue;
    const sectionId = sectionIdOf(p);
    p.changed = sectionId === undefined || itemWriteChanges(p.existing, { ...p.columns, section_id: sectionId });
  }
}

/** A new store takes the category its rows agreed on. */
function settleNewStoreCategories(plan: Plan): void {
  for (const s of plan.stores) {
    if (s.row !== undefined || s.newCategory === undefined) continue;
    s.category = s.newCategory.plan;
  }
}
