import { formatRupees as rs } from '../lib/domain/money.ts';
import type { OrderDto } from '../lib/domain/orders.ts';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const STATUS_WORDS = { Pending: 'on its way back', Processed: 'refunded', Failed: 'refund failed' } as const;

/**
 * The refunds made for an order (issue 32): each amount, where it stands, why and when.
 * Nothing for an order without refunds. Shown on My Orders and the staff order page.
 */
export function OrderRefunds({ order }: { order: Pick<OrderDto, 'OrderID' | 'Refunds'> }) {
  const refunds = order.Refunds ?? [];
  if (refunds.length === 0) return null;
  const heading = `order-${order.OrderID}-refunds`;
  return (
    <section aria-labelledby={heading} data-refunds className="mt-3 rounded-xl bg-green-50 p-3 text-sm text-slate-900">
      <h3 id={heading} className="font-semibold">
        Refunds
      </h3>
      <ul className="mt-1 space-y-1">
        {refunds.map((r) => (
          <li key={`${r.At}-${r.Amount}`} className="flex flex-wrap justify-between gap-x-3">
            <span>
              <span className="font-semibold tabular-nums">{rs(r.Amount)}</span> {STATUS_WORDS[r.Status]} · {r.Reason}
            </span>
            <time dateTime={r.At} className="text-slate-700">
              {when.format(new Date(r.At))}
            </time>
          </li>
        ))}
      </ul>
    </section>
  );
}
