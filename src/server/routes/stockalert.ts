import { Hono } from 'hono';
import { type AuthEnv, clockOf, requireUser } from '../auth/middleware.ts';
import { cancelAlert, findAlertsOf, requestAlert } from '../catalogue/stock-alerts.ts';
import type { AppDeps } from '../deps.ts';
import { idField, idParam, readJsonObject } from '../http/input.ts';

/**
 * `/api/StockAlert`: a signed-in shopper's back-in-stock requests. `Create`
 * asks to be mailed once when an out-of-stock item is back; `Mine` lists the
 * pending ones; `Delete/{id}` cancels one. Only ever the caller's own.
 */
export function stockAlertRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  return new Hono<AuthEnv>()
    .get('/mine', requireUser(deps), async (c) => c.json(await findAlertsOf(db, c.get('account').id)))
    .post('/create', requireUser(deps), async (c) => {
      const itemId = idField(await readJsonObject(c), 'ItemID');
      const { alert, created } = await requestAlert(db, c.get('account').id, itemId, clockOf(deps).toISOString());
      return c.json(alert, created ? 201 : 200);
    })
    .delete('/delete/:id', requireUser(deps), async (c) => {
      await cancelAlert(db, c.get('account').id, idParam(c, 'id'));
      return c.json({ Message: 'The back-in-stock request was cancelled.' });
    });
}
