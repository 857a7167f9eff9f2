import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/connection.ts';
import { compiledPerShape } from '../../src/server/db/query.ts';
import type { Database } from '../../src/server/db/schema.ts';

const db = openDb({ sqliteFile: ':memory:' });
afterAll(() => db.close());

describe('compiledPerShape', () => {
  // Arguments are used out of order, one twice, beside a constant, and the VALUES list grows with the shape.
  const pick = compiledPerShape((k: Kysely<Database>, n: number, arg) => {
    const rows = sql.join(Array.from({ length: n }, (_, i) => sql`(${arg(2 + i)})`));
    const query = sql<{ x: unknown; a: unknown; b: unknown; c: string; again: unknown }>`
      select v.column1 as x, ${arg(1)} as a, ${arg(0)} as b, ${'constant'} as c, ${arg(1)} as again
      from (values ${rows}) as v`;
    return { compile: () => query.compile(k) };
  });

  it('puts each argument in every place it stands, whatever order Kysely emits them in', async () => {
    const first = await db.db.executeQuery(pick(db.db, 2, ['B', 'A', 10, 20]));
    expect(first.rows).toEqual([
      { x: 10, a: 'A', b: 'B', c: 'constant', again: 'A' },
      { x: 20, a: 'A', b: 'B', c: 'constant', again: 'A' },
    ]);
    const second = await db.db.executeQuery(pick(db.db, 2, ['b2', 'a2', 30, 40]));
    expect(second.rows.map((r) => [r.x, r.a, r.b, r.again])).toEqual([
      [30, 'a2', 'b2', 'a2'],
      [40, 'a2', 'b2', 'a2'],
    ]);
    // The same shape reuses the SQL text; another shape gets its own.
    expect(pick(db.db, 2, [1, 2, 3, 4]).sql).toBe(pick(db.db, 2, [5, 6, 7, 8]).sql);
    const three = await db.db.executeQuery(pick(db.db, 3, ['b', 'a', 1, 2, 3]));
    expect(three.rows.map((r) => r.x)).toEqual([1, 2, 3]);
  });

  it('refuses a call with the wrong number of arguments', () => {
    expect(() => pick(db.db, 2, ['only', 'three', 1])).toThrow('4 arguments expected, got 3');
  });
});
