import type { Kysely } from 'kysely';
import { sellingPrice } from '../../lib/domain/pricing.ts';
import type { Database, Item } from '../db/schema.ts';
import { isPack, recordStockChanges, type StockSource } from './stock-ledger.ts';

/** What a stock and price feed sets on one item; fields left out keep their values. */
export interface StockChange {
  stock?: number | undefined;
  unitPrice?: number | undefined;
  discountBps?: number | undefined;
  flatDiscount?: number | undefined;
  gstBps?: number | undefined;
}

/** An item's stock and prices before and after a change. */
export interface StockChangeResult {
  before: Item;
  after: Item;
  changed: boolean;
}

/**
 * The one place a feed sets an item's stock and prices: the caller holds the
 * row's lock (`select … for update` on PostgreSQL; SQLite writes one at a time),
 * so an order taking stock (`stock = stock - qty where stock >= qty`) waits for
 * this write and re-checks against the new count: nothing is ever oversold.
 * SellingPrice follows from the prices, as on every other write. Whatever must
 * react to stock coming back (back-in-stock alerts) hooks in here; a stock change
 * writes its ledger row (`stock-ledger.ts`), naming `source`.
 */
export async function applyStockChange(
  trx: Kysely<Database>,
  current: Item,
  change: StockChange,
  at: string,
  source: StockSource,
): Promise<StockChangeResult> {
  // A pack's stock is its bulk's (migration 0440): a feed's count for it is not written.
  if (change.stock !== undefined && change.stock !== current.stock && (await isPack(trx, current.id))) {
    change = { ...change, stock: undefined };
  }
  const price = {
    unitPrice: change.unitPrice ?? current.unit_price,
    discountBps: change.discountBps ?? current.discount_bps,
    flatDiscount: change.flatDiscount ?? current.flat_discount,
    gstBps: change.gstBps ?? current.gst_bps,
  };
  const next = {
    stock: change.stock ?? current.stock,
    unit_price: price.unitPrice,
    discount_bps: price.discountBps,
    flat_discount: price.flatDiscount,
    gst_bps: price.gstBps,
    selling_price: sellingPrice(price),
  };
  const changed =
    next.stock !== current.stock ||
    next.unit_price !== current.unit_price ||
    next.discount_bps !== current.discount_bps ||
    next.flat_discount !== current.flat_discount ||
    next.gst_bps !== current.gst_bps;
  if (!changed) return { before: current, after: current, changed: false };
  // Stock alone is not an edit of the item (orders change it too): ItemUpdatedTime moves only with prices.
  const pricesChanged =
    price.unitPrice !== current.unit_price ||
    price.discountBps !== current.discount_bps ||
    price.flatDiscount !== current.flat_discount ||
    price.gstBps !== current.gst_bps;
  const after = await trx
    .updateTable('items')
    .set(pricesChanged ? { ...next, updated_at: at } : { stock: next.stock })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordStockChanges(trx, [{ ...source, itemId: current.id, at, before: current.stock, after: after.stock }]);
  return { before: current, after, changed: true };
}
