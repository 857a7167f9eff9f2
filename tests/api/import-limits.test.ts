import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobDto } from '../../src/lib/domain/catalogue-sheet.ts';
import { IMPORT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from '../../src/server/catalogue/import-limits.ts';
import { readSheet } from '../../src/server/catalogue/sheet-files.ts';
import { readSheetFile } from '../../src/server/catalogue/sheet-reader.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer } from './cart-helpers.ts';
import { type ChildShop, memoryOf, resetPeak, startChildShop } from './child-shop.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';
import { createStaffTestApp, type Err, STAFF_JWT_SECRET, type StaffTestApp } from './staff-helpers.ts';

// Issue 27: an import is bounded in rows, in what an XLSX unpacks to, in its reader's heap and
// in how many wait for the one running.

const MiB = 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ZipEntry {
  name: string;
  /** The entry's raw deflate stream. */
  deflated: Buffer;
  crc: number;
  /** What the headers declare it unpacks to (a bomb lies). */
  declared: number;
}

/** A ZIP archive written by hand: local headers, data, central directory, end record. */
function zip(entries: ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.deflated.length, 20);
    dir.writeUInt32LE(e.declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    parts.push(local, name, e.deflated);
    offset += local.length + name.length + e.deflated.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

function entry(name: string, text: string): ZipEntry {
  const bytes = Buffer.from(text);
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), declared: bytes.length };
}

/**
 * A valid XLSX whose sheet repeats one MiB of rows `repeats` times. Each copy is the same
 * deflate blocks (a full flush leaves nothing for the next copy to refer to), so a GiB of
 * sheet costs about a MB of file; its headers declare the sheet 4 kB.
 */
function xlsxBomb(repeats: number): Buffer {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>ItemTitle</t></is></c></row>',
  );
  // One long cell a row: the streaming reader wants numbered rows and cells, and runs of one
  // letter compress the best deflate can (about 1,000 to 1).
  const row = `<row r="2"><c r="A2" t="inlineStr"><is><t>Bomb${'b'.repeat(4000)}</t></is></c></row>`;
  const chunk = Buffer.from(row.repeat(Math.floor(MiB / row.length)));
  const tail = Buffer.from('</sheetData></worksheet>');
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const deflatedChunk = deflateRawSync(chunk, flush);
  let crc = crc32(head);
  for (let i = 0; i < repeats; i++) crc = crc32(chunk, crc);
  crc = crc32(tail, crc);
  const sheet: ZipEntry = {
    name: 'xl/worksheets/sheet1.xml',
    deflated: Buffer.concat([
      deflateRawSync(head, flush),
      ...Array.from({ length: repeats }, () => deflatedChunk),
      deflateRawSync(tail),
    ]),
    crc,
    declared: 4096,
  };
  return zip([
    entry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    entry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    entry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    entry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    sheet,
  ]);
}

/** The figures each case measured, printed at the end for bench/README.md. */
const figures: string[] = [];
afterAll(() => {
  if (figures.length > 0) console.log(`import limits:\n${figures.join('\n')}`);
});

describe('the bomb the tests build', () => {
  it('is an XLSX the reader reads when it is small', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-bomb-'));
    try {
      const file = join(dir, 'small.xlsx');
      writeFileSync(file, xlsxBomb(1));
      const table = await readSheet(file);
      expect(table.header).toEqual(['ItemTitle']);
      expect(table.rows.length).toBeGreaterThan(200);
      expect(table.rows[0]?.[0]).toMatch(/^Bombb{4000}$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is refused as soon as its sheet unpacks past the cap, whatever its headers declare', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-bomb-'));
    try {
      const file = join(dir, 'bomb.xlsx');
      writeFileSync(file, xlsxBomb(XLSX_MAX_UNPACKED_BYTES / MiB + 8));
      await expect(readSheetFile(file)).rejects.toThrow(/unpacks to more than 512 MB/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is refused, not a crash, when the reader thread runs out of its heap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-bomb-'));
    try {
      const file = join(dir, 'rows.xlsx');
      // About 2,000 rows of 4 kB, under the caps, read with a heap far too small for their text.
      writeFileSync(file, xlsxBomb(8));
      await expect(readSheetFile(file, 'xlsx', 8)).rejects.toThrow(/needs more than 8 MB of memory to read/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(DIALECTS)('an XLSX bomb sent to the shop on %s', (dialect) => {
  let db: TestDb;
  let employee: Customer;
  let shop: ChildShop;

  beforeAll(async () => {
    db = await createTestDb(dialect);
    await insertCatalogue(db.db);
    [employee] = (await addCustomers(db.db, STAFF_JWT_SECRET, new Date(), [
      { email: 'esha@aisle.test', fullName: 'Esha Employee', role: 'Employee' },
    ])) as [Customer];
    shop = await startChildShop(db, 'aisle-limits');
  }, 60_000);

  afterAll(async () => {
    await shop?.stop();
    await db?.cleanup();
  });

  it('refuses a 1 GiB sheet in a 1 MB file with a 400 naming the file and the cap, its RSS under 300 MB', async () => {
    const bomb = xlsxBomb(1024);
    expect(bomb.length).toBeLessThan(2 * MiB);
    resetPeak(shop.child.pid as number);
    const started = performance.now();
    const res = await fetch(`${shop.url}/api/Catalogue/Import?name=bomb.xlsx`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${employee.token}`, 'Content-Type': XLSX_TYPE },
      body: new Uint8Array(bomb),
    });
    const ms = performance.now() - started;
    const body = (await res.json()) as Err;
    const peak = memoryOf(shop.child.pid as number).peak;
    figures.push(
      `${dialect}: ${(bomb.length / MiB).toFixed(2)} MB file of 1,024 MiB sheet → ${res.status} in ${(ms / 1000).toFixed(1)} s, server peak RSS ${(peak / MiB).toFixed(0)} MB`,
    );
    expect(res.status).toBe(400);
    expect(body.Message).toContain('bomb.xlsx');
    expect(body.Message).toContain('512 MB');
    expect(body.ModelState?.['Row 1 file']?.[0]).toContain('512 MB');
    expect(peak).toBeLessThan(300 * MiB);
    expect(await db.db.selectFrom('items').select('id').where('title', 'like', 'Bomb%').execute()).toEqual([]);
  }, 120_000);
});

describe.each(DIALECTS)('import limits on %s', (dialect) => {
  let t: StaffTestApp;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
  });
  afterAll(() => t.close());

  const post = (text: string, query: string) =>
    t.call<ImportJobDto | Err>('POST', `/api/Catalogue/Import?${query}`, {
      token: t.employee.token,
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    });

  it(`refuses a CSV of more than ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows, naming the file and the cap`, async () => {
    const over = `ItemTitle\n${'x\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const res = await post(over, 'name=huge.csv&dryRun=true');
    expect(res.status).toBe(400);
    const body = res.body as Err;
    expect(body.Message).toBe(
      'huge.csv has more than 2,50,000 rows below the header, the most one import reads; split it into smaller files.',
    );
    expect(body.ModelState?.['Row 1 file']).toEqual([body.Message]);
  }, 60_000);

  it('answers a third import, while one runs and one waits, with a 429 and Retry-After', async () => {
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `Queued item ${i},Orchard Fresh,,Exotic Fruit,1${i % 100},0,5,3,250 g,Q-${i}`,
    );
    const text = `ItemTitle,StoreTitle,CategoryTitle,SectionTitle,UnitPrice,Discount,Gst,Availability,Size,ProductCode\n${rows.join('\n')}\n`;
    const first = await post(text, 'name=first.csv&dryRun=true&async=true');
    const second = await post(text, 'name=second.csv&dryRun=true&async=true');
    const third = await post(text, 'name=third.csv&dryRun=true&async=true');
    expect([first.status, second.status]).toEqual([202, 202]);
    expect((second.body as ImportJobDto).State).toBe('queued');
    expect(third.status).toBe(429);
    expect(third.headers.get('Retry-After')).toBe('30');
    expect((third.body as Err).Message).toMatch(/An import is running and another is waiting behind it/);
    // Once both have finished, an import is taken again.
    for (const res of [first, second]) {
      let job = res.body as ImportJobDto;
      for (let i = 0; i < 600 && job.FinishedAt === null; i++) {
        await new Promise((r) => setTimeout(r, 50));
        job = (await t.call<ImportJobDto>('GET', `/api/Catalogue/Import/${job.JobID}`, { token: t.employee.token }))
          .body;
      }
      expect(job.FinishedAt).not.toBeNull();
    }
    const fourth = await post(text, 'name=fourth.csv&dryRun=true');
    expect(fourth.status).not.toBe(429);
    expect((fourth.body as ImportJobDto & Err).Message).not.toMatch(/An import is running/);
  }, 120_000);
});
