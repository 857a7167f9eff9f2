import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemForm } from '../../src/lib/domain/catalogue-forms.ts';
import { SHEET_COLUMNS } from '../../src/lib/domain/catalogue-sheet.ts';
import { exportRows } from '../../src/server/catalogue/export.ts';
import { importCatalogue } from '../../src/server/catalogue/import.ts';
import { ITEM_CELL_READERS } from '../../src/server/catalogue/import-read.ts';
import { ITEM_COLUMNS, ITEM_WRITABLE_COLUMNS } from '../../src/server/catalogue/item-columns.ts';
import type { Item } from '../../src/server/db/schema.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

// The one map of item row ↔ form ↔ sheet column (catalogue/item-columns.ts) against
// the schema it maps: the `ItemsTable` interface, the migrated table on each engine,
// and an import that sets every writable column and then changes every one.

const SCHEMA = resolve(import.meta.dirname, '../../src/server/db/schema.ts');

/** The members of `interface ItemsTable` in schema.ts, read by TypeScript's parser. */
function itemsTableMembers(): string[] {
  const file = ts.createSourceFile(SCHEMA, readFileSync(SCHEMA, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'ItemsTable',
  );
  if (found === undefined) throw new Error('schema.ts has no interface ItemsTable');
  return found.members.map((m) => (m.name !== undefined && ts.isIdentifier(m.name) ? m.name.text : '?'));
}

const mapped = Object.keys(ITEM_COLUMNS).sort();

describe('the item column map', () => {
  it('places every member of ItemsTable in schema.ts, and nothing else', () => {
    expect(mapped).toEqual(itemsTableMembers().sort());
  });

  it("names each column's field as a sheet column; the form has every form column and the import reads every form field", () => {
    for (const spec of Object.values(ITEM_COLUMNS)) expect(SHEET_COLUMNS).toContain(spec.field);
    for (const spec of Object.values(ITEM_COLUMNS)) {
      if (spec.role === 'form') expect(Object.keys(itemForm.shape)).toContain(spec.field);
    }
    expect(Object.keys(ITEM_CELL_READERS).sort()).toEqual(Object.keys(itemForm.shape).sort());
  });
});

describe.each(DIALECTS)('item columns on %s', (dialect) => {
  let t: TestDb;
  let dir: string;
  let n = 0;
  const importText = async (text: string) => {
    const file = join(dir, `items-${++n}.csv`);
    writeFileSync(file, text);
    const at = new Date(Date.UTC(2026, 2, 1, 10, n)).toISOString();
    const actor = { actorId: null, actorEmail: 'cli', ip: '127.0.0.1', at };
    return importCatalogue(t.db, dialect, actor, file, { dryRun: false, fileName: 'items.csv' });
  };

  beforeAll(async () => {
    t = await createTestDb(dialect);
    dir = mkdtempSync(join(tmpdir(), 'aisle-item-columns-'));
  });
  afterAll(async () => {
    await t.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('maps every column of the migrated items table', async () => {
    const columns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info('items')`.execute(t.db)).rows
        : (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_name = 'items' and table_schema = current_schema()`.execute(t.db)
          ).rows;
    expect(columns.map((c) => c.name).sort()).toEqual(mapped);
  });

  it('an import writes every writable column, changes every one, and the export shows every field', async () => {
    const header =
      'ItemTitle,StoreTitle,CategoryTitle,SectionTitle,ItemMetaDescription,ItemContent,ItemHidden,Availability,Size,UnitPrice,Discount,FlatDiscount,Gst,ProductCode,ReorderLevel,HsnCode,SoldBy,Step';
    const created = await importText(
      `${header}\nTea,Corner Shop,Grocery,Drinks,Leaf tea,<p>Strong</p>,yes,7,250 g,120,10,5,5,TEA-1,5,0902,ByUnit,1\n`,
    );
    expect(created.ok).toBe(true);
    const first = (await t.db.selectFrom('items').selectAll().executeTakeFirstOrThrow()) as Item;
    const defaults = { section_id: null, meta_description: '', content: '', hidden: 0, stock: 0, size: '' };
    for (const [column, value] of Object.entries(defaults)) {
      expect(first[column as keyof Item], column).not.toEqual(value);
    }
    expect(first).toMatchObject({
      title: 'Tea',
      meta_description: 'Leaf tea',
      content: '<p>Strong</p>',
      hidden: 1,
      stock: 7,
      size: '250 g',
      unit_price: 12_000,
      discount_bps: 1_000,
      flat_discount: 500,
      gst_bps: 500,
      product_code: 'TEA-1',
      reorder_level: 5,
      hsn_code: '0902',
      sold_by: 'ByUnit',
      step: 1,
    });
    expect(first.selling_price).toBeGreaterThan(0);

    const changed = await importText(
      `ItemID,${header}\n${first.id},Green Tea,Corner Shop,Grocery,Leaves,Green leaf tea,<p>Mild</p>,no,9,500 g,200,20,10,12,TEA-2,8,09021,ByWeight,250\n`,
    );
    expect(changed.ok && changed.report.Changed.Items).toBe(1);
    const second = (await t.db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow()) as Item;
    for (const { column } of ITEM_WRITABLE_COLUMNS) expect(second[column], column).not.toEqual(first[column]);
    expect(second.updated_at).not.toEqual(first.updated_at);

    const [row] = await exportRows(t.db, {});
    const cells = Object.fromEntries(SHEET_COLUMNS.map((c, i) => [c, row?.[i]]));
    for (const spec of Object.values(ITEM_COLUMNS)) expect(cells[spec.field], spec.field).not.toBeUndefined();
    expect(cells).toMatchObject({
      ItemID: first.id,
      ItemTitle: 'Green Tea',
      ProductCode: 'TEA-2',
      Gst: 12,
      HsnCode: '09021',
      SoldBy: 'ByWeight',
      Step: 250,
    });
  });
});
