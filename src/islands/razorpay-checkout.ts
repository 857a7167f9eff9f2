import type { RazorpayCheckoutAnswer } from '../lib/api/payments.ts';

/** Razorpay's Checkout script, loaded only on the pay page of a group paid online (its CSP allows it there alone). */
export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/** The Checkout options the pay page sets (Razorpay's documented names). */
export interface CheckoutOptions {
  key: string;
  /** Paise. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme: { color: string };
  handler: (answer: RazorpayCheckoutAnswer) => void;
  modal: { ondismiss: () => void; escape: boolean };
}

/** What `payment.failed` carries (only the fields read). */
export interface CheckoutFailure {
  error?: { description?: string; reason?: string };
}

interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', listener: (failure: CheckoutFailure) => void): void;
}

type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

let loading: Promise<CheckoutConstructor> | null = null;

/** Loads `checkout.js` once a page; a failed load may be tried again. */
export function loadCheckout(): Promise<CheckoutConstructor> {
  const holder = window as unknown as { Razorpay?: CheckoutConstructor };
  if (holder.Razorpay !== undefined) return Promise.resolve(holder.Razorpay);
  loading ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_JS;
    script.async = true;
    script.onload = () =>
      holder.Razorpay === undefined ? reject(new Error('Razorpay Checkout did not start.')) : resolve(holder.Razorpay);
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay Checkout could not be loaded.'));
    };
    document.head.append(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/**
 * Opens Checkout with `options`; `onFailure` hears a failed attempt (Checkout stays open, so
 * the shopper may try another way; a dismiss after it calls `modal.ondismiss`).
 */
export async function openCheckout(options: CheckoutOptions, onFailure: (failure: CheckoutFailure) => void) {
  const Checkout = await loadCheckout();
  const checkout = new Checkout(options);
  checkout.on('payment.failed', onFailure);
  checkout.open();
}
