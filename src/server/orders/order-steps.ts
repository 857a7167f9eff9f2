// An order as a sequence of statements (see `orderSteps`): what the order decides inside
// its transaction. The statements are `order-statements.ts`'s; the runners
// (`order-runners.ts`) feed each one's rows back. A door reaches them only through
// `place-order.ts` (tests/unit/order-doors.test.ts).
import type { CompiledQuery, Kysely } from 'kysely';
import type { Customer, ShortageDto } from '../../lib/domain/cart.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import { formatQty } from '../../lib/domain/measure.ts';
import { badStepMessage, overLimitMessage, whyUnsold, withinOpenOrders } from '../../lib/domain/order-limits.ts';
import { DEFAULT_SUBSTITUTION, substitutionText } from '../../lib/domain/substitutions.ts';
import { userById as USER_BY_ID } from '../auth/accounts.ts';
import { INSERT_LEDGER, orderLedgerArgs } from '../catalogue/stock-ledger.ts';
import type { Database, Item, User } from '../db/schema.ts';
import type { ModelState } from '../errors.ts';
import { mailQueueRows } from '../mail-queue.ts';
import { orderPlacedMail } from '../mail-templates.ts';
import { ON_DELIVERY_CHOICE, paymentStep } from '../payments/payment-step.ts';
import { bulkSteps, ledgerLinesOf, NO_BULK, packShortage } from './bulk-steps.ts';
import type { CartLineInput } from './cart-input.ts';
import { couponStep } from './coupon-step.ts';
import { deliveryFor, deliveryOfUser, postsAddress } from './delivery-input.ts';
import { deliveryStep } from './delivery-rules.ts';
import { invoiceSteps } from './invoices.ts';
import { deliveryColumns } from './order-dtos.ts';
import { groupAnswer, groupOrders, groupSteps, storePartTotals } from './order-groups.ts';
import { slotSteps } from './order-slots.ts';
import {
  COUNT_OPEN,
  DELIVERY_KEYS,
  EMPTY_CART,
  FINISH_ORDER_PG,
  HEAD_PG,
  type HEAD_USER_COLUMNS,
  INSERT_LINES,
  INSERT_ORDER,
  LINE_KEYS,
  type LineRow,
  MAIL_KEYS,
  MY_ADDRESS_KEYS,
  myAddressColumns,
  PRICE_COLUMNS,
  QUEUE_MAIL,
  READ_SHORT_LINE,
  SAVE_MY_ADDRESS,
  STORE_ANSWER,
  TAKE_STOCK,
  type Taken,
  TOUCH_CART,
} from './order-statements.ts';
import type { OrderDelivery, Rows, StepsOutcome, TokenCaller } from './order-types.ts';

/** The order row's id and the stock taken, when one statement wrote both (`HEAD_PG`). */
interface OrderHead {
  orderId: number;
  taken: Taken[];
}

/** TAKE_STOCK's arguments for lines in ItemID order. */
function stockArgs(byItemId: readonly CartLineInput[]): number[] {
  return byItemId.flatMap((l) => [l.itemId, l.storeId, l.qty]);
}

/**
 * An order as a sequence of statements: each `yield` hands one compiled statement to
 * the runner and gets its rows back. The same steps run on PostgreSQL in a Kysely
 * transaction (`order-runners.ts`) and on SQLite synchronously inside a group
 * commit (`order-runners.ts`), so the order's logic is written once:
 * 1. the order row goes in first, so a concurrent request with the same
 *    Idempotency-Key stops at the unique (user_id, idempotency_key) index
 *    (PostgreSQL makes it wait for the first to commit) and replays its answer.
 *    On PostgreSQL the same statement locks the account row until commit, so the
 *    account's orders are placed one at a time (step 5);
 * 2. one conditional update takes the stock of every line (a pack of a bulk stock takes
 *    N × its size from its bulk by the same rule, `bulk-steps.ts`):
 *    `stock = stock - qty where stock >= qty and hidden = 0 and qty <= the store's
 *    max_qty_per_item`, re-checked by the database under each row's lock, so stock
 *    never goes below 0 however many API processes share it. A line it did not
 *    update is read, to name every such line at once (`whyUnsold`: over its store's
 *    limit, else short or not for sale), and the runner rolls back;
 * 3. a cart of several stores becomes one order per store under one group
 *    (`order-groups.ts`: the row of step 1 is the first store's and the group's;
 *    one more row per further store); each store's slot is taken for its order;
 *    the lines copy title, size and prices from the rows just updated (never
 *    from the client), each store's delivery rules are applied to its lines
 *    (`delivery-rules.ts`: a PIN code it serves, its minimum, its fee, written
 *    on its store's order), a posted coupon is checked again and its use taken for
 *    the group (`coupon-step.ts`: its discount split per store's order), each order's
 *    total (lines and fee, less its discount) is summed in paise, the group's answer
 *    stored on the first order, the customer's cart emptied; any refusal rolls back
 *    the whole group;
 * 4. the delivery address is stored with the order (a snapshot) and the order
 *    mail is queued in the same transaction; it is sent after commit, so mail
 *    never delays or fails an order;
 * 5. the account's open orders are counted (a group once), this one included, in a statement
 *    that began after the account row was locked (SQLite: before the lines are
 *    written; PostgreSQL: answered by the statement of steps 3 and 4); over
 *    `openOrdersMax` (`withinOpenOrders`), the runner rolls back. So two orders of
 *    one account at its limit can never both pass.
 */
export function* orderSteps(
  db: Kysely<Database>,
  owner: Customer,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  delivery: OrderDelivery,
  openOrdersMax: number,
  postgres: boolean,
  head?: OrderHead,
): Generator<CompiledQuery<unknown>, StepsOutcome, Rows> {
  const delivered = deliveryColumns(delivery.address);
  // In ItemID order, so concurrent orders tend to lock rows in the same order; a
  // deadlock PostgreSQL still detects is retried by the runner (`runOrder`).
  const byItemId = [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
  let orderId: number;
  let taken: Taken[];
  if (head !== undefined) {
    // The order row and the stock were written by the caller's first statement (`HEAD_PG`).
    ({ orderId, taken } = head);
  } else {
    const [order] = (yield INSERT_ORDER(db, postgres ? 'postgres' : 'sqlite', [
      owner.id,
      key ?? null,
      at,
      ...DELIVERY_KEYS.map((k) => delivered[k]),
    ])) as { id: number }[];
    if (order === undefined) throw new Error('the order row was not inserted');
    orderId = order.id;
    taken = (yield TAKE_STOCK(db, byItemId.length, stockArgs(byItemId))) as Taken[];
  }
  const order = { id: orderId };
  const byKey = new Map(taken.map((r) => [`${r.id}:${r.store_id}`, r]));
  const sold = new Map<number, Taken>();
  for (const line of lines) {
    const row = byKey.get(`${line.itemId}:${line.storeId}`);
    if (row !== undefined) sold.set(line.index, row);
  }

  // Packs draw from their bulk stock (`bulk-steps.ts`): only when a line is left.
  const unsold = byItemId.filter((l) => !sold.has(l.index));
  const bulk = unsold.length === 0 ? NO_BULK : yield* bulkSteps(db, unsold);
  for (const [index, row] of bulk.sold) sold.set(index, row);

  const shortages: ShortageDto[] = [];
  const modelState: ModelState = {};
  const overLimit: ModelState = {};
  // Only lines the update did not cover are read, to name every such line at once (in ItemID order).
  for (const line of byItemId) {
    if (sold.has(line.index)) continue;
    const packShort = packShortage(line, bulk);
    if (packShort !== undefined) {
      shortages.push(packShort.shortage);
      modelState[packShort.field] = [packShort.message];
      continue;
    }
    const [current] = (yield READ_SHORT_LINE(db, 'one', [line.itemId, line.storeId])) as (Pick<
      Item,
      'title' | 'stock' | 'hidden' | 'sold_by' | 'step'
    > & { max_qty_per_item: number })[];
    const title = current?.title ?? `Item ${line.itemId}`;
    const soldBy = current?.sold_by ?? 'ByUnit';
    const why = whyUnsold(
      line.qty,
      current === undefined
        ? undefined
        : {
            stock: current.stock,
            hidden: current.hidden === 1,
            maxQtyPerItem: current.max_qty_per_item,
            soldBy,
            step: current.step,
          },
    );
    if (why.kind === 'over-limit' || why.kind === 'bad-step') {
      const k = `CartItems[${line.index}].Qty`;
      overLimit[k] = [
        why.kind === 'over-limit'
          ? overLimitMessage(k, line.qty, title, why.max, soldBy)
          : badStepMessage(k, line.qty, title, why.step, soldBy),
      ];
      continue;
    }
    const available = why.kind === 'short' ? why.available : 0;
    shortages.push({
      ItemID: line.itemId,
      StoreID: line.storeId,
      ItemTitle: title,
      Requested: line.qty,
      Available: available,
    });
    if (why.kind === 'short') {
      const k = `CartItems[${line.index}].Qty`;
      modelState[k] = [
        `${k} asks for ${formatQty(line.qty, soldBy)} of ${title}, but only ${formatQty(available, soldBy)} ${soldBy === 'ByUnit' ? 'are' : 'is'} in stock.`,
      ];
    } else {
      const k = `CartItems[${line.index}].ItemID`;
      modelState[k] = [`${k} names ${title}, which is not for sale at the moment.`];
    }
  }
  if (Object.keys(overLimit).length > 0) return { kind: 'over-limit', modelState: overLimit };
  if (shortages.length > 0) return { kind: 'short', shortages, modelState };
  // One order per store under one group (order-groups.ts); a one-store cart is a group of one.
  const group = yield* groupSteps(db, order.id, lines);
  const slotted = yield* slotSteps(db, group.orderOf, lines, delivery.slots, at, postgres);
  if (slotted.kind !== 'slotted') return slotted;

  // Lines in the customer's cart order.
  const stockLeft: (number | undefined)[] = [];
  const values = [...lines]
    .sort((a, b) => a.index - b.index)
    .map((line) => {
      const row = sold.get(line.index);
      if (row === undefined) throw new Error(`line ${line.index} was neither sold nor short`);
      // A pack's ledger row is its bulk's, written below.
      stockLeft.push(bulk.packs.has(line.index) ? undefined : row.stock);
      return {
        order_id: group.orderOf(line.storeId),
        item_id: line.itemId,
        store_id: line.storeId,
        title: row.title,
        size: row.size,
        unit_price: row.unit_price,
        discount_bps: row.discount_bps,
        flat_discount: row.flat_discount,
        gst_bps: row.gst_bps,
        selling_price: row.selling_price,
        sold_by: row.sold_by,
        qty: line.qty,
        substitution: substitutionText(line.substitution ?? DEFAULT_SUBSTITUTION),
      } satisfies LineRow;
    });
  // Each store's delivery rules on its lines (issue 31); each fee is part of its store's order's total.
  const area = yield* deliveryStep(db, group.orderOf, delivery.address.PostalCode, values);
  if (area.kind !== 'ok') return area;
  // The coupon, when posted, checked again and its use taken for the group (issue 32, item 5).
  const coupon = yield* couponStep(
    db,
    { id: order.id, userId: owner.id, at },
    delivery.couponCode,
    values,
    area.stores,
    group.orderOf,
  );
  if (coupon.kind !== 'coupon-applied') return coupon;
  const payment = delivery.payment ?? ON_DELIVERY_CHOICE;
  const parts = groupOrders(
    group,
    { userId: owner.id, customerName: owner.fullName, at, delivered, payment },
    values,
    coupon.stores,
    slotted.slots,
  );
  // How the group is paid (issue 32): pay on delivery within its caps, or held for a payment.
  const paid = yield* paymentStep(
    db,
    group.groupId,
    payment,
    delivery.address.PostalCode,
    group.parts.map((p, i) => ({ storeId: p.storeId, total: parts[i]?.total ?? 0 })),
    at,
  );
  if (paid.kind !== 'payment-written') return paid;
  const answer = groupAnswer(parts);
  const total = parts[0]?.total ?? 0;
  const body = JSON.stringify(answer);
  const [mail] = mailQueueRows(
    [{ to: delivery.email, kind: 'order.placed', ...orderPlacedMail(answer, delivery.siteUrl, area.stores) }],
    at,
  );
  if (mail === undefined) throw new Error('no order mail');
  yield* storePartTotals(db, parts);
  const lineArgs = values.flatMap((v) => LINE_KEYS.map((k) => v[k]));
  // Each line's stock ledger row, written with the lines (`stock-ledger.ts`), then each bulk's
  // (after a loose line of the same bulk, whose row's stock it continues).
  const ledgerLines = ledgerLinesOf(values, stockLeft, bulk, group.orderOf);
  const ledgerArgs = orderLedgerArgs(ledgerLines, at, owner.id);
  const mailArgs = MAIL_KEYS.map((k) => mail[k]);
  const address = delivery.saveAsMyAddress ? myAddressColumns(delivery.address, at) : null;
  const addressArgs = address === null ? [] : [...MY_ADDRESS_KEYS.map((k) => address[k]), owner.id];
  const refused = (open: number) => ({ kind: 'too-many-open', open: open - 1, max: openOrdersMax }) as const;
  if (postgres) {
    const shape = `${values.length}:${ledgerLines.length}:${address === null ? 'no-address' : 'address'}`;
    const [finished] = (yield FINISH_ORDER_PG(db, shape, [
      ...lineArgs,
      ...ledgerArgs,
      total,
      body,
      order.id,
      owner.id,
      at,
      owner.id,
      ...mailArgs,
      ...addressArgs,
      owner.id,
    ])) as { open: number }[];
    const open = Number(finished?.open);
    if (!withinOpenOrders(open, openOrdersMax)) return refused(open);
  } else {
    const [counted] = (yield COUNT_OPEN(db, 'one', [owner.id])) as { open: number }[];
    const open = Number(counted?.open);
    if (!withinOpenOrders(open, openOrdersMax)) return refused(open);
    yield INSERT_LINES(db, values.length, lineArgs);
    yield INSERT_LEDGER(db, ledgerLines.length, ledgerArgs);
    yield STORE_ANSWER(db, 'one', [total, body, order.id]);
    yield EMPTY_CART(db, 'one', [owner.id]);
    yield TOUCH_CART(db, 'one', [at, owner.id]);
    if (address !== null) yield SAVE_MY_ADDRESS(db, 'one', addressArgs);
    yield QUEUE_MAIL(db, 'one', mailArgs);
  }
  // Each store's order gets its tax invoice (`invoices.ts`), numbered after the commit.
  for (const { orderId } of group.parts) {
    const mine = values.filter((v) => v.order_id === orderId);
    yield* invoiceSteps(db, orderId, mine, coupon.stores, delivery.address, at);
  }
  return { kind: 'placed', order: answer, body };
}

/**
 * `orderSteps` for a caller known only by a verified token: the account is read as the
 * transaction's first statement and must still exist, be confirmed and carry the token's
 * security stamp (as `authenticate` checks); the address is the posted one or My Address,
 * which must then be complete and valid (as `resolveDelivery` checks). Anything else is
 * `refused`, with nothing written: the caller then answers through the route, which
 * names the problem.
 */
export function* callerOrderSteps(
  db: Kysely<Database>,
  caller: TokenCaller,
  lines: readonly CartLineInput[],
  key: string | undefined,
  at: string,
  openOrdersMax: number,
  postgres: boolean,
): Generator<CompiledQuery<unknown>, StepsOutcome, Rows> {
  let user: Pick<User, (typeof HEAD_USER_COLUMNS)[number]> | undefined;
  let head: OrderHead | undefined;
  if (postgres) {
    // One round trip for the account, the order row and the stock (HEAD_PG).
    const byItemId = [...lines].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
    const posts = caller.posted !== undefined && postsAddress(caller.posted);
    const delivered = posts && caller.posted !== undefined ? deliveryColumns(caller.posted) : undefined;
    const rows = (yield HEAD_PG(db, `${byItemId.length}:${posts ? 'posted' : 'saved'}`, [
      caller.userId,
      caller.securityStamp,
      key ?? null,
      at,
      ...(delivered === undefined ? [caller.posted?.Note ?? ''] : DELIVERY_KEYS.map((k) => delivered[k])),
      ...stockArgs(byItemId),
    ])) as Record<string, unknown>[];
    const first = rows[0];
    if (first === undefined || first.order_id === null) return { kind: 'refused' };
    user = first as unknown as NonNullable<typeof user>;
    head = {
      orderId: first.order_id as number,
      taken: rows
        .filter((r) => r.s_id !== null)
        .map(
          (r) =>
            ({
              id: r.s_id,
              store_id: r.s_store_id,
              stock: r.s_stock,
              ...Object.fromEntries(PRICE_COLUMNS.map((c) => [c, r[`s_${c}`]])),
            }) as Taken,
        ),
    };
  } else {
    [user] = (yield USER_BY_ID(db, [caller.userId])) as User[];
  }
  if (user === undefined || user.security_stamp !== caller.securityStamp || user.email_confirmed !== 1) {
    return { kind: 'refused' };
  }
  let address: DeliveryAddressDto;
  try {
    address = deliveryFor(caller.posted, deliveryOfUser(user));
  } catch {
    return { kind: 'refused' };
  }
  return yield* orderSteps(
    db,
    { id: user.id, fullName: user.full_name },
    lines,
    key,
    at,
    {
      address,
      saveAsMyAddress: caller.saveAsMyAddress && caller.posted !== undefined,
      email: user.email,
      siteUrl: caller.siteUrl,
      slots: caller.slots,
      couponCode: caller.couponCode,
      payment: caller.payment,
    },
    openOrdersMax,
    postgres,
    head,
  );
}
