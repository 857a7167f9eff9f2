// Frozen in time: a migration imports only kysely and never the app's types.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

/** The synonym groups a shop starts with: common Indian grocery words (staff edit them). */
const SYNONYMS: readonly string[] = [
  'dudh, doodh, milk',
  'dahi, curd, yogurt, yoghurt',
  'atta, wheat flour',
  'maida, refined flour, all purpose flour',
  'besan, gram flour',
  'sooji, suji, rava, semolina',
  'jeera, jira, cumin',
  'haldi, turmeric',
  'dhania, dhaniya, coriander',
  'mirch, mirchi, chilli, chili',
  'kali mirch, black pepper',
  'chawal, chaawal, rice',
  'aloo, alu, potato',
  'pyaz, pyaaz, kanda, onion',
  'tamatar, tomato',
  'adrak, ginger',
  'lehsun, lahsun, garlic',
  'paneer, cottage cheese',
  'ghee, clarified butter',
  'makhan, makkhan, butter',
  'namak, salt',
  'cheeni, chini, shakkar, sugar',
  'gud, gur, jaggery',
  'chai, tea',
  'dal, daal, lentil',
  'chana, chole, chickpea',
  'rajma, kidney bean',
  'moong, mung, green gram',
  'toor, arhar, pigeon pea',
  'methi, fenugreek',
  'saunf, fennel',
  'elaichi, cardamom',
  'laung, clove',
  'dalchini, cinnamon',
  'hing, asafoetida',
  'sarson, mustard',
  'anda, egg',
  'murgi, chicken',
  'machli, machhli, fish',
  'kela, banana',
  'seb, apple',
  'aam, mango',
  'nimbu, lemon',
  'palak, spinach',
  'gobi, cauliflower',
  'bhindi, okra, lady finger',
  'baingan, brinjal, eggplant',
  'poha, flattened rice',
  'biscuit, cookie',
  'sabun, soap',
];

/** PostgreSQL's search text of an item: its title and size, lower case, one space before and after each word. */
const PG_TEXT_FN = `create function aisle_search_text(title text, size text) returns text
  language sql immutable parallel safe
  return ' ' || btrim(regexp_replace(lower(title || ' ' || size), '[^[:alnum:]]+', ' ', 'g')) || ' '`;

/** The words of the items' rows `rows` into `search_words` (the catalogue's vocabulary, for typos). */
const PG_WORDS = (rows: string) => `insert into search_words (word)
  select distinct w from ${rows} r, regexp_split_to_table(btrim(aisle_search_text(r.title, r.size)), ' ') w
  where w <> '' on conflict do nothing`;

/**
 * Issue 34: the API's search. SQLite: an FTS5 table of every item's title and size
 * (`item_search`, unicode61 words with accents removed, rowid the item's id) and its
 * vocabulary (`item_search_words`, fts5vocab), kept by triggers in the writing
 * transaction; `search_state.items_version` counts the changes so a process knows when its
 * copy of the vocabulary is old. PostgreSQL: `item_search_text` keeps each item's
 * `aisle_search_text(title, size)`, indexed by `pg_trgm` (word starts are `like '% word%'`;
 * stored, so a match is not worked out again per row), and `search_words` holds every word
 * ever in a title or size (never removed: an old word only finds nothing), both written by
 * triggers. Stock and price changes touch neither. `search_synonyms`: the staff's synonym groups, one row each,
 * terms comma-separated; `search_state.synonyms_version` counts their changes.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('search_synonyms')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('terms', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('search_synonyms')
    .values(
      SYNONYMS.map((group) => ({
        terms: group
          .split(',')
          .map((t) => t.trim())
          .join(','),
      })),
    )
    .execute();
  await db.schema
    .createTable('search_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('items_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('synonyms_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('search_state').values({ id: 1 }).execute();
  if (pg) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: AnyDb): Promise<void> {
  const statements = [
    `create virtual table item_search using fts5(text, content='', contentless_delete=1,
      tokenize='unicode61 remove_diacritics 2')`,
    `create virtual table item_search_words using fts5vocab(item_search, 'row')`,
    `create trigger item_search_added after insert on items begin
      insert into item_search (rowid, text) values (new.id, new.title || ' ' || new.size);
      update search_state set items_version = items_version + 1 where id = 1;
    end`,
    `create trigger item_search_changed after update of title, size on items begin
      delete from item_search where rowid = old.id;
      insert into item_search (rowid, text) values (new.id, new.title || ' ' || new.size);
      update search_state set items_version = items_version + 1 where id = 1;
    end`,
    `create trigger item_search_removed after delete on items begin
      delete from item_search where rowid = old.id;
      update search_state set items_version = items_version + 1 where id = 1;
    end`,
    `insert into item_search (rowid, text) select id, title || ' ' || size from items`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  try {
    await sql.raw('create extension if not exists pg_trgm').execute(db);
  } catch (err) {
    throw new Error(
      `The search needs PostgreSQL's pg_trgm extension, and this account may not create it (${String(err)}). ` +
        'Run "create extension pg_trgm;" in this database as a superuser (it ships with PostgreSQL), then start again.',
      { cause: err },
    );
  }
  const statements = [
    PG_TEXT_FN,
    `create table item_search_text (
      item_id integer primary key references items (id) on delete cascade,
      text text not null)`,
    'create index item_search_text_trgm on item_search_text using gin (text gin_trgm_ops)',
    'create table search_words (word text primary key)',
    `create function item_search_added() returns trigger language plpgsql as $$ begin
      insert into item_search_text (item_id, text) select id, aisle_search_text(title, size) from new_items;
      ${PG_WORDS('new_items')}; return null; end $$`,
    `create function item_search_changed() returns trigger language plpgsql as $$ begin
      update item_search_text set text = aisle_search_text(new.title, new.size) where item_id = new.id;
      ${PG_WORDS('(select new.title, new.size) as')}; return null; end $$`,
    `create trigger item_search_added after insert on items
      referencing new table as new_items for each statement execute function item_search_added()`,
    `create trigger item_search_changed after update of title, size on items
      for each row when (old.title is distinct from new.title or old.size is distinct from new.size)
      execute function item_search_changed()`,
    'insert into item_search_text (item_id, text) select id, aisle_search_text(title, size) from items',
    PG_WORDS('items'),
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const statements = pg
    ? [
        'drop trigger item_search_added on items',
        'drop trigger item_search_changed on items',
        'drop function item_search_added()',
        'drop function item_search_changed()',
        'drop table search_words',
        'drop table item_search_text',
        'drop function aisle_search_text(text, text)',
      ]
    : [
        'drop trigger item_search_added',
        'drop trigger item_search_changed',
        'drop trigger item_search_removed',
        'drop table item_search_words',
        'drop table item_search',
      ];
  for (const s of statements) await sql.raw(s).execute(db);
  await db.schema.dropTable('search_state').execute();
  await db.schema.dropTable('search_synonyms').execute();
}
