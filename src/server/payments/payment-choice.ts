// `CreateOrder`'s `PaymentMethod`, read against the methods the shop runs (`methods.ts`).
import type { PaymentMethod } from '../../lib/domain/order-groups.ts';
import { isPaymentMethod, PAYMENT_METHODS } from '../../lib/domain/payments.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field } from '../http/input.ts';
import { offeredMethods, type PaymentMethodHandler, type PaymentMethods, paymentMethods } from './methods.ts';
import type { PaymentChoice } from './payment-step.ts';

/** The methods of an app: its own, or pay on delivery alone. */
export function methodsOf(deps: Pick<AppDeps, 'payments'>): PaymentMethods {
  return deps.payments ?? paymentMethods({ paymentsTest: false });
}

/** The method a group is paid with, or a 404 when the shop does not run it. */
export function handlerOf(deps: Pick<AppDeps, 'payments'>, method: PaymentMethod): PaymentMethodHandler {
  const handler = methodsOf(deps)[method];
  if (handler === undefined) throw AppError.notFound(`The ${method} payment method is not offered by this shop.`);
  return handler;
}

/** The operator's override of the hold's length, seconds (`PAYMENT_HOLD_SECONDS`); null: the shop's `HoldMinutes` applies. */
export function holdOverrideOf(deps: Pick<AppDeps, 'paymentHoldSeconds'>): number | null {
  return deps.paymentHoldSeconds ?? null;
}

/**
 * `PaymentMethod` of `CreateOrder`: absent or null is pay on delivery (undefined, as before
 * payment methods); a method the contract does not name, or one the shop does not offer
 * now, is a 400 naming `PaymentMethod` and the methods offered.
 */
export function parsePaymentChoice(
  deps: Pick<AppDeps, 'payments' | 'paymentHoldSeconds'>,
  body: Record<string, unknown>,
): PaymentChoice | undefined {
  const raw = field(body, 'PaymentMethod');
  if (raw === undefined || raw === null) return undefined;
  const methods = methodsOf(deps);
  const offered = offeredMethods(methods);
  if (!isPaymentMethod(raw)) {
    throw AppError.invalidField('PaymentMethod', `must be one of ${PAYMENT_METHODS.join(', ')}`);
  }
  const handler = methods[raw];
  if (handler === undefined || !handler.offered()) {
    throw AppError.invalidField(
      'PaymentMethod',
      `names ${raw}, which this shop does not offer: choose one of ${offered.join(', ')}`,
    );
  }
  return { method: raw, holds: handler.holds, holdSeconds: holdOverrideOf(deps) };
}
