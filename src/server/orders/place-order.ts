import type { Customer } from '../../lib/domain/cart.ts';
import { DEFAULT_OPEN_ORDERS_MAX, openOrdersMessage } from '../../lib/domain/order-limits.ts';
import type { SignedInAccount } from '../auth/middleware.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field } from '../http/input.ts';
import type { OrderRefusal } from '../metrics.ts';
import { parsePaymentChoice } from '../payments/payment-choice.ts';
import { keptLines, parseCartBody } from './cart-input.ts';
import { assertKnownItems, saveCart } from './carts.ts';
import { parseCouponCode } from './coupons.ts';
import { parseDeliveryBody, resolveDelivery } from './delivery-input.ts';
import { type RunOutcome, runOrder } from './order-runners.ts';
import { parseSlotsBody } from './order-slots.ts';
import { findReplay } from './order-statements.ts';
import { callerOrderSteps, orderSteps } from './order-steps.ts';
import type { NotPlacedOutcome } from './order-types.ts';
import { assertSubstitutes } from './substitutes.ts';

/**
 * `POST /api/cart/CreateOrder` as either door hands it over, the route (`routes/cart.ts`)
 * or the fast path below the framework (`fast-orders.ts`): the same type from both.
 */
export interface OrderRequest {
  /** The body as the door read it: a JSON object (`readJsonObject`, `parseJsonBody`). */
  body: Record<string, unknown>;
  /** `Idempotency-Key`, as `parseIdempotencyKey` reads it. */
  key: string | undefined;
  caller: OrderCaller;
  /** The time of the request. */
  now: Date;
}

/**
 * Who orders. `account`: checked already by `requireUser` (the route), so every rule
 * that does not pass is answered here by its error. `token`: a verified bearer token
 * only (the fast path), so the account check (exists, confirmed, same security stamp)
 * and My Address are the first statement of the order's transaction, and anything but a
 * placed or replayed order is `handed-on`, with nothing written, for the route to answer.
 */
export type OrderCaller =
  | { kind: 'account'; account: Pick<SignedInAccount, 'id' | 'email' | 'fullName'> }
  | { kind: 'token'; userId: number; securityStamp: string };

/**
 * What a door answers: 201 with `body` and `headers` (placed, or replayed for a repeated
 * key), or, for a `token` caller only, nothing yet (`handed-on`: the route answers).
 */
export type OrderDecision =
  | { kind: 'placed' | 'replayed'; body: string; headers: Readonly<Record<string, string>> }
  | { kind: 'handed-on' };

/** The answer headers of a placed and of a replayed order (beside every API answer's). */
const ANSWER_HEADERS = {
  placed: { 'Content-Type': 'application/json; charset=UTF-8' },
  replayed: { 'Content-Type': 'application/json; charset=UTF-8', 'Idempotent-Replayed': 'true' },
} as const;

/**
 * An order refused with nothing written, answered as its error: counted in the metrics by
 * its reason here (`refusedByRule`), so the route does not count it again as `invalid`.
 */
class OrderNotPlaced extends AppError {}

/** True for an order's refusal that was counted by its reason already. */
export function refusedByRule(err: unknown): boolean {
  return err instanceof OrderNotPlaced;
}

/** `SaveAddress`: keep the posted address as My Address; true or false, else a 400 naming it. */
function saveAddressOf(body: Record<string, unknown>): boolean {
  const raw = field(body, 'SaveAddress');
  if (raw !== undefined && raw !== null && typeof raw !== 'boolean') {
    throw AppError.invalidField('SaveAddress', 'must be true or false');
  }
  return raw === true;
}

/**
 * Decides an order, the one way for both doors: parse (`CartItems`, `DeliveryAddress`,
 * `SaveAddress`, `Slots`, `CouponCode`, `PaymentMethod`), the rules (a repeated key replays its first answer, a non-empty cart,
 * the delivery address, known items) and the order's steps in ONE transaction
 * (`order-steps.ts` run by `order-runners.ts`: stock, per-order limits, open orders, the
 * lines, the answer, the mail). A placed order is counted and its mail sent after commit.
 * Bad input is thrown as the route answers it (400 naming the field and rule; 404 for an
 * unknown item; 400 or 409 for an order not placed, which keeps the cart as posted when
 * stock was short). A `token` caller throws the same errors (its door then hands the
 * request to the route, which answers them) but never reads before the transaction.
 */
export async function decideOrder(deps: AppDeps, request: OrderRequest): Promise<OrderDecision> {
  const { db } = deps;
  const { body, key, caller } = request;
  const at = request.now.toISOString();
  const max = deps.openOrdersMax ?? DEFAULT_OPEN_ORDERS_MAX;
  const siteUrl = siteUrlOf(deps);
  const lines = keptLines(parseCartBody(body));
  if (caller.kind === 'account' && key !== undefined) {
    const replay = await findReplay(db, caller.account.id, key);
    if (replay !== undefined) return answered(deps, { kind: 'replayed', body: replay });
  }
  if (lines.length === 0) {
    throw AppError.invalidField('CartItems', 'must hold at least one item with a Qty above 0 to place an order');
  }
  const posted = parseDeliveryBody(body);
  const saveAsMyAddress = saveAddressOf(body) && posted !== undefined;
  const slots = parseSlotsBody(body, lines);
  const couponCode = parseCouponCode(body);
  // A line's chosen item must be another of its store and section (read only when a line names one).
  await assertSubstitutes(db, lines);
  const payment = parsePaymentChoice(deps, body);

  if (caller.kind === 'token') {
    const { userId, securityStamp } = caller;
    const outcome = await runOrder(db, userId, key, (postgres) =>
      callerOrderSteps(
        db,
        { userId, securityStamp, posted, saveAsMyAddress, siteUrl, slots, couponCode, payment },
        lines,
        key,
        at,
        max,
        postgres,
      ),
    );
    return outcome.kind === 'placed' || outcome.kind === 'replayed' ? answered(deps, outcome) : { kind: 'handed-on' };
  }

  const { account } = caller;
  const owner: Customer = { id: account.id, fullName: account.fullName };
  const address = await resolveDelivery(db, owner.id, posted);
  await assertKnownItems(db, lines);
  const delivery = { address, saveAsMyAddress, email: account.email, siteUrl, slots, couponCode, payment };
  const outcome = await runOrder(db, owner.id, key, (postgres) =>
    orderSteps(db, owner, lines, key, at, delivery, max, postgres),
  );
  if (outcome.kind === 'placed' || outcome.kind === 'replayed') return answered(deps, outcome);
  if (outcome.kind === 'refused') throw new Error('an order with a known customer was refused');
  if (outcome.kind === 'short') {
    // Nothing of the order was written; the cart is kept as posted so the customer can adjust it.
    await saveCart(db, owner, { lines }, at);
  }
  throw notPlaced(deps, outcome);
}

/** A placed or replayed order counted (a placed one's mail sent after its commit) and answered. */
function answered(deps: AppDeps, outcome: Extract<RunOutcome, { kind: 'placed' | 'replayed' }>): OrderDecision {
  if (outcome.kind === 'placed') {
    deps.metrics?.orderPlaced();
    void deps.mailQueue?.kick();
    // Its tax invoices were written without numbers (`invoice-numbers.ts`).
    void deps.invoiceNumbering?.kick();
    // A group waiting for its payment holds its stock and slot places until its hold ends.
    if (outcome.order.Status === 'AwaitingPayment') deps.paymentHolds?.scheduled(outcome.order.GroupID);
  } else {
    deps.metrics?.orderReplayed();
  }
  return { kind: outcome.kind, body: outcome.body, headers: ANSWER_HEADERS[outcome.kind] };
}

/**
 * An order refused with nothing written, counted by its reason and answered: more of an
 * item than its store sells in one order (400), more orders under way than an account
 * may have (409), or short of stock (409 naming every short line).
 */
function notPlaced(deps: AppDeps, outcome: NotPlacedOutcome): OrderNotPlaced {
  const refused = (reason: OrderRefusal, stockOuts = 0) => deps.metrics?.orderRefused(reason, stockOuts);
  if (outcome.kind === 'over-limit') {
    refused('item_limit');
    const named = Object.values(outcome.modelState).flat();
    return new OrderNotPlaced(
      400,
      'validation',
      `The order was not placed: ${named.join(' ')} Lower those quantities and order again.`,
      { modelState: outcome.modelState },
    );
  }
  if (outcome.kind === 'slot-refused' || outcome.kind === 'slot-missing') {
    refused('slot');
    const named = Object.values(outcome.modelState).flat();
    return outcome.kind === 'slot-refused'
      ? new OrderNotPlaced(409, 'conflict', `The order was not placed: ${named.join(' ')}`, {
          modelState: outcome.modelState,
        })
      : new OrderNotPlaced(400, 'validation', `The order was not placed: ${named.join(' ')}`, {
          modelState: outcome.modelState,
        });
  }
  if (outcome.kind === 'payment-refused') {
    refused('payment');
    return new OrderNotPlaced(
      400,
      'validation',
      `The order was not placed: ${Object.values(outcome.modelState).flat().join(' ')}`,
      { modelState: outcome.modelState },
    );
  }
  if (outcome.kind === 'coupon-refused') {
    refused('coupon');
    return new OrderNotPlaced(
      400,
      'validation',
      `The order was not placed: ${Object.values(outcome.modelState).flat().join(' ')}`,
      { modelState: outcome.modelState },
    );
  }
  if (outcome.kind === 'too-many-open') {
    refused('open_orders');
    return new OrderNotPlaced(409, 'conflict', openOrdersMessage(outcome.open, outcome.max), {
      extra: { OpenOrders: outcome.open, OpenOrdersMax: outcome.max },
    });
  }
  if (outcome.kind === 'unserved' || outcome.kind === 'below-minimum') {
    refused('delivery');
    const extra = outcome.kind === 'below-minimum' ? { MinimumOrder: outcome.missing } : {};
    return new OrderNotPlaced(
      400,
      'validation',
      `The order was not placed: ${Object.values(outcome.modelState).flat().join(' ')}`,
      { modelState: outcome.modelState, extra },
    );
  }
  refused('stock', outcome.shortages.filter((s) => s.Available === 0).length);
  const named = outcome.shortages.map((s) =>
    s.Available === 0
      ? `${s.ItemTitle} (none available)`
      : `${s.ItemTitle} (${s.Requested} asked, ${s.Available} available)`,
  );
  return new OrderNotPlaced(
    409,
    'conflict',
    `The order was not placed because some items are short of stock: ${named.join(', ')}. Lower those quantities and order again.`,
    { modelState: outcome.modelState, extra: { Shortages: outcome.shortages } },
  );
}
