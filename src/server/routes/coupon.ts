import { Hono } from 'hono';
import { type AuthEnv, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, readJsonObject } from '../http/input.ts';
import { checkCoupon, createCoupon, listCoupons, readCoupon, setCouponEnabled } from '../orders/coupons.ts';

/**
 * `/api/Coupon` (issue 32, item 5): staff (Employee) create, list, read, switch on and off;
 * a signed-in shopper checks a code against a cart.
 */
export function couponRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const staff = requireRole(deps, 'Employee');
  return new Hono<AuthEnv>()
    .post('/create', staff, async (c) =>
      c.json(await createCoupon(db, staffAct(c, deps), await readJsonObject(c)), 201),
    )
    .get('/readall', staff, async (c) => c.json(await listCoupons(db)))
    .get('/read/:id', staff, async (c) => c.json(await readCoupon(db, idParam(c, 'id'))))
    .post('/enable/:id', staff, async (c) =>
      c.json(await setCouponEnabled(db, staffAct(c, deps), idParam(c, 'id'), true)),
    )
    .post('/disable/:id', staff, async (c) =>
      c.json(await setCouponEnabled(db, staffAct(c, deps), idParam(c, 'id'), false)),
    )
    .post('/check', requireUser(deps), async (c) =>
      c.json(await checkCoupon(db, c.get('account').id, await readJsonObject(c), clockOf(deps))),
    );
}
