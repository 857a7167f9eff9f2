import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isBigPriceChange, linesOutsideStores, type ScopedLine } from '../../lib/domain/feed-rules.ts';
import { paiseToRupees, percentToBps, rupeesToPaise } from '../../lib/domain/money.ts';
import { writeAudit } from '../audit.ts';
import { markContentChanged } from '../catalogue/site-state.ts';
import { applyStockChange, type StockChange } from '../catalogue/stock.ts';
import { releaseStockAlerts } from '../catalogue/stock-alerts.ts';
import type { Dialect } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { auditFeedRefusal, type ScopedFeedClient } from './feed-clients.ts';
import type { FeedLine } from './feed-lines.ts';
import { type BigChange, bigPriceChanges, lineOf, otherStores } from './feed-refusals.ts';

/** One line of a feed's answer. */
export interface FeedLineResult {
  Line: number;
  ItemID: number;
  ProductCode: string | null;
  Availability: number;
  SellingPrice: number;
  Changed: boolean;
}

/** The answer of `POST /api/Feed/Stock` (replayed as it was for a retried Idempotency-Key). */
export interface FeedAnswer {
  Message: string;
  Applied: number;
  Changed: number;
  /** Lines naming no item (nothing was done for them). */
  Skipped: {
    Line: number;
    ItemID: number | null;
    StoreID: number | null;
    ProductCode: string | null;
    Reason: string;
  }[];
  Lines: FeedLineResult[];
}

export type FeedOutcome = { kind: 'applied' | 'replayed'; body: string };

/**
 * Applies a feed in one transaction. The key row goes in first, so a retry
 * with the same Idempotency-Key waits for the first request and replays its
 * answer; each item row is locked and written through `applyStockChange`, in
 * ItemID order (as orders lock them), so feeds and orders never deadlock and
 * an order never takes stock the feed has just counted away.
 *
 * All or nothing: a line writing a store the key may not write (by StoreID, or
 * by the store of the item its ItemID names) is a 403, and a UnitPrice moved by
 * more than `FEED_PRICE_LIMIT_BPS` from the price before this feed, without the
 * line's `"Confirm": true`, a 400; each names every such line, nothing is
 * written (not even the Idempotency-Key row, so the fixed feed may reuse it) and
 * the refusal is audited after the rollback.
 */
export async function applyFeed(
  db: Kysely<Database>,
  dialect: Dialect,
  client: ScopedFeedClient,
  key: string,
  rawBody: string,
  lines: FeedLine[],
  meta: { ip: string; at: string; siteUrl?: string | undefined },
): Promise<FeedOutcome> {
  const requestHash = createHash('sha256').update(rawBody).digest('hex');
  const replay = await findFeedReplay(db, client.id, key, requestHash);
  if (replay !== undefined) return { kind: 'replayed', body: replay };
  // Set just before a refusal is thrown, and audited once the transaction has rolled back.
  let refusal: Record<string, unknown> | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('feed_requests')
        .values({
          client_id: client.id,
          idempotency_key: key,
          request_hash: requestHash,
          response: null,
          created_at: meta.at,
        })
        .execute();
      // Which item each line names.
      const ids = [...new Set(lines.flatMap((l) => (l.ItemID === undefined ? [] : [l.ItemID])))];
      const byCode = lines.filter((l) => l.ItemID === undefined);
      const targets = new Map<number, number>();
      const skipped: FeedAnswer['Skipped'] = [];
      const storeOf = new Map<number, number>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await trx
          .selectFrom('items')
          .select(['id', 'store_id'])
          .where('id', 'in', ids.slice(i, i + 1000))
          .execute();
        for (const r of rows) storeOf.set(r.id, r.store_id);
      }
      // A line by StoreID and ProductCode writes that store even when it has no such code, so a
      // key cannot learn another store's codes from what is skipped.
      const allowed = new Set(client.stores);
      const outside = linesOutsideStores(
        lines.map((l, i) => ({
          line: i,
          storeId: l.ItemID === undefined ? (l.StoreID ?? null) : (storeOf.get(l.ItemID) ?? null),
        })),
        allowed,
      );
      if (outside.length > 0) {
        refusal = { Reason: 'OtherStore', Stores: client.stores, Lines: outside.slice(0, 50).map(lineOf(lines)) };
        throw otherStores(outside, lines, client.stores);
      }
      const codeIds = new Map<string, number>();
      for (let i = 0; i < byCode.length; i += 500) {
        const batch = byCode.slice(i, i + 500);
        const rows = await trx
          .selectFrom('items')
          .select(['id', 'store_id', 'product_code'])
          .where((eb) =>
            eb.or(
              batch.map((l) =>
                eb.and([eb('store_id', '=', l.StoreID as number), eb('product_code', '=', l.ProductCode as string)]),
              ),
            ),
          )
          .execute();
        for (const r of rows) codeIds.set(`${r.store_id}|${r.product_code}`, r.id);
      }
      for (const [i, l] of lines.entries()) {
        const id = l.ItemID ?? codeIds.get(`${l.StoreID}|${l.ProductCode}`);
        if (id === undefined || (l.ItemID !== undefined && !storeOf.has(id))) {
          skipped.push({
            Line: i,
            ItemID: l.ItemID ?? null,
            StoreID: l.StoreID ?? null,
            ProductCode: l.ProductCode ?? null,
            Reason:
              l.ItemID !== undefined
                ? `No item has ItemID ${l.ItemID}.`
                : `Store ${l.StoreID} has no item with ProductCode ${l.ProductCode}.`,
          });
          continue;
        }
        targets.set(i, id);
      }
      // In ItemID order, as the order path takes its locks; a later line for the same item wins.
      const order = [...targets.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      const results: FeedLineResult[] = [];
      let changed = 0;
      const changedDbs = new Set<number>();
      const restocked: number[] = [];
      const priceBefore = new Map<number, number>();
      const bigChanges: BigChange[] = [];
      const movedAway: ScopedLine[] = [];
      for (const [i, id] of order) {
        let q = trx.selectFrom('items').selectAll().where('id', '=', id);
        if (dialect === 'postgres') q = q.forUpdate();
        const current = (await q.executeTakeFirst()) as Item;
        const l = lines[i] as FeedLine;
        // Staff may have moved the item to another store since it was read above.
        if (!allowed.has(current.store_id)) {
          movedAway.push({ line: i, storeId: current.store_id });
          continue;
        }
        const before = priceBefore.get(id) ?? current.unit_price;
        priceBefore.set(id, before);
        const change: StockChange = {
          stock: l.Availability,
          unitPrice: l.UnitPrice === undefined ? undefined : rupeesToPaise(l.UnitPrice),
          discountBps: l.Discount === undefined ? undefined : percentToBps(l.Discount),
          flatDiscount: l.FlatDiscount === undefined ? undefined : rupeesToPaise(l.FlatDiscount),
          gstBps: l.Gst === undefined ? undefined : percentToBps(l.Gst),
        };
        if (change.flatDiscount !== undefined || change.unitPrice !== undefined) {
          const unit = change.unitPrice ?? current.unit_price;
          const flat = change.flatDiscount ?? current.flat_discount;
          if (flat > unit) {
            throw AppError.badRequest(
              `Line ${i}: FlatDiscount (${paiseToRupees(flat)}) must not be more than UnitPrice (${paiseToRupees(unit)}); nothing was applied.`,
              {
                [`Lines[${i}].FlatDiscount`]: [
                  `Lines[${i}]: FlatDiscount must not be more than UnitPrice (${paiseToRupees(unit)}).`,
                ],
              },
            );
          }
        }
        if (change.unitPrice !== undefined && l.Confirm !== true && isBigPriceChange(before, change.unitPrice)) {
          bigChanges.push({ line: i, itemId: id, before, after: change.unitPrice });
          continue;
        }
        const r = await applyStockChange(trx, current, change, meta.at, { reason: 'feed', feedClientId: client.id });
        if (r.before.stock <= 0 && r.after.stock > 0) restocked.push(id);
        if (r.changed) {
          changed++;
          changedDbs.add(r.after.db_id);
        }
        results.push({
          Line: i,
          ItemID: id,
          ProductCode: r.after.product_code,
          Availability: r.after.stock,
          SellingPrice: paiseToRupees(r.after.selling_price),
          Changed: r.changed,
        });
      }
      if (movedAway.length > 0) {
        refusal = { Reason: 'OtherStore', Stores: client.stores, Lines: movedAway.slice(0, 50).map(lineOf(lines)) };
        throw otherStores(linesOutsideStores(movedAway, allowed), lines, client.stores);
      }
      if (bigChanges.length > 0) {
        bigChanges.sort((a, b) => a.line - b.line);
        refusal = {
          Reason: 'BigPriceChange',
          Lines: bigChanges.slice(0, 50).map((b) => ({
            Line: b.line,
            ItemID: b.itemId,
            Before: paiseToRupees(b.before),
            After: paiseToRupees(b.after),
          })),
        };
        throw bigPriceChanges(bigChanges);
      }
      results.sort((a, b) => a.Line - b.Line);
      // Stock back above zero answers the item's back-in-stock requests, in this transaction.
      await releaseStockAlerts(trx, restocked, meta.at, meta.siteUrl ?? 'http://127.0.0.1:4321');
      if (changed > 0) await markContentChanged(trx, meta.at);
      const answer: FeedAnswer = {
        Message: `Applied ${results.length} of ${lines.length} lines: ${changed} changed an item${skipped.length > 0 ? `, ${skipped.length} named no item and were skipped` : ''}.`,
        Applied: results.length,
        Changed: changed,
        Skipped: skipped,
        Lines: results,
      };
      const body = JSON.stringify(answer);
      await trx
        .updateTable('feed_requests')
        .set({ response: body })
        .where('client_id', '=', client.id)
        .where('idempotency_key', '=', key)
        .execute();
      await trx.updateTable('feed_clients').set({ last_used_at: meta.at }).where('id', '=', client.id).execute();
      await writeAudit(trx, {
        actorId: null,
        actorEmail: `feed: ${client.name}`,
        action: 'feed.applied',
        target: `feedclient:${client.id}`,
        detail: {
          FeedClient: client.name,
          IdempotencyKey: key.slice(0, 100),
          Lines: lines.length,
          Applied: results.length,
          Changed: changed,
          Skipped: skipped.length,
          Items: results
            .filter((r) => r.Changed)
            .slice(0, 20)
            .map((r) => r.ItemID),
        },
        ip: meta.ip,
        at: meta.at,
      });
      return { kind: 'applied' as const, body };
    });
  } catch (err) {
    if (refusal !== undefined) {
      await auditFeedRefusal(db, client, meta, { IdempotencyKey: key.slice(0, 100), ...refusal });
      throw err;
    }
    if (isUniqueViolation(err)) {
      const again = await findFeedReplay(db, client.id, key, requestHash);
      if (again !== undefined) return { kind: 'replayed', body: again };
    }
    throw err;
  }
}

/** The stored answer for a retried key, or a 409 when the key came with another body. */
async function findFeedReplay(
  db: Kysely<Database>,
  clientId: number,
  key: string,
  requestHash: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('feed_requests')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (row === undefined || row.response === null) return undefined;
  if (row.request_hash !== requestHash) {
    throw AppError.conflict(
      'This Idempotency-Key was already used for a different feed body; use a new key for new data.',
    );
  }
  return row.response;
}
