import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_WORDS, orderStatusWords } from '../../src/lib/domain/order-words.ts';
import {
  CUSTOMER_CANCELLABLE,
  canCustomerCancel,
  canMoveOrder,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS_NAMES,
  type OrderStatusName,
  parseOrderStatus,
} from '../../src/lib/domain/orders.ts';

/** Every move the way to the door allows (issue 31): one step along it, or a cancel before Delivered. */
const ALLOWED: readonly [OrderStatusName, OrderStatusName][] = [
  ['AwaitingPayment', 'Placed'],
  ['AwaitingPayment', 'Confirmed'],
  ['AwaitingPayment', 'Cancelled'],
  ['Placed', 'Confirmed'],
  ['Placed', 'Cancelled'],
  ['Confirmed', 'Packing'],
  ['Confirmed', 'Cancelled'],
  ['Packing', 'OutForDelivery'],
  ['Packing', 'Cancelled'],
  ['OutForDelivery', 'Delivered'],
  ['OutForDelivery', 'Cancelled'],
];

describe('order statuses', () => {
  const pairs = ORDER_STATUS_NAMES.flatMap((from) => ORDER_STATUS_NAMES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s is allowed exactly when the table says so', (from, to) => {
    const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
    expect(canMoveOrder(from, to)).toBe(allowed);
  });

  it('counts every status before Delivered or Cancelled as open', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['AwaitingPayment', 'Placed', 'Confirmed', 'Packing', 'OutForDelivery']);
  });

  it('lets a customer cancel only while the order is Placed or AwaitingPayment', () => {
    expect(ORDER_STATUS_NAMES.filter(canCustomerCancel)).toEqual(['AwaitingPayment', 'Placed']);
    expect([...CUSTOMER_CANCELLABLE].sort()).toEqual(['AwaitingPayment', 'Placed']);
  });

  it('reads status names case-insensitively, spaces and underscores aside', () => {
    expect(parseOrderStatus('packing')).toBe('Packing');
    expect(parseOrderStatus(' CANCELLED ')).toBe('Cancelled');
    expect(parseOrderStatus('Out for delivery')).toBe('OutForDelivery');
    expect(parseOrderStatus('awaiting_payment')).toBe('AwaitingPayment');
    expect(parseOrderStatus('Packed')).toBeUndefined();
    expect(parseOrderStatus('Shipped')).toBeUndefined();
  });

  it('names every status in words people read, and each words read back as the status', () => {
    expect(ORDER_STATUS_NAMES.map(orderStatusWords)).toEqual([
      'Awaiting payment',
      'Placed',
      'Confirmed',
      'Packing',
      'Out for delivery',
      'Delivered',
      'Cancelled',
    ]);
    for (const status of ORDER_STATUS_NAMES) expect(parseOrderStatus(ORDER_STATUS_WORDS[status])).toBe(status);
  });
});
