// One order per store (issue 31, item 3): inside the order's transaction, a cart that spans
// stores becomes one order per store under one group. The first store's order is the row
// the steps insert first (INSERT_ORDER or HEAD_PG: it carries the Idempotency-Key and its
// id is the group's); each further store's order is a copy of that row under its group.
// Everything else (stock, slots, delivery, the lines, the open-orders count, the mail) is
// the order's steps' (`order-steps.ts`), each applied per store through `orderOf`, so the
// group is placed in ONE transaction, all or none.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { type PaymentMethod, type PlacedOrderDto, storesInCartOrder } from '../../lib/domain/order-groups.ts';
import type { OrderDto } from '../../lib/domain/orders.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import type { OrderSlotDto } from '../../lib/domain/slots.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database } from '../db/schema.ts';
import type { CartLineInput } from './cart-input.ts';
import { type DeliveryColumns, toOrderDto, withSlots } from './order-dtos.ts';
import { DELIVERY_KEYS, type LineRow, STORE_ANSWER } from './order-statements.ts';

/** The orders of a group, one per store of the cart, stores in cart order. */
export interface OrderGroup {
  /** The first store's order id, which is the group's id. */
  groupId: number;
  parts: readonly { storeId: number; orderId: number }[];
  /** The order of the group that holds a store's lines. */
  orderOf: (storeId: number) => number;
}

/**
 * A further order of a group: a copy of the first order's row (customer, times, delivery
 * address, status) with no key, whose `group_id` is the first order's id. Arguments: the
 * first order's id.
 */
const INSERT_PART = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) => {
  const columns = sql.join(DELIVERY_KEYS.map((k) => sql.ref(k)));
  const query = sql<{ id: number }>`
    insert into orders (user_id, status, total, group_id, idempotency_key, response, created_at, updated_at, ${columns})
    select user_id, status, 0, id, null, null, created_at, updated_at, ${columns} from orders where id = ${arg(0)}
    returning id`;
  return { compile: () => query.compile(db) };
});

/**
 * The group's orders, after the first was inserted (`firstOrderId`): one more order row
 * for each further store of the cart. A one-store cart writes nothing here.
 */
export function* groupSteps(
  db: Kysely<Database>,
  firstOrderId: number,
  lines: readonly CartLineInput[],
  // biome-ignore lint/suspicious/noExplicitAny: the generator's protocol carries every statement's rows.
): Generator<CompiledQuery<unknown>, OrderGroup, any[]> {
  const [first, ...others] = storesInCartOrder(lines.map((l) => l.storeId));
  const parts = first === undefined ? [] : [{ storeId: first, orderId: firstOrderId }];
  for (const storeId of others) {
    const [row] = (yield INSERT_PART(db, 'one', [firstOrderId])) as { id: number }[];
    if (row === undefined) throw new Error(`the order of store ${storeId} was not inserted`);
    parts.push({ storeId, orderId: row.id });
  }
  const byStore = new Map(parts.map((p) => [p.storeId, p.orderId]));
  return { groupId: firstOrderId, parts, orderOf: (storeId) => byStore.get(storeId) ?? firstOrderId };
}

/** A placed order of the group: its wire shape and its total in paise (lines and fee). */
export interface PlacedPart {
  dto: OrderDto;
  total: number;
}

/**
 * Every order of the group as answered, in cart order: each with its store's lines (their
 * `order_id`), its store's fee less its part of a coupon's discount (`charges`, paise by
 * StoreID) in its total, and its store's slot.
 */
export function groupOrders(
  group: OrderGroup,
  order: {
    userId: number;
    customerName: string;
    at: string;
    delivered: DeliveryColumns;
    /** How the group is paid; a method that holds places it `AwaitingPayment`. */
    payment: { method: PaymentMethod; holds: boolean };
  },
  values: readonly LineRow[],
  charges: ReadonlyMap<number, { fee: number; discount: number; couponCode: string | null }>,
  slots: readonly OrderSlotDto[],
): PlacedPart[] {
  return group.parts.map(({ storeId, orderId }) => {
    const lines = values.filter((v) => v.order_id === orderId);
    const { fee = 0, discount = 0, couponCode = null } = charges.get(storeId) ?? {};
    const total = lines.reduce((sum, v) => sum + lineTotal(v.selling_price, v.qty, v.sold_by), 0) + fee - discount;
    const row = {
      id: orderId,
      group_id: group.groupId,
      user_id: order.userId,
      status: order.payment.holds ? 'AwaitingPayment' : 'Placed',
      total,
      delivery_fee: fee,
      discount,
      coupon_code: couponCode,
      created_at: order.at,
      updated_at: order.at,
      payment_method: order.payment.method,
      payment_status: 'Pending',
      ...order.delivered,
    } as const;
    const dto = withSlots(
      toOrderDto(row, order.customerName, lines),
      slots.filter((s) => s.StoreID === storeId),
    );
    return { dto, total };
  });
}

/** `CreateOrder`'s answer: the first store's order as before, plus every order of the group. */
export function groupAnswer(parts: readonly PlacedPart[]): PlacedOrderDto {
  const [first] = parts;
  if (first === undefined) throw new Error('a group without orders');
  return { ...first.dto, Orders: parts.map((p) => p.dto) };
}

/**
 * The totals of the group's further orders (the first's is written with its answer, which
 * replays the whole group). A one-store group writes nothing here.
 */
export function* storePartTotals(
  db: Kysely<Database>,
  parts: readonly PlacedPart[],
  // biome-ignore lint/suspicious/noExplicitAny: the generator's protocol carries every statement's rows.
): Generator<CompiledQuery<unknown>, void, any[]> {
  for (const part of parts.slice(1)) yield STORE_ANSWER(db, 'one', [part.total, null, part.dto.OrderID]);
}
