import { useEffect, useState } from 'react';
import { slotsApi } from '../stores/slots.ts';

/**
 * The titles of the stores `ids` names: one read of the stores (`GET /api/Store/ReadAll`),
 * then one `Read` for each store it did not reach (a shop of more stores than one page).
 * A store that cannot be read is left out; `storeTitle` names it by its number.
 */
export function useStoreTitles(ids: readonly number[]): Readonly<Record<number, string>> {
  const [titles, setTitles] = useState<Record<number, string>>({});
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (key === '') return;
    let live = true;
    const wanted = key.split(',').map(Number);
    void (async () => {
      const read = await slotsApi.stores().catch(() => []);
      const found: Record<number, string> = Object.fromEntries(read.map((s) => [s.StoreID, s.StoreTitle]));
      const missing = wanted.filter((id) => found[id] === undefined);
      for (const store of await Promise.all(missing.map((id) => slotsApi.store(id).catch(() => undefined)))) {
        if (store !== undefined) found[store.StoreID] = store.StoreTitle;
      }
      if (live) setTitles(found);
    })();
    return () => {
      live = false;
    };
  }, [key]);
  return titles;
}

/** A store's title, or its number while (or when) its title cannot be read. */
export function storeTitle(titles: Readonly<Record<number, string>>, storeId: number | undefined): string {
  if (storeId === undefined) return 'A store';
  return titles[storeId] ?? `Store #${storeId}`;
}
