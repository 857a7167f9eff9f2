// Substitutes (issue 33, item 2): the items of an item's own store and section that a
// shopper may choose instead of it, in best-match order (`rankCandidates`), and the check
// that a posted choice names one of them.
import type { Kysely } from 'kysely';
import { paiseToRupees } from '../../lib/domain/money.ts';
import { type Candidate, rankCandidates } from '../../lib/domain/substitutions.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';
import type { CartLineInput } from './cart-input.ts';

/** The most substitutes one item lists. */
export const SUBSTITUTES_MAX = 30;

/** A substitute as the cart's choice lists it. */
export interface SubstituteDto {
  ItemID: number;
  StoreID: number;
  ItemTitle: string;
  Size: string;
  /** Rupees. */
  SellingPrice: number;
  Availability: number;
}

type Row = Pick<Item, 'id' | 'store_id' | 'title' | 'size' | 'selling_price' | 'stock' | 'section_id'>;

const candidateOf = (r: Row): Candidate => ({
  ItemID: r.id,
  ItemTitle: r.title,
  SellingPrice: r.selling_price,
  Stock: r.stock,
});

/**
 * The items for sale in the same store and section as `item`, but it, in best-match
 * order for `qty` units: those with stock for them first (closest price, most alike
 * title), then the rest by the same rule. Read inside a transaction, the rows are as it sees them.
 */
export async function readCandidates(db: Kysely<Database>, item: Row, qty: number): Promise<Row[]> {
  if (item.section_id === null) return [];
  const rows = await db
    .selectFrom('items')
    .select(['id', 'store_id', 'title', 'size', 'selling_price', 'stock', 'section_id'])
    .where('store_id', '=', item.store_id)
    .where('section_id', '=', item.section_id)
    .where('hidden', '=', 0)
    .where('id', '<>', item.id)
    .orderBy('id')
    .limit(500)
    .execute();
  const asked = { ItemID: item.id, ItemTitle: item.title, SellingPrice: item.selling_price };
  const byId = new Map(rows.map((r) => [r.id, r]));
  const candidates = rows.map(candidateOf);
  const inStock = rankCandidates(asked, Math.max(qty, 1), candidates);
  const rest = rankCandidates(asked, 0, candidates).filter((c) => !inStock.includes(c));
  return [...inStock, ...rest].map((c) => byId.get(c.ItemID) as Row);
}

/** `GET /api/Item/Substitutes/{ItemID}`: what a shopper may choose instead of an item (404: unknown or hidden). */
export async function findSubstitutes(db: Kysely<Database>, itemId: number): Promise<SubstituteDto[]> {
  const item = await db
    .selectFrom('items')
    .select(['id', 'store_id', 'title', 'size', 'selling_price', 'stock', 'section_id'])
    .where('id', '=', itemId)
    .where('hidden', '=', 0)
    .executeTakeFirst();
  if (item === undefined) throw AppError.notFound(`Item ${itemId} does not exist.`);
  const rows = await readCandidates(db, item, 1);
  return rows.slice(0, SUBSTITUTES_MAX).map((r) => ({
    ItemID: r.id,
    StoreID: r.store_id,
    ItemTitle: r.title,
    Size: r.size,
    SellingPrice: paiseToRupees(r.selling_price),
    Availability: r.stock,
  }));
}

/**
 * A 400 naming each line whose `Substitution` is an item that is not another item of the
 * line's own store and section (one read, only when some line names an item).
 */
export async function assertSubstitutes(db: Kysely<Database>, lines: readonly CartLineInput[]): Promise<void> {
  const named = lines.filter((l) => typeof l.substitution === 'number');
  if (named.length === 0) return;
  const ids = [...new Set(named.flatMap((l) => [l.itemId, l.substitution as number]))];
  const rows = await db.selectFrom('items').select(['id', 'store_id', 'section_id']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const modelState: ModelState = {};
  for (const line of named) {
    const asked = byId.get(line.itemId);
    const other = byId.get(line.substitution as number);
    if (
      other !== undefined &&
      asked !== undefined &&
      other.store_id === line.storeId &&
      asked.section_id !== null &&
      other.section_id === asked.section_id
    ) {
      continue;
    }
    const key = `CartItems[${line.index}].Substitution`;
    modelState[key] = [
      `${key} names item ${String(line.substitution)}, which is not another item of the same store and section as item ${line.itemId}.`,
    ];
  }
  if (Object.keys(modelState).length > 0) throw AppError.invalid(modelState);
}
