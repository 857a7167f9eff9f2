// Frozen in time: a migration imports only kysely and never the app's types.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

// Every sort a public list takes, under each filter it is read by, ends on the
// list's unique key: an index `(filter, sort, key)` reads a page (and a keyset
// page after a cursor) in order, without a table scan or a sort. Indexes that
// 0001 already has (`(store_id, id)`, `(db_id, id)`, `(section_id, id)`,
// `(category_id, id)`, the primary keys) are not repeated.
const INDEXES: readonly (readonly [name: string, table: string, columns: readonly string[]])[] = [
  ...['title', 'selling_price', 'stock', 'updated_at'].flatMap((sort) => [
    [`items_${sort}_list_idx`, 'items', [sort, 'id']] as const,
    [`items_store_${sort}_list_idx`, 'items', ['store_id', sort, 'id']] as const,
    [`items_db_${sort}_list_idx`, 'items', ['db_id', sort, 'id']] as const,
    [`items_section_${sort}_list_idx`, 'items', ['section_id', sort, 'id']] as const,
  ]),
  ['items_store_db_list_idx', 'items', ['store_id', 'db_id', 'id']],
  ...['title', 'type', 'updated_at'].flatMap((sort) => [
    [`stores_${sort}_list_idx`, 'stores', [sort, 'id']] as const,
    [`stores_category_${sort}_list_idx`, 'stores', ['category_id', sort, 'id']] as const,
  ]),
  ['categories_title_list_idx', 'categories', ['title', 'id']],
  ['categories_updated_at_list_idx', 'categories', ['updated_at', 'id']],
  ['published_sections_db_list_idx', 'published_sections', ['db_id', 'section_id']],
  ['published_sections_store_key_list_idx', 'published_sections', ['store_id', 'section_id', 'db_id']],
  ['published_sections_store_db_list_idx', 'published_sections', ['store_id', 'db_id', 'section_id']],
  ...['title', 'updated_at'].flatMap((sort) => [
    [`published_sections_${sort}_list_idx`, 'published_sections', [sort, 'section_id', 'db_id']] as const,
    [
      `published_sections_store_${sort}_list_idx`,
      'published_sections',
      ['store_id', sort, 'section_id', 'db_id'],
    ] as const,
  ]),
];

/** Issue 26, public lists with a bounded cost: an index for every public sort under every public filter. */
export async function up(db: AnyDb): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
