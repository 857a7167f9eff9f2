// An order's packs drawn from one bulk stock (issue 33 item 1; migration 0440): the lines
// TAKE_STOCK left are read once; those that are packs take N × pack size from their bulk
// in one conditional update (TAKE_BULK), re-checked under each bulk row's lock, so a bulk
// never goes below 0 however many orders draw from it at once. Only an order with a line
// TAKE_STOCK did not take pays the extra read.
import type { CompiledQuery, Kysely } from 'kysely';
import type { ShortageDto } from '../../lib/domain/cart.ts';
import { packShortMessage, packsIn, planBulkTakes } from '../../lib/domain/packs.ts';
import type { Database } from '../db/schema.ts';
import type { CartLineInput } from './cart-input.ts';
import { type PackLine, READ_PACK_LINES, TAKE_BULK, type Taken } from './order-statements.ts';
import type { Rows } from './order-types.ts';

/** What an order's pack lines came to. */
export interface BulkOutcome {
  /** Each pack line that drew from its bulk, by its cart index, with what its order line copies. */
  sold: Map<number, Taken>;
  /** Each pack line whose bulk could not give what the order asked: the packs it holds now. */
  short: Map<number, { title: string; available: number }>;
  /** The cart indexes of every pack line (they write no ledger row of their own: their bulk does). */
  packs: Set<number>;
  /** Each bulk taken from: the g or ml taken and the stock left, for its ledger row. */
  taken: { bulkItemId: number; storeId: number; amount: number; stockAfter: number }[];
}

/** Nothing drawn: an order without packs. */
export const NO_BULK: BulkOutcome = { sold: new Map(), short: new Map(), packs: new Set(), taken: [] };

/** Draws the pack lines among `unsold` (in ItemID order) from their bulk stocks. */
export function* bulkSteps(
  db: Kysely<Database>,
  unsold: readonly CartLineInput[],
): Generator<CompiledQuery<unknown>, BulkOutcome, Rows> {
  const rows = (yield READ_PACK_LINES(
    db,
    unsold.length,
    unsold.flatMap((l) => [l.itemId, l.storeId, l.qty]),
  )) as PackLine[];
  if (rows.length === 0) return NO_BULK;
  const byKey = new Map(rows.map((r) => [`${r.id}:${r.store_id}`, r]));
  const lines = unsold.flatMap((l) => {
    const r = byKey.get(`${l.itemId}:${l.storeId}`);
    return r === undefined ? [] : [{ line: l, row: r }];
  });
  const plan = planBulkTakes(
    lines.map(({ line, row }) => ({
      index: line.index,
      qty: line.qty,
      hidden: row.hidden !== 0,
      step: row.step,
      maxQtyPerItem: row.max_qty_per_item,
      bulkItemId: row.bulk_item_id,
      packSize: row.pack_size,
    })),
  );
  const out: BulkOutcome = {
    sold: new Map(),
    short: new Map(),
    packs: new Set(lines.map((l) => l.line.index)),
    taken: [],
  };
  if (plan.needs.length === 0) return out;
  const took = (yield TAKE_BULK(
    db,
    plan.needs.length,
    plan.needs.flatMap((n) => [n.bulkItemId, n.amount]),
  )) as { id: number; stock: number }[];
  const left = new Map(took.map((t) => [Number(t.id), Number(t.stock)]));
  const rowOf = new Map(lines.map((l) => [l.line.index, l.row]));
  for (const d of plan.drawing) {
    const row = rowOf.get(d.index) as PackLine;
    const after = left.get(d.bulkItemId);
    if (after === undefined) {
      out.short.set(d.index, { title: row.title, available: packsIn(Number(row.bulk_stock), d.packSize) });
    } else {
      out.sold.set(d.index, { ...row, stock: packsIn(after, d.packSize) });
    }
  }
  for (const n of plan.needs) {
    const after = left.get(n.bulkItemId);
    const storeId = rows.find((r) => r.bulk_item_id === n.bulkItemId)?.store_id;
    if (after !== undefined && storeId !== undefined) {
      out.taken.push({ bulkItemId: n.bulkItemId, storeId, amount: n.amount, stockAfter: after });
    }
  }
  return out;
}

/** A pack line its bulk could not give: the shortage to answer and its ModelState entry (undefined: not such a line). */
export function packShortage(
  line: CartLineInput,
  bulk: BulkOutcome,
): { shortage: ShortageDto; field: string; message: string } | undefined {
  const short = bulk.short.get(line.index);
  if (short === undefined) return undefined;
  const field = `CartItems[${line.index}].Qty`;
  return {
    shortage: {
      ItemID: line.itemId,
      StoreID: line.storeId,
      ItemTitle: short.title,
      Requested: line.qty,
      Available: short.available,
    },
    field,
    message: packShortMessage(field, line.qty, short.title, short.available),
  };
}

/**
 * The order's ledger rows: each line's that took its own stock (`stockLeft` undefined: a
 * pack), then each bulk's, after any loose line of the same bulk, whose row's stock it continues.
 */
export function ledgerLinesOf(
  values: readonly { item_id: number; qty: number; order_id: number }[],
  stockLeft: readonly (number | undefined)[],
  bulk: BulkOutcome,
  orderOf: (storeId: number) => number,
): { itemId: number; qty: number; stockAfter: number; orderId: number }[] {
  return [
    ...values.flatMap((v, i) => {
      const stockAfter = stockLeft[i];
      return stockAfter === undefined ? [] : [{ itemId: v.item_id, qty: v.qty, stockAfter, orderId: v.order_id }];
    }),
    ...bulk.taken.map((b) => ({
      itemId: b.bulkItemId,
      qty: b.amount,
      stockAfter: b.stockAfter,
      orderId: orderOf(b.storeId),
    })),
  ];
}
