import type { GroupPaymentDto } from '../lib/api/wire.ts';

/** A hold's end as the shopper's clock shows it (`10:45 am`). */
export function heldUntil(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });
}

/** ` Your items and delivery slot are held until 10:45 am:` while the hold lasts, else nothing. */
export function heldWords(payment: GroupPaymentDto): string {
  return payment.HoldUntil === null
    ? ''
    : ` Your items and delivery slot are held until ${heldUntil(payment.HoldUntil)}:`;
}

/** True while the group still waits for its payment (some order `AwaitingPayment`, nothing refunded). */
export function stillOpen(payment: GroupPaymentDto): boolean {
  return payment.Status !== 'Refunded' && payment.Orders.some((o) => o.Status === 'AwaitingPayment');
}

/** What became of a group that is no longer waiting and was not paid, or nothing. */
export function closedWords(payment: GroupPaymentDto): string {
  if (payment.Status === 'Refunded') {
    return 'The payment came after your items were let go, and some were sold meanwhile, so it was refunded at once. Nothing is owed.';
  }
  if (payment.Orders.every((o) => o.Status === 'Cancelled')) {
    return payment.HoldUntil === null && payment.Status !== 'Paid'
      ? 'This order was cancelled: the payment was not received before the hold on your items ended. Nothing is owed.'
      : 'This order was cancelled. Nothing is owed.';
  }
  return '';
}
