import { Hono, type MiddlewareHandler } from 'hono';
import type { CheckedCartDto } from '../../lib/domain/cart.ts';
import { type AuthEnv, clockOf, requireUser } from '../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { readJsonObject } from '../http/input.ts';
import { idempotencyKey, keptLines, parseCartBody } from '../orders/cart-input.ts';
import { assertKnownItems, customerOf, mergeIntoCart, readCart, saveCart, shortagesOf } from '../orders/carts.ts';
import { decideOrder, refusedByRule } from '../orders/place-order.ts';

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
      return c.json(await readCart(db, customerOf(c.get('account'))));
    })
    .post('/create', requireUser(deps), async (c) => {
      // Check Stock: save the posted cart, answer it as the catalogue sees it now.
      const owner = customerOf(c.get('account'));
      const lines = keptLines(parseCartBody(await readJsonObject(c)));
      await assertKnownItems(db, lines);
      await saveCart(db, owner, lines, clockOf(deps).toISOString());
      const cart = await readCart(db, owner);
      return c.json({ ...cart, Shortages: shortagesOf(cart) } satisfies CheckedCartDto);
    })
    .post('/merge', requireUser(deps), async (c) => {
      // A guest's cart joins the account's after sign-in: no line of either is lost.
      const owner = customerOf(c.get('account'));
      const lines = keptLines(parseCartBody(await readJsonObject(c)));
      await assertKnownItems(db, lines);
      await mergeIntoCart(db, owner, lines, clockOf(deps).toISOString());
      return c.json(await readCart(db, owner));
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
