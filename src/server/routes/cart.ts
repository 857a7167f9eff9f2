import { Hono, type MiddlewareHandler } from 'hono';
import type { CheckedCartDto } from '../../lib/domain/cart.ts';
import { openOrdersMessage } from '../../lib/domain/order-limits.ts';
import { type AuthEnv, clockOf, requireUser } from '../auth/middleware.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field, readJsonObject } from '../http/input.ts';
import type { OrderRefusal } from '../metrics.ts';
import { idempotencyKey, keptLines, parseCartBody, parseSyncedTime } from '../orders/cart-input.ts';
import { assertKnownItems, customerOf, mergeIntoCart, readCart, saveCart, shortagesOf } from '../orders/carts.ts';
import { parseDeliveryBody, resolveDelivery } from '../orders/delivery-input.ts';
import { findReplay, placeOrder } from '../orders/place-order.ts';

const json = { 'Content-Type': 'application/json; charset=UTF-8' };

/** The order requests whose refusal the route counted already, by its reason. */
const refusalCounted = new WeakSet<object>();

/**
 * Counts a refused order in the metrics once: by its reason where the route knows it
 * (`refused`), else, for a 400 or 404 answered before the order's transaction (bad
 * input, an unknown item), as `invalid`.
 */
function countRefusals(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if ((status === 400 || status === 404) && !refusalCounted.has(c)) deps.metrics?.orderRefused('invalid');
  };
}

/**
 * `/api/cart`: the caller's one cart (CartID = their id) and ordering it.
 * Every call needs a signed-in account and touches only that account's cart.
 */
export function cartRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  return new Hono<AuthEnv>()
    .get('/read', requireUser(deps), async (c) => {
      return c.json(await readCart(db, customerOf(c.get('account')), clockOf(deps).toISOString()));
    })
    .post('/create', requireUser(deps), async (c) => {
      // Check Stock: save the posted cart, answer it as the catalogue sees it now.
      // Each line keeps its newer change when the device says when it last read the cart (issue 36).
      const owner = customerOf(c.get('account'));
      const body = await readJsonObject(c);
      const posted = parseCartBody(body);
      const syncedTime = parseSyncedTime(body);
      await assertKnownItems(db, keptLines(posted));
      const at = clockOf(deps).toISOString();
      await saveCart(
        db,
        owner,
        syncedTime === undefined ? { lines: keptLines(posted) } : { lines: posted, syncedTime },
        at,
      );
      const cart = await readCart(db, owner, at);
      return c.json({ ...cart, Shortages: shortagesOf(cart) } satisfies CheckedCartDto);
    })
    .post('/merge', requireUser(deps), async (c) => {
      // A guest's cart joins the account's after sign-in: no line of either is lost.
      const owner = customerOf(c.get('account'));
      const lines = keptLines(parseCartBody(await readJsonObject(c)));
      await assertKnownItems(db, lines);
      const at = clockOf(deps).toISOString();
      await mergeIntoCart(db, owner, lines, at);
      return c.json(await readCart(db, owner, at));
    })
    .post('/createorder', requireUser(deps), countRefusals(deps), async (c) => {
      const refused = (reason: OrderRefusal, stockOuts = 0) => {
        refusalCounted.add(c);
        deps.metrics?.orderRefused(reason, stockOuts);
      };
      const account = c.get('account');
      const owner = customerOf(account);
      const key = idempotencyKey(c);
      const body = await readJsonObject(c);
      const lines = keptLines(parseCartBody(body));
      if (key !== undefined) {
        const replay = await findReplay(db, owner.id, key);
        if (replay !== undefined) {
          deps.metrics?.orderReplayed();
          return c.body(replay, 201, { ...json, 'Idempotent-Replayed': 'true' });
        }
      }
      if (lines.length === 0) {
        throw AppError.invalidField('CartItems', 'must hold at least one item with a Qty above 0 to place an order');
      }
      const posted = parseDeliveryBody(body);
      const saveRaw = field(body, 'SaveAddress');
      if (saveRaw !== undefined && saveRaw !== null && typeof saveRaw !== 'boolean') {
        throw AppError.invalidField('SaveAddress', 'must be true or false');
      }
      const address = await resolveDelivery(db, owner.id, posted);
      await assertKnownItems(db, lines);
      const at = clockOf(deps).toISOString();
      const outcome = await placeOrder(
        db,
        owner,
        lines,
        key,
        at,
        {
          address,
          saveAsMyAddress: saveRaw === true && posted !== undefined,
          email: account.email,
          siteUrl: siteUrlOf(deps),
        },
        deps.openOrdersMax,
      );
      if (outcome.kind === 'placed') {
        deps.metrics?.orderPlaced();
        void deps.mailQueue?.kick();
        return c.body(outcome.body, 201, json);
      }
      if (outcome.kind === 'replayed') {
        deps.metrics?.orderReplayed();
        return c.body(outcome.body, 201, { ...json, 'Idempotent-Replayed': 'true' });
      }
      // Refused with nothing written: more of an item than its store sells in one order, or
      // more orders under way than an account may have.
      if (outcome.kind === 'over-limit') {
        refused('item_limit');
        const named = Object.values(outcome.modelState).flat();
        throw AppError.badRequest(
          `The order was not placed: ${named.join(' ')} Lower those quantities and order again.`,
          outcome.modelState,
        );
      }
      if (outcome.kind === 'too-many-open') {
        refused('open_orders');
        throw new AppError(409, 'conflict', openOrdersMessage(outcome.open, outcome.max), {
          extra: { OpenOrders: outcome.open, OpenOrdersMax: outcome.max },
        });
      }
      refused('stock', outcome.shortages.filter((s) => s.Available === 0).length);
      // Nothing of the order was written; the cart is kept as posted so the customer can adjust it.
      await saveCart(db, owner, { lines }, at);
      const named = outcome.shortages.map((s) =>
        s.Available === 0
          ? `${s.ItemTitle} (none available)`
          : `${s.ItemTitle} (${s.Requested} asked, ${s.Available} available)`,
      );
      throw new AppError(
        409,
        'conflict',
        `The order was not placed because some items are short of stock: ${named.join(', ')}. Lower those quantities and order again.`,
        { modelState: outcome.modelState, extra: { Shortages: outcome.shortages } },
      );
    });
}
