/**
 * Order statuses as people read them (issue 31): the one place pages, islands, mails and
 * the staff board take a status's words from. The wire keeps the names (`OutForDelivery`).
 */
import type { OrderStatusName } from './orders.ts';

/** A status in words: `OutForDelivery` → `Out for delivery`. */
export const ORDER_STATUS_WORDS: Readonly<Record<OrderStatusName, string>> = {
  AwaitingPayment: 'Awaiting payment',
  Placed: 'Placed',
  Confirmed: 'Confirmed',
  Packing: 'Packing',
  OutForDelivery: 'Out for delivery',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

export function orderStatusWords(status: OrderStatusName): string {
  return ORDER_STATUS_WORDS[status];
}
