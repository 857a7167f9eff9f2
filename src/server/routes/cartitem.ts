import { Hono } from 'hono';
import { type AuthEnv, clockOf, requireUser } from '../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { idParam } from '../http/input.ts';
import { clearCart, customerOf, readCart } from '../orders/carts.ts';

/** `/api/CartItem`: Clear Cart. Only the caller's own cart can be cleared, whatever their role. */
export function cartItemRoutes(deps: AppDeps): Hono<AuthEnv> {
  return new Hono<AuthEnv>().delete('/delete/:userId', requireUser(deps), async (c) => {
    const userId = idParam(c, 'userId');
    const owner = customerOf(c.get('account'));
    if (userId !== owner.id) throw AppError.forbidden('You may only clear your own cart.');
    const at = clockOf(deps).toISOString();
    await clearCart(deps.db, owner.id, at);
    return c.json(await readCart(deps.db, owner, at));
  });
}
