import type { z } from 'zod';
import type { ItemForm } from '../../lib/domain/catalogue-forms.ts';
import {
  FIRST_DATA_ROW,
  READ_ONLY_COLUMNS,
  SHEET_COLUMNS,
  type SheetColumn,
  type SheetError,
  type SheetRow,
} from '../../lib/domain/catalogue-sheet.ts';
import type { SheetTable } from './sheet-files.ts';

/** One data row of a sheet: its number as a spreadsheet program shows it, and its cells by column. */
export interface ImportRow {
  n: number;
  cells: SheetRow;
}

/** A sheet's rows by column, or the header's broken rules. */
export type ReadCells =
  | { ok: true; has: Set<SheetColumn>; rows: ImportRow[] }
  | { ok: false; errors: SheetError[]; rows: number };

/**
 * Reads a parsed sheet into rows of named cells. The header must name known
 * columns (any case), each once, and an ItemTitle or ItemID column; a column
 * without a name must be empty. Read-only columns (`READ_ONLY_COLUMNS`) and
 * rows whose cells are all blank are left out.
 */
export function readCells(table: SheetTable): ReadCells {
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
  if (errors.length > 0) return { ok: false, errors, rows: table.rows.length };

  const rows: ImportRow[] = [];
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
  return { ok: true, has, rows };
}

/** Rows per multi-row statement: well inside both engines' limits on bound parameters. */
export const BATCH = 1000;

export function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Trimmed and lower-cased: how titles are matched. */
export const lower = (s: string) => s.trim().toLowerCase();

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
export function flagText(cell: string): string {
  return FLAG_TEXT[lower(cell)] ?? cell;
}

/** A number cell without what spreadsheets add to it: a leading `Rs`/`Rs.`/`₹`, thousands commas, a trailing `%`. */
function numberText(cell: string): string {
  return cell
    .replace(/^(rs\.?|₹)\s*/i, '')
    .replace(/,/g, '')
    .replace(/%$/, '')
    .trim();
}

/** The first message of a zod field schema's failure, or the parsed value. */
export function checkField<T>(
  schema: z.ZodType<T>,
  value: unknown,
): { ok: true; value: T } | { ok: false; message: string } {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? 'is invalid.' };
}

/**
 * How an import reads each field of the item form from its cell:
 * - `parent`: not from its own cell (the row's store, database and section are planned apart);
 * - `title`: the cell trimmed, whenever the column is in the file (an empty title breaks the form's rule);
 * - `text`: the cell as it is, whenever the column is in the file (so a blank cell clears the field);
 * - `number`: a non-blank cell, without currency signs, thousands commas or `%`;
 * - `flag`: a non-blank cell, `yes`/`no`/`1`/`0`/`true`/`false` in any case.
 * A field added to the item form is a compile error here until the import says how it reads it.
 */
export const ITEM_CELL_READERS = {
  DbID: 'parent',
  StoreID: 'parent',
  SectionID: 'parent',
  ItemTitle: 'title',
  ItemMetaDescription: 'text',
  ItemContent: 'text',
  Size: 'text',
  ProductCode: 'text',
  HsnCode: 'text',
  SoldBy: 'text',
  Step: 'number',
  Availability: 'number',
  ReorderLevel: 'number',
  UnitPrice: 'number',
  Discount: 'number',
  FlatDiscount: 'number',
  Gst: 'number',
  ItemHidden: 'flag',
} as const satisfies Record<keyof ItemForm, 'parent' | 'title' | 'text' | 'number' | 'flag'>;

const ITEM_CELLS = Object.entries(ITEM_CELL_READERS) as [keyof ItemForm, (typeof ITEM_CELL_READERS)[keyof ItemForm]][];

/** Sets the item form's fields a row gives over `values` (the item as stored, or the form's defaults). */
export function readItemCells(cells: SheetRow, has: Set<SheetColumn>, values: Record<string, unknown>): void {
  for (const [field, reader] of ITEM_CELLS) {
    if (reader === 'parent') continue;
    if (reader === 'title' || reader === 'text') {
      if (has.has(field)) values[field] = reader === 'title' ? (cells[field] ?? '').trim() : (cells[field] ?? '');
      continue;
    }
    const v = cells[field];
    if (v === undefined || v.trim() === '') continue;
    values[field] = reader === 'flag' ? flagText(v.trim()) : numberText(v.trim());
  }
}
