import { useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import type { RazorpayCheckoutAnswer } from '../lib/api/payments.ts';
import type { GroupPaymentDto } from '../lib/api/wire.ts';
import { formatRs, rupeesToPaise } from '../lib/domain/money.ts';
import { paymentsApi } from '../stores/payment.ts';
import { buttonClass } from './FormField.tsx';
import { closedWords, heldWords, stillOpen } from './pay-words.ts';
import { type CheckoutFailure, openCheckout } from './razorpay-checkout.ts';

/** Where the shopper's last try stands. */
type Phase =
  | { kind: 'opening' }
  | { kind: 'open' }
  | { kind: 'checking' }
  | { kind: 'dismissed'; failure: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unavailable'; message: string };

/** What the last try came to, for the shopper; empty while Checkout is open or opening. */
function sentenceOf(payment: GroupPaymentDto, phase: Phase): string {
  const closed = closedWords(payment);
  if (closed !== '') return closed;
  const held = heldWords(payment);
  switch (phase.kind) {
    case 'dismissed':
      return phase.failure === ''
        ? `The payment was not finished. Nothing was charged.${held} pay now, or cancel the order.`
        : `The payment failed: ${phase.failure} Nothing was charged.${held} try again, or cancel the order.`;
    case 'refused':
      return `Razorpay's answer could not be checked, so this order is not marked paid (${phase.message}). If money left your account, the shop matches it with Razorpay before your items are let go, or refunds it.${held} try again, or cancel the order.`;
    case 'unavailable':
      return `${phase.message}${held} try again, or cancel the order.`;
    default:
      return '';
  }
}

/**
 * A group paid online (issue 32): Razorpay Checkout opens as the page does (the shopper has
 * just placed the order), with the group's Razorpay order, amount in paise and the shopper's
 * name, e-mail and phone; its answer goes to `POST /api/Payment/Razorpay/Verify`, which marks
 * the group paid. A dismissed or failed try, or an answer the API refuses, leaves the order
 * awaiting payment, told so, with a button to try again while the hold lasts.
 */
export function OnlinePayment({
  payment,
  email,
  onPayment,
  onCancel,
  busy,
}: {
  payment: GroupPaymentDto;
  email: string;
  onPayment: (payment: GroupPaymentDto) => void;
  onCancel: () => Promise<void>;
  busy: boolean;
}) {
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  const failure = useRef('');
  const said = useRef<HTMLParagraphElement>(null);
  const open = stillOpen(payment) && payment.HoldUntil !== null;
  const amount = formatRs(rupeesToPaise(payment.Amount));

  async function verify(answer: RazorpayCheckoutAnswer) {
    setPhase({ kind: 'checking' });
    try {
      onPayment(await paymentsApi.verifyRazorpay(answer));
      setPhase({ kind: 'open' });
    } catch (err) {
      setPhase({ kind: 'refused', message: friendlyMessage(err) });
      said.current?.focus();
    }
  }

  async function pay() {
    const provider = payment.Provider;
    const [first] = payment.Orders;
    if (provider.OrderId === undefined || provider.KeyId === undefined) {
      setPhase({ kind: 'unavailable', message: 'This order cannot be paid online now.' });
      return;
    }
    failure.current = '';
    setPhase({ kind: 'opening' });
    try {
      await openCheckout(
        {
          key: provider.KeyId,
          amount: Number(provider.Amount),
          currency: 'INR',
          name: provider.Name ?? 'Aisle',
          description: `Order ${payment.Orders.map((o) => `#${o.OrderID}`).join(', ')}`,
          order_id: provider.OrderId,
          prefill: {
            name: first?.DeliveryAddress.FullName ?? '',
            email,
            contact: first?.DeliveryAddress.Phone ?? '',
          },
          theme: { color: '#166534' },
          handler: (answer) => void verify(answer),
          modal: {
            escape: true,
            ondismiss: () => {
              setPhase({ kind: 'dismissed', failure: failure.current });
              said.current?.focus();
            },
          },
        },
        (f: CheckoutFailure) => {
          failure.current = f.error?.description ?? 'Razorpay gave no reason.';
        },
      );
      setPhase((p) => (p.kind === 'opening' ? { kind: 'open' } : p));
    } catch (err) {
      setPhase({ kind: 'unavailable', message: `${(err as Error).message} Check your connection.` });
      said.current?.focus();
    }
  }

  // The shopper has just placed the order: Checkout opens with the page.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !open) return;
    started.current = true;
    void pay();
  });

  const sentence = sentenceOf(payment, phase);
  const waiting = phase.kind === 'opening' || phase.kind === 'open' || phase.kind === 'checking';
  return (
    <section aria-labelledby="pay-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h1 id="pay-heading" className="mb-2 text-2xl font-bold text-slate-900">
        Pay online
      </h1>
      <p className="mb-4 text-slate-800">
        Order {payment.Orders.map((o) => `#${o.OrderID}`).join(', ')} comes to{' '}
        <span className="font-semibold">{amount}</span>, paid through Razorpay (UPI, card or netbanking).
      </p>
      <p role="status" className="mb-4 text-slate-700 empty:hidden">
        {open && phase.kind === 'checking' ? 'Checking the payment with the shop…' : ''}
      </p>
      <p ref={said} tabIndex={-1} role="alert" className="mb-4 text-berry-700 empty:hidden focus:outline-none">
        {sentence}
      </p>
      {open && (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass}
            aria-disabled={busy || waiting}
            onClick={() => !waiting && pay()}
          >
            Pay {amount}
          </button>
          <button
            type="button"
            onClick={onCancel}
            aria-disabled={busy}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-berry-700 ring-1 ring-rose-300 hover:bg-rose-50"
          >
            Cancel order
          </button>
        </div>
      )}
      <p className="mt-4">
        <a href="/app/cart/my-orders" className="font-semibold text-brand-800 underline underline-offset-2">
          My Orders
        </a>
      </p>
    </section>
  );
}
