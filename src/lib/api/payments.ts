import type { $Fetch } from 'ofetch';
import type { GroupPaymentDto, PaymentMethodsDto, PaymentSettingsDto } from './wire.ts';

/** What Razorpay Checkout hands its `handler` when a payment succeeds. */
export interface RazorpayCheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** The payment calls (`/api/Payment/*`, issue 32) the cart's review and the test payment page use. */
export interface PaymentsApi {
  /** `GET /api/Payment/Methods`: the ways to pay the shop offers now. */
  methods(): Promise<PaymentMethodsDto>;
  /** `GET /api/Payment/Group/{id}`: the caller's own order group's payment and orders. */
  group(groupId: number): Promise<GroupPaymentDto>;
  /** `POST /api/Payment/Test/{id}`: the test method's answer for the caller's own group. */
  answerTest(groupId: number, outcome: 'approve' | 'decline' | 'fail' | 'late'): Promise<GroupPaymentDto>;
  /** `POST /api/Payment/Razorpay/Verify`: Razorpay Checkout's signed answer for the caller's own group. */
  verifyRazorpay(answer: RazorpayCheckoutAnswer): Promise<GroupPaymentDto>;
  /** `GET /api/Payment/Settings` (staff): the shop's pay-on-delivery cap (rupees) and hold length (minutes). */
  settings(): Promise<PaymentSettingsDto>;
  /** `PUT /api/Payment/Settings` (staff): a field left out keeps its value. */
  saveSettings(
    settings: Partial<Pick<PaymentSettingsDto, 'OnDeliveryMax' | 'HoldMinutes'>>,
  ): Promise<PaymentSettingsDto>;
}

export function createPaymentsApi(api: $Fetch): PaymentsApi {
  return {
    methods() {
      return api<PaymentMethodsDto>('/api/Payment/Methods');
    },
    group(groupId) {
      return api<GroupPaymentDto>(`/api/Payment/Group/${groupId}`);
    },
    answerTest(groupId, outcome) {
      return api<GroupPaymentDto>(`/api/Payment/Test/${groupId}`, { method: 'POST', body: { Outcome: outcome } });
    },
    verifyRazorpay(answer) {
      return api<GroupPaymentDto>('/api/Payment/Razorpay/Verify', { method: 'POST', body: answer });
    },
    settings() {
      return api<PaymentSettingsDto>('/api/Payment/Settings');
    },
    saveSettings(settings) {
      return api<PaymentSettingsDto>('/api/Payment/Settings', { method: 'PUT', body: settings });
    },
  };
}
