/**
 * Packs drawn from one bulk stock (issue 33 item 1): a pack item (sold by the piece, e.g.
 * "Onion 1 kg") holds no stock of its own; each of its packs takes `packSize` grams or
 * millilitres of a bulk item's stock (sold by weight or volume). These are the pure
 * decisions; the order transaction (src/server/orders/order-steps.ts) and the pack
 * set-up (src/server/catalogue/item-packs.ts) read the rows, hold the locks and call them.
 */
import { qtyProblem, type SoldBy } from './measure.ts';

/** The largest pack: 100 kg or 100 litres, in g or ml. */
export const MAX_PACK_SIZE = 100_000;

/** How many packs of `packSize` a bulk stock of `bulkStock` g or ml holds. */
export function packsIn(bulkStock: number, packSize: number): number {
  return bulkStock <= 0 || packSize <= 0 ? 0 : Math.floor(bulkStock / packSize);
}

/** A line of an order that names a pack item, as the catalogue has it now. */
export interface PackLineFacts {
  index: number;
  qty: number;
  hidden: boolean;
  step: number;
  /** Its store's most per order, in pieces (a pack is sold by the piece). */
  maxQtyPerItem: number;
  bulkItemId: number;
  packSize: number;
}

/** What an order takes from one bulk: the sum of its pack lines' packs × size. */
export interface BulkNeed {
  bulkItemId: number;
  amount: number;
}

/**
 * Which pack lines draw from their bulk, and how much each bulk must give, in bulk ItemID
 * order (as orders lock rows). A line not for sale, off its step or over its store's limit
 * draws nothing: the order names it as it names any such line.
 */
export function planBulkTakes(lines: readonly PackLineFacts[]): { drawing: PackLineFacts[]; needs: BulkNeed[] } {
  const drawing = lines.filter((l) => !l.hidden && qtyProblem(l.qty, l.step) === '' && l.qty <= l.maxQtyPerItem);
  const amounts = new Map<number, number>();
  for (const l of drawing) amounts.set(l.bulkItemId, (amounts.get(l.bulkItemId) ?? 0) + l.qty * l.packSize);
  const needs = [...amounts].sort((a, b) => a[0] - b[0]).map(([bulkItemId, amount]) => ({ bulkItemId, amount }));
  return { drawing, needs };
}

/** The ModelState message of a pack line whose bulk stock could not give what the order asked. */
export function packShortMessage(field: string, qty: number, title: string, available: number): string {
  const tail = qty <= available ? ', and the other packs of this order draw from the same bulk stock' : '';
  return `${field} asks for ${qty} of ${title}, but only ${available} ${available === 1 ? 'is' : 'are'} in stock${tail}.`;
}

/** A pack item and its would-be bulk, as the set-up call reads them. */
export interface PackSetup {
  item: { id: number; storeId: number; soldBy: SoldBy; stock: number; isBulk: boolean; isPack: boolean };
  bulk: { id: number; storeId: number; soldBy: SoldBy; isPack: boolean } | undefined;
  packSize: number;
}

/** Each field's problems with making `item` a pack of `bulk` (empty: none), named as the call's fields. */
export function packSetupProblems(s: PackSetup): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    out[field] = [...(out[field] ?? []), message];
  };
  if (s.item.soldBy !== 'ByUnit') {
    add('ItemID', `ItemID must name an item sold ByUnit to be a pack, not one sold ${s.item.soldBy}.`);
  }
  if (s.item.isBulk) add('ItemID', 'ItemID is the bulk stock of other packs, so it cannot be a pack itself.');
  if (!s.item.isPack && s.item.stock !== 0) {
    add(
      'ItemID',
      `ItemID has ${s.item.stock} in stock of its own: set its Availability to 0 first, as a pack's stock is its bulk's.`,
    );
  }
  if (!Number.isInteger(s.packSize) || s.packSize < 1 || s.packSize > MAX_PACK_SIZE) {
    add('PackSize', `PackSize must be a whole number of grams or millilitres from 1 to ${MAX_PACK_SIZE}.`);
  }
  const bulk = s.bulk;
  if (bulk === undefined) add('BulkItemID', 'BulkItemID must name an existing item.');
  else if (bulk.id === s.item.id) add('BulkItemID', 'BulkItemID must name another item than the pack.');
  else if (bulk.storeId !== s.item.storeId)
    add('BulkItemID', 'BulkItemID must name an item of the same store as the pack.');
  else if (bulk.soldBy === 'ByUnit') add('BulkItemID', 'BulkItemID must name an item sold ByWeight or ByVolume.');
  else if (bulk.isPack) add('BulkItemID', 'BulkItemID names a pack itself: name the bulk it draws from.');
  return out;
}
