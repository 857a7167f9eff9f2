// npm run bench:import [-- --items 10000,100000] [--formats csv,xlsx]
// Imports a generated catalogue file (N items in 40 stores of 8 categories, 10 sections
// each) into a fresh SQLite file and a fresh PostgreSQL database, through the same
// function POST /api/Catalogue/Import and `npm run catalogue:import` run. Three runs per
// engine, size and format: `create` (every row new), `same` (the export of the result
// imported again: nothing changes) and `update` (every price edited). Each engine and
// size runs in a child process of its own so its peak RSS is its own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ImportReport } from '../src/lib/domain/catalogue-sheet.ts';
import { SHEET_COLUMNS } from '../src/lib/domain/catalogue-sheet.ts';
import { exportCatalogue } from '../src/server/catalogue/export.ts';
import { importCatalogue } from '../src/server/catalogue/import.ts';
import { type SheetFormat, writeCsv, writeXlsx } from '../src/server/catalogue/sheet-files.ts';
import { type Dialect, openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000,100000' },
    formats: { type: 'string', default: 'csv' },
    child: { type: 'string' },
    url: { type: 'string' },
  },
  strict: true,
});

interface Run {
  run: 'create' | 'same' | 'update';
  format: SheetFormat;
  bytes: number;
  seconds: number;
  report: ImportReport;
}
interface ChildResult {
  dialect: Dialect;
  items: number;
  runs: Run[];
  peakRssMb: number;
}

const CATEGORIES = ['Fresh Produce', 'Dairy', 'Bakery', 'Beverages', 'Snacks', 'Household', 'Personal Care', 'Pantry'];
const WORDS = ['Organic', 'Fresh', 'Classic', 'Crunchy', 'Golden', 'Premium', 'Farm', 'Daily', 'Royal', 'Green'];
const THINGS = ['Apples', 'Milk', 'Bread', 'Tea', 'Chips', 'Soap', 'Shampoo', 'Rice', 'Lentils', 'Coffee', 'Honey'];
const GST = [0, 5, 12, 18, 28];

/** A deterministic import file of `n` new items: the columns a chain's spreadsheet would have. */
function generatedRows(n: number): string[][] {
  const header = [
    'ProductCode',
    'ItemTitle',
    'ItemMetaDescription',
    'ItemContent',
    'Availability',
    'Size',
    'UnitPrice',
    'Discount',
    'FlatDiscount',
    'Gst',
    'SectionTitle',
    'StoreTitle',
    'StoreDescription',
    'CategoryTitle',
  ];
  const rows = [header];
  for (let i = 0; i < n; i++) {
    const store = i % 40;
    const title = `${WORDS[i % WORDS.length]} ${THINGS[(i >> 3) % THINGS.length]} ${i + 1}`;
    rows.push([
      `SKU-${String(i + 1).padStart(7, '0')}`,
      title,
      `${title}, fresh from the store.`,
      `<p>${title}: <strong>good value</strong>.</p>`,
      String((i * 7) % 250),
      `${(i % 9) + 1}00 g`,
      (20 + ((i * 37) % 98000) / 100).toFixed(2),
      String((i % 4) * 5),
      '0',
      String(GST[i % GST.length]),
      `Aisle ${(i >> 2) % 10}`,
      `Store ${store + 1}`,
      `Branch number ${store + 1}`,
      CATEGORIES[store % CATEGORIES.length] as string,
    ]);
  }
  return rows;
}

async function fileOf(rows: readonly (readonly unknown[])[], format: SheetFormat): Promise<Uint8Array> {
  const [header, ...body] = rows;
  if (format === 'xlsx') return writeXlsx('Items', header as string[], body);
  return new TextEncoder().encode(writeCsv(header as string[], body));
}

async function runChild(
  dialect: Dialect,
  n: number,
  formats: SheetFormat[],
  url: string | undefined,
): Promise<ChildResult> {
  const runs: Run[] = [];
  for (const format of formats) {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-import-'));
    const db = dialect === 'sqlite' ? openDb({ sqliteFile: join(dir, 'aisle.db') }) : openDb({ databaseUrl: url });
    try {
      await migrateToLatest(db.db);
      if (dialect === 'postgres') {
        await db.db.deleteFrom('items').execute();
        await db.db.deleteFrom('sections').execute();
        await db.db.deleteFrom('store_dbs').execute();
        await db.db.deleteFrom('stores').execute();
        await db.db.deleteFrom('categories').execute();
      }
      const actor = { actorId: null, actorEmail: 'bench', ip: '', at: new Date().toISOString() };
      const timed = async (run: Run['run'], bytes: Uint8Array) => {
        // The import reads a file, as the API's upload and the command line hand it one.
        const file = join(dir, `${run}.${format}`);
        writeFileSync(file, bytes);
        const t0 = performance.now();
        const outcome = await importCatalogue(db.db, dialect, { ...actor, at: new Date().toISOString() }, file, {
          dryRun: false,
          fileName: `bench.${format}`,
          format,
        });
        const seconds = (performance.now() - t0) / 1000;
        if (!outcome.ok) throw new Error(`${run}: ${outcome.message} ${JSON.stringify(outcome.errors.slice(0, 3))}`);
        runs.push({ run, format, bytes: bytes.byteLength, seconds, report: outcome.report });
        console.error(`  ${dialect} ${n} ${format} ${run}: ${seconds.toFixed(1)} s`);
      };
      await timed('create', await fileOf(generatedRows(n), format));
      const exported = await exportCatalogue(db.db, {}, format);
      await timed('same', exported.bytes);
      // Every price edited, as a price review would.
      const { readSheet } = await import('../src/server/catalogue/sheet-files.ts');
      const table = await readSheet(join(dir, `same.${format}`), format);
      const priceCol = table.header.indexOf('UnitPrice');
      for (const r of table.rows) r[priceCol] = (Number(r[priceCol]) + 1).toFixed(2);
      await timed('update', await fileOf([table.header, ...table.rows], format));
      if (table.header.length !== SHEET_COLUMNS.length) throw new Error('export lost columns');
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { dialect, items: n, runs, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

function spawnChild(dialect: Dialect, n: number, formats: string, url?: string): ChildResult {
  const args = [process.argv[1] as string, '--child', dialect, '--items', String(n), '--formats', formats];
  if (url) args.push('--url', url);
  const out = execFileSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as ChildResult;
}

async function onAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function report(r: ChildResult): void {
  for (const run of r.runs) {
    const c = run.report;
    const what =
      run.run === 'create'
        ? `${c.Created.Items} created`
        : run.run === 'same'
          ? `${c.Unchanged.Items} unchanged`
          : `${c.Changed.Items} changed`;
    console.log(
      [
        r.dialect.padEnd(8),
        `${r.items.toLocaleString('en-US')}`.padStart(7),
        run.format.padEnd(4),
        run.run.padEnd(6),
        `${(run.bytes / 2 ** 20).toFixed(1)} MB`.padStart(8),
        `${run.seconds.toFixed(1)} s`.padStart(7),
        `${Math.round(r.items / run.seconds).toLocaleString('en-US')} rows/s`.padStart(15),
        what,
      ].join('  '),
    );
  }
  console.log(
    `${r.dialect.padEnd(8)}  ${r.items.toLocaleString('en-US').padStart(7)}  peak RSS ${Math.round(r.peakRssMb)} MB`,
  );
}

const sizes = values.items.split(',').map(Number);
const formats = values.formats.split(',').filter((f): f is SheetFormat => f === 'csv' || f === 'xlsx');
if (values.child !== undefined) {
  const dialect = values.child === 'postgres' ? 'postgres' : 'sqlite';
  console.log(JSON.stringify(await runChild(dialect, sizes[0] as number, formats, values.url)));
} else {
  const cpu = cpus();
  console.log(
    `Importing ${sizes.map((s) => s.toLocaleString('en-US')).join(' and ')} items (${formats.join(', ')}) on ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
  );
  for (const n of sizes) {
    report(spawnChild('sqlite', n, formats.join(',')));
    const name = `aisle_bench_import_${process.pid}`;
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    await onAdmin(`create database ${name}`);
    try {
      report(spawnChild('postgres', n, formats.join(','), url.toString()));
    } finally {
      await onAdmin(`drop database if exists ${name} with (force)`);
    }
  }
}
