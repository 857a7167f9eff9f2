import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0210 from '../../src/server/db/migrations/0210_feed_key_scopes.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

describe.each(DIALECTS)('feed keys made before stores were scoped, on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
    await insertCatalogue(t.db);
  });
  afterAll(() => t.cleanup());

  it('keep every store that existed at the migration (revoked keys none), and never expire', async () => {
    await m0210.down(t.db);
    const key = (name: string, revoked: string | null) => ({
      name,
      key_prefix: `aisle_feed_${name}`,
      key_hash: name,
      created_at: '2026-01-01T00:00:00.000Z',
      created_by: 'admin@aisle.test',
      revoked_at: revoked,
      last_used_at: null,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before migration 0210
    const before = t.db as any;
    await before
      .insertInto('feed_clients')
      .values([key('old', null), key('gone', '2026-01-02T00:00:00.000Z')])
      .execute();
    await m0210.up(t.db);
    const clients = await t.db.selectFrom('feed_clients').select(['id', 'name', 'expires_at']).orderBy('id').execute();
    const scopes = await t.db.selectFrom('feed_client_stores').selectAll().orderBy('store_id').execute();
    const stores = (await t.db.selectFrom('stores').select('id').orderBy('id').execute()).map((s) => s.id);
    expect(stores.length).toBeGreaterThan(1);
    expect(clients.map((c) => c.expires_at)).toEqual([null, null]);
    expect(scopes.filter((s) => s.client_id === clients[0]?.id).map((s) => s.store_id)).toEqual(stores);
    expect(scopes.filter((s) => s.client_id === clients[1]?.id)).toEqual([]);
  });
});
