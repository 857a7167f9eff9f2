// Where each store delivers, applied to an order inside its transaction (issue 31, item 1):
// one statement reads the settings of every store of the order, `priceDelivery` decides
// (each store's rules on that store's lines), and the fee, when there is one, is written on
// the order row. The rules are `lib/domain/delivery-area.ts`'s; the steps call this from
// `order-steps.ts`.
import type { CompiledQuery, Kysely } from 'kysely';
import { DELIVERS_EVERYWHERE, quoteDelivery } from '../../lib/domain/delivery-area.ts';
import { formatRs, paiseToRupees } from '../../lib/domain/money.ts';
import { lineTotal, type PricedLine } from '../../lib/domain/pricing.ts';
import { rulesOfRow } from '../catalogue/store-delivery.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database } from '../db/schema.ts';
import type { ModelState } from '../errors.ts';

/** The field an unserved PIN code is named by. */
export const POSTAL_CODE_FIELD = 'DeliveryAddress.PostalCode';

/**
 * Every store of the order with its settings (none: `postal_codes` null). Shape: how many
 * stores; arguments: their ids.
 */
export const READ_DELIVERY = compiledPerShape((db: Kysely<Database>, stores: number, arg) =>
  db
    .selectFrom('stores as s')
    .leftJoin('store_delivery as d', 'd.store_id', 's.id')
    .select(['s.id', 's.title', 'd.postal_codes', 'd.fee', 'd.minimum_order', 'd.free_above'])
    .where(
      's.id',
      'in',
      Array.from({ length: stores }, (_, i) => arg(i)),
    ),
);

/** The fee an order was charged, in paise. Arguments: fee, order id. */
export const SET_DELIVERY_FEE = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .updateTable('orders')
    .set({ delivery_fee: arg(0) })
    .where('id', '=', arg(1)),
);

/** A row of READ_DELIVERY. */
export interface StoreDeliveryRow {
  id: number;
  title: string;
  postal_codes: string | null;
  fee: number | null;
  minimum_order: number | null;
  free_above: number | null;
}

/** The order's distinct stores, in StoreID order: READ_DELIVERY's shape and arguments. */
export function storesOf(lines: readonly { store_id: number }[]): number[] {
  return [...new Set(lines.map((l) => l.store_id))].sort((a, b) => a - b);
}

/** What a store still misses of its minimum order, in the refusal's `MinimumOrder` list (rupees). */
export interface MinimumMissingDto {
  StoreID: number;
  StoreTitle: string;
  MinimumOrder: number;
  Missing: number;
}

/**
 * The order's delivery: `ok` with the fee summed over its stores (paise), or refused with
 * nothing to write: `unserved` (a store does not deliver to the PIN code: a 400 naming
 * `DeliveryAddress.PostalCode`), `below-minimum` (a store's lines come to less than its
 * minimum: a 400 naming `MinimumOrder` with the amount missing). Each store's rules apply
 * to that store's lines (their selling prices as sold, times Qty).
 */
export type DeliveryOutcome =
  | {
      kind: 'ok';
      fee: number;
      /** Each store's fee (paise) and name, by StoreID: each store's order of a group is charged its own. */
      stores: ReadonlyMap<number, { fee: number; title: string }>;
    }
  | { kind: 'unserved'; modelState: ModelState }
  | { kind: 'below-minimum'; modelState: ModelState; missing: MinimumMissingDto[] };

export function priceDelivery(
  rows: readonly StoreDeliveryRow[],
  pin: string,
  lines: readonly PricedLine[],
): DeliveryOutcome {
  const unserved: string[] = [];
  const missing: MinimumMissingDto[] = [];
  const short: string[] = [];
  let fee = 0;
  const stores = new Map<number, { fee: number; title: string }>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const rules =
      row.postal_codes === null
        ? DELIVERS_EVERYWHERE
        : rulesOfRow({
            postal_codes: row.postal_codes,
            fee: row.fee ?? 0,
            minimum_order: row.minimum_order ?? 0,
            free_above: row.free_above,
          });
    const subtotal = lines
      .filter((l) => l.store_id === Number(row.id))
      .reduce((sum, l) => sum + lineTotal(l.selling_price, l.qty, l.sold_by), 0);
    const quote = quoteDelivery(rules, pin, subtotal);
    if (quote.kind === 'unserved') unserved.push(`${row.title} (StoreID ${row.id})`);
    else if (quote.kind === 'below-minimum') {
      short.push(
        `MinimumOrder of ${row.title} is ${formatRs(rules.minimumOrder)}: add ${formatRs(quote.missing)} more of its items.`,
      );
      missing.push({
        StoreID: Number(row.id),
        StoreTitle: row.title,
        MinimumOrder: paiseToRupees(rules.minimumOrder),
        Missing: paiseToRupees(quote.missing),
      });
    } else {
      fee += quote.fee;
      stores.set(Number(row.id), { fee: quote.fee, title: row.title });
    }
  }
  if (unserved.length > 0) {
    return {
      kind: 'unserved',
      modelState: {
        [POSTAL_CODE_FIELD]: [
          `${POSTAL_CODE_FIELD} ${pin} is outside the delivery area of ${unserved.join(', ')}: remove those items or deliver to a PIN code the store serves.`,
        ],
      },
    };
  }
  if (missing.length > 0) {
    return {
      kind: 'below-minimum',
      missing,
      modelState: { MinimumOrder: short },
    };
  }
  return { kind: 'ok', fee, stores };
}

/**
 * The order's delivery step, after its stock was taken: one read of every store's settings,
 * the decision, and each store's fee, when there is one, written on that store's order
 * (`orderOf`: the order of the group that holds a store's lines). A refusal is returned for
 * the runner to roll back.
 */
export function* deliveryStep(
  db: Kysely<Database>,
  orderOf: (storeId: number) => number,
  pin: string,
  lines: readonly PricedLine[],
): Generator<CompiledQuery<unknown>, DeliveryOutcome, unknown[]> {
  const stores = storesOf(lines);
  const rows = (yield READ_DELIVERY(db, stores.length, stores)) as StoreDeliveryRow[];
  const outcome = priceDelivery(rows, pin, lines);
  if (outcome.kind !== 'ok') return outcome;
  const fees = new Map<number, number>();
  for (const [storeId, { fee }] of outcome.stores) {
    const orderId = orderOf(storeId);
    fees.set(orderId, (fees.get(orderId) ?? 0) + fee);
  }
  for (const [orderId, fee] of fees) if (fee > 0) yield SET_DELIVERY_FEE(db, 'one', [fee, orderId]);
  return outcome;
}
