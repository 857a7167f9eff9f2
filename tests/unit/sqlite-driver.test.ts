import { DatabaseSync } from 'node:sqlite';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { kyselySqlite } from '../../src/server/db/sqlite-driver.ts';

function counted(cacheSize?: number) {
  const raw = new DatabaseSync(':memory:');
  let prepared = 0;
  const prepare = raw.prepare.bind(raw);
  raw.prepare = (sql: string) => {
    prepared++;
    return prepare(sql);
  };
  const db = new Kysely<{ t: { id: number; v: string } }>({
    dialect: new SqliteDialect({ database: kyselySqlite(raw, cacheSize) }),
  });
  return { db, prepared: () => prepared };
}

describe('node:sqlite driver', () => {
  it('prepares each SQL text once and reuses it with new parameters', async () => {
    const { db, prepared } = counted();
    await db.executeQuery(CompiledQuery.raw('create table t (id integer primary key, v text)'));
    for (let i = 1; i <= 50; i++)
      await db
        .insertInto('t')
        .values({ id: i, v: `v${i}` })
        .execute();
    const reads = await Promise.all(
      [7, 8, 9].map((id) => db.selectFrom('t').select('v').where('id', '=', id).executeTakeFirst()),
    );
    expect(reads.map((r) => r?.v)).toEqual(['v7', 'v8', 'v9']);
    // create, one insert text, one select text.
    expect(prepared()).toBe(3);
    await db.destroy();
  });

  it('keeps at most cacheSize statements, dropping the least recently used', async () => {
    const { db, prepared } = counted(2);
    const q = (n: number) => db.executeQuery(CompiledQuery.raw(`select ${n} as n`));
    await q(1);
    await q(2);
    await q(1); // hit: 1 is now the most recent
    await q(3); // evicts 2
    await q(1); // still cached
    expect(prepared()).toBe(3);
    await q(2); // prepared again
    expect(prepared()).toBe(4);
    expect((await q(2)).rows).toEqual([{ n: 2 }]);
    await db.destroy();
  });
});
