import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse as parseCsv } from 'csv-parse';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { fromInertCell, inertCell } from '../../lib/domain/catalogue-sheet.ts';
import { IMPORT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from './import-limits.ts';

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

/**
 * Thrown when a file is past one of the import's caps (rows, unpacked size, the
 * reader's memory): the message completes a sentence that starts with the file's name.
 */
export class SheetOverLimit extends UnreadableSheet {}

const MB = 1024 * 1024;

function tooManyRows(): SheetOverLimit {
  return new SheetOverLimit(
    `has more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows below the header, the most one import reads; split it into smaller files.`,
  );
}

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

/** The format of the file at `path`, from its first bytes. */
async function sniffFile(path: string): Promise<SheetFormat> {
  const file = await open(path, 'r');
  try {
    const head = new Uint8Array(4);
    await file.read(head, 0, 4, 0);
    return sniffFormat(head);
  } finally {
    await file.close();
  }
}

/**
 * Reads the rows of a CSV (UTF-8, with or without a byte-order mark; comma,
 * semicolon or tab separated) or of the first sheet of an XLSX from `path`, as
 * a stream: the header first (trimmed), then each data row, every cell as text.
 * Throws `SheetOverLimit` as soon as the sheet numbers a row past
 * `IMPORT_MAX_ROWS` or an XLSX unpacks past `XLSX_MAX_UNPACKED_BYTES`, and
 * `UnreadableSheet` when the file is not a sheet.
 */
export async function* readSheetRows(path: string, format?: SheetFormat): AsyncGenerator<string[]> {
  if ((format ?? (await sniffFile(path))) === 'xlsx') yield* xlsxRows(path);
  else yield* csvRows(path);
}

/** `readSheetRows` gathered into one table. */
export async function readSheet(path: string, format?: SheetFormat): Promise<SheetTable> {
  let header: string[] | undefined;
  const rows: string[][] = [];
  for await (const row of readSheetRows(path, format)) {
    if (header === undefined) header = row;
    else rows.push(row);
  }
  return { header: header ?? [], rows };
}

/** The separator a CSV's first line uses most: comma, semicolon or tab. */
async function sniffDelimiter(path: string): Promise<string> {
  const file = await open(path, 'r');
  let head: string;
  try {
    const bytes = new Uint8Array(64 * 1024);
    const { bytesRead } = await file.read(bytes, 0, bytes.length, 0);
    head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
  const firstLine = head.slice(0, head.search(/\r?\n|$/));
  return [',', ';', '\t'].reduce((best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best));
}

async function* csvRows(path: string): AsyncGenerator<string[]> {
  const delimiter = await sniffDelimiter(path);
  const parser = createReadStream(path).pipe(
    parseCsv({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: false }),
  );
  let n = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (n > IMPORT_MAX_ROWS) throw tooManyRows();
      yield n === 0 ? record.map((h) => h.trim()) : record.map(fromInertCell);
      n++;
    }
  } catch (err) {
    if (err instanceof UnreadableSheet) throw err;
    throw new UnreadableSheet(`The file is not readable CSV: ${(err as Error).message}`);
  } finally {
    parser.destroy();
  }
}

/**
 * Inflates every entry of the archive at `path`, in the order a streaming reader
 * meets them, holding nothing, and throws `SheetOverLimit` once the bytes
 * inflated pass `XLSX_MAX_UNPACKED_BYTES`. The bytes are counted, not the sizes
 * the headers declare: a zip bomb declares what it likes.
 */
async function checkUnpackedSize(path: string): Promise<void> {
  const file = createReadStream(path);
  const zip = unzipper.Parse();
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (err: Error) => {
      file.unpipe(zip);
      file.destroy();
      zip.removeAllListeners('entry');
      reject(err);
    };
    zip.on('entry', (entry: unzipper.Entry) => {
      entry.on('data', (chunk: Buffer) => {
        unpacked += chunk.length;
        if (unpacked > XLSX_MAX_UNPACKED_BYTES) {
          entry.removeAllListeners('data');
          fail(
            new SheetOverLimit(
              `unpacks to more than ${XLSX_MAX_UNPACKED_BYTES / MB} MB, the most an XLSX import may hold; split it into smaller files or import it as CSV.`,
            ),
          );
        }
      });
      entry.on('error', (err: Error) => fail(err));
    });
    zip.once('error', (err: Error) =>
      fail(new UnreadableSheet(`The file is not a readable XLSX workbook (${err.message}).`)),
    );
    zip.once('finish', () => resolve());
    file.once('error', fail);
    file.pipe(zip);
  });
}

async function* xlsxRows(path: string): AsyncGenerator<string[]> {
  await checkUnpackedSize(path);
  const reader = new (await excel()).stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      let next = 1;
      for await (const row of sheet) {
        // A row numbered far down would otherwise be reached by yielding every empty row before it.
        if (row.number - 1 > IMPORT_MAX_ROWS) throw tooManyRows();
        for (; next < row.number; next++) yield [];
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield row.number === 1 ? cells.map((h) => h.trim()) : cells;
        next = row.number + 1;
      }
      break;
    }
  } catch (err) {
    if (err instanceof UnreadableSheet) throw err;
    throw new UnreadableSheet(`The file is not a readable XLSX workbook (${(err as Error).message}).`);
  }
  if (sheets === 0) throw new UnreadableSheet('The workbook has no sheet.');
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
