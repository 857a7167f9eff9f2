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

/** An order as My Orders shows it: with its moves, or null when they could not be read. */
export interface OrderWithTimeline {
  order: OrderDto;
  moves: OrderMoveDto[] | null;
}

/**
 * Each order with its moves (`GET /api/Order/History/{id}`, one call per order, all at
 * once), read before the orders are shown so that no card grows after it appears. An
 * order whose moves cannot be read is shown without them.
 */
export function withTimelines(orders: readonly OrderDto[]): Promise<OrderWithTimeline[]> {
  return Promise.all(
    orders.map((order) =>
      cartApi.orderHistory(order.OrderID).then(
        (moves) => ({ order, moves }),
        () => ({ order, moves: null }),
      ),
    ),
  );
}

/**
 * An order's way to the door for its shopper: placed, then each move the shop (or the
 * shopper) made, oldest first, each with its time. `nested`: the order sits under its group's heading.
 */
export function OrderTimeline({ order, moves, nested = false }: OrderWithTimeline & { nested?: boolean }) {
  const headingId = `order-${order.OrderID}-timeline`;
  // Under a group's heading the order's own is an h3, so its timeline's goes one lower.
  const Heading = nested ? 'h4' : 'h3';
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 px-4 py-3 text-sm text-slate-800">
      <Heading id={headingId} className="font-semibold text-slate-900">
        Timeline
        {/* Each order's timeline is a region of its own: the name tells them apart (no '#', so 'Order #1' names only the card). */}
        <span className="sr-only"> of order {order.OrderID}</span>
      </Heading>
      <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4">
        <li className="relative">
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-slate-400" />
          <span className="font-semibold text-slate-900">{orderStatusWords('Placed')}</span>{' '}
          <span className="block text-slate-700 sm:inline">
            <When at={order.CreatedTime} />
          </span>
        </li>
        {(moves ?? []).map((move) => (
          <li key={`${move.At}/${move.From}/${move.To}`} className="relative">
            <span aria-hidden="true" className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-700" />
            <span className="font-semibold text-slate-900">{orderStatusWords(move.To)}</span>
            {moveNote(move) !== '' && <span> {moveNote(move)}</span>}{' '}
            <span className="block text-slate-700 sm:inline">
              <When at={move.At} />
            </span>
          </li>
        ))}
      </ol>
      {moves === null && (
        <p className="mt-1 text-slate-700">
          The later steps could not be loaded just now; its status above is up to date.
        </p>
      )}
    </section>
  );
}
