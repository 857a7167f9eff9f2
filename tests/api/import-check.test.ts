import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobDto, ImportReport } from '../../src/lib/domain/catalogue-sheet.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type StaffTestApp } from './staff-helpers.ts';

type ImportAnswer = ImportReport & { Message: string };

const csv = (...lines: string[]) => `${lines.join('\n')}\n`;

/** Issue 35, item 10: an import check lists every changed cell and names the item and value of a bad one. */
describe.each(DIALECTS)('an import check that shows the changes on %s', (dialect) => {
  let t: StaffTestApp;
  const post = <T>(text: string, query: string) =>
    t.call<T>('POST', `/api/Catalogue/Import?name=prices.csv${query}`, {
      token: t.employee.token,
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    });
  /** Runs an import as a job (as the import page does) and reads it until it ends. */
  async function job(text: string, dryRun: boolean): Promise<ImportJobDto> {
    const res = await post<ImportJobDto>(text, `&async=true${dryRun ? '&dryRun=true' : ''}`);
    expect(res.status).toBe(202);
    let current = res.body;
    for (let i = 0; i < 200 && (current.State === 'queued' || current.State === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      current = (
        await t.call<ImportJobDto>('GET', `/api/Catalogue/Import/${res.body.JobID}`, { token: t.employee.token })
      ).body;
    }
    return current;
  }
  const items = () =>
    t.db.db.selectFrom('items').select(['id', 'unit_price', 'stock', 'title']).orderBy('id').execute();

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
  });
  afterAll(() => t.close());

  it('a dry run lists each changed cell before → after, naming the item, and writes nothing', async () => {
    const before = await items();
    const file = csv('ItemID,UnitPrice,Availability', '1,120,40', '3,310,5', '4,45,100', '2,55,10');
    const dry = await post<ImportAnswer>(file, '&dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ DryRun: true, Changed: { Items: 2 }, Unchanged: { Items: 2 }, ChangeCount: 3 });
    expect(dry.body.Changes).toEqual([
      { Row: 3, Kind: 'Item', ID: 3, Name: 'Cherry (1 kg)', Column: 'Availability', Before: '0', After: '5' },
      { Row: 3, Kind: 'Item', ID: 3, Name: 'Cherry (1 kg)', Column: 'UnitPrice', Before: '300.5', After: '310' },
      { Row: 5, Kind: 'Item', ID: 2, Name: 'Banana (1 kg)', Column: 'UnitPrice', Before: '50', After: '55' },
    ]);
    expect(await items()).toEqual(before);
    // The import itself reports the same cells, and writes them.
    const real = await post<ImportAnswer>(file, '');
    expect(real.status).toBe(200);
    expect(real.body.Changes).toEqual(dry.body.Changes);
    expect((await items()).find((i) => i.id === 3)).toMatchObject({ unit_price: 31000, stock: 5 });
  });

  it('lists a renamed store among the changes', async () => {
    const dry = await post<ImportAnswer>(csv('ItemID,StoreTitle', '1,Green Grocer Plus'), '&dryRun=true');
    expect(dry.body.Changes).toEqual([
      {
        Row: 2,
        Kind: 'Store',
        ID: 1,
        Name: 'Green Grocer',
        Column: 'StoreTitle',
        Before: 'Green Grocer',
        After: 'Green Grocer Plus',
      },
    ]);
  });

  it("a check of a file with a bad value names its row, item, column and value, and still shows the other rows' changes", async () => {
    const before = await items();
    const checked = await job(csv('ItemID,UnitPrice', '1,125', '3,abc'), true);
    expect(checked.State).toBe('invalid');
    expect(checked.Errors).toEqual([
      { Row: 3, Column: 'UnitPrice', Rule: expect.stringMatching(/^UnitPrice must be/), Item: 'Cherry', Value: 'abc' },
    ]);
    expect(checked.Changes).toEqual([
      { Row: 2, Kind: 'Item', ID: 1, Name: 'Apple (1 kg)', Column: 'UnitPrice', Before: '120', After: '125' },
    ]);
    expect(checked.ChangeCount).toBe(1);
    // A new item's bad cell is named by the title its row gives.
    const created = await job(csv('ItemTitle,StoreID,UnitPrice', 'Star Fruit,1,12x'), true);
    expect(created.Errors[0]).toMatchObject({ Row: 2, Column: 'UnitPrice', Item: 'Star Fruit', Value: '12x' });
    expect(await items()).toEqual(before);
  });

  it('lists the first 1,000 changed cells of a long file and counts them all', async () => {
    const template = await t.db.db.selectFrom('items').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const { id: _id, ...columns } = template;
    const rows = Array.from({ length: 1050 }, (_, i) => ({ ...columns, title: `Bulk ${i}`, product_code: null }));
    for (let i = 0; i < rows.length; i += 250)
      await t.db.db
        .insertInto('items')
        .values(rows.slice(i, i + 250))
        .execute();
    const ids = await t.db.db.selectFrom('items').select('id').where('title', 'like', 'Bulk %').orderBy('id').execute();
    const file = csv('ItemID,Availability', ...ids.map((r) => `${r.id},7`));
    const dry = await post<ImportAnswer>(file, '&dryRun=true');
    expect(dry.status).toBe(200);
    expect(dry.body.ChangeCount).toBe(1050);
    expect(dry.body.Changes).toHaveLength(1000);
    expect(dry.body.Changes[0]).toMatchObject({ Row: 2, Name: 'Bulk 0 (1 kg)', Column: 'Availability', After: '7' });
  });
});
