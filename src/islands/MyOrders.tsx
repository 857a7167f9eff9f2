import { useCallback, useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { deliveryLines } from '../lib/domain/delivery.ts';
import { formatRupees as rs } from '../lib/domain/money.ts';
import { orderStatusWords } from '../lib/domain/order-words.ts';
import { canCustomerCancel, type OrderDto, type OrderItemDto, type OrderStatusName } from '../lib/domain/orders.ts';
import { slotLabel } from '../lib/domain/slots.ts';
import { cartApi } from '../stores/cart-state.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass } from './FormField.tsx';
import { InvoiceButton } from './InvoiceButton.tsx';
import { CancelOrderButton, OrderAgainButton, PILL_BUTTON } from './OrderButtons.tsx';
import { OrderTimeline, type OrderWithTimeline, STATUS_STYLE, withTimelines } from './OrderTimeline.tsx';

/** Spec §9: the spinner stays this long after the data has arrived. */
const SPINNER_DELAY_MS = 200;
const PAGE_SIZE = 20;

const percentFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const percent = (n: number) => `${percentFormat.format(n)}%`;
const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** `Rs 120 · GST 5% · Discount 10% + Rs 20`: how a line's price was made up when it was ordered. */
function priceDetails(line: OrderItemDto): string {
  const discounts = [
    ...(line.Discount > 0 ? [percent(line.Discount)] : []),
    ...(line.FlatDiscount > 0 ? [rs(line.FlatDiscount)] : []),
  ];
  const discount = discounts.length === 0 ? 'No discount' : `Discount ${discounts.join(' + ')}`;
  return `Unit price ${rs(line.UnitPrice)} · GST ${percent(line.Gst)} · ${discount}`;
}

/** Only a delivered order was "Delivered to" (issue 37); an open one is on its way there, a cancelled one never went. */
function deliveryHeading(status: OrderStatusName): string {
  if (status === 'Delivered') return 'Delivered to';
  return status === 'Cancelled' ? 'Was to be delivered to' : 'Delivering to';
}

function DeliveryDetails({ order }: { order: OrderDto }) {
  const a = order.DeliveryAddress;
  const lines = deliveryLines(a);
  if (lines.length === 0) return null;
  return (
    <div className="border-t border-slate-200 px-4 py-3 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">{deliveryHeading(order.Status)}</p>
      <address className="not-italic">
        {lines.map((l) => (
          <span key={l} className="block">
            {l}
          </span>
        ))}
      </address>
      {a.Note !== '' && <p className="mt-1 text-slate-700">Note: {a.Note}</p>}
    </div>
  );
}

function OrderCard({ shown, changed }: { shown: OrderWithTimeline; changed: (order: OrderDto) => void }) {
  const { order } = shown;
  const headingId = `order-${order.OrderID}`;
  const created = new Date(order.CreatedTime);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="text-lg font-bold text-brand-900">
          Order #{order.OrderID}
        </h2>
        <p className="text-sm">
          Status:{' '}
          <span
            data-order-status={order.Status}
            className={`rounded-full px-2.5 py-0.5 font-semibold ring-1 ${STATUS_STYLE[order.Status]}`}
          >
            {orderStatusWords(order.Status)}
          </span>
        </p>
        {(order.Slots ?? []).map((slot) => (
          <p key={slot.StoreID} className="basis-full text-sm text-slate-800 sm:basis-auto">
            <span className="font-semibold text-slate-900">Delivery slot:</span>{' '}
            <time dateTime={slot.Start}>{slotLabel(slot.Start, slot.End)}</time>
          </p>
        ))}
        <p className="text-sm text-slate-700">
          Placed on{' '}
          <time dateTime={order.CreatedTime}>
            {Number.isNaN(created.getTime()) ? order.CreatedTime : dateFormat.format(created)}
          </time>
        </p>
        <div className="ml-auto flex flex-wrap items-start justify-end gap-2">
          {canCustomerCancel(order.Status) && <CancelOrderButton order={order} cancelled={changed} />}
          <OrderAgainButton order={order} />
          <InvoiceButton orderId={order.OrderID} className={PILL_BUTTON} />
        </div>
      </header>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm sm:text-base">
          <caption className="sr-only">Items of order #{order.OrderID}, with prices in Rs</caption>
          <thead className="border-b border-slate-200 text-sm text-slate-700">
            <tr>
              <th scope="col" className="px-2.5 py-2 sm:px-4 font-semibold">
                Item Name
              </th>
              <th scope="col" className="hidden px-2.5 py-2 text-right font-semibold sm:table-cell sm:px-4">
                Price
              </th>
              <th scope="col" className="px-2.5 py-2 sm:px-4 font-semibold">
                Quantity
              </th>
              <th scope="col" className="px-2.5 py-2 sm:px-4 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.OrderItems.map((line) => (
              <tr key={`${line.StoreID}:${line.ItemID}`} className="border-b border-slate-100">
                <th scope="row" className="px-2.5 py-2 sm:px-4 font-semibold text-slate-900">
                  <span className="block break-words">{line.ItemTitle}</span>
                  <span className="block text-sm font-normal text-slate-600">{priceDetails(line)}</span>
                  {/* Below 640 px the Price column gives way: the price shows under the name. */}
                  <span className="block text-sm font-normal tabular-nums text-slate-700 sm:hidden">
                    {rs(line.SellingPrice)} each
                  </span>
                </th>
                <td className="hidden whitespace-nowrap px-2.5 py-2 text-right tabular-nums sm:table-cell sm:px-4">
                  {rs(line.SellingPrice)}
                </td>
                <td className="px-1.5 py-2 tabular-nums sm:px-4">
                  {line.Qty}
                  {line.Size !== '' && <span className="text-slate-600"> × {line.Size}</span>}
                </td>
                <td className="py-2 pl-1.5 pr-2.5 text-right font-semibold tabular-nums sm:whitespace-nowrap sm:px-4">
                  {rs(line.LineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {(order.DeliveryFee ?? 0) > 0 && (
              <tr data-delivery-fee>
                <th scope="row" colSpan={2} className="px-2.5 py-2 text-right font-semibold sm:hidden">
                  Delivery fee
                </th>
                <th
                  scope="row"
                  colSpan={3}
                  className="hidden px-2.5 py-2 text-right font-semibold sm:table-cell sm:px-4"
                >
                  Delivery fee
                </th>
                <td className="px-2.5 py-2 text-right tabular-nums sm:whitespace-nowrap sm:px-4">
                  {rs(order.DeliveryFee)}
                </td>
              </tr>
            )}
            {(order.Discount ?? 0) > 0 && (
              <tr data-coupon-saving>
                <th scope="row" colSpan={2} className="px-2.5 py-2 text-right font-semibold text-green-800 sm:hidden">
                  Coupon {order.CouponCode} saving
                </th>
                <th
                  scope="row"
                  colSpan={3}
                  className="hidden px-2.5 py-2 text-right font-semibold text-green-800 sm:table-cell sm:px-4"
                >
                  Coupon {order.CouponCode} saving
                </th>
                <td className="px-2.5 py-2 text-right font-semibold text-green-800 tabular-nums sm:whitespace-nowrap sm:px-4">
                  {rs(-order.Discount)}
                </td>
              </tr>
            )}
            <tr>
              {/* Below 640 px the Price column is not shown: the label spans the two columns left of Total. */}
              <th scope="row" colSpan={2} className="px-2.5 py-2 text-right font-bold sm:hidden">
                Order total
              </th>
              <th scope="row" colSpan={3} className="hidden px-2.5 py-2 text-right font-bold sm:table-cell sm:px-4">
                Order total
              </th>
              <td className="px-2.5 py-2 text-right font-extrabold text-brand-800 tabular-nums sm:whitespace-nowrap sm:px-4">
                {rs(order.OrderTotal)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <DeliveryDetails order={order} />
      <OrderTimeline {...shown} />
    </section>
  );
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; orders: OrderWithTimeline[]; total: number };

/**
 * My Orders (spec §2): the signed-in account's own orders, newest first, each a
 * table of its lines with its status, delivery slot, date and timeline of moves;
 * older orders a page at a time.
 * Place it inside an `AuthGate`.
 */
export function MyOrders() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [more, setMore] = useState<{ pending: boolean; failure: string }>({ pending: false, failure: '' });
  const [notice, setNotice] = useState('');
  const latest = useRef(0);

  const fetchFirst = useCallback(async () => {
    const request = ++latest.current;
    setLoad({ state: 'loading' });
    try {
      const { orders: page, total } = await cartApi.myOrders(0, PAGE_SIZE);
      const orders = await withTimelines(page);
      await new Promise((resolve) => setTimeout(resolve, SPINNER_DELAY_MS));
      if (request === latest.current) setLoad({ state: 'ready', orders, total });
    } catch (err) {
      if (request === latest.current) setLoad({ state: 'failed', message: friendlyMessage(err) });
    }
  }, []);

  useEffect(() => {
    void fetchFirst();
    return () => {
      latest.current++;
    };
  }, [fetchFirst]);

  async function fetchOlder(shown: OrderWithTimeline[]) {
    const request = latest.current;
    setMore({ pending: true, failure: '' });
    try {
      const page = Math.floor(shown.length / PAGE_SIZE);
      const { orders, total } = await cartApi.myOrders(page, PAGE_SIZE);
      if (request !== latest.current) return;
      // An order placed meanwhile shifts the pages: keep each order once.
      const seen = new Set(shown.map((o) => o.order.OrderID));
      const older = await withTimelines(orders.filter((o) => !seen.has(o.OrderID)));
      if (request !== latest.current) return;
      setLoad({ state: 'ready', orders: [...shown, ...older], total });
      setMore({ pending: false, failure: '' });
    } catch (err) {
      if (request === latest.current) setMore({ pending: false, failure: friendlyMessage(err) });
    }
  }

  if (load.state === 'loading') return <Spinner label="Loading your orders…" />;
  if (load.state === 'failed') {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="mb-4 text-slate-800">Your orders could not be loaded. {load.message}</p>
        <button type="button" className={buttonClass} onClick={() => void fetchFirst()}>
          Try again
        </button>
      </div>
    );
  }
  const { orders, total } = load;
  const replace = async (next: OrderDto) => {
    const [fresh] = await withTimelines([next]);
    setLoad((now) =>
      now.state !== 'ready' || fresh === undefined
        ? now
        : { ...now, orders: now.orders.map((o) => (o.order.OrderID === next.OrderID ? fresh : o)) },
    );
    setNotice(`Order #${next.OrderID} was cancelled. Its items are back in stock, and a mail confirms it.`);
  };
  if (orders.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
        You have not placed an order yet.{' '}
        <a href="/" className="font-semibold text-brand-800 underline underline-offset-2">
          Browse the shop
        </a>
        , or finish one in{' '}
        <a href="/app/cart/my-cart" className="font-semibold text-brand-800 underline underline-offset-2">
          your cart
        </a>
        .
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">{total === 1 ? 'One order' : `${total} orders`}, newest first.</p>
      <p role="status" className="empty:hidden text-brand-900 font-semibold">
        {notice}
      </p>
      {orders.map((shown) => (
        <OrderCard key={shown.order.OrderID} shown={shown} changed={(next) => void replace(next)} />
      ))}
      {orders.length < total && (
        <div className="flex flex-col items-start gap-2">
          <button type="button" className={buttonClass} disabled={more.pending} onClick={() => void fetchOlder(orders)}>
            {more.pending ? 'Loading older orders…' : 'Show older orders'}
          </button>
          {more.failure !== '' && (
            <p role="alert" className="text-berry-700">
              Older orders could not be loaded. {more.failure}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
