// The payment's part of an order's transaction (`order-steps.ts`): pay on delivery is
// checked against the shop's cap and each store's (one read), then the group's
// `payments` row is written; a method that holds (`Test`, `Online`) puts every order of the
// group in `AwaitingPayment` with its stock and slot places held until `hold_until`.
import type { CompiledQuery, Kysely } from 'kysely';
import type { PaymentMethod } from '../../lib/domain/order-groups.ts';
import { HOLD_MINUTES, type OnDeliveryRules, onDeliveryRefusal } from '../../lib/domain/payments.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database } from '../db/schema.ts';
import type { ModelState } from '../errors.ts';

/** How the order is to be paid, as `CreateOrder` was asked (`PaymentMethod`) and the method's registry knows it. */
export interface PaymentChoice {
  method: PaymentMethod;
  /** The method holds stock and slot places while the payment is open. */
  holds: boolean;
  /** How long a hold lasts: the operator's `PAYMENT_HOLD_SECONDS`, or null for the shop's `HoldMinutes` (read in the transaction). */
  holdSeconds: number | null;
}

/** Pay on delivery, nothing held: what an order without `PaymentMethod` is, as before. */
export const ON_DELIVERY_CHOICE: PaymentChoice = { method: 'OnDelivery', holds: false, holdSeconds: 0 };

/** Each store's pay-on-delivery settings beside the shop's cap. Shape: how many stores; arguments: their ids. */
const READ_ON_DELIVERY = compiledPerShape((db: Kysely<Database>, stores: number, arg) =>
  db
    .selectFrom('stores as s')
    .innerJoin('payment_settings as p', (j) => j.onTrue())
    .leftJoin('store_delivery as d', 'd.store_id', 's.id')
    .select(['s.id', 's.title', 'd.on_delivery_max', 'd.no_on_delivery_codes', 'p.on_delivery_max as shop_max'])
    .where('p.id', '=', 1)
    .where(
      's.id',
      'in',
      Array.from({ length: stores }, (_, i) => arg(i)),
    ),
);

/** The shop's hold length, minutes. No arguments. */
const READ_HOLD_MINUTES = compiledPerShape((db: Kysely<Database>, _shape: 'one') =>
  db.selectFrom('payment_settings').select('hold_minutes').where('id', '=', 1),
);

/** The group's payment row. Arguments: group id, method, status, amount, hold until, time. */
const INSERT_PAYMENT = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db.insertInto('payments').values({
    group_id: arg(0),
    method: arg(1),
    status: arg(2),
    amount: arg(3),
    hold_until: arg(4),
    provider_order_id: null,
    provider_payment_id: null,
    released_at: null,
    created_at: arg(5),
    updated_at: arg(5),
  }),
);

/** Every order of a group waits for its payment. Arguments: method, group id. */
const AWAIT_PAYMENT = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .updateTable('orders')
    .set({ status: 'AwaitingPayment', payment_method: arg(0), payment_status: 'Pending' })
    .where((eb) => eb.or([eb('id', '=', arg(1)), eb('group_id', '=', arg(1))])),
);

interface OnDeliveryRow {
  id: number;
  title: string;
  on_delivery_max: number | null;
  no_on_delivery_codes: string | null;
  shop_max: number;
}

function rulesOf(row: OnDeliveryRow): OnDeliveryRules {
  let refusedCodes: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.no_on_delivery_codes ?? '[]');
    if (Array.isArray(parsed)) refusedCodes = parsed.filter((c): c is string => typeof c === 'string');
  } catch {
    refusedCodes = [];
  }
  // A store's own cap may only lower the shop's.
  const own = row.on_delivery_max === null ? Number(row.shop_max) : Number(row.on_delivery_max);
  return { storeTitle: row.title, max: Math.min(own, Number(row.shop_max)), refusedCodes };
}

/** The payment's outcome inside the order: written, or refused (a 400 naming `PaymentMethod`), nothing kept. */
export type PaymentOutcome =
  | { kind: 'payment-written'; holdUntil: string | null }
  | { kind: 'payment-refused'; modelState: ModelState };

/**
 * The payment step: `parts` are the group's orders (each store's total, paise). Pay on
 * delivery is refused, naming every store that will not take it, when a store takes none
 * at the PIN code or an order comes to more than its cap; otherwise the `payments` row
 * goes in, and a holding method moves the group to `AwaitingPayment` until `hold_until`.
 */
export function* paymentStep(
  db: Kysely<Database>,
  groupId: number,
  choice: PaymentChoice,
  pin: string,
  parts: readonly { storeId: number; total: number }[],
  at: string,
  // biome-ignore lint/suspicious/noExplicitAny: the generator's protocol carries every statement's rows.
): Generator<CompiledQuery<unknown>, PaymentOutcome, any[]> {
  if (choice.method === 'OnDelivery') {
    const stores = [...new Set(parts.map((p) => p.storeId))].sort((a, b) => a - b);
    const rows = (yield READ_ON_DELIVERY(db, stores.length, stores)) as OnDeliveryRow[];
    const refusals = parts.flatMap((p) => {
      const row = rows.find((r) => Number(r.id) === p.storeId);
      const why = row === undefined ? undefined : onDeliveryRefusal(rulesOf(row), pin, p.total);
      return why === undefined ? [] : [why];
    });
    if (refusals.length > 0) return { kind: 'payment-refused', modelState: { PaymentMethod: refusals } };
  }
  const amount = parts.reduce((sum, p) => sum + p.total, 0);
  let holdUntil: string | null = null;
  if (choice.holds) {
    let seconds = choice.holdSeconds;
    if (seconds === null) {
      const [row] = (yield READ_HOLD_MINUTES(db, 'one', [])) as { hold_minutes: number }[];
      seconds = Number(row?.hold_minutes ?? HOLD_MINUTES.default) * 60;
    }
    holdUntil = new Date(Date.parse(at) + seconds * 1000).toISOString();
  }
  yield INSERT_PAYMENT(db, 'one', [groupId, choice.method, 'Pending', amount, holdUntil, at]);
  if (choice.holds) yield AWAIT_PAYMENT(db, 'one', [choice.method, groupId]);
  return { kind: 'payment-written', holdUntil };
}
