// npm run catalogue:import -- FILE [--dry-run]
// Imports items (and the stores, store databases, sections and categories they refer to) from a CSV or
// XLSX file whose columns are spec §3's field names, all or nothing: the same import as
// POST /api/Catalogue/Import, run in-process over the configured database.
import { closeSync, fstatSync, openSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { describeImportChange, describeReport } from '../src/lib/domain/catalogue-sheet.ts';
import { importCatalogue } from '../src/server/catalogue/import.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { AppError } from '../src/server/errors.ts';

/** Changed cells a run prints; the rest are counted. */
const SHOWN_CHANGES = 50;

const USAGE = 'Usage: npm run catalogue:import -- FILE [--dry-run]   (FILE: .csv or .xlsx, columns named as spec §3)';

function fail(message: string): never {
  console.error(`catalogue:import: ${message}\n${USAGE}`);
  process.exit(2);
}

let parsed: { values: { 'dry-run'?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { 'dry-run': { type: 'boolean' } }, strict: true, allowPositionals: true });
} catch (err) {
  fail((err as Error).message);
}
const file = parsed.positionals[0];
if (file === undefined || parsed.positionals.length > 1) fail('give exactly one FILE.');
// The import reads the file itself, on a thread of its own: here only that it can be read.
try {
  const fd = openSync(file, 'r');
  const isFile = fstatSync(fd).isFile();
  closeSync(fd);
  if (!isFile) fail(`cannot read ${file}: not a file`);
} catch (err) {
  fail(`cannot read ${file}: ${(err as Error).message}`);
}
const dryRun = parsed.values['dry-run'] === true;

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateToLatest(db.db);
  let lastShown = Date.now();
  const outcome = await importCatalogue(
    db.db,
    db.dialect,
    { actorId: null, actorEmail: 'command line (catalogue:import)', ip: '', at: new Date().toISOString() },
    file,
    {
      dryRun,
      fileName: basename(file),
      onProgress: (p) => {
        const now = Date.now();
        if (p.phase !== 'done' && now - lastShown > 2000) {
          lastShown = now;
          console.error(`${p.phase} ${p.done.toLocaleString('en-IN')} of ${p.total.toLocaleString('en-IN')}`);
        }
      },
    },
  );
  if (outcome.ok) {
    const r = outcome.report;
    console.log(
      `${dryRun ? 'Dry run, nothing written. ' : ''}${describeReport(r)} (${r.Rows.toLocaleString('en-IN')} rows in ${r.Seconds} s)`,
    );
    for (const c of r.Changes.slice(0, SHOWN_CHANGES)) console.log(`  row ${c.Row}: ${describeImportChange(c)}`);
    if (r.ChangeCount > SHOWN_CHANGES) {
      console.log(`  … and ${(r.ChangeCount - SHOWN_CHANGES).toLocaleString('en-IN')} more changed cells`);
    }
    console.log(JSON.stringify({ Created: r.Created, Changed: r.Changed, Unchanged: r.Unchanged }));
  } else {
    console.error(`catalogue:import: ${outcome.message}`);
    for (const e of outcome.errors) {
      const about = [e.Item === undefined ? '' : `item ${e.Item}`, e.Value === undefined ? '' : `value '${e.Value}'`];
      const known = about.filter((a) => a !== '').join(', ');
      console.error(`  row ${e.Row}, column ${e.Column || '(none)'}: ${e.Rule}${known === '' ? '' : ` (${known})`}`);
    }
    process.exitCode = 1;
  }
} catch (err) {
  console.error(
    `catalogue:import failed, nothing was saved: ${err instanceof AppError ? err.message : (err as Error).stack}`,
  );
  process.exitCode = 1;
} finally {
  await db.close();
}
