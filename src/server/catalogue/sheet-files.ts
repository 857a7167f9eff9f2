import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { fromInertCell, inertCell } from '../../lib/domain/catalogue-sheet.ts';

/** A spreadsheet as text: its header row and its data rows, every cell as text. */
export interface SheetTable {
  header: string[];
  rows: string[][];
}

export type SheetFormat = 'csv' | 'xlsx';

export const SHEET_MIME: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** XLSX files are ZIP archives: they start with `PK\x03\x04`. */
export function sniffFormat(bytes: Uint8Array): SheetFormat {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? 'xlsx' : 'csv';
}

/** Thrown when a file cannot be read as a sheet at all (not CSV, a broken XLSX): the message says why. */
export class UnreadableSheet extends Error {}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

/** ExcelJS, loaded on first use (it is the API's largest module; a rebuild starting the API needs none of it). */
async function excel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** Reads a CSV (UTF-8, with or without a byte-order mark; comma, semicolon or tab separated) or the first sheet of an XLSX. */
export async function readSheet(bytes: Uint8Array, format: SheetFormat = sniffFormat(bytes)): Promise<SheetTable> {
  if (format === 'xlsx') {
    const wb = new (await excel()).Workbook();
    try {
      await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
    } catch (err) {
      throw new UnreadableSheet(`The file is not a readable XLSX workbook (${(err as Error).message}).`);
    }
    const ws = wb.worksheets[0];
    if (ws === undefined) throw new UnreadableSheet('The workbook has no sheet.');
    const table: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      table[n - 1] = cells;
    });
    for (let i = 0; i < table.length; i++) table[i] ??= [];
    return { header: (table[0] ?? []).map((h) => h.trim()), rows: table.slice(1) };
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  let records: string[][];
  try {
    records = parseCsv(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false });
  } catch (err) {
    throw new UnreadableSheet(`The file is not readable CSV: ${(err as Error).message}`);
  }
  return { header: (records[0] ?? []).map((h) => h.trim()), rows: records.slice(1).map((r) => r.map(fromInertCell)) };
}

/**
 * A CSV with a byte-order mark, so spreadsheet programs read it as UTF-8. Text
 * that would start a formula is made inert (`inertCell`); numbers stay numbers.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${stringifyCsv([header as string[], ...(rows as unknown[][])], {
    cast: { boolean: (b) => (b ? 'true' : 'false'), string: inertCell },
  })}`;
}

/** An XLSX workbook of one sheet with a frozen, bold header row. */
export async function writeXlsx(
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<Uint8Array> {
  const wb = new (await excel()).Workbook();
  wb.creator = 'Aisle';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...header]).font = { bold: true };
  for (const row of rows) ws.addRow(row as unknown[]);
  const buffer = await wb.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
