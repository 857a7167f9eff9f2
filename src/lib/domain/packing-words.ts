/**
 * How an order line's packing reads to people (issue 33): the mail, My Orders and the
 * staff order page say the same words for what was asked and what was sent.
 */
import type { OrderDto, OrderItemDto } from './orders.ts';

const named = (title: string, size: string) => (size === '' ? title : `${title} (${size})`);

/** What was asked: "2 × Apple (1 kg)". */
export function askedWords(line: Pick<OrderItemDto, 'Qty' | 'ItemTitle' | 'Size'>): string {
  return `${line.Qty} × ${named(line.ItemTitle, line.Size)}`;
}

/** What was sent, or '' before packing: "2 × Apple (1 kg)", "None: out of stock", "1 × Green Apple (1 kg), replaced". */
export function sentWords(line: Pick<OrderItemDto, 'Sent'>): string {
  const sent = line.Sent;
  if (sent === null || sent === undefined) return '';
  if (sent.Qty === 0) return 'None: out of stock';
  const what = `${sent.Qty} × ${named(sent.ItemTitle, sent.Size)}`;
  if (sent.Outcome === 'Replaced') return `${what}, replaced`;
  if (sent.Outcome === 'Short') return `${what}, short`;
  return what;
}

/** True when packing sent something else than the line asked for (short or replaced). */
export function lineChanged(line: Pick<OrderItemDto, 'Sent'>): boolean {
  return line.Sent !== null && line.Sent !== undefined && line.Sent.Outcome !== 'Packed';
}

/** The lines packing changed. */
export function changedLines(order: Pick<OrderDto, 'OrderItems'>): OrderItemDto[] {
  return order.OrderItems.filter(lineChanged);
}

/** What a line bills, in rupees: what was sent once packed, else what was asked. */
export function billedTotal(line: Pick<OrderItemDto, 'LineTotal' | 'Sent'>): number {
  return line.Sent === null || line.Sent === undefined ? line.LineTotal : line.Sent.LineTotal;
}
