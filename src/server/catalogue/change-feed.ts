import { type Kysely, sql, type Transaction } from 'kysely';
import type { CatalogueChangesDto } from '../../lib/domain/catalogue.ts';
import type { Dialect } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { toItemDto } from './items.ts';

/**
 * The catalogue's change feed (migration 0180 writes it with triggers): what a
 * rebuild asks instead of reading the whole catalogue again. A cursor is
 * `{feed id}.{n}`: every change with `seq >= n` came after it. On SQLite `n` is
 * one more than the largest `seq` (writes commit one at a time, in `seq`
 * order); on PostgreSQL it is the oldest transaction still running when the
 * cursor was taken, so a transaction that commits later is never missed.
 */

/** More changed items than this, and reading the whole catalogue is as quick. */
export const MAX_CHANGED_ITEMS = 1000;

const CURSOR = /^([0-9a-f]{16})\.(\d{1,19})$/;

async function cursorOf(trx: Transaction<Database>, dialect: Dialect): Promise<{ feed: string; n: bigint }> {
  const feed = await trx.selectFrom('catalogue_feed').select('feed_id').where('id', '=', 1).executeTakeFirstOrThrow();
  const n =
    dialect === 'postgres'
      ? (await sql<{ n: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as n`.execute(trx)).rows[0]?.n
      : (
          await trx
            .selectFrom('catalogue_changes')
            .select((eb) => eb.fn.max('seq').as('n'))
            .executeTakeFirst()
        )?.n;
  return { feed: feed.feed_id, n: dialect === 'postgres' ? BigInt(n ?? 0) : BigInt(n ?? 0) + 1n };
}

/**
 * The changes since `since` (a cursor an earlier answer gave; none: everything
 * must be read), read in one snapshot with the cursor to pass next time.
 */
export async function readCatalogueChanges(
  db: Kysely<Database>,
  dialect: Dialect,
  since: string | undefined,
): Promise<CatalogueChangesDto> {
  const parsed = since === undefined ? null : CURSOR.exec(since);
  if (since !== undefined && parsed === null) {
    throw AppError.invalidField('since', 'must be the Cursor of an earlier /api/Site/Changes answer');
  }
  let tx = db.transaction();
  if (dialect === 'postgres') tx = tx.setIsolationLevel('repeatable read');
  return tx.execute(async (trx) => {
    const now = await cursorOf(trx, dialect);
    const cursor = `${now.feed}.${now.n}`;
    const everything = { Cursor: cursor, ReadEverything: true, Items: [] };
    // Another database's cursor, or one from ahead of this feed (a restored copy): read it all.
    if (parsed === null || parsed[1] !== now.feed) return everything;
    const from = BigInt(parsed[2] as string);
    if (from > now.n) return everything;
    const rows = await trx
      .selectFrom('catalogue_changes')
      .select(['kind', 'row_id', 'reshaped_seq'])
      .where('seq', '>=', dialect === 'postgres' ? from.toString() : Number(from))
      .limit(MAX_CHANGED_ITEMS + 1)
      .execute();
    if (rows.length > MAX_CHANGED_ITEMS) return everything;
    if (rows.some((r) => r.kind !== 'item' || BigInt(r.reshaped_seq) >= from)) return everything;
    if (rows.length === 0) return { Cursor: cursor, ReadEverything: false, Items: [] };
    const items = await trx
      .selectFrom('items')
      .selectAll()
      .where(
        'id',
        'in',
        rows.map((r) => r.row_id),
      )
      .orderBy('id')
      .execute();
    // An item noted but gone was deleted, which is a reshape: the check above saw it; this is a guard.
    if (items.length !== rows.length) return everything;
    return { Cursor: cursor, ReadEverything: false, Items: items.map(toItemDto) };
  });
}

/**
 * What the feed holds since `since`, as one text a change (`{kind}:{row}:{seq}`; at most
 * `MAX_CHANGED_ITEMS + 1`), or one marker text when the cursor is of another feed: what a
 * watching rebuild (`npm run rebuild -- --watch`) polls, one indexed read, and compares with
 * what it saw before its last run. A write committed since then always adds a text: its row's
 * `seq` is new, and at least the cursor of any build that did not see it.
 */
export async function feedEntriesSince(db: Kysely<Database>, dialect: Dialect, since: string): Promise<string[]> {
  const parsed = CURSOR.exec(since);
  const feed = await db.selectFrom('catalogue_feed').select('feed_id').where('id', '=', 1).executeTakeFirst();
  if (parsed === null || feed === undefined || parsed[1] !== feed.feed_id) return [`feed:${feed?.feed_id ?? ''}`];
  const from = parsed[2] as string;
  const rows = await db
    .selectFrom('catalogue_changes')
    .select(['kind', 'row_id', 'seq'])
    .where('seq', '>=', dialect === 'postgres' ? from : Number(from))
    .orderBy('seq')
    .limit(MAX_CHANGED_ITEMS + 1)
    .execute();
  return rows.map((r) => `${r.kind}:${r.row_id}:${r.seq}`);
}
