import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { PAYMENT_METHOD_WORDS } from '../lib/domain/payments.ts';
import { $paymentChoice, $paymentMethods, choosePayment } from '../stores/payment.ts';

/**
 * How the shopper pays, in the checkout review: shown only when the shop offers more than
 * pay on delivery (`GET /api/Payment/Methods`).
 */
export function PaymentChoice() {
  const methods = useStore($paymentMethods);
  const chosen = useStore($paymentChoice);
  const id = useId();
  if (methods.length < 2) return null;
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 text-lg font-bold text-slate-900">How you pay</legend>
      {methods.map((method) => (
        <p key={method} className="flex min-h-11 items-center gap-2">
          <input
            id={`${id}-${method}`}
            type="radio"
            name="payment-method"
            className="size-5 accent-brand-800"
            checked={chosen === method}
            onChange={() => choosePayment(method)}
          />
          <label htmlFor={`${id}-${method}`} className="text-slate-800">
            {PAYMENT_METHOD_WORDS[method]}
          </label>
        </p>
      ))}
    </fieldset>
  );
}
