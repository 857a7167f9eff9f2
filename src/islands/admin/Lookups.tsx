import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { ListQuery, Page } from '../../lib/api/data.ts';
import type { CategoryDto, StoreDto } from '../../lib/domain/catalogue.ts';
import type { StoreDbDto } from '../../lib/domain/staff-dtos.ts';
import { STAFF_DB_KEY } from '../../lib/domain/storage-keys.ts';
import { staff } from './staff-client.ts';

/** The largest page the API answers. */
const BATCH = 1000;

/** Every row of a paged list, a thousand a request (for pickers and names, not for tables). */
export async function readEvery<T>(list: (query: ListQuery) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 0; ; page++) {
    const answer = await list({ page, limit: BATCH });
    rows.push(...answer.rows);
    if (answer.rows.length < BATCH || rows.length >= answer.total) return rows;
  }
}

export interface Lookup<T> {
  rows: T[] | null;
  error: string;
  reload: () => void;
}

/** Loads a whole list, and again on `reload` or when `key` changes (another parent picked). */
export function useLookup<T>(load: () => Promise<T[]>, key = ''): Lookup<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` and `key` ask again; the loader is read from its ref.
  useEffect(() => {
    let live = true;
    setRows(null);
    loader.current().then(
      (all) => {
        if (!live) return;
        setRows(all);
        setError('');
      },
      (err: unknown) => {
        if (live) setError(friendlyMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [tick, key]);
  return { rows, error, reload: useCallback(() => setTick((t) => t + 1), []) };
}

export const readAllCategories = (): Promise<CategoryDto[]> => readEvery((q) => staff.categories.list(q));
export const readAllStores = (): Promise<StoreDto[]> => readEvery((q) => staff.stores.list(q));
export const readAllStoreDbs = (): Promise<StoreDbDto[]> => readEvery((q) => staff.storeDbs.list(q));

/** Rows by id. */
export function byId<T>(rows: T[] | null, id: (row: T) => number): Map<number, T> {
  return new Map((rows ?? []).map((r) => [id(r), r]));
}

function positive(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A whole-number query parameter of the page's address, or null. */
export function queryId(name: string): number | null {
  if (typeof location === 'undefined') return null;
  return positive(new URLSearchParams(location.search).get(name));
}

/** Puts `name=value` in the page's address (or takes it out), without a reload. */
export function setQueryParam(name: string, value: number | null): void {
  const url = new URL(location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, String(value));
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * The store database the Client pages work on: `?db=` in the address, else the
 * one picked last (kept in this browser) unless `remembered` is false, else none. Choosing one writes both,
 * so the Store Databases, Sections and Items pages link to each other.
 */
export function useSelectedDb(remembered = true): [number | null, (id: number | null) => void] {
  const [db, setDb] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the page opens.
  useEffect(() => {
    const picked = queryId('db') ?? (remembered ? positive(localStorage.getItem(STAFF_DB_KEY)) : null);
    if (picked !== null) {
      setDb(picked);
      setQueryParam('db', picked);
    }
  }, []);
  const choose = useCallback((id: number | null) => {
    setDb(id);
    setQueryParam('db', id);
    if (id === null) localStorage.removeItem(STAFF_DB_KEY);
    else localStorage.setItem(STAFF_DB_KEY, String(id));
  }, []);
  return [db, choose];
}

/** Remembers a database as the one picked last (before following a link to its sections or items). */
export function rememberDb(id: number): void {
  localStorage.setItem(STAFF_DB_KEY, String(id));
}

/** Store databases as select groups, one per store, titles with their ids. */
export function dbOptionGroups(dbs: StoreDbDto[], stores: Map<number, StoreDto>) {
  const groups = new Map<number, { key: string; label: string; options: { value: string; label: string }[] }>();
  for (const d of dbs) {
    let group = groups.get(d.StoreID);
    if (group === undefined) {
      group = { key: String(d.StoreID), label: stores.get(d.StoreID)?.StoreTitle ?? `Store ${d.StoreID}`, options: [] };
      groups.set(d.StoreID, group);
    }
    group.options.push({ value: String(d.DbID), label: `${d.DbTitle} (#${d.DbID})` });
  }
  return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The picker of the Client pages: which store database the page shows. */
export function DbPicker({
  dbs,
  stores,
  value,
  onChange,
  allLabel = 'Choose a store database…',
}: {
  dbs: StoreDbDto[];
  stores: Map<number, StoreDto>;
  value: number | null;
  onChange: (id: number | null) => void;
  /** The choice of none (`All stores` where the page lists every store's rows without one). */
  allLabel?: string;
}) {
  const id = useId();
  return (
    <div className="w-full min-w-0 sm:w-[28rem]">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        Store database
      </label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(positive(e.target.value))}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
      >
        <option value="">{allLabel}</option>
        {dbOptionGroups(dbs, stores).map((g) => (
          <optgroup key={g.key} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** `{what} could not be loaded: {error}` above the table, when a lookup failed. */
export function LoadError({ what, error }: { what: string; error: string }) {
  if (error === '') return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {what} could not be loaded: {error}
    </p>
  );
}
