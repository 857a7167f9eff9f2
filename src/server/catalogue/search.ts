import { type Kysely, type RawBuilder, sql } from 'kysely';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import {
  buildSearchTree,
  type Lexicon,
  leafTexts,
  makeLexicon,
  queryWords,
  type SearchNode,
  scoreText,
  searchTextOf,
} from '../../lib/domain/search-query.ts';
import { productKeyOf, type SearchAnswer, type SearchCandidate, searchPage } from '../../lib/domain/search-results.ts';
import type { Dialect } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { readSynonymGroups } from './search-synonyms.ts';

/** Hits a page holds unless asked: 20; at most 50. */
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

interface CachedLexicon {
  key: string;
  lexicon: Lexicon;
}

// One lexicon per database handle, read again when the catalogue's words or the synonyms changed.
const lexicons = new WeakMap<Kysely<Database>, CachedLexicon>();

/** What changes whenever the vocabulary or the synonyms may have: one small read per search. */
async function lexiconKey(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  const q =
    dialect === 'sqlite'
      ? sql<{
          a: number | string;
          b: number | string;
        }>`select items_version as a, synonyms_version as b from search_state where id = 1`
      : sql<{
          a: number | string;
          b: number | string;
        }>`select (select count(*) from search_words) as a, synonyms_version as b from search_state where id = 1`;
  const row = (await q.execute(db)).rows[0];
  return row === undefined ? '' : `${row.a}:${row.b}`;
}

/** The catalogue's words (the engine's vocabulary of titles and sizes) and the synonym groups. */
export async function readLexicon(db: Kysely<Database>, dialect: Dialect): Promise<Lexicon> {
  const key = await lexiconKey(db, dialect);
  const cached = lexicons.get(db);
  if (cached !== undefined && cached.key === key) return cached.lexicon;
  const words =
    dialect === 'sqlite'
      ? sql<{ w: string }>`select term as w from item_search_words`
      : sql<{ w: string }>`select word as w from search_words`;
  const [rows, groups] = await Promise.all([words.execute(db), readSynonymGroups(db)]);
  const lexicon = makeLexicon(
    rows.rows.map((r) => r.w),
    groups,
  );
  lexicons.set(db, { key, lexicon });
  return lexicon;
}

/** FTS5's query of a tree: each leaf a phrase whose last word is a prefix. */
function ftsQuery(node: SearchNode): string {
  if (node.kind === 'leaf') return `"${node.text}"*`;
  const op = node.kind === 'and' ? ' AND ' : ' OR ';
  return `(${node.of.map(ftsQuery).join(op)})`;
}

/** PostgreSQL's condition of a tree over the trigram-indexed search text (`item_search_text`). */
function pgCondition(node: SearchNode): RawBuilder<boolean> {
  if (node.kind === 'leaf') return sql<boolean>`s.text like ${`% ${node.text}%`}`;
  const parts = node.of.map(pgCondition);
  return sql<boolean>`(${sql.join(parts, node.kind === 'and' ? sql` and ` : sql` or `)})`;
}

interface CandidateRow {
  id: number;
  store_id: number;
  db_id: number;
  title: string;
  size: string;
  stock: number;
  selling_price: number;
  unit_price: number;
  discount_bps: number;
  flat_discount: number;
  gst_bps: number;
  updated_at: string;
  store_title: string;
  max_qty_per_item: number;
}

/** Every visible item the engine's index finds for the tree (a superset `scoreText` then checks). */
async function readCandidates(db: Kysely<Database>, dialect: Dialect, tree: SearchNode): Promise<CandidateRow[]> {
  const columns = sql`i.id, i.store_id, i.db_id, i.title, i.size, i.stock, i.selling_price, i.unit_price,
    i.discount_bps, i.flat_discount, i.gst_bps, i.updated_at, st.title as store_title, st.max_qty_per_item`;
  const q =
    dialect === 'sqlite'
      ? sql<CandidateRow>`select ${columns} from item_search s
          join items i on i.id = s.rowid join stores st on st.id = i.store_id
          where item_search match ${ftsQuery(tree)} and i.hidden = 0 and st.hidden = 0`
      : sql<CandidateRow>`select ${columns} from item_search_text s
          join items i on i.id = s.item_id join stores st on st.id = i.store_id
          where ${pgCondition(tree)} and i.hidden = 0 and st.hidden = 0`;
  return (await q.execute(db)).rows;
}

/** The query's parameters checked: `q` needs a word of 2 characters; `page` from 1; `limit` 1 to 50. */
export function parseSearchParams(
  q: string | undefined,
  page: string | undefined,
  limit: string | undefined,
): { words: string[]; page: number; limit: number } {
  const errors: Record<string, string[]> = {};
  const words = queryWords(q ?? '');
  if (words.length === 0) errors.q = ['q must hold a word of 2 letters or digits or more.'];
  const whole = (text: string | undefined, fallback: number) =>
    text === undefined || text.trim() === '' ? fallback : /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : -1;
  const p = whole(page, 1);
  if (p < 1) errors.page = ['page must be a whole number from 1.'];
  const l = whole(limit, SEARCH_LIMIT_DEFAULT);
  if (l < 1 || l > SEARCH_LIMIT_MAX) errors.limit = [`limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`];
  if (Object.keys(errors).length > 0) throw AppError.invalid(errors);
  return { words, page: p, limit: l };
}

/**
 * `GET /api/Search`: the products the query's words find (`buildSearchTree`), one hit per
 * product across stores (`productKeyOf`) listing its stores, in stock first, then by
 * relevance; `page` of `limit` hits and the `Total` of products.
 */
export async function searchItems(
  db: Kysely<Database>,
  dialect: Dialect,
  params: { words: string[]; page: number; limit: number },
): Promise<SearchAnswer> {
  const lexicon = await readLexicon(db, dialect);
  const tree = buildSearchTree(params.words, lexicon);
  if (tree === null || leafTexts(tree).length === 0) return { Total: 0, Hits: [] };
  const rows = await readCandidates(db, dialect, tree);
  const candidates: SearchCandidate[] = [];
  // A chain's stores share their products' titles: each title and size is scored once.
  const scored = new Map<string, { score: number | null; key: string }>();
  for (const r of rows) {
    const seen = `${r.title}\u0000${r.size}`;
    let found = scored.get(seen);
    if (found === undefined) {
      found = { score: scoreText(tree, searchTextOf(r.title, r.size)), key: productKeyOf(r.title, r.size) };
      scored.set(seen, found);
    }
    const { score } = found;
    if (score === null) continue;
    candidates.push({
      score,
      key: found.key,
      store: {
        ItemID: Number(r.id),
        DbID: Number(r.db_id),
        StoreID: Number(r.store_id),
        StoreTitle: r.store_title,
        ItemTitle: r.title,
        Size: r.size,
        SellingPrice: paiseToRupees(Number(r.selling_price)),
        UnitPrice: paiseToRupees(Number(r.unit_price)),
        Availability: Number(r.stock),
        Discount: bpsToPercent(Number(r.discount_bps)),
        FlatDiscount: paiseToRupees(Number(r.flat_discount)),
        Gst: bpsToPercent(Number(r.gst_bps)),
        ItemUpdatedTime: r.updated_at,
        MaxQtyPerItem: Number(r.max_qty_per_item),
      },
    });
  }
  return searchPage(candidates, params.page, params.limit);
}
