import { formatRupees as rs } from '../lib/domain/money.ts';

/** One line of the read-only table: the item, its price each, quantity and line total in rupees. */
export interface OrderTableLine {
  StoreID: number;
  ItemID: number;
  ItemTitle: string;
  Size: string;
  SellingPrice: number;
  Qty: number;
  total: number;
}

/** The read-only lines of an order, as the review shows them before Order and the summary after it. */
export function OrderLinesTable({
  caption,
  lines,
  grandTotal,
  deliveryFee = 0,
  totalLabel = 'Grand total',
  saving,
}: {
  caption: string;
  lines: readonly OrderTableLine[];
  grandTotal: number;
  /** The delivery fee included in `grandTotal`, in rupees; shown as its own row when above 0. */
  deliveryFee?: number;
  /** The last row's words: one store's part of a group names its store. */
  totalLabel?: string;
  /** A coupon's saving taken off `grandTotal` (rupees), shown as its own row when above 0. */
  saving?: { code: string; amount: number } | undefined;
}) {
  return (
    <div className="mb-6 overflow-x-auto">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-sm text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-2 font-semibold">
              Item
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.StoreID}:${line.ItemID}`} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-2 font-medium text-slate-900">
                {line.ItemTitle}
                <span className="block text-sm font-normal text-slate-600">
                  {[line.Size, `${rs(line.SellingPrice)} each`].filter((s) => s !== '').join(' · ')}
                </span>
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{line.Qty}</td>
              <td className="whitespace-nowrap py-2 pl-2 text-right font-semibold tabular-nums">{rs(line.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {deliveryFee > 0 && (
            <tr data-delivery-fee>
              <th scope="row" colSpan={2} className="py-2 pr-2 text-right font-semibold">
                Delivery fee
              </th>
              <td className="whitespace-nowrap py-2 pl-2 text-right tabular-nums">{rs(deliveryFee)}</td>
            </tr>
          )}
          {saving !== undefined && saving.amount > 0 && (
            <tr data-coupon-saving>
              <th scope="row" colSpan={2} className="py-2 pr-2 text-right font-semibold text-green-800">
                Coupon {saving.code} saving
              </th>
              <td className="whitespace-nowrap py-2 pl-2 text-right font-semibold text-green-800 tabular-nums">
                {rs(-saving.amount)}
              </td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={2} className="py-2 pr-2 text-right font-bold">
              {totalLabel}
            </th>
            <td className="whitespace-nowrap py-2 pl-2 text-right text-lg font-extrabold text-brand-800 tabular-nums">
              {rs(grandTotal)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
