import { atom, onMount } from 'nanostores';
import { createPaymentsApi } from '../lib/api/payments.ts';
import type { PaymentMethod } from '../lib/domain/order-groups.ts';
import { api } from './session.ts';

/** The payment calls with the signed-in account's token. */
export const paymentsApi = createPaymentsApi(api);

/** The ways to pay the shop offers now (`GET /api/Payment/Methods`), read once a page; pay on delivery until then. */
export const $paymentMethods = atom<readonly PaymentMethod[]>(['OnDelivery']);

onMount($paymentMethods, () => {
  paymentsApi.methods().then(
    (offered) => $paymentMethods.set(offered.Methods),
    // Without the list the review offers pay on delivery, which every shop takes.
    () => undefined,
  );
});

/** The way to pay the shopper picked in the review. */
export const $paymentChoice = atom<PaymentMethod>('OnDelivery');

/** Picks a way to pay for the next order. */
export function choosePayment(method: PaymentMethod): void {
  $paymentChoice.set(method);
}
