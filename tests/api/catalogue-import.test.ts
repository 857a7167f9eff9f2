import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportJobDto, ImportReport, SheetError } from '../../src/lib/domain/catalogue-sheet.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import { auditOf, createStaffTestApp, type Err, type StaffTestApp } from './staff-helpers.ts';

type ImportAnswer = ImportReport & { Message: string };
type ImportError = Err & { Errors: SheetError[]; ErrorCount: number };

const HEADER = 'ItemTitle,StoreTitle,CategoryTitle,SectionTitle,UnitPrice,Discount,Gst,Availability,Size,ProductCode';

function csv(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** Rows of a CSV export, split naively (the fixture's cells hold no commas or quotes). */
function parseExport(text: string): { header: string[]; rows: string[][] } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(/\r?\n/);
  return { header: (lines[0] ?? '').split(','), rows: lines.slice(1).map((l) => l.split(',')) };
}

async function snapshot(t: StaffTestApp) {
  const db = t.db.db;
  const [items, stores, dbs, sections, categories] = await Promise.all([
    db.selectFrom('items').selectAll().orderBy('id').execute(),
    db.selectFrom('stores').selectAll().orderBy('id').execute(),
    db.selectFrom('store_dbs').selectAll().orderBy('id').execute(),
    db.selectFrom('sections').selectAll().orderBy('id').execute(),
    db.selectFrom('categories').selectAll().orderBy('id').execute(),
  ]);
  return { items, stores, dbs, sections, categories };
}

describe.each(DIALECTS)('catalogue import and export on %s', (dialect) => {
  let t: StaffTestApp;
  const importCsv = (text: string, query = '') =>
    t.call<ImportAnswer | ImportError>('POST', `/api/Catalogue/Import?name=items.csv${query}`, {
      token: t.employee.token,
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    });

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.advance(60_000));

  it('writes nothing when one row is bad, and names its row, column and rule', async () => {
    const before = await snapshot(t);
    const res = await importCatalogue();
    async function importCatalogue() {
      return importCsv(
        csv(
          HEADER,
          'Kiwi,Orchard Fresh,Fresh Produce,Exotic Fruit,80,0,5,12,500 g,KIWI-1',
          'Papaya,Orchard Fresh,Fresh Produce,Exotic Fruit,-3,0,5,4,1 kg,PAP-1',
          'Lychee,Orchard Fresh,Fresh Produce,Exotic Fruit,150,0,7,9,250 g,LYC-1',
        ),
      );
    }
    expect(res.status).toBe(400);
    const body = res.body as ImportError;
    expect(body.Errors).toEqual([
      {
        Row: 3,
        Column: 'UnitPrice',
        Rule: expect.stringMatching(/^UnitPrice must be an amount in rupees/),
        Item: 'Papaya',
        Value: '-3',
      },
      { Row: 4, Column: 'Gst', Rule: 'Gst must be one of 0, 5, 12, 18, 28 (percent).', Item: 'Lychee', Value: '7' },
    ]);
    expect(body.Message).toMatch(/2 rows break the rules .*nothing was imported/);
    expect(body.ModelState?.['Row 3 UnitPrice']).toHaveLength(1);
    expect(await snapshot(t)).toEqual(before);
    expect(await auditOf(t.db.db, 'catalogue.imported')).toHaveLength(0);
  });

  it('a dry run reports what would be created and writes nothing; the real run creates it all', async () => {
    const file = csv(
      HEADER,
      'Kiwi,Orchard Fresh,Fresh Produce,Exotic Fruit,80,0,5,12,500 g,KIWI-1',
      'Papaya,Orchard Fresh,Fresh Produce,Exotic Fruit,60,10,5,4,1 kg,PAP-1',
      'Dish Soap,Clean Home,,,45,0,18,30,500 ml,',
    );
    const before = await snapshot(t);
    const dry = await importCsv(file, '&dryRun=true');
    expect(dry.status).toBe(200);
    const report = dry.body as ImportAnswer;
    expect(report).toMatchObject({
      DryRun: true,
      Rows: 3,
      Created: { Items: 3, Stores: 1, StoreDbs: 1, Sections: 1, Categories: 0 },
      Changed: { Items: 0, Stores: 0 },
    });
    expect(report.Message).toBe(
      'Would create 3 items, 1 store, 1 store database and 1 section; would change nothing; 0 items unchanged.',
    );
    expect(await snapshot(t)).toEqual(before);

    const real = await importCsv(file);
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ DryRun: false, Created: { Items: 3, Stores: 1, StoreDbs: 1, Sections: 1 } });
    const kiwi = await t.db.db.selectFrom('items').selectAll().where('title', '=', 'Kiwi').executeTakeFirstOrThrow();
    expect(kiwi).toMatchObject({
      unit_price: 8000,
      gst_bps: 500,
      stock: 12,
      product_code: 'KIWI-1',
      selling_price: 8400,
    });
    const store = await t.db.db
      .selectFrom('stores')
      .selectAll()
      .where('id', '=', kiwi.store_id)
      .executeTakeFirstOrThrow();
    expect(store).toMatchObject({ title: 'Orchard Fresh', category_id: 1 });
    const soap = await t.db.db
      .selectFrom('items')
      .selectAll()
      .where('title', '=', 'Dish Soap')
      .executeTakeFirstOrThrow();
    expect(soap).toMatchObject({ store_id: 3, db_id: 3, section_id: null });
    const audit = await auditOf(t.db.db, 'catalogue.imported');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.detail ?? '{}')).toMatchObject({ Rows: 3, Created: { Items: 3, Stores: 1 } });

    // The same file again changes the items its codes name and creates only the one without a code.
    const again = await importCsv(file, '&dryRun=1');
    expect(again.body).toMatchObject({ Created: { Items: 1 }, Unchanged: { Items: 2 } });
  });

  it('export → import changes nothing; an edited cell changes exactly that field', async () => {
    const exported = await t.call<string>('GET', '/api/Catalogue/Export?format=csv', { token: t.employee.token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const text = String(exported.body);
    const before = await snapshot(t);

    const same = await importCsv(text);
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({
      Created: { Items: 0, Stores: 0, StoreDbs: 0, Sections: 0, Categories: 0 },
      Changed: { Items: 0, Stores: 0, StoreDbs: 0, Sections: 0, Categories: 0 },
      Unchanged: { Items: before.items.length },
    });
    expect(await snapshot(t)).toEqual(before);

    // Edit one price cell of Apple (ItemID 1).
    const { header, rows } = parseExport(text);
    const priceCol = header.indexOf('UnitPrice');
    const apple = rows.find((r) => r[0] === '1') as string[];
    apple[priceCol] = '99.5';
    const edited = [header.join(','), ...rows.map((r) => r.join(','))].join('\n');
    const res = await importCsv(edited);
    expect(res.body).toMatchObject({ Changed: { Items: 1, Stores: 0 }, Unchanged: { Items: before.items.length - 1 } });
    const after = await snapshot(t);
    const changed = after.items.find((i) => i.id === 1);
    const was = before.items.find((i) => i.id === 1);
    expect(changed).toEqual({
      ...was,
      unit_price: 9950,
      selling_price: changed?.selling_price,
      updated_at: t.clock.now.toISOString(),
    });
    expect(after.items.filter((i) => i.id !== 1)).toEqual(before.items.filter((i) => i.id !== 1));
    expect(after.stores).toEqual(before.stores);
  });

  it('exports text that would start a formula as inert cells, and imports it back as it was', async () => {
    const titles = ['=HYPERLINK("http://evil.example","Click")', '+91 basmati', '-50% mangoes', '@SUM(A1)'];
    const ids: number[] = [];
    for (const title of titles) {
      const row = await t.db.db
        .insertInto('items')
        .values({
          ...(await t.db.db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()),
          id: undefined,
          title,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const exported = await t.call<string>('GET', '/api/Catalogue/Export?format=csv', { token: t.employee.token });
    const text = String(exported.body);
    for (const title of titles) {
      // Cells holding a quote are quoted whole by the CSV writer: `"'=HYPERLINK(""…"")"`.
      const cell = title.includes('"') ? `"'${title.replaceAll('"', '""')}"` : `'${title}`;
      expect(text, title).toContain(`,${cell},`);
    }
    const before = await snapshot(t);
    const again = await importCsv(text);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ Changed: { Items: 0 } });
    expect(await snapshot(t)).toEqual(before);
    await t.db.db.deleteFrom('items').where('id', 'in', ids).execute();
  });

  it('export filters as the items table does, and writes XLSX that imports unchanged', async () => {
    const res = await t.app.request('/api/Catalogue/Export?format=xlsx&storeId=1', {
      headers: { Authorization: `Bearer ${t.employee.token}` },
    });
    expect(res.status).toBe(200);
    // The file is named after what it holds (issue 35).
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aisle-items-green-grocer-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const filtered = await t.app.request('/api/Catalogue/Export?format=csv&storeId=1&filter=Fru', {
      headers: { Authorization: `Bearer ${t.employee.token}` },
    });
    expect(filtered.headers.get('content-disposition')).toMatch(/filename="aisle-items-green-grocer-fru-[\d-]+\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const storeIds = new Set<unknown>();
    ws.eachRow((row, n) => {
      if (n > 1) storeIds.add(row.getCell(18).value);
    });
    expect([...storeIds]).toEqual([1]);
    const again = await t.call<ImportAnswer>('POST', '/api/Catalogue/Import?name=items.xlsx', {
      token: t.employee.token,
      body: bytes,
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.Changed.Items).toBe(0);
    expect(again.body.Unchanged.Items).toBe(ws.rowCount - 1);
  });

  it('takes a file far beyond the default body limit of other calls', async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `Big Lot ${i},Bulk Depot,Fresh Fruit,Exotic Fruit,120,0,5,3,250 g,BIG-${i}`,
    );
    const text = csv(HEADER, ...rows);
    expect(text.length).toBeGreaterThan(150 * 1024);
    const res = await importCsv(text, '&dryRun=true');
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect((res.body as ImportAnswer).Created.Items).toBe(3000);
  });

  it('runs as a job whose progress can be read', async () => {
    const res = await t.call<ImportJobDto>('POST', '/api/Catalogue/Import?name=jobs.csv&async=true', {
      token: t.employee.token,
      body: csv(HEADER, 'Fig,Orchard Fresh,,Exotic Fruit,120,0,5,3,250 g,FIG-1'),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(res.status).toBe(202);
    let job = res.body;
    for (let i = 0; i < 100 && (job.State === 'queued' || job.State === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await t.call<ImportJobDto>('GET', `/api/Catalogue/Import/${res.body.JobID}`, { token: t.employee.token }))
        .body;
    }
    expect(job).toMatchObject({ State: 'succeeded', Phase: 'done', Report: { Created: { Items: 1 } } });
  });

  it('refuses people without the Employee role, unknown columns and unknown ids', async () => {
    const anon = await t.call('POST', '/api/Catalogue/Import', { body: 'ItemTitle\nX\n' });
    expect(anon.status).toBe(401);
    const user = await t.call('POST', '/api/Catalogue/Import', { token: t.user.token, body: 'ItemTitle\nX\n' });
    expect(user.status).toBe(403);
    const exportUser = await t.call('GET', '/api/Catalogue/Export', { token: t.user.token });
    expect(exportUser.status).toBe(403);
    const unknown = await importCsv(csv('ItemTitle,Colour', 'X,red'));
    expect((unknown.body as ImportError).Errors[0]).toMatchObject({ Row: 1, Column: 'Colour' });
    const badId = await importCsv(csv('ItemID,UnitPrice', '9999,10'));
    expect((badId.body as ImportError).Errors[0]).toMatchObject({ Row: 2, Column: 'ItemID' });
    const empty = await importCsv('');
    expect(empty.status).toBe(400);
  });
});
