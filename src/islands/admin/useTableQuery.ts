import { useCallback, useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { ListQuery, Page } from '../../lib/api/data.ts';
import { pageCount } from '../../lib/domain/staff-views.ts';

const SEARCH_DELAY_MS = 300;

/** The filter a link asks for (`?q=` in the page's address, as the audit log links), or none. */
function linkedFilter(): string {
  if (typeof location === 'undefined') return '';
  return (new URLSearchParams(location.search).get('q') ?? '').trim().slice(0, 200);
}

/**
 * A staff table's paged read (spec §7: page, limit, sort, filter; defaults 0, 20, '', ''):
 * the filter box's text read 300 ms after the last key, a page past the end moved back
 * to the last one, and only the latest answer kept. `reloadKey` starts again at page 0.
 * A link may give the first filter as `?q=` in the page's address.
 */
export function useTableQuery<T>(load: (query: ListQuery) => Promise<Page<T>>, reloadKey: string) {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(20);
  const [sort, setSort] = useState('');
  const [filterText, setFilterText] = useState(linkedFilter);
  const [filter, setFilter] = useState(linkedFilter);
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);

  const loader = useRef(load);
  loader.current = load;
  const latest = useRef(0);

  const reload = useCallback(() => setTick((t) => t + 1), []);

  // Another parent (store, database, status) starts again from the first page.
  const lastKey = useRef(reloadKey);
  useEffect(() => {
    if (lastKey.current !== reloadKey) {
      lastKey.current = reloadKey;
      setPage(0);
      reload();
    }
  }, [reloadKey, reload]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(filterText.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterText]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks for the same page again.
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    loader.current({ page, limit, sort, filter }).then(
      (answer) => {
        if (request !== latest.current) return;
        // A page past the end (after deletes) moves back to the last page there is.
        const last = pageCount(answer.total, limit) - 1;
        if (page > last) {
          setPage(last);
          return;
        }
        setData(answer);
        setError('');
        setLoading(false);
      },
      (err: unknown) => {
        if (request !== latest.current) return;
        setError(friendlyMessage(err));
        setLoading(false);
      },
    );
  }, [page, limit, sort, filter, tick]);

  return {
    page,
    setPage,
    limit,
    setLimit: (n: number) => {
      setLimit(n);
      setPage(0);
    },
    sort,
    sortBy: (next: string) => {
      setSort(next);
      setPage(0);
    },
    filterText,
    setFilterText,
    filter,
    data,
    loading,
    error,
    reload,
  };
}
