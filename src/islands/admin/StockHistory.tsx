import { useEffect, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { StockHistoryEntryDto } from '../../lib/api/wire.ts';
import { STOCK_REASON_LABEL, signedChange } from '../../lib/domain/stock-history.ts';
import { buttonStyles } from './button-styles.ts';
import { formatWhen } from './PublishBanner.tsx';
import { staff } from './staff-client.ts';

const PAGE = 10;

/**
 * An item's stock history in its editor (`GET /api/Item/StockHistory/{ItemID}`): each change,
 * newest first, with its reason, who made it and the stock after; "Show older" reads the next
 * page. Four narrow columns, so it fits a 390 px phone without scrolling sideways.
 */
export function StockHistory({ itemId }: { itemId: number }) {
  const [rows, setRows] = useState<StockHistoryEntryDto[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    staff.items.stockHistory(itemId, { page, limit: PAGE }).then(
      (res) => {
        if (!live) return;
        setRows((before) => (page === 0 ? res.rows : [...before, ...res.rows]));
        setTotal(res.total);
        setError('');
      },
      (err: unknown) => live && setError(friendlyMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [itemId, page]);

  return (
    <section aria-labelledby={`stock-history-${itemId}`} className="rounded-xl border border-slate-300 p-3">
      <h3 id={`stock-history-${itemId}`} className="text-sm font-semibold text-slate-800">
        Stock history
      </h3>
      {error !== '' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The stock history could not be read: {error}
        </p>
      )}
      {total === 0 && <p className="mt-2 text-sm text-slate-700">No stock changes yet.</p>}
      {rows.length > 0 && (
        <table className="mt-2 w-full table-fixed text-left text-sm">
          <caption className="sr-only">Stock changes of this item, newest first</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="w-[30%] py-1 pr-2 font-semibold">
                When
              </th>
              <th scope="col" className="w-[16%] py-1 pr-2 text-right font-semibold">
                Change
              </th>
              <th scope="col" className="w-[16%] py-1 pr-2 text-right font-semibold">
                Stock
              </th>
              <th scope="col" className="py-1 font-semibold">
                Why
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.EntryID} className="border-t border-slate-200 align-top">
                <td className="py-1.5 pr-2 text-xs text-slate-700">{formatWhen(r.At)}</td>
                <td
                  className={`py-1.5 pr-2 text-right font-semibold tabular-nums ${r.Change < 0 ? 'text-red-700' : 'text-brand-800'}`}
                >
                  {signedChange(r.Change)}
                </td>
                <td className="py-1.5 pr-2 text-right tabular-nums">
                  <span className="sr-only">from {r.Before} to </span>
                  {r.After}
                </td>
                <td className="break-words py-1.5">
                  {STOCK_REASON_LABEL[r.Reason]}
                  {r.OrderID !== null && (
                    <>
                      {' '}
                      <a
                        className="font-semibold text-brand-800 underline"
                        href={`/app/edu-shopy/order?id=${r.OrderID}`}
                      >
                        #{r.OrderID}
                      </a>
                    </>
                  )}
                  <span className="block text-xs text-slate-600">{r.By}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total !== null && rows.length < total && (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-2 min-h-12`}
          onClick={() => setPage((p) => p + 1)}
        >
          Show older changes
        </button>
      )}
    </section>
  );
}
