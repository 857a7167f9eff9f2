// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/**
 * Issue 33 item 1: packs drawn from one bulk stock. An `item_packs` row makes an item
 * (sold by the piece) a pack of `pack_size` grams or millilitres of a bulk item (sold
 * by weight or volume, its stock in g or ml with its own ledger rows). An order of N
 * packs takes N × pack_size from the bulk's stock. A pack's own `stock` column is
 * derived, kept by the triggers below in the writing transaction: floor(bulk stock /
 * pack size), so every read of an item (cards, item pages, the cart's stock check) and
 * the change feed (its triggers see the pack's row change) show the packs a bulk holds.
 * A pack's stock therefore has no ledger rows of its own; taken out of its bulk, it
 * goes back to what its own ledger rows sum to.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('item_packs')
    .addColumn('item_id', 'integer', (c) => c.primaryKey().references('items.id').onDelete('cascade'))
    .addColumn('bulk_item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('pack_size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_packs_bulk_idx').on('item_packs').column('bulk_item_id').execute();
  const own = (id: string) => `coalesce((select sum(change) from stock_ledger where item_id = ${id}), 0)`;
  const statements = pg
    ? [
        // Statement-level, as migration 0350's: one call per order's stock update, not one per row.
        // A statement trigger fires for an update of no rows too: it updates only when a bulk moved,
        // so its own update of packs (never bulks) stops there.
        `create function item_packs_follow_bulk() returns trigger language plpgsql as $$ begin
          if exists (select 1 from new_items n join item_packs p on p.bulk_item_id = n.id) then
            update items set stock = n.stock / p.pack_size from new_items n join item_packs p on p.bulk_item_id = n.id
              where items.id = p.item_id and items.stock <> n.stock / p.pack_size;
          end if;
          return null; end $$`,
        `create trigger item_packs_follow_bulk after update on items
          referencing new table as new_items for each statement execute function item_packs_follow_bulk()`,
        `create function item_packs_set() returns trigger language plpgsql as $$ begin
          update items set stock = (select b.stock from items b where b.id = new.bulk_item_id) / new.pack_size
            where id = new.item_id;
          return null; end $$`,
        `create trigger item_packs_set after insert or update on item_packs
          for each row execute function item_packs_set()`,
        `create function item_packs_unset() returns trigger language plpgsql as $$ begin
          update items set stock = ${own('old.item_id')} where id = old.item_id;
          return null; end $$`,
        `create trigger item_packs_unset after delete on item_packs
          for each row execute function item_packs_unset()`,
      ]
    : [
        `create trigger item_packs_follow_bulk after update of stock on items
          when old.stock <> new.stock and exists (select 1 from item_packs where bulk_item_id = new.id) begin
          update items set stock = new.stock / (select p.pack_size from item_packs p where p.item_id = items.id)
            where id in (select item_id from item_packs where bulk_item_id = new.id); end`,
        `create trigger item_packs_added after insert on item_packs begin
          update items set stock = (select b.stock from items b where b.id = new.bulk_item_id) / new.pack_size
            where id = new.item_id; end`,
        `create trigger item_packs_changed after update on item_packs begin
          update items set stock = (select b.stock from items b where b.id = new.bulk_item_id) / new.pack_size
            where id = new.item_id; end`,
        `create trigger item_packs_removed after delete on item_packs begin
          update items set stock = ${own('old.item_id')} where id = old.item_id; end`,
      ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const statements = pg
    ? [
        'drop trigger item_packs_follow_bulk on items',
        'drop function item_packs_follow_bulk()',
        'drop table item_packs',
        'drop function item_packs_set()',
        'drop function item_packs_unset()',
      ]
    : ['drop trigger item_packs_follow_bulk', 'drop table item_packs'];
  for (const s of statements) await sql.raw(s).execute(db);
}
