// A coupon at order time (issue 32, item 5): the code is checked again inside the order's
// transaction and its use taken there, the same way stock and slot places are taken: one
// conditional update of the coupon row (`used < max_uses`), re-checked by the database
// under the row's lock, so a coupon is never used more than its limit however many API
// processes share it. A customer's own uses are counted after the order locked the
// account row (PostgreSQL; SQLite has one writer), so two orders of one customer cannot
// both take the last of their uses. The decision is `decideCoupon`, also the check call's.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import {
  allocateDiscount,
  type CouponRefusal,
  type CouponRules,
  couponDiscount,
  couponRefusal,
  couponRefusalMessage,
  storeBelowMinimum,
} from '../../lib/domain/coupons.ts';
import { lineTotal, type PricedLine } from '../../lib/domain/pricing.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Coupon, Database } from '../db/schema.ts';
import type { ModelState } from '../errors.ts';
import { READ_DELIVERY, type StoreDeliveryRow, storesOf } from './delivery-rules.ts';

/** The field of `POST /api/cart/CreateOrder` that carries a code. */
export const COUPON_FIELD = 'CouponCode';

/** A coupon row with where the customer stands with it (READ_COUPON). */
export type CouponRow = Coupon & { my_uses: number | string; prior_orders: number | string };

/**
 * A coupon by its code, with the customer's uses of it and their earlier orders not
 * cancelled (this group's, `orderId` its first order's id, left out). Arguments: code, user id, order id (0: none).
 */
export const READ_COUPON = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => {
  const query = sql<CouponRow>`select c.*,
      (select count(*) from coupon_uses u where u.coupon_id = c.id and u.user_id = ${arg(1)}) as my_uses,
      (select count(*) from orders o where o.user_id = ${arg(1)} and o.id <> ${arg(2)} and (o.group_id is null or o.group_id <> ${arg(2)}) and o.status <> ${'Cancelled'}) as prior_orders
    from coupons c where c.code = ${arg(0)}`;
  return { compile: () => query.compile(db) };
});

/** One use taken, only while the coupon is on and under its limit. Arguments: coupon id. */
const TAKE_USE = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => {
  const query = sql<{ id: number }>`update coupons set used = used + 1
    where id = ${arg(0)} and disabled = 0 and (max_uses is null or used < max_uses) returning id`;
  return { compile: () => query.compile(db) };
});

/** The order's use. Arguments: order id, coupon id, user id, discount, parts (JSON), time. */
const RECORD_USE = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db.insertInto('coupon_uses').values({
    order_id: arg(0),
    coupon_id: arg(1),
    user_id: arg(2),
    discount: arg(3),
    parts: arg(4),
    used_at: arg(5),
  }),
);

/** The discount, code and fee on the order row. Arguments: discount, code, fee, order id. */
const SET_ORDER_COUPON = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .updateTable('orders')
    .set({ discount: arg(0), coupon_code: arg(1), delivery_fee: arg(2) })
    .where('id', '=', arg(3)),
);

export function rulesOfCoupon(row: Coupon): CouponRules {
  return {
    code: row.code,
    percentBps: row.percent_bps,
    amount: row.amount,
    minimumBasket: row.minimum_basket,
    firstOrderOnly: row.first_order_only === 1,
    freeDelivery: row.free_delivery === 1,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    enabled: row.disabled === 0,
    used: row.used,
  };
}

/** A coupon applied to priced lines: the discount (paise) and its split per store, and whether delivery is free. */
export type CouponDecision =
  | { kind: 'applied'; discount: number; parts: { storeId: number; discount: number }[]; freeDelivery: boolean }
  | { kind: 'refused'; why: CouponRefusal };

/**
 * The one decision for the check call and the order: the coupon's rules (`couponRefusal`),
 * its discount on the lines' items, split per store part, and no part pushed below its
 * store's minimum order (`rows`: READ_DELIVERY's).
 */
export function decideCoupon(
  row: CouponRow | undefined,
  lines: readonly PricedLine[],
  rows: readonly StoreDeliveryRow[],
  nowMs: number,
): CouponDecision {
  const subtotals = storesOf(lines).map((storeId) => ({
    storeId,
    subtotal: lines
      .filter((l) => l.store_id === storeId)
      .reduce((sum, l) => sum + lineTotal(l.selling_price, l.qty, l.sold_by), 0),
  }));
  const itemsTotal = subtotals.reduce((s, p) => s + p.subtotal, 0);
  const rules = row === undefined ? undefined : rulesOfCoupon(row);
  const why = couponRefusal(rules, {
    nowMs,
    itemsTotal,
    priorOrders: Number(row?.prior_orders ?? 0),
    myUses: Number(row?.my_uses ?? 0),
  });
  if (why !== undefined || rules === undefined) return { kind: 'refused', why: why ?? { kind: 'unknown' } };
  const discount = couponDiscount(rules, itemsTotal);
  const parts = allocateDiscount(subtotals, discount);
  const minimums = new Map(rows.map((r) => [Number(r.id), { minimum: r.minimum_order ?? 0, title: r.title }] as const));
  const below = storeBelowMinimum(
    parts.map((p) => ({ ...p, subtotal: subtotals.find((s) => s.storeId === p.storeId)?.subtotal ?? 0 })),
    minimums,
  );
  if (below !== undefined) return { kind: 'refused', why: below };
  return { kind: 'applied', discount, parts, freeDelivery: rules.freeDelivery };
}

/** What each store's order of the group is charged: its delivery fee and its part of the discount (paise). */
export type StoreCharges = ReadonlyMap<
  number,
  { fee: number; title: string; discount: number; couponCode: string | null }
>;

/** The group's coupon: applied (no code: nothing off), or refused with a 400 naming `CouponCode`. */
export type CouponOutcome =
  | { kind: 'coupon-applied'; stores: StoreCharges }
  | { kind: 'coupon-refused'; modelState: ModelState };

/**
 * The group's coupon step, after its delivery was priced (`stores`: each store's fee,
 * paise): nothing without a code; else the coupon read with the customer's standing,
 * decided (`decideCoupon`), each store's order given its part of the discount, the code
 * and its fee (0 for free delivery; `orderOf`: the group's order of a store), the use
 * recorded once for the group (on its first order, `group.id`) with the discount per
 * store, and last the use taken by a conditional update (none left: used up, for a
 * concurrent order took the last). A refusal is returned for the runner to roll back.
 */
export function* couponStep(
  db: Kysely<Database>,
  group: { id: number; userId: number; at: string },
  code: string | undefined,
  lines: readonly PricedLine[],
  stores: ReadonlyMap<number, { fee: number; title: string }>,
  orderOf: (storeId: number) => number,
): Generator<CompiledQuery<unknown>, CouponOutcome, unknown[]> {
  const charges = (discounts: ReadonlyMap<number, number>, freeDelivery: boolean, couponCode: string | null) =>
    new Map(
      [...stores].map(([storeId, store]) => [
        storeId,
        { ...store, fee: freeDelivery ? 0 : store.fee, discount: discounts.get(storeId) ?? 0, couponCode },
      ]),
    );
  if (code === undefined) return { kind: 'coupon-applied', stores: charges(new Map(), false, null) };
  const refused = (why: CouponRefusal): CouponOutcome => ({
    kind: 'coupon-refused',
    modelState: { [COUPON_FIELD]: [couponRefusalMessage(COUPON_FIELD, code, why)] },
  });
  const [row] = (yield READ_COUPON(db, 'one', [code, group.userId, group.id])) as CouponRow[];
  const storeIds = storesOf(lines);
  const rows = (yield READ_DELIVERY(db, storeIds.length, storeIds)) as StoreDeliveryRow[];
  const decided = decideCoupon(row, lines, rows, Date.parse(group.at));
  if (decided.kind === 'refused' || row === undefined)
    return refused(decided.kind === 'refused' ? decided.why : { kind: 'unknown' });
  const applied = charges(new Map(decided.parts.map((p) => [p.storeId, p.discount])), decided.freeDelivery, row.code);
  for (const [storeId, charge] of applied) {
    yield SET_ORDER_COUPON(db, 'one', [charge.discount, row.code, charge.fee, orderOf(storeId)]);
  }
  const parts = JSON.stringify(decided.parts.map((p) => ({ StoreID: p.storeId, Discount: p.discount })));
  yield RECORD_USE(db, 'one', [group.id, row.id, group.userId, decided.discount, parts, group.at]);
  // Last, so the coupon row's lock (which every order using the code waits for) is held
  // only from here to the commit.
  const [taken] = (yield TAKE_USE(db, 'one', [row.id])) as { id: number }[];
  if (taken === undefined) return refused({ kind: 'used-up' });
  return { kind: 'coupon-applied', stores: applied };
}

/**
 * A cancelled order gives its coupon use back (in the cancel's transaction, after its stock
 * and slot places): the use is removed and the coupon's count lowered. Returns the code, or
 * undefined when the order used none.
 */
async function returnCouponUse(trx: Kysely<Database>, orderId: number): Promise<string | undefined> {
  const use = await trx
    .deleteFrom('coupon_uses')
    .where('order_id', '=', orderId)
    .returning('coupon_id')
    .executeTakeFirst();
  if (use === undefined) return undefined;
  const coupon = await trx
    .updateTable('coupons')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('id', '=', use.coupon_id)
    .where('used', '>', 0)
    .returning('code')
    .executeTakeFirst();
  return coupon?.code;
}

/**
 * A cancelled order of a group gives the group's coupon use back once the group has no
 * order left that is not cancelled (one use per group, recorded on its first order).
 * Returns the code, or undefined when nothing came back.
 */
export async function returnGroupCouponUse(trx: Kysely<Database>, orderId: number): Promise<string | undefined> {
  const order = await trx.selectFrom('orders').select(['id', 'group_id']).where('id', '=', orderId).executeTakeFirst();
  if (order === undefined) return undefined;
  const groupId = order.group_id ?? order.id;
  const open = await trx
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or([eb('group_id', '=', groupId), eb('id', '=', groupId)]))
    .where('status', '<>', 'Cancelled')
    .executeTakeFirst();
  return open === undefined ? returnCouponUse(trx, groupId) : undefined;
}
