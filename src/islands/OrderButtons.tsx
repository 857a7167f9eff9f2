import { useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import type { OrderDto } from '../lib/domain/orders.ts';
import { cartApi } from '../stores/cart-state.ts';
import { orderAgain } from '../stores/checkout.ts';

/** The look of an order's own buttons (Order again, Tax invoice). */
export const PILL_BUTTON =
  'inline-flex items-center rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-100';

/** "Order again": puts the order's lines that are still sold into the cart, then opens the cart. */
export function OrderAgainButton({ order }: { order: OrderDto }) {
  const [state, setState] = useState<{ pending: boolean; failure: string }>({ pending: false, failure: '' });
  async function run() {
    if (state.pending) return;
    setState({ pending: true, failure: '' });
    try {
      await orderAgain(order.OrderID);
      window.location.assign('/app/cart/my-cart');
    } catch (err) {
      setState({ pending: false, failure: friendlyMessage(err) });
    }
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={PILL_BUTTON}
        aria-disabled={state.pending}
        aria-label={`Order again: order #${order.OrderID}`}
        onClick={() => void run()}
      >
        {state.pending ? 'Adding to cart…' : 'Order again'}
      </button>
      {state.failure !== '' && (
        <p role="alert" className="text-sm text-berry-700">
          Nothing was added. {state.failure}
        </p>
      )}
    </div>
  );
}

/**
 * "Cancel order" on an order the shop has not confirmed yet: a second step asks to confirm,
 * then the order comes back cancelled (its items back in stock, a mail on its way).
 */
export function CancelOrderButton({ order, cancelled }: { order: OrderDto; cancelled: (order: OrderDto) => void }) {
  const [state, setState] = useState<{ step: 'idle' | 'confirm' | 'pending'; failure: string }>({
    step: 'idle',
    failure: '',
  });
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.step === 'confirm') confirmRef.current?.focus();
  }, [state.step]);
  async function run() {
    if (state.step === 'pending') return;
    setState({ step: 'pending', failure: '' });
    try {
      cancelled(await cartApi.cancelOrder(order.OrderID));
    } catch (err) {
      setState({ step: 'idle', failure: friendlyMessage(err) });
    }
  }
  const small = 'inline-flex items-center rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1';
  if (state.step === 'idle') {
    return (
      <div className="flex flex-col items-end gap-1">
        <button
          type="button"
          className={`${small} bg-white text-berry-700 ring-rose-300 hover:bg-rose-50`}
          aria-label={`Cancel order #${order.OrderID}`}
          onClick={() => setState({ step: 'confirm', failure: '' })}
        >
          Cancel order
        </button>
        {state.failure !== '' && (
          <p role="alert" className="text-sm text-berry-700">
            The order was not cancelled. {state.failure}
          </p>
        )}
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of two buttons, not a form's fieldset.
    <div role="group" aria-label={`Cancel order #${order.OrderID}?`} className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-slate-800">Cancel this order? Its items go back on the shelves.</p>
      <button
        ref={confirmRef}
        type="button"
        className={`${small} bg-berry-700 text-white ring-berry-700 hover:bg-rose-800`}
        aria-disabled={state.step === 'pending'}
        onClick={() => void run()}
      >
        {state.step === 'pending' ? 'Cancelling…' : 'Yes, cancel it'}
      </button>
      <button
        type="button"
        className={`${small} bg-white text-slate-800 ring-slate-300 hover:bg-slate-50`}
        disabled={state.step === 'pending'}
        onClick={() => setState({ step: 'idle', failure: '' })}
      >
        Keep it
      </button>
    </div>
  );
}
