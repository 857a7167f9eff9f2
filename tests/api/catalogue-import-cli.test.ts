import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db/connection.ts';

const SCRIPT = join(import.meta.dirname, '../../scripts/catalogue-import.ts');

describe('npm run catalogue:import', () => {
  let dataDir: string;
  let db: Db | undefined;

  function run(...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const res = spawnSync(process.execPath, [SCRIPT, ...args], { env, encoding: 'utf8' });
    return { code: res.status, out: res.stdout, err: res.stderr };
  }
  const file = (name: string, text: string) => {
    const path = join(dataDir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-import-cli-'));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits non-zero naming each bad row, column and rule, and writes nothing', () => {
    const bad = file(
      'bad.csv',
      'ItemTitle,StoreTitle,CategoryTitle,UnitPrice,Gst\nKiwi,Orchard,Fruit,80,5\n,Orchard,Fruit,90,5\nFig,Orchard,Fruit,-1,3\n',
    );
    const res = run(bad);
    expect(res.code).toBe(1);
    expect(res.err).toContain('row 3, column ItemTitle: ItemTitle');
    expect(res.err).toContain('row 4, column UnitPrice: UnitPrice must be an amount in rupees');
    expect(res.err).toContain(
      "row 4, column Gst: Gst must be one of 0, 5, 12, 18, 28 (percent). (item Fig, value '3')",
    );
    db = openDb({ dataDir });
  });

  it('a dry run writes nothing; the import writes it all; usage errors exit 2', async () => {
    const good = file(
      'good.csv',
      'ItemTitle,StoreTitle,CategoryTitle,UnitPrice,Gst\nKiwi,Orchard,Fruit,80,5\nFig,Orchard,Fruit,120,5\n',
    );
    const dry = run(good, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(
      'Dry run, nothing written. Would create 2 items, 1 store, 1 store database and 1 category',
    );
    db ??= openDb({ dataDir });
    expect(await db.db.selectFrom('items').selectAll().execute()).toEqual([]);
    const real = run(good);
    expect(real.code).toBe(0);
    expect(real.out).toContain('Created 2 items, 1 store, 1 store database and 1 category');
    expect((await db.db.selectFrom('items').select('title').orderBy('id').execute()).map((r) => r.title)).toEqual([
      'Kiwi',
      'Fig',
    ]);
    const kiwi = await db.db.selectFrom('items').select('id').where('title', '=', 'Kiwi').executeTakeFirstOrThrow();
    const check = run(file('price.csv', `ItemID,UnitPrice\n${kiwi.id},85\n`), '--dry-run');
    expect(check.out).toContain('  row 2: Kiwi: UnitPrice 80 → 85');
    const audit = await db.db.selectFrom('audit_log').selectAll().where('action', '=', 'catalogue.imported').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_email).toBe('command line (catalogue:import)');
    expect(run().code).toBe(2);
    expect(run(join(dataDir, 'missing.csv')).code).toBe(2);
  });
});
