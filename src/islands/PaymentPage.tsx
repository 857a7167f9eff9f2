import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import type { GroupPaymentDto } from '../lib/api/wire.ts';
import { formatRs, rupeesToPaise } from '../lib/domain/money.ts';
import type { PlacedOrderDto } from '../lib/domain/order-groups.ts';
import { cartApi } from '../stores/cart-state.ts';
import { paymentsApi } from '../stores/payment.ts';
import { $user } from '../stores/session.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass, Notice } from './FormField.tsx';
import { OnlinePayment } from './OnlinePayment.tsx';
import { OrderConfirmation } from './OrderConfirmation.tsx';
import { closedWords, heldWords, stillOpen } from './pay-words.ts';

type Outcome = 'approve' | 'decline' | 'fail' | 'late';

const ANSWERS: readonly { outcome: Outcome; label: string }[] = [
  { outcome: 'approve', label: 'Approve' },
  { outcome: 'decline', label: 'Decline' },
  { outcome: 'fail', label: 'Fail' },
  { outcome: 'late', label: 'Answer late' },
];

/** What the last answer came to, in words for the shopper. */
function sentenceOf(payment: GroupPaymentDto, outcome: Outcome | null): string {
  if (payment.Status === 'Failed' && stillOpen(payment)) {
    const what = outcome === 'fail' ? 'The payment failed before it was finished.' : 'The payment was declined.';
    return `${what} Nothing was charged.${heldWords(payment)} try again, or cancel the order.`;
  }
  return closedWords(payment);
}

/**
 * The pay page (issue 32) of a group placed with a method that holds: Razorpay Checkout for
 * the Online method (`OnlinePayment`), or the test method's stand-in for a payment provider,
 * so every path runs without keys. The test method answers for the shopper (approve,
 * decline, fail, or answer late: after the hold on the items was let go). Either shows where
 * the order stands, and the placed order once paid.
 */
export function PaymentPage() {
  const user = useStore($user);
  const [payment, setPayment] = useState<GroupPaymentDto | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<Outcome | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const groupId = Number(new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('group'));

  useEffect(() => {
    if (!Number.isInteger(groupId) || groupId < 1) {
      setFailure('This page needs an order to pay for: open it from your cart.');
      return;
    }
    paymentsApi.group(groupId).then(setPayment, (err: unknown) => setFailure(friendlyMessage(err)));
  }, [groupId]);

  async function answer(outcome: Outcome) {
    if (busy) return;
    setBusy(true);
    setFailure('');
    try {
      setPayment(await paymentsApi.answerTest(groupId, outcome));
      setLast(outcome);
      said.current?.focus();
    } catch (err) {
      setFailure(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (payment === null || busy) return;
    setBusy(true);
    try {
      for (const o of payment.Orders) if (o.Status === 'AwaitingPayment') await cartApi.cancelOrder(o.OrderID);
      setPayment(await paymentsApi.group(groupId));
      setLast(null);
    } catch (err) {
      setFailure(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (payment === null)
    return failure === '' ? <Spinner label="Loading your order…" /> : <Notice kind="error">{failure}</Notice>;
  const [first] = payment.Orders;
  if (payment.Status === 'Paid' && first !== undefined && first.Status !== 'Cancelled') {
    const placed: PlacedOrderDto = { ...first, Orders: payment.Orders };
    return (
      <div className="space-y-4">
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-900 ring-1 ring-brand-200"
        >
          Payment received: {formatRs(rupeesToPaise(payment.Amount))}.
        </p>
        <OrderConfirmation order={placed} email={user?.email ?? ''} />
      </div>
    );
  }
  if (payment.Method === 'Online') {
    return (
      <OnlinePayment payment={payment} email={user?.email ?? ''} onPayment={setPayment} onCancel={cancel} busy={busy} />
    );
  }
  const open = stillOpen(payment);
  const sentence = sentenceOf(payment, last);
  return (
    <section aria-labelledby="pay-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h1 id="pay-heading" className="mb-2 text-2xl font-bold text-slate-900">
        Test payment
      </h1>
      <p className="mb-4 text-slate-800">
        Order {payment.Orders.map((o) => `#${o.OrderID}`).join(', ')} comes to{' '}
        <span className="font-semibold">{formatRs(rupeesToPaise(payment.Amount))}</span>. This shop's test method moves
        no money: choose what the payment does.
      </p>
      <p ref={said} tabIndex={-1} role="alert" className="mb-4 text-berry-700 empty:hidden focus:outline-none">
        {sentence}
      </p>
      <Notice kind="error">{failure}</Notice>
      {open && (
        <div className="flex flex-wrap gap-3">
          {ANSWERS.map(({ outcome, label }) => (
            <button
              key={outcome}
              type="button"
              className={buttonClass}
              aria-disabled={busy}
              onClick={() => answer(outcome)}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            onClick={cancel}
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
