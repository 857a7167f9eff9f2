/**
 * The columns of a catalogue spreadsheet (CSV or XLSX), for import and export
 * alike: one row per item, with the store, store database, section and category
 * it belongs to. Column names are spec §3's field names; prices are rupees and
 * Discount and Gst are percent, as on the wire.
 */

/** Every column, in the order an export writes them. */
export const SHEET_COLUMNS = [
  'ItemID',
  'ProductCode',
  'ItemTitle',
  'ItemMetaDescription',
  'ItemContent',
  'ItemHidden',
  'Availability',
  'Size',
  'UnitPrice',
  'Discount',
  'FlatDiscount',
  'Gst',
  'SellingPrice',
  'SectionID',
  'SectionTitle',
  'DbID',
  'DbTitle',
  'StoreID',
  'StoreTitle',
  'StoreDescription',
  'StoreHidden',
  'StoreType',
  'CategoryID',
  'CategoryTitle',
  'ItemUpdatedTime',
  // Added last (issue 33), so the columns of earlier exports keep their places.
  'ReorderLevel',
  // Added after the others (issue 32), so every earlier column keeps its place.
  'HsnCode',
  // Items sold by weight or volume (issue 33), after the others for the same reason.
  'SoldBy',
  'Step',
] as const;

export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** Columns an export writes for information only: an import ignores them (SellingPrice follows from the prices). */
export const READ_ONLY_COLUMNS: readonly SheetColumn[] = ['SellingPrice', 'ItemUpdatedTime'];

/** One row of a sheet: column → cell text, for the columns the sheet has. */
export type SheetRow = Partial<Record<SheetColumn, string>>;

/** The first data row's number: row 1 holds the column names, as a spreadsheet program shows them. */
export const FIRST_DATA_ROW = 2;

/** One broken rule of one row: what an import answers for every bad cell. */
export interface SheetError {
  /** The row's number as a spreadsheet program shows it (the header is row 1); 1 for a header problem. */
  Row: number;
  Column: string;
  Rule: string;
  /** The item the row is about, when known: its title as stored (a row naming an item) or as the row gives it. */
  Item?: string | undefined;
  /** The cell's text as the file has it, when the rule is about one cell. */
  Value?: string | undefined;
}

/** One cell an import changes (or, a dry run, would change): `Sangli Green Grapes: UnitPrice 79 → 85`. */
export interface ImportChange {
  /** The row of the file that changes it. */
  Row: number;
  /** What the cell belongs to: `Item`, `Store`, `StoreDb`, `Section` or `Category`. */
  Kind: 'Item' | 'Store' | 'StoreDb' | 'Section' | 'Category';
  ID: number;
  /** Its title before the import (an item's with its size). */
  Name: string;
  /** The sheet column. */
  Column: string;
  /** The value before and after, as an export writes it (rupees, percent, true/false). */
  Before: string;
  After: string;
}

/** The most changed cells a report lists; `ChangeCount` counts them all. */
export const MAX_LISTED_CHANGES = 1000;

/** An error row in words: `Row 14, Nashik Green Grapes: UnitPrice 'abc': must be a number`. */
export function describeSheetError(e: SheetError): string {
  const where = e.Item === undefined ? `Row ${e.Row}` : `Row ${e.Row}, ${e.Item}`;
  const rule = e.Column !== '' && e.Rule.startsWith(e.Column) ? e.Rule.slice(e.Column.length).trim() : e.Rule;
  const cell = e.Value === undefined ? e.Column : `${e.Column} '${e.Value}'`;
  return cell === '' ? `${where}: ${rule}` : `${where}: ${cell} ${rule}`;
}

/** A changed cell in words: `Sangli Green Grapes (1 kg): UnitPrice 79 → 85`. */
export function describeImportChange(c: ImportChange): string {
  return `${c.Name}: ${c.Column} ${c.Before === '' ? '(empty)' : c.Before} → ${c.After === '' ? '(empty)' : c.After}`;
}

/** How many rows of each kind an import created, changed or left alone. */
export interface ImportCounts {
  Items: number;
  Stores: number;
  StoreDbs: number;
  Sections: number;
  Categories: number;
}

/** What an import did, or (a dry run) would do. */
export interface ImportReport {
  DryRun: boolean;
  /** Data rows read. */
  Rows: number;
  Created: ImportCounts;
  Changed: ImportCounts;
  Unchanged: ImportCounts;
  Seconds: number;
  /** Every cell the import changes, in row order: the first `MAX_LISTED_CHANGES`. */
  Changes: ImportChange[];
  /** Changed cells in all. */
  ChangeCount: number;
}

/** A running or finished import: `GET /api/Catalogue/Import/{JobID}`. */
export interface ImportJobDto {
  JobID: string;
  FileName: string;
  DryRun: boolean;
  /** `queued`, `running`, `succeeded` (report ready), `invalid` (bad rows, nothing written) or `failed`. */
  State: 'queued' | 'running' | 'succeeded' | 'invalid' | 'failed';
  /** `reading`, `checking`, `writing` or `done`. */
  Phase: string;
  /** Rows done of Total in the current phase. */
  Done: number;
  Total: number;
  StartedAt: string;
  FinishedAt: string | null;
  Message: string;
  Report: ImportReport | null;
  Errors: SheetError[];
  /** Bad cells in all; `Errors` lists the first 1,000. */
  ErrorCount: number;
  /**
   * The cells the file changes, before → after (the report's own list); for a file with
   * bad rows, the cells its other rows would change, so a check shows both at once.
   */
  Changes: ImportChange[];
  /** Changed cells in all; `Changes` lists the first 1,000. */
  ChangeCount: number;
}

/** The most bad cells an answer lists. */
export const MAX_LISTED_ERRORS = 1000;

/** `1 row`, `2 rows`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}

/** A sentence for a report: `Created 3 items and 1 store; changed 2 items; 40 items unchanged.` */
export function describeReport(r: ImportReport): string {
  const list = (c: ImportCounts): string => {
    const parts = [
      c.Items > 0 ? plural(c.Items, 'item') : '',
      c.Stores > 0 ? plural(c.Stores, 'store') : '',
      c.StoreDbs > 0 ? plural(c.StoreDbs, 'store database') : '',
      c.Sections > 0 ? plural(c.Sections, 'section') : '',
      c.Categories > 0 ? plural(c.Categories, 'category', 'categories') : '',
    ].filter((p) => p !== '');
    if (parts.length === 0) return 'nothing';
    return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  };
  const verb = r.DryRun ? 'Would create' : 'Created';
  const changeVerb = r.DryRun ? 'would change' : 'changed';
  return `${verb} ${list(r.Created)}; ${changeVerb} ${list(r.Changed)}; ${plural(r.Unchanged.Items, 'item')} unchanged.`;
}

/**
 * Text a spreadsheet program would run as a formula when it opens a CSV (OWASP's
 * "CSV injection"): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made inert for a CSV: a leading `'` when it would start a formula. */
export function inertCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text an `inertCell` was made from, so an exported CSV imports as it was. */
export function fromInertCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/**
 * An export's file name, saying what it holds (issue 35: every export had the same name):
 * `aisle-items-{store}-{database}-{section}-{filter}-{date}.{format}`, each part that applies
 * as a lower-case slug of its title, at most 40 characters a part.
 */
export function exportFileName(parts: (string | undefined)[], date: string, format: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '');
  const named = parts
    .filter((p): p is string => p !== undefined)
    .map(slug)
    .filter((p) => p !== '');
  return `${['aisle-items', ...named, date].join('-')}.${format}`;
}
