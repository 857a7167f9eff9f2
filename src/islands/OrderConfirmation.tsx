import { useEffect, useRef } from 'react';
import type { DeliveryAddressDto } from '../lib/domain/delivery.ts';
import { paiseToRupees, rupeesToPaise } from '../lib/domain/money.ts';
import { groupTotalPaise, type PlacedOrderDto, storeOfOrder } from '../lib/domain/order-groups.ts';
import { orderStatusWords } from '../lib/domain/order-words.ts';
import type { OrderDto } from '../lib/domain/orders.ts';
import { slotLabel } from '../lib/domain/slots.ts';
import { OrderLinesTable } from './OrderLinesTable.tsx';
import { type StorePart, StoreParts } from './StoreParts.tsx';
import { storeTitle, useStoreTitles } from './store-titles.ts';

/** A placed group's orders as parts by store: each order's lines, slot, fee and total. */
function placedParts(
  orders: readonly OrderDto[],
  names: Readonly<Record<number, string>>,
): { parts: StorePart[]; total: number } {
  const parts = orders.map((o): StorePart => {
    const storeId = storeOfOrder(o);
    const slot = o.Slots?.find((s) => s.SlotID === o.SlotID);
    return {
      StoreID: storeId ?? 0,
      name: storeTitle(names, storeId),
      orderId: o.OrderID,
      lines: o.OrderItems.map((line) => ({ ...line, total: line.LineTotal })),
      slot: slot === undefined ? null : slotLabel(slot.Start, slot.End),
      fee: o.DeliveryFee,
      total: o.OrderTotal,
    };
  });
  return { parts, total: paiseToRupees(groupTotalPaise(orders)) };
}

/** The address's lines as they go on an envelope: name, street, city and PIN code, phone. */
function addressLines(a: DeliveryAddressDto): string[] {
  const cityLine = [a.City, a.State].filter((s) => s !== '').join(', ');
  return [
    a.FullName,
    a.AddressLine1,
    a.AddressLine2,
    [cityLine, a.PostalCode].filter((s) => s !== '').join(' '),
    a.Phone === '' ? '' : `Phone ${a.Phone}`,
  ].filter((s) => s.trim() !== '');
}

/**
 * What the cart panel shows once an order is placed (issue 37): the order's
 * number, its lines and grand total as the shop recorded them, where it goes,
 * and what happens next. Its heading takes the focus, so a screen reader
 * announces it rather than the focus falling to the page.
 */
export function OrderConfirmation({ order, email }: { order: PlacedOrderDto; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const note = order.DeliveryAddress.Note.trim();
  const group = order.Orders.length > 1 ? order.Orders : [];
  const numbers = group.map((o) => `#${o.OrderID}`).join(', ');
  // The stores' names in one read (a store newer than the built pages too).
  const storeNames = useStoreTitles(group.flatMap((o) => storeOfOrder(o) ?? []));

  return (
    <section
      aria-labelledby="order-confirmation-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-200 sm:p-6"
    >
      <h2
        id="order-confirmation-heading"
        ref={heading}
        tabIndex={-1}
        className="mb-1 text-xl font-bold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
      >
        {group.length === 0
          ? `Thank you: order #${order.OrderID} is placed`
          : `Thank you: orders ${numbers} are placed`}
      </h2>
      {group.length === 0 ? (
        <>
          <p className="mb-4 text-slate-700">
            Order number <span className="font-semibold text-slate-900">#{order.OrderID}</span>, status{' '}
            {orderStatusWords(order.Status)}.
          </p>
          <OrderLinesTable
            caption={`The items of order #${order.OrderID}, with prices in Rs`}
            lines={order.OrderItems.map((line) => ({ ...line, total: line.LineTotal }))}
            grandTotal={order.OrderTotal}
            deliveryFee={order.DeliveryFee ?? 0}
            saving={order.CouponCode == null ? undefined : { code: order.CouponCode, amount: order.Discount }}
          />
        </>
      ) : (
        <>
          <StoreParts what="Your order" {...placedParts(group, storeNames)} />
          {order.CouponCode == null ? null : (
            <p className="mt-2 text-right text-sm font-semibold text-brand-800">
              Coupon {order.CouponCode}: you saved Rs{' '}
              {paiseToRupees(group.reduce((sum, o) => sum + rupeesToPaise(o.Discount), 0)).toFixed(2)}
            </p>
          )}
        </>
      )}
      <h3 className="mb-1 text-lg font-bold text-slate-900">Delivering to</h3>
      <address className="mb-4 not-italic text-slate-800" data-order-address>
        {addressLines(order.DeliveryAddress).map((line) => (
          <span key={line} className="block break-words">
            {line}
          </span>
        ))}
        {note !== '' && <span className="block break-words text-sm text-slate-600">Note: {note}</span>}
      </address>
      <h3 className="mb-1 text-lg font-bold text-slate-900">What happens next</h3>
      <p className="text-slate-800 [overflow-wrap:anywhere]">
        We will e-mail you{email === '' ? '' : ` at ${email}`} when it is packed; you can follow it in{' '}
        <a href="/app/cart/my-orders" className="font-semibold text-brand-800 underline underline-offset-2">
          My Orders
        </a>
        , and cancel it there until it is packed.
      </p>
    </section>
  );
}
