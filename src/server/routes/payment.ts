import { Hono } from 'hono';
import { type AuthEnv, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, readJsonObject } from '../http/input.ts';
import {
  answerTestPayment,
  listPaymentMethods,
  readGroupPayment,
  readPaymentSettings,
  updatePaymentSettings,
} from '../payments/payments.ts';
import { receiveWebhook, verifyCheckout } from '../payments/razorpay-events.ts';

/**
 * `/api/Payment` (issue 32): the methods the cart may offer (public), a group's payment
 * for its shopper, the test method's answers (only while it is on), and the shop's
 * pay-on-delivery cap and hold length (Employee), and Razorpay's Checkout answer and webhooks (the Online method).
 */
export function paymentRoutes(deps: AppDeps): Hono<AuthEnv> {
  const user = requireUser(deps);
  const staff = requireRole(deps, 'Employee');
  return (
    new Hono<AuthEnv>()
      .get('/methods', async (c) => c.json(await listPaymentMethods(deps)))
      .get('/group/:id', user, async (c) => c.json(await readGroupPayment(deps, c.get('account').id, idParam(c, 'id'))))
      .post('/test/:id', user, async (c) =>
        c.json(
          await answerTestPayment(deps, c.get('account').id, idParam(c, 'id'), await readJsonObject(c), clockOf(deps)),
        ),
      )
      // Razorpay (the Online method): Checkout's answer for the shopper's own group, and the webhooks (no sign-in: signed).
      .post('/razorpay/verify', user, async (c) =>
        c.json(await verifyCheckout(deps, c.get('account').id, await readJsonObject(c), clockOf(deps))),
      )
      .post('/razorpay/webhook', async (c) =>
        c.json(
          await receiveWebhook(
            deps,
            await c.req.text(),
            c.req.header('X-Razorpay-Signature'),
            c.req.header('X-Razorpay-Event-Id'),
            clockOf(deps),
          ),
        ),
      )
      .get('/settings', staff, async (c) => c.json(await readPaymentSettings(deps)))
      .put('/settings', staff, async (c) => {
        const act = staffAct(c, deps);
        return c.json(await updatePaymentSettings(deps, act, await readJsonObject(c)));
      })
  );
}
