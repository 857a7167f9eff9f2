import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SORTABLE, type ItemFilters, readItemPage } from '../../src/server/catalogue/item-list.ts';
import { type PublishedSortColumn, readPublishedPage } from '../../src/server/catalogue/published-sections.ts';
import { readStorePage, STORE_SORTABLE } from '../../src/server/catalogue/stores.ts';
import { orderingColumns } from '../../src/server/db/paginate.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { createTestDb, type TestDb } from './harness.ts';

/** Collects the query nodes a read runs, to explain them afterwards. */
function capture(): { plugin: KyselyPlugin; nodes: RootOperationNode[] } {
  const nodes: RootOperationNode[] = [];
  return {
    nodes,
    plugin: {
      transformQuery: ({ node }) => {
        nodes.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    },
  };
}

// SQLite's planner decides from the schema alone (no statistics), so its plan is
// the same on an empty table as on 100,000 rows: every public sort, under every
// filter a public list is read by, and after a cursor, must read an index in
// order (no temporary B-tree for ORDER BY) and never scan the whole table.
describe('Public list query plans on sqlite', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('sqlite');
    await insertCatalogue(t.db);
  });
  afterAll(() => t.cleanup());

  async function plansOf(read: (db: TestDb['db']) => Promise<unknown>): Promise<string[]> {
    const { plugin, nodes } = capture();
    await read(t.db.withPlugin(plugin));
    const plans: string[] = [];
    for (const node of nodes) {
      if (node.kind !== 'SelectQueryNode') continue;
      const compiled = t.db.getExecutor().compileQuery(node, { queryId: 'plan' } as never);
      const { rows } = await t.db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
      });
      plans.push(`${compiled.sql} => ${rows.map((r) => r.detail).join(' | ')}`);
    }
    return plans;
  }

  const leads: [string, ItemFilters, string[]][] = [
    ['no filter', {}, []],
    ['storeId', { storeId: 1 }, ['store_id']],
    ['dbId', { dbId: 1 }, ['store_id', 'db_id']],
    ['sectionId', { sectionId: 1 }, ['store_id', 'db_id']],
    ['updatedSince', { updatedSince: '2000-01-01T00:00:00.000Z' }, []],
  ];
  const itemCases = leads.flatMap(([name, filters, constant]) =>
    Object.values(ITEM_SORTABLE)
      .filter((column) => filters.updatedSince === undefined || column === 'updated_at')
      .flatMap((column) =>
        (['asc', 'desc'] as const).flatMap((direction) =>
          [false, true].map(
            (after) =>
              [
                `${name} sort ${column} ${direction}${after ? ' after' : ''}`,
                filters,
                constant,
                column,
                direction,
                after,
              ] as const,
          ),
        ),
      ),
  );

  it.each(itemCases)('items: %s', async (_, filters, constant, column, direction, after) => {
    const orderBy = orderingColumns(column, ['id'], constant);
    const cursor = orderBy.map((c) => (['title', 'updated_at'].includes(c) ? 'm' : 5));
    const list = {
      limit: 1000,
      offset: after ? 0 : 9000,
      sort: { column, direction },
      filter: '',
      countCap: 10_000,
      after: after ? cursor : undefined,
    };
    const plans = await plansOf((db) => readItemPage(db, filters, list, orderBy));
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) {
      expect(plan).not.toMatch(/TEMP B-TREE/);
      // SQLite's table is itself a B-tree on its rowid (ItemID): read in id order, "SCAN items" is that index.
      if (orderBy.join() !== 'id') expect(plan).not.toMatch(/SCAN items(?! USING)/);
    }
  });

  it.each(
    Object.values(STORE_SORTABLE).flatMap((column) =>
      [undefined, 1].map((categoryId) => [column, categoryId] as const),
    ),
  )('stores: sort %s, category %s', async (column, categoryId) => {
    const orderBy = orderingColumns(column, ['id'], categoryId === undefined ? [] : ['category_id']);
    const list = {
      limit: 1000,
      offset: 9000,
      sort: { column, direction: 'desc' as const },
      filter: '',
      countCap: 10_000,
    };
    const plans = await plansOf((db) => readStorePage(db, { categoryId }, list, orderBy));
    for (const plan of plans.slice(0, 2)) expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it.each(
    (['section_id', 'db_id', 'store_id', 'title', 'updated_at'] as PublishedSortColumn[]).flatMap((column) =>
      [undefined, 1].map((storeId) => [column, storeId] as const),
    ),
  )('published sections: sort %s, store %s', async (column, storeId) => {
    const orderBy = orderingColumns(column, ['section_id', 'db_id'], storeId === undefined ? [] : ['store_id']);
    const list = {
      limit: 1000,
      offset: 9000,
      sort: { column, direction: 'asc' as const },
      filter: '',
      countCap: 10_000,
    };
    const plans = await plansOf((db) => readPublishedPage(db, { storeId }, list, orderBy));
    for (const plan of plans.slice(0, 2)) {
      expect(plan).not.toMatch(/TEMP B-TREE/);
      expect(plan).not.toMatch(/SCAN published_sections(?! USING)/);
    }
  });
});
