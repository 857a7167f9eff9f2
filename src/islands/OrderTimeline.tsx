import { useEffect, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import type { OrderMoveDto } from '../lib/api/wire.ts';
import { orderStatusWords } from '../lib/domain/order-words.ts';
import type { OrderDto, OrderStatusName } from '../lib/domain/orders.ts';
import { cartApi } from '../stores/cart-state.ts';

const whenFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function When({ at }: { at: string }) {
  const date = new Date(at);
  return <time dateTime={at}>{Number.isNaN(date.getTime()) ? at : whenFormat.format(date)}</time>;
}

/** A status badge's colours, the same in the card's header and its timeline. */
export const STATUS_STYLE: Record<OrderStatusName, string> = {
  AwaitingPayment: 'bg-rose-50 text-rose-900 ring-rose-200',
  Placed: 'bg-sun-100 text-slate-900 ring-amber-300',
  Confirmed: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  Packing: 'bg-sky-50 text-sky-900 ring-sky-200',
  OutForDelivery: 'bg-violet-50 text-violet-900 ring-violet-200',
  Delivered: 'bg-brand-50 text-brand-900 ring-brand-200',
  Cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** What a move says beside its status: a cancel of the shopper's own, a change taken back, a delivery retried. */
function moveNote(move: OrderMoveDto): string {
  if (move.Kind === 'CustomerCancel') return 'by you';
  if (move.Kind === 'Undo') return 'again: a change was taken back';
  if (move.Kind === 'Reopen') return 'again';
  return '';
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; moves: OrderMoveDto[] };

/**
 * An order's way to the door for its shopper: placed, then each move the shop (or the
 * shopper) made, oldest first, each with its time (`GET /api/Order/History/{id}`).
 * Keyed by `order.UpdatedTime`, it is read again whenever the order changes.
 */
export function OrderTimeline({ order }: { order: OrderDto }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const id = order.OrderID;
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    cartApi.orderHistory(id).then(
      (moves) => live && setLoad({ state: 'ready', moves }),
      (err: unknown) => live && setLoad({ state: 'failed', message: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const headingId = `order-${id}-timeline`;
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 px-4 py-3 text-sm text-slate-800">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Timeline
      </h3>
      {load.state === 'failed' ? (
        <p className="mt-1 text-berry-700">The timeline could not be loaded. {load.message}</p>
      ) : (
        <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4" aria-busy={load.state === 'loading'}>
          <li className="relative">
            <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-slate-400" />
            <span className="font-semibold text-slate-900">{orderStatusWords('Placed')}</span>{' '}
            <span className="block text-slate-700 sm:inline">
              <When at={order.CreatedTime} />
            </span>
          </li>
          {load.state === 'ready' &&
            load.moves.map((move) => (
              <li key={`${move.At}/${move.From}/${move.To}`} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-700"
                />
                <span className="font-semibold text-slate-900">{orderStatusWords(move.To)}</span>
                {moveNote(move) !== '' && <span> {moveNote(move)}</span>}{' '}
                <span className="block text-slate-700 sm:inline">
                  <When at={move.At} />
                </span>
              </li>
            ))}
        </ol>
      )}
      {load.state === 'loading' && <p className="mt-1 text-slate-700">Loading the timeline…</p>}
    </section>
  );
}
