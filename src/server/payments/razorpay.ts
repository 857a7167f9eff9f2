// The Online method (issue 32, item 1): Razorpay, through its official SDK. A group paid
// online gets one Razorpay order (paise, the group as its receipt) the first time its
// shopper asks to pay; Razorpay Checkout takes the money in the browser, then Checkout's
// answer (`POST /api/Payment/Razorpay/Verify`), the webhooks and the reconciliation
// (`razorpay-events.ts`) tell the outcome. Refunds go back through Razorpay's refund API.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import Razorpay from 'razorpay';
import type { Database, Payment } from '../db/schema.ts';
import { type PaymentMethodHandler, startOf } from './methods.ts';

/** `RAZORPAY_KEY_ID`, `RAZORPAY_KEY_SECRET` and `RAZORPAY_WEBHOOK_SECRET`: all three, or the method is not offered. */
export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** The name Razorpay Checkout shows the shopper. */
export const CHECKOUT_NAME = 'Aisle';

/** The Razorpay calls the shop makes, as the SDK answers them (only the fields read). */
export interface RazorpayApi {
  createOrder(input: { amount: number; currency: 'INR'; receipt: string }): Promise<{ id: string }>;
  orderPayments(orderId: string): Promise<{ id: string; status: string; amount: number }[]>;
  refund(paymentId: string, input: { amount: number; receipt: string }): Promise<{ id: string; status: string }>;
}

/** The SDK's client for the keys. */
export function razorpayApi(keys: RazorpayKeys): RazorpayApi {
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  return {
    createOrder: async (input) => {
      const order = await client.orders.create({ ...input, notes: { receipt: input.receipt } });
      return { id: order.id };
    },
    orderPayments: async (orderId) => {
      const found = await client.orders.fetchPayments(orderId);
      return found.items.map((p) => ({ id: p.id, status: p.status, amount: Number(p.amount) }));
    },
    refund: async (paymentId, input) => {
      const refund = await client.payments.refund(paymentId, {
        amount: input.amount,
        speed: 'normal',
        receipt: input.receipt,
      });
      return { id: refund.id, status: refund.status };
    },
  };
}

/** HMAC-SHA256 of `text` with `secret`, hex, compared with `signature` in constant time. */
export function signatureMatches(text: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(text).digest('hex'), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The receipt a group's Razorpay order carries: the Aisle group. */
export function receiptOf(groupId: number): string {
  return `aisle-group-${groupId}`;
}

/** Gives the group its Razorpay order once; two shoppers' tabs asking at once keep the first written. */
async function razorpayOrderOf(db: Kysely<Database>, api: RazorpayApi, payment: Payment): Promise<string> {
  if (payment.provider_order_id !== null) return payment.provider_order_id;
  const created = await api.createOrder({
    amount: payment.amount,
    currency: 'INR',
    receipt: receiptOf(payment.group_id),
  });
  await db
    .updateTable('payments')
    .set({ provider_order_id: created.id })
    .where('id', '=', payment.id)
    .where('provider_order_id', 'is', null)
    .execute();
  const row = await db
    .selectFrom('payments')
    .select('provider_order_id')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  return row.provider_order_id ?? created.id;
}

/** The Online method as the Razorpay calls (verify, webhooks, reconciliation) find it. */
export interface RazorpayHandler extends PaymentMethodHandler {
  readonly razorpay: { keys: RazorpayKeys; api: RazorpayApi } | undefined;
}

/** The Online method in a shop's methods, when it runs Razorpay with keys. */
export function razorpayOf(
  handler: PaymentMethodHandler | undefined,
): { keys: RazorpayKeys; api: RazorpayApi } | undefined {
  return handler !== undefined && 'razorpay' in handler ? (handler as RazorpayHandler).razorpay : undefined;
}

/** The Online method: offered only with all three keys. */
export function razorpayMethod(keys: RazorpayKeys | undefined): RazorpayHandler {
  const razorpay = keys === undefined ? undefined : { keys, api: razorpayApi(keys) };
  const need = () => {
    if (razorpay === undefined) throw new Error('the Online method runs without Razorpay keys');
    return razorpay;
  };
  return {
    method: 'Online',
    holds: true,
    razorpay,
    offered: () => razorpay !== undefined,
    async start(db, payment) {
      const { keys: k, api } = need();
      const orderId = await razorpayOrderOf(db, api, payment);
      return startOf(payment, null, {
        KeyId: k.keyId,
        OrderId: orderId,
        Amount: String(payment.amount),
        Currency: 'INR',
        Name: CHECKOUT_NAME,
      });
    },
    async refund(payment, amount) {
      const { api } = need();
      if (payment.provider_payment_id === null) {
        throw new Error(`group ${payment.group_id} has no Razorpay payment to refund`);
      }
      const refund = await api.refund(payment.provider_payment_id, {
        amount,
        receipt: `${receiptOf(payment.group_id)}-${payment.refunded + amount}`,
      });
      return { refundId: refund.id, status: refund.status === 'processed' ? 'Processed' : 'Pending' };
    },
  };
}
