import { formatRupees as rs } from '../lib/domain/money.ts';
import { OrderLinesTable, type OrderTableLine } from './OrderLinesTable.tsx';

/** One store's part of a cart or of a placed group: its lines, slot, fee and total (rupees). */
export interface StorePart {
  StoreID: number;
  name: string;
  /** The placed order's number, once placed. */
  orderId?: number | undefined;
  lines: readonly OrderTableLine[];
  /** The delivery slot's words, or null when the store delivers without slots (or none is picked yet). */
  slot: string | null;
  fee: number;
  /** A word about the store's delivery that is not a fee (`does not deliver to 560001`). */
  note?: string | undefined;
  total: number;
}

/**
 * A cart or a placed group split by store (issue 31): one order per store, each with its
 * lines, delivery slot, fee and total, then what all of them come to.
 */
export function StoreParts({ parts, total, what }: { parts: readonly StorePart[]; total: number; what: string }) {
  return (
    <div className="mb-6" data-store-parts>
      <p className="mb-3 text-slate-800">
        {what} comes from {parts.length} stores, so it is {parts.length} orders: each store packs and delivers its own.
      </p>
      {parts.map((part) => {
        const heading = `${part.name}${part.orderId === undefined ? '' : `: order #${part.orderId}`}`;
        const id = `store-part-${part.StoreID}`;
        return (
          <section key={part.StoreID} aria-labelledby={id} className="mb-4 rounded-xl p-3 ring-1 ring-slate-200">
            <h3 id={id} className="text-lg font-bold text-slate-900">
              {heading}
            </h3>
            <p className="mb-1 text-sm text-slate-700">
              {part.slot === null ? 'Delivered without a slot' : `Delivery slot: ${part.slot}`}
            </p>
            {part.note !== undefined && <p className="mb-1 text-sm font-semibold text-red-800">{part.note}</p>}
            <OrderLinesTable
              caption={`The items from ${part.name}, with prices in Rs`}
              lines={part.lines}
              grandTotal={part.total}
              deliveryFee={part.fee}
              totalLabel={`${part.name} total`}
            />
          </section>
        );
      })}
      <p className="flex justify-between border-t border-slate-300 pt-2 text-lg font-bold" data-group-total>
        <span>Grand total of {parts.length} orders</span>
        <span className="tabular-nums text-brand-800">{rs(total)}</span>
      </p>
    </div>
  );
}
