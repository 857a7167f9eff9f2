// The stock ledger (issue 33, item 4): every change of an item's stock is a row written in
// the transaction that changed it, so an item's stock always equals the sum of its rows'
// `change` and each row's `stock_before` is the previous row's `stock_after`. Each place that
// changes stock calls one of these: orders (`ledgerPart` / INSERT_LEDGER in the order's own
// statements), cancellations and their undo (`moveStock`), feeds, imports and staff edits
// (`lockStock`, then `recordStockChanges` with what they set).
import { type Kysely, PostgresAdapter, type QueryCreator } from 'kysely';
import { type StockHistoryEntryDto, stockChangeBy } from '../../lib/domain/stock-history.ts';
import { paginate } from '../db/paginate.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database, StockLedgerTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** What caused a change, and who: an account, a feed key, or neither; the order where there is one. */
export interface StockSource {
  reason: StockLedgerTable['reason'];
  accountId?: number | null | undefined;
  feedClientId?: number | null | undefined;
  orderId?: number | null | undefined;
}

/** One item's stock before and after a change, with its cause. */
export interface StockEntry extends StockSource {
  itemId: number;
  at: string;
  before: number;
  after: number;
}

const CHUNK = 500;

function rowOf(e: StockEntry) {
  return {
    item_id: e.itemId,
    at: e.at,
    change: e.after - e.before,
    stock_before: e.before,
    stock_after: e.after,
    reason: e.reason,
    account_id: e.accountId ?? null,
    feed_client_id: e.feedClientId ?? null,
    order_id: e.orderId ?? null,
  };
}

/**
 * Writes the ledger rows of changes already made in the caller's transaction (entries
 * whose stock did not move write nothing). `before` must be the stock the change found:
 * read under the row's lock (`lockStock`), or returned by the update itself.
 */
export async function recordStockChanges(trx: Kysely<Database>, entries: readonly StockEntry[]): Promise<void> {
  const moved = entries.filter((e) => e.after !== e.before);
  for (let i = 0; i < moved.length; i += CHUNK) {
    await trx
      .insertInto('stock_ledger')
      .values(moved.slice(i, i + CHUNK).map(rowOf))
      .execute();
  }
}

/**
 * The stock of `ids` now, each row locked until the caller's transaction ends on
 * PostgreSQL (SQLite writes one transaction at a time), in id order as orders lock
 * them: what a write that sets stock outright (an edit, an import) records as `before`.
 */
export async function lockStock(trx: Kysely<Database>, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  for (let i = 0; i < sorted.length; i += CHUNK) {
    let q = trx
      .selectFrom('items')
      .select(['id', 'stock'])
      .where('id', 'in', sorted.slice(i, i + CHUNK))
      .orderBy('id');
    if (postgres) q = q.forUpdate();
    for (const r of await q.execute()) out.set(r.id, r.stock);
  }
  return out;
}

/**
 * Which of `ids` are packs of a bulk stock (migration 0440): a pack's stock is its bulk's,
 * so an edit, an import or a feed never writes it (they keep what it has).
 */
export async function packIdsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('item_packs')
      .select('item_id')
      .where('item_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.add(r.item_id);
  }
  return out;
}

/** Whether `itemId` is a pack of a bulk stock (see `packIdsOf`). */
export async function isPack(db: Kysely<Database>, itemId: number): Promise<boolean> {
  return (await packIdsOf(db, [itemId])).has(itemId);
}

/**
 * Adds `delta` units to an item's stock (negative: takes them) with its ledger row, in the
 * caller's transaction. With `floor`, only when that leaves it at 0 or more. Answers the
 * stock after, or undefined when the item is gone or (with `floor`) short. A pack of a
 * bulk stock (migration 0440) moves its bulk by `delta` × its size, with the bulk's ledger
 * row, and answers the packs the bulk holds after.
 */
export async function moveStock(
  trx: Kysely<Database>,
  itemId: number,
  delta: number,
  source: StockSource & { at: string },
  floor = false,
): Promise<number | undefined> {
  const pack = await trx
    .selectFrom('item_packs')
    .select(['bulk_item_id', 'pack_size'])
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  if (pack !== undefined) {
    const left = await moveStock(trx, pack.bulk_item_id, delta * pack.pack_size, source, floor);
    return left === undefined ? undefined : Math.floor(left / pack.pack_size);
  }
  let q = trx
    .updateTable('items')
    .set((eb) => ({ stock: eb('stock', '+', delta) }))
    .where('id', '=', itemId);
  if (floor) q = q.where('stock', '>=', -delta);
  const row = await q.returning('stock').executeTakeFirst();
  if (row === undefined) return undefined;
  await recordStockChanges(trx, [{ ...source, itemId, before: row.stock - delta, after: row.stock }]);
  return row.stock;
}

/** The columns of an order's ledger rows, in the order `orderLedgerArgs` lists each row's values. */
const ORDER_LEDGER_KEYS = [
  'item_id',
  'at',
  'change',
  'stock_before',
  'stock_after',
  'reason',
  'account_id',
  'order_id',
] as const satisfies readonly (keyof StockLedgerTable)[];

/**
 * An order's ledger rows as one insert of `n` rows, taking each value from `a` in
 * ORDER_LEDGER_KEYS order: a part of the order's own statements (a data-modifying CTE of
 * its last statement on PostgreSQL, INSERT_LEDGER on SQLite), so it costs no round trip.
 */
export function ledgerPart(q: QueryCreator<Database>, n: number, a: () => never) {
  return q
    .insertInto('stock_ledger')
    .values(Array.from({ length: n }, () => Object.fromEntries(ORDER_LEDGER_KEYS.map((k) => [k, a()])) as never));
}

/** SQLite: an order's ledger rows (`ledgerPart`) as a statement of their own. */
export const INSERT_LEDGER = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  let next = 0;
  return ledgerPart(db, n, () => arg(next++));
});

/** The arguments of `ledgerPart` for an order's lines: each took `qty` and left `stockAfter`. */
export function orderLedgerArgs(
  lines: readonly { itemId: number; qty: number; stockAfter: number; orderId: number }[],
  at: string,
  accountId: number,
): unknown[] {
  return lines.flatMap((l) => [
    l.itemId,
    at,
    -l.qty,
    l.stockAfter + l.qty,
    l.stockAfter,
    'order',
    accountId,
    l.orderId,
  ]);
}

/** The sort of `GET /api/Item/StockHistory/{ItemID}`: by time of the change (its row's order). */
export const STOCK_HISTORY_SORTABLE = { At: 'id' } as const;

/**
 * One page of an item's stock history, newest first unless `direction` says otherwise,
 * with the total; 404 for an unknown item.
 */
export async function readStockHistory(
  db: Kysely<Database>,
  itemId: number,
  page: { limit: number; offset: number; direction: 'asc' | 'desc' },
): Promise<{ rows: StockHistoryEntryDto[]; total: number }> {
  const item = await db.selectFrom('items').select('id').where('id', '=', itemId).executeTakeFirst();
  if (item === undefined) throw AppError.notFound(`Item ${itemId} does not exist.`);
  const query = db
    .selectFrom('stock_ledger as l')
    .leftJoin('users as u', 'u.id', 'l.account_id')
    .leftJoin('feed_clients as f', 'f.id', 'l.feed_client_id')
    .where('l.item_id', '=', itemId);
  const { rows, total } = await paginate(query, page, (q) =>
    q
      .select([
        'l.id',
        'l.at',
        'l.change',
        'l.stock_before',
        'l.stock_after',
        'l.reason',
        'l.order_id',
        'u.full_name',
        'u.email',
        'f.name as feed_name',
      ])
      .orderBy('l.id', page.direction),
  );
  return {
    total,
    rows: rows.map((r) => ({
      EntryID: r.id,
      At: r.at,
      Change: r.change,
      Before: r.stock_before,
      After: r.stock_after,
      Reason: r.reason,
      By: stockChangeBy(r.reason, { name: r.full_name, email: r.email }, r.feed_name),
      OrderID: r.order_id,
    })),
  };
}
