/**
 * The payment calls (issue 32, items 1 and 2) as `calls.ts` declares calls, with their
 * answers' schemas: the methods offered, a group's payment, the test method's answers and
 * the shop's pay-on-delivery cap.
 */
import { z } from 'zod';
import type { GroupPaymentDto, PaymentMethodsDto, PaymentSettingsDto } from '../payments/payments.ts';
import type { WebhookAnswer } from '../payments/razorpay-events.ts';
import type { Call, Param } from './call-types.ts';
import { type Assert, type Covers, named, orderSchema } from './wire-schemas.ts';

const method = z.enum(['OnDelivery', 'Online', 'Test']);
const idParam: Record<string, Param> = {
  id: { description: 'GroupID: a positive whole number', schema: z.int().min(1).max(2_147_483_647) },
};

const methodsSchema = named(
  'PaymentMethods',
  z.object({
    Methods: z.array(method).describe('The methods the cart may offer now, in the order to show them'),
    HoldSeconds: z.int().min(1).describe('How long an unpaid online order holds its stock and slot places'),
    OnDeliveryMax: z.number().describe('The most an order may come to when paid on delivery (a store may allow less)'),
  }),
  'The ways to pay this shop offers.',
);

const groupPaymentSchema = named(
  'GroupPayment',
  z.object({
    GroupID: z.int().min(1),
    Method: method,
    Amount: z.number().describe('What the group comes to, rupees'),
    HoldUntil: z.string().nullable().describe('Until when stock and slot places are held for the payment; null: none'),
    PayUrl: z.string().nullable().describe('The page where the shopper pays; null: at the door'),
    Provider: z.record(z.string(), z.string()).describe("What a provider's checkout needs; empty for ours"),
    Status: z.enum(['Pending', 'Paid', 'Failed', 'Refunded', 'PartlyRefunded']),
    Late: z
      .enum(['TakenAgain', 'Refunded'])
      .optional()
      .describe('A late answer: the orders took their stock again, or the money was refunded at once'),
    Orders: z.array(orderSchema),
  }),
  "An order group's payment, with its orders.",
);

const settingsSchema = named(
  'PaymentSettings',
  z.object({
    OnDeliveryMax: z.number().describe('Rupees; 0: no pay on delivery'),
    HoldMinutes: z
      .int()
      .min(1)
      .max(120)
      .describe('How long an unpaid online order holds its stock and slot places, minutes'),
    HoldSecondsOverride: z
      .int()
      .min(1)
      .nullable()
      .describe('The operator’s PAYMENT_HOLD_SECONDS, which applies instead of HoldMinutes while set; else null'),
  }),
  "The shop's payment settings.",
);

const webhookSchema = named(
  'RazorpayWebhookAnswer',
  z.object({
    Event: z.string(),
    Applied: z.boolean().describe('false: a replay, an event not acted on, or an order this shop did not create'),
  }),
  'What a Razorpay webhook did.',
);

export const PAYMENT_CALLS: readonly Call[] = [
  {
    method: 'get',
    path: '/api/Payment/Methods',
    tag: 'Payment',
    summary: 'The ways to pay this shop offers',
    access: 'anyone',
    answers: { 200: { description: 'The methods', schema: methodsSchema } },
  },
  {
    method: 'get',
    path: '/api/Payment/Group/{id}',
    tag: 'Payment',
    summary: "An own order group's payment and orders",
    access: 'user',
    params: idParam,
    answers: { 200: { description: 'The payment', schema: groupPaymentSchema } },
  },
  {
    method: 'post',
    path: '/api/Payment/Test/{id}',
    tag: 'Payment',
    summary: 'The test method answers for an own group: approve, decline, fail or late (only while it is on)',
    access: 'user',
    params: idParam,
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        Outcome: z
          .enum(['approve', 'decline', 'fail', 'late'])
          .describe('late: the hold is let go first, then the payment succeeds'),
      }),
    },
    answers: { 200: { description: 'The payment after the answer', schema: groupPaymentSchema } },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/Payment/Razorpay/Verify',
    tag: 'Payment',
    summary: 'Razorpay Checkout’s answer for an own Online group: its signature checked, the group paid once',
    access: 'user',
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        razorpay_order_id: z.string(),
        razorpay_payment_id: z.string(),
        razorpay_signature: z.string().describe('HMAC-SHA256 (hex) of order_id|payment_id with the key secret'),
      }),
    },
    answers: { 200: { description: 'The payment, paid', schema: groupPaymentSchema } },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/Payment/Razorpay/Webhook',
    tag: 'Payment',
    summary:
      'Razorpay’s webhooks (payment.captured, payment.failed, refund.processed), signed in X-Razorpay-Signature, once per X-Razorpay-Event-Id',
    access: 'anyone',
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({ event: z.string(), payload: z.record(z.string(), z.unknown()) }),
    },
    answers: { 200: { description: 'What the event did', schema: webhookSchema } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/Payment/Settings',
    tag: 'Payment',
    summary: "The shop's pay-on-delivery cap and hold length",
    access: 'employee',
    answers: { 200: { description: 'The settings', schema: settingsSchema } },
  },
  {
    method: 'put',
    path: '/api/Payment/Settings',
    tag: 'Payment',
    summary: "Change the shop's pay-on-delivery cap or hold length",
    access: 'employee',
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        OnDeliveryMax: z.number().min(0).optional().describe('Rupees, paise exact; 0: no pay on delivery'),
        HoldMinutes: z
          .int()
          .min(1)
          .max(120)
          .optional()
          .describe(
            'Minutes an unpaid online order holds its stock and slot places (400 naming HoldMinutes otherwise)',
          ),
      }),
    },
    answers: { 200: { description: 'The settings as saved', schema: settingsSchema } },
  },
];

/**
 * Fails to compile when a payment schema and its interface disagree (a check, never imported).
 * @public
 */
export type PaymentSchemasCoverTheirInterfaces = [
  Assert<Covers<z.output<typeof methodsSchema>, PaymentMethodsDto>>,
  Assert<Covers<z.output<typeof groupPaymentSchema>, GroupPaymentDto>>,
  Assert<Covers<z.output<typeof webhookSchema>, WebhookAnswer>>,
  Assert<Covers<z.output<typeof settingsSchema>, PaymentSettingsDto>>,
];
