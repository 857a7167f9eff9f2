import type { StoreDto } from '../../lib/domain/catalogue.ts';
import type { OrderDto } from '../../lib/domain/orders.ts';
import { plural } from '../../lib/domain/words.ts';
import { linesByStore, rs } from './order-parts.tsx';
import { formatWhen } from './PublishBanner.tsx';

/**
 * An order's packing slips, one a store that packs its lines, each on a page of its own:
 * the order number large, the store, the delivery address and the lines with a box to tick
 * as each is packed, and how many items. Hidden on screen; printed (`window.print()`) in
 * place of the page, black on white, in a single column that also fits an 80 mm roll.
 */
export function PackingSlips({ order, stores }: { order: OrderDto; stores: Map<number, StoreDto> }) {
  const groups = [...linesByStore(order)];
  const a = order.DeliveryAddress;
  return (
    <div className="hidden bg-white text-black print:block" data-packing-slips>
      {groups.map(([storeId, lines], i) => {
        const units = lines.reduce((n, l) => n + l.Qty, 0);
        const store = stores.get(storeId)?.StoreTitle ?? `Store #${storeId}`;
        return (
          <section
            key={storeId}
            aria-label={`Packing slip for ${store}`}
            className={`text-[11pt] leading-snug ${i < groups.length - 1 ? 'break-after-page' : ''}`}
            data-packing-slip={storeId}
          >
            <header className="border-b-2 border-black pb-2">
              <p className="text-[10pt] uppercase tracking-wide">
                Packing slip{groups.length > 1 ? ` · ${i + 1} of ${groups.length}` : ''}
              </p>
              <h2 className="text-[28pt] font-black leading-tight">Order #{order.OrderID}</h2>
              <p className="text-[13pt] font-bold">{store}</p>
              <p>Placed {formatWhen(order.CreatedTime)}</p>
            </header>
            <address className="mt-2 border-b border-black pb-2 not-italic">
              <span className="block font-bold">Deliver to {a.FullName}</span>
              {a.Phone !== '' && <span className="block">{a.Phone}</span>}
              <span className="block">{[a.AddressLine1, a.AddressLine2].filter((x) => x !== '').join(', ')}</span>
              <span className="block">
                {[a.City, a.State].filter((x) => x !== '').join(', ')} {a.PostalCode}
              </span>
              {a.Note !== '' && <span className="block italic">Note: {a.Note}</span>}
            </address>
            <table className="mt-2 w-full border-collapse">
              <thead>
                <tr className="border-b border-black text-left text-[9pt] uppercase">
                  <th scope="col" className="w-8 py-1">
                    Packed
                  </th>
                  <th scope="col" className="w-10 py-1 text-right">
                    Qty
                  </th>
                  <th scope="col" className="py-1 pl-2">
                    Item
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={`${l.ItemID}/${l.StoreID}`} className="border-b border-black/40 align-top">
                    <td className="py-1.5">
                      <span aria-hidden="true" className="inline-block size-5 border-2 border-black" data-tick-box />
                    </td>
                    <td className="py-1.5 text-right font-bold tabular-nums">{l.Qty}</td>
                    <td className="py-1.5 pl-2">
                      {l.ItemTitle}
                      {l.Size === '' ? '' : ` (${l.Size})`}
                    </td>
                    <td className="whitespace-nowrap py-1.5 pl-2 text-right tabular-nums">{rs(l.LineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 font-bold" data-slip-count>
              {plural(units, 'item')} in {plural(lines.length, 'line')}
            </p>
          </section>
        );
      })}
    </div>
  );
}
