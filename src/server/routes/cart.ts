import { Hono, type MiddlewareHandler } from 'hono';
import type { CheckedCartDto } from '../../lib/domain/cart.ts';
import { type AuthEnv, clockOf, requireUser } from '../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { readJsonObject } from '../http/input.ts';
import { idempotencyKey, keptLines, parseCartBody, parseSyncedTime } from '../orders/cart-input.ts';
import { assertKnownItems, customerOf, mergeIntoCart, readCart, saveCart, shortagesOf } from '../orders/carts.ts';
import { decideOrder, refusedByRule } from '../orders/place-order.ts';
import { assertSubstitutes } from '../orders/substitutes.ts';

/**
 * Counts a refused order in the metrics once: a 400 or 404 answered before the order's
 * transaction (bad input, an unknown item) as `invalid`; `decideOrder` counted the others
 * by their reason (`refusedByRule`).
 */
function countRefusals(deps: AppDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if ((status === 400 || status === 404) && !refusedByRule(c.error)) deps.metrics?.orderRefused('invalid');
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
      await assertSubstitutes(db, keptLines(posted));
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
      await assertSubstitutes(db, lines);
      const at = clockOf(deps).toISOString();
      await mergeIntoCart(db, owner, lines, at);
      return c.json(await readCart(db, owner, at));
    })
    .post('/createorder', requireUser(deps), countRefusals(deps), async (c) => {
      // The order is decided by the one entry the fast path below the framework calls too.
      const key = idempotencyKey(c);
      const body = await readJsonObject(c);
      const decision = await decideOrder(deps, {
        body,
        key,
        caller: { kind: 'account', account: c.get('account') },
        now: clockOf(deps),
      });
      if (decision.kind === 'handed-on') throw new Error('an order of a signed-in account was handed on');
      return c.body(decision.body, 201, decision.headers);
    });
}
