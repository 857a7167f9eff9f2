import type { Kysely, Transaction } from 'kysely';
import { itemPath } from '../../lib/domain/redirects.ts';
import type { StockAlertDto } from '../../lib/domain/shopper.ts';
import { DELETED_EMAIL_DOMAIN } from '../auth/accounts.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail-queue.ts';
import { backInStockMail } from '../mail-templates.ts';

export type { StockAlertDto };

type Db = Kysely<Database> | Transaction<Database>;

/** The caller's pending requests, newest first. */
export async function findAlertsOf(db: Db, userId: number): Promise<StockAlertDto[]> {
  const rows = await db
    .selectFrom('stock_alerts as a')
    .innerJoin('items as i', 'i.id', 'a.item_id')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .select([
      'a.id',
      'a.item_id',
      'i.store_id',
      'i.db_id',
      'i.title',
      's.title as store_title',
      'i.size',
      'i.stock',
      'a.created_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((r) => ({
    AlertID: r.id,
    ItemID: r.item_id,
    StoreID: r.store_id,
    DbID: r.db_id,
    ItemTitle: r.title,
    StoreTitle: r.store_title,
    Size: r.size,
    Availability: r.stock,
    CreatedTime: r.created_at,
  }));
}

/**
 * Asks to be mailed when item `itemId` is back. Only for an item that is for
 * sale and out of stock (409 when it is in stock: it can be ordered now); asking
 * twice keeps the first request. Answers the request and whether it is new.
 */
export async function requestAlert(
  db: Kysely<Database>,
  userId: number,
  itemId: number,
  at: string,
): Promise<{ alert: StockAlertDto; created: boolean }> {
  const item = await db
    .selectFrom('items')
    .select(['id', 'store_id', 'stock', 'hidden', 'title'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (item === undefined || item.hidden === 1) throw AppError.notFound(`Item ${itemId} does not exist.`);
  if (item.stock > 0) {
    throw AppError.conflict(`${item.title} is in stock now (${item.stock} available): add it to your cart instead.`);
  }
  const inserted = await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, item_id: itemId, store_id: item.store_id, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  const alert = (await findAlertsOf(db, userId)).find((a) => a.ItemID === itemId);
  if (alert === undefined) throw AppError.conflict(`The request for item ${itemId} could not be kept: try again.`);
  return { alert, created: inserted !== undefined };
}

/** Cancels one of the caller's requests; 404 when it is not theirs or already done. */
export async function cancelAlert(db: Kysely<Database>, userId: number, alertId: number): Promise<void> {
  const res = await db
    .deleteFrom('stock_alerts')
    .where('id', '=', alertId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) {
    throw AppError.notFound(`Back-in-stock request ${alertId} does not exist (it may have been mailed already).`);
  }
}

/**
 * Inside a transaction that may have raised stock (a staff edit, a cancelled
 * order, an import): for each of `itemIds` now for sale with stock above 0,
 * deletes its requests and queues one mail per request, in that transaction.
 * The delete is what makes a request mail once: two racing transactions cannot
 * both delete the same row (PostgreSQL makes the second wait for the first and
 * then finds the row gone; SQLite runs them one after the other). Answers the
 * number of mails queued.
 */
export async function releaseStockAlerts(
  trx: Db,
  itemIds: readonly number[],
  at: string,
  siteUrl: string,
): Promise<number> {
  if (itemIds.length === 0) return 0;
  const back = await trx
    .selectFrom('items as i')
    .innerJoin('stores as s', 's.id', 'i.store_id')
    .select(['i.id', 'i.db_id', 'i.title', 's.title as store_title'])
    .where('i.id', 'in', [...new Set(itemIds)])
    .where('i.stock', '>', 0)
    .where('i.hidden', '=', 0)
    .execute();
  if (back.length === 0) return 0;
  const done = await trx
    .deleteFrom('stock_alerts')
    .where(
      'item_id',
      'in',
      back.map((b) => b.id),
    )
    .returning(['user_id', 'item_id'])
    .execute();
  if (done.length === 0) return 0;
  const users = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', [...new Set(done.map((d) => d.user_id))])
    .execute();
  const emailOf = new Map(users.map((u) => [u.id, u.email]));
  const itemOf = new Map(back.map((b) => [b.id, b]));
  const mails = done.flatMap((d) => {
    const email = emailOf.get(d.user_id);
    const item = itemOf.get(d.item_id);
    if (email === undefined || item === undefined || email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)) return [];
    return [
      {
        to: email,
        kind: 'stock.back',
        ...backInStockMail(item.title, item.store_title, itemPath(item.id, item.db_id), siteUrl),
      },
    ];
  });
  await enqueueMail(trx, mails, at);
  return mails.length;
}
