import { useId } from 'react';
import { pageCount, pageSummary } from '../../lib/domain/staff-views.ts';
import { buttonStyles } from './button-styles.ts';

/** A staff table's foot: "21–40 of 75 items", the page size and First / Previous / Next / Last. */
export function TablePager({
  caption,
  noun,
  page,
  limit,
  total,
  loaded,
  pageSizes,
  onPage,
  onLimit,
}: {
  caption: string;
  noun: string;
  page: number;
  limit: number;
  total: number;
  /** False until the first page arrived (no summary yet). */
  loaded: boolean;
  pageSizes: number[];
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  const sizeId = useId();
  const pages = pageCount(total, limit);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 px-3 py-3 text-sm text-slate-700 sm:px-4">
      <p role="status" className="mr-auto">
        {loaded ? pageSummary(page, limit, total, noun) : ''}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={limit}
          onChange={(e) => onLimit(Number(e.target.value))}
          className="rounded-lg border border-slate-400 bg-white px-2 py-1"
        >
          {pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label={`Pages of ${caption}`} className="flex flex-wrap items-center gap-1">
        <button type="button" className={buttonStyles.row} disabled={page === 0} onClick={() => onPage(0)}>
          First
        </button>
        <button type="button" className={buttonStyles.row} disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span className="whitespace-nowrap px-1">
          Page {Math.min(page + 1, pages)} of {pages}
        </span>
        <button
          type="button"
          className={buttonStyles.row}
          disabled={page + 1 >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
        <button
          type="button"
          className={buttonStyles.row}
          disabled={page + 1 >= pages}
          onClick={() => onPage(pages - 1)}
        >
          Last
        </button>
      </nav>
    </div>
  );
}
