import type { ImportChange } from '../../lib/domain/catalogue-sheet.ts';
import type { Item } from '../db/schema.ts';
import { type Plan, type StorePlan, sectionIdOf } from './import-model.ts';
import { ITEM_COLUMNS, type ItemWritableColumn, sheetValueOf } from './item-columns.ts';

/**
 * Every cell a checked import changes, before → after, as an export writes the
 * values (so a dry run reads like the file against the shop): the items' own
 * cells, then the titles and columns of the stores, store databases, sections and
 * categories it renames or changes. Only the first `cap` are listed; all are counted.
 * Work is a few comparisons per changed item, so a 10,000-row check stays as fast.
 */

/** The item columns a row can change, with their sheet columns (SellingPrice follows from the prices; keys and stamps never change). */
const ITEM_CELLS = (
  [
    'product_code',
    'title',
    'meta_description',
    'content',
    'hidden',
    'stock',
    'size',
    'unit_price',
    'discount_bps',
    'flat_discount',
    'gst_bps',
    'section_id',
  ] as const satisfies readonly ItemWritableColumn[]
).map((column) => ({ column, field: ITEM_COLUMNS[column].field }));

/** Long text reads as its length: a changed description is not printed whole. */
function cellText(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.length > 80 ? `(${text.length.toLocaleString('en-IN')} characters)` : text;
}

const itemName = (row: Item) => (row.size.trim() === '' ? row.title : `${row.title} (${row.size.trim()})`);

/** The changes a plan makes: the first `cap` cells in row order, and how many there are in all. */
export function diffPlan(plan: Plan, cap: number): { changes: ImportChange[]; count: number } {
  const changes: ImportChange[] = [];
  let count = 0;
  const add = (c: ImportChange) => {
    count++;
    if (changes.length < cap) changes.push(c);
  };
  for (const p of plan.items) {
    if (p.existing === undefined || !p.changed) continue;
    const sectionId = sectionIdOf(p);
    const existing = p.existing;
    const name = itemName(existing);
    // Raw values are compared first; only a changed cell is written out as the sheet has it.
    for (const { column, field } of ITEM_CELLS) {
      const was = existing[column];
      let after: string;
      if (column !== 'section_id') {
        if (p.columns[column] === was) continue;
        after = cellText(sheetValueOf(column, p.columns[column]));
      } else if (sectionId === undefined) {
        // A section the import creates has no id yet: it reads as its title.
        after = `${p.section?.title ?? ''} (new)`;
      } else {
        if (sectionId === was) continue;
        after = cellText(sheetValueOf(column, sectionId));
      }
      const before = cellText(sheetValueOf(column, was));
      if (before === after) continue;
      // Past the cap a cell is only counted: a 100,000-row file builds 1,000 entries, not one a cell.
      if (changes.length >= cap) count++;
      else
        add({
          Row: p.rowNumber,
          Kind: 'Item',
          ID: existing.id,
          Name: name,
          Column: field,
          Before: before,
          After: after,
        });
    }
  }
  for (const s of plan.stores) storeCells(s, add);
  for (const c of plan.categories) {
    if (c.row !== undefined && c.newTitle !== undefined) {
      add({
        Row: c.newTitle.row,
        Kind: 'Category',
        ID: c.row.id,
        Name: c.row.title,
        Column: 'CategoryTitle',
        Before: c.row.title,
        After: c.newTitle.value,
      });
    }
  }
  for (const d of plan.dbs) {
    if (d.row !== undefined && d.newTitle !== undefined) {
      add({
        Row: d.newTitle.row,
        Kind: 'StoreDb',
        ID: d.row.id,
        Name: d.row.title,
        Column: 'DbTitle',
        Before: d.row.title,
        After: d.newTitle.value,
      });
    }
  }
  for (const s of plan.sections) {
    if (s.row !== undefined && s.newTitle !== undefined) {
      add({
        Row: s.newTitle.row,
        Kind: 'Section',
        ID: s.row.id,
        Name: s.row.title,
        Column: 'SectionTitle',
        Before: s.row.title,
        After: s.newTitle.value,
      });
    }
  }
  changes.sort((a, b) => a.Row - b.Row);
  return { changes, count };
}

/** An existing store's own cells that its rows change. */
function storeCells(s: StorePlan, add: (c: ImportChange) => void): void {
  const row = s.row;
  if (row === undefined) return;
  const v = s.values;
  const cell = (column: 'StoreTitle' | 'StoreDescription' | 'StoreHidden' | 'StoreType', was: unknown) => {
    const given = v[column];
    if (given === undefined) return;
    const before = cellText(was);
    const after = cellText(given.value);
    if (before !== after)
      add({ Row: given.row, Kind: 'Store', ID: row.id, Name: row.title, Column: column, Before: before, After: after });
  };
  cell('StoreTitle', row.title);
  cell('StoreDescription', row.description);
  cell('StoreHidden', row.hidden !== 0);
  cell('StoreType', row.type);
}
