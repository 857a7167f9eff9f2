import { type KyselyPlugin, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, migrateTo, migrateToLatest, pendingMigrations } from '../../src/server/db/migrate.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

/** Counts the queries a Kysely instance sends (a plugin sees each one as it is compiled). */
function queryCounter(): { plugin: KyselyPlugin; count: () => number } {
  let n = 0;
  return {
    plugin: {
      transformQuery(args) {
        n += 1;
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    },
    count: () => n,
  };
}

// Every API start (and a one-item rebuild's in-process API) checks the schema: a database that has
// run every migration this code knows is recognised with one query, without Kysely's Migrator
// reading the schema of every table; any other database still goes through the Migrator.
describe.each(DIALECTS)('bringing the schema up to date on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('takes one query when every migration has run, and applies none', async () => {
    t = await createTestDb(dialect);
    const counter = queryCounter();
    const result = await migrateToLatest(t.db.withPlugin(counter.plugin));
    expect(result.results).toEqual([]);
    expect(counter.count()).toBe(1);
    expect(await pendingMigrations(t.db)).toEqual([]);
  }, 60_000);

  it('applies what is missing when the database is behind', async () => {
    t = await createTestDb(dialect);
    const last = MIGRATION_NAMES.at(-1) as string;
    await migrateTo(t.db, MIGRATION_NAMES.at(-2) as string);
    // What readiness reports (`/readyz`), read in one query too.
    const counter = queryCounter();
    expect(await pendingMigrations(t.db.withPlugin(counter.plugin))).toEqual([last]);
    expect(counter.count()).toBe(1);
    const result = await migrateToLatest(t.db);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([[last, 'Success']]);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(t.db);
    expect(rows.map((r) => r.name).sort()).toEqual([...MIGRATION_NAMES].sort());
  }, 60_000);

  it('refuses a database that ran a migration this code does not know, as before', async () => {
    t = await createTestDb(dialect);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_version', '2026-11-28T00:00:00.000Z')`.execute(
      t.db,
    );
    await expect(migrateToLatest(t.db)).rejects.toThrow(/9999_from_a_newer_version/);
  }, 60_000);
});
