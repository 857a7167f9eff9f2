import { deliveryLines } from '../lib/domain/delivery.ts';
import { formatRupees as rs } from '../lib/domain/money.ts';
import { orderStatusWords } from '../lib/domain/order-words.ts';
import { canCustomerCancel, type OrderDto, type OrderItemDto, type OrderStatusName } from '../lib/domain/orders.ts';
import { billedTotal } from '../lib/domain/packing-words.ts';
import { slotLabel } from '../lib/domain/slots.ts';
import { InvoiceButton } from './InvoiceButton.tsx';
import { LinePacking } from './LinePacking.tsx';
import { CancelOrderButton, OrderAgainButton, PILL_BUTTON } from './OrderButtons.tsx';
import { OrderRefunds } from './OrderRefunds.tsx';
import { OrderTimeline, type OrderWithTimeline, STATUS_STYLE } from './OrderTimeline.tsx';

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

/**
 * One order of My Orders: its status, slot, date, buttons, lines, address and timeline.
 * An order of a group of several (`store` given) sits under its group's heading: its own
 * heading, one level down, names its store.
 */
export function OrderCard({
  shown,
  changed,
  store,
}: {
  shown: OrderWithTimeline;
  changed: (order: OrderDto) => void;
  store?: string | undefined;
}) {
  const { order } = shown;
  const headingId = `order-${order.OrderID}`;
  const created = new Date(order.CreatedTime);
  const Heading = store === undefined ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      data-order-id={order.OrderID}
      className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-3">
        <Heading id={headingId} className="text-lg font-bold text-brand-900">
          {store === undefined ? `Order #${order.OrderID}` : `${store}: order #${order.OrderID}`}
        </Heading>
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
                  <LinePacking line={line} />
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
                  {rs(billedTotal(line))}
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
      <OrderRefunds order={order} />
      <DeliveryDetails order={order} />
      <OrderTimeline {...shown} nested={store !== undefined} />
    </section>
  );
}
