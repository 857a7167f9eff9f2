import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from './connection.ts';
import type { Database } from './schema.ts';
import type { CataloguePlan } from './seed/catalogue-plan.ts';
import { planCatalogue } from './seed/generate.ts';
import { discardPictures, placeTiles, renderPictures, withVersions } from './seed/tiles.ts';

export interface SeedOptions {
  /** How many items to create (the contract's N). */
  items: number;
  /** Same `items` and `seed`, same catalogue: rows, ids and tiles. */
  seed: number;
  /** Content storage root (`DATA_DIR/content`); tiles go to the paths of spec §2 under it. */
  contentDir: string;
  /** Progress lines, one per phase. */
  log?: (msg: string) => void;
}

export interface SeedSummary {
  categories: number;
  stores: number;
  storeDbs: number;
  sections: number;
  publishedSections: number;
  items: number;
  /** Tiles written (`ti.png` and its versions, links of `pictures` distinct pictures). */
  tiles: number;
  pictures: number;
  seconds: number;
}

/** The catalogue tables, children first: the order to empty them in. */
const CATALOGUE_TABLES = [
  // Back-in-stock requests name items of the catalogue being replaced, as cart lines do.
  'stock_alerts',
  'cart_removals',
  'cart_items',
  'carts',
  // Delivery settings and slots belong to the stores being replaced; kept orders lose only their slot link.
  'order_slots',
  'delivery_slots',
  'slot_templates',
  'slot_rules',
  'store_delivery',
  // An item's stock history and a store's low-stock mails go with them.
  'stock_ledger',
  'reorder_mails',
  // Packs drawn from a bulk stock (migration 0440) point at two items of the catalogue.
  'item_packs',
  'published_sections',
  'items',
  'sections',
  'store_dbs',
  'stores',
  'categories',
] as const;
/** Catalogue tables whose ids come from a sequence the seed resets. */
const ID_TABLES = ['categories', 'stores', 'store_dbs', 'sections', 'items'] as const;

/** Bound parameters allowed in one statement. */
const MAX_PARAMS: Record<Dialect, number> = { sqlite: 32_766, postgres: 65_535 };

/** True when the database has no category, i.e. no catalogue to keep (what `npm start` seeds over). */
export async function isCatalogueEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Replaces the whole catalogue (categories, stores, store databases, sections,
 * published sections, items, and the carts and back-in-stock requests that point at items) with the
 * deterministic demo catalogue, in one transaction; accounts, orders and the
 * audit log stay. Ids restart at 1, so the same `items` and `seed` give
 * identical rows. After the commit the seeded tile folders (`Store/…`, `{db}/…`,
 * `{store}/…`) are made to hold exactly the new tiles: nothing of the previous
 * catalogue's tiles is left behind.
 */
export async function seedCatalogue(db: Kysely<Database>, dialect: Dialect, opts: SeedOptions): Promise<SeedSummary> {
  if (!Number.isSafeInteger(opts.items) || opts.items < 0) {
    throw new Error(`items must be a whole number of at least 0, got ${opts.items}.`);
  }
  if (!Number.isSafeInteger(opts.seed)) throw new Error(`seed must be a whole number, got ${opts.seed}.`);
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const lap = (what: string) => log(`${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const plan = planCatalogue(opts.items, opts.seed);
  lap(`planned ${plan.items.length} items in ${plan.sections.length} sections of ${plan.stores.length} stores`);

  // Pictures render on sharp's threads while the rows are written; the
  // transaction waits for them, so a failure on either side commits nothing and
  // leaves the current tiles as they are.
  const rendering = renderPictures(opts.contentDir, plan.pictures);
  // Awaited below on every path; this only keeps a failure that happens first from counting as unhandled.
  rendering.catch(() => {});
  let pictureFiles: Map<string, string>;
  try {
    pictureFiles = await db.transaction().execute(async (trx) => {
      await clearCatalogue(trx, dialect);
      await insertCatalogue(trx, dialect, plan);
      lap('wrote catalogue rows');
      const files = await rendering;
      lap(`rendered ${files.size} pictures`);
      return files;
    });
  } catch (err) {
    await rendering.catch(() => {});
    discardPictures(opts.contentDir);
    throw err;
  }
  lap('committed');
  try {
    placeTiles(opts.contentDir, pictureFiles, withVersions(plan.tiles));
  } finally {
    discardPictures(opts.contentDir);
  }
  lap(`placed ${plan.tiles.length} tiles`);

  return {
    categories: plan.categories.length,
    stores: plan.stores.length,
    storeDbs: plan.storeDbs.length,
    sections: plan.sections.length,
    publishedSections: plan.published.length,
    items: plan.items.length,
    tiles: plan.tiles.length,
    pictures: plan.pictures.size,
    seconds: (performance.now() - started) / 1000,
  };
}

async function clearCatalogue(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    // No CASCADE: a table added later that points at the catalogue should stop the seed, not be emptied silently.
    // item_search_text (migration 0390, PostgreSQL only) is the items' search text: emptied with them.
    const tables = [...CATALOGUE_TABLES.map((t) => sql.table(t)), sql.table('item_search_text')];
    await sql`truncate table ${sql.join(tables)} restart identity`.execute(trx);
    return;
  }
  for (const table of CATALOGUE_TABLES) await trx.deleteFrom(table).execute();
  await sql`delete from sqlite_sequence where name in (${sql.join([...ID_TABLES])})`.execute(trx);
}

function chunked<T extends object>(rows: readonly T[], dialect: Dialect): T[][] {
  const first = rows[0];
  if (first === undefined) return [];
  const size = Math.max(1, Math.floor(MAX_PARAMS[dialect] / Object.keys(first).length));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function insertCatalogue(trx: Transaction<Database>, dialect: Dialect, plan: CataloguePlan): Promise<void> {
  // Explicit ids: every row's id is known before it is written, which CustomOrder and tiles need.
  for (const rows of chunked(plan.categories, dialect)) await trx.insertInto('categories').values(rows).execute();
  for (const rows of chunked(plan.stores, dialect)) await trx.insertInto('stores').values(rows).execute();
  for (const rows of chunked(plan.storeDbs, dialect)) await trx.insertInto('store_dbs').values(rows).execute();
  for (const rows of chunked(plan.sections, dialect)) await trx.insertInto('sections').values(rows).execute();
  for (const rows of chunked(plan.published, dialect)) {
    await trx.insertInto('published_sections').values(rows).execute();
  }
  for (const rows of chunked(plan.items, dialect)) await trx.insertInto('items').values(rows).execute();
  // Each item's stock opens its ledger (the stock always equals the sum of its rows), dated as the item.
  await sql`insert into stock_ledger (item_id, at, change, stock_before, stock_after, reason)
    select id, updated_at, stock, 0, stock, 'seed' from items where stock <> 0 order by id`.execute(trx);
  if (dialect === 'postgres') {
    // Explicit ids do not advance a serial's sequence: move each past the largest id.
    for (const table of ID_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        trx,
      );
    }
  }
  // SQLite's AUTOINCREMENT records the largest explicit id itself.
}
