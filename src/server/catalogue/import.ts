import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import {
  type ImportChange,
  type ImportReport,
  MAX_LISTED_CHANGES,
  type SheetError,
} from '../../lib/domain/catalogue-sheet.ts';
import { writeAudit } from '../audit.ts';
import type { Dialect } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { diffPlan } from './import-diff.ts';
import { countPlan } from './import-model.ts';
import { planImport } from './import-plan.ts';
import { readCells } from './import-read.ts';
import { writePlan } from './import-write.ts';
import { type SheetFormat, SheetOverLimit, UnreadableSheet } from './sheet-files.ts';
import { readSheetFile } from './sheet-reader.ts';

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
  | {
      ok: false;
      rows: number;
      errors: SheetError[];
      message: string;
      /** The cells the rows without problems would change. */
      changes: ImportChange[];
      changeCount: number;
    };

/**
 * Imports items, and the categories, stores, store databases and sections they
 * refer to, from a CSV or XLSX file whose columns are spec §3's field names
 * (`SHEET_COLUMNS`). All or nothing: every row is checked first, and any bad
 * cell stops the import before anything is written; the writes then go in one
 * transaction, in multi-row statements. A row with an ItemID (or a ProductCode
 * its store already knows) changes that item; a row without creates one.
 * Columns left out of the file leave those fields as they are. A dry run checks
 * and counts without writing; both list every changed cell, before → after
 * (`import-diff.ts`). One audit entry records the counts. The file is
 * streamed from disk and parsed on a worker thread (`readSheetFile`), off the
 * event loop; a file past the caps of `import-limits.ts` (rows, unpacked XLSX
 * size, the reader's memory) is refused naming the file and the cap.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  _dialect: Dialect,
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
      return invalid([{ Row: 1, Column: 'file', Rule: message }], 0, undefined, message);
    }
    if (err instanceof UnreadableSheet)
      return invalid([{ Row: 1, Column: '', Rule: err.message }], 0, undefined, err.message);
    throw err;
  }

  const read = readCells(table);
  if (!read.ok) return invalid(read.errors, read.rows);
  const { rows, has } = read;
  const errors: SheetError[] = [];
  const plan = await planImport(db, rows, has, errors, (done) =>
    progress({ phase: 'checking', done, total: rows.length }),
  );
  const diff = diffPlan(plan, MAX_LISTED_CHANGES);
  if (errors.length > 0) return invalid(errors, rows.length, diff);

  const counts = countPlan(plan);
  const report: ImportReport = {
    DryRun: opts.dryRun,
    Rows: rows.length,
    ...counts,
    Seconds: 0,
    Changes: diff.changes,
    ChangeCount: diff.count,
  };
  if (!opts.dryRun) {
    await writePlan(db, plan, actor, (done) => progress({ phase: 'writing', done, total: plan.items.length }));
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

function invalid(
  errors: SheetError[],
  rows: number,
  diff: { changes: ImportChange[]; count: number } = { changes: [], count: 0 },
  whole?: string,
): ImportOutcome {
  errors.sort((a, b) => a.Row - b.Row);
  const badRows = new Set(errors.map((e) => e.Row)).size;
  const message =
    whole ??
    `${badRows === 1 ? '1 row breaks' : `${badRows} rows break`} the rules (${errors.length === 1 ? '1 cell' : `${errors.length} cells`}); nothing was imported. Fix them and import the file again.`;
  return { ok: false, rows, errors, message, changes: diff.changes, changeCount: diff.count };
}
