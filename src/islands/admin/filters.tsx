import { type ReactNode, useCallback, useId, useState } from 'react';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import { queryId, setQueryParam } from './Lookups.tsx';

/** The toolbar's filters over a table: a parent picker, the store picker, and the query parameter they keep. */

/** A whole-number query parameter (`?store=3`) as state: setting it writes the page's address too. */
export function useQueryId(name: string): [number | null, (id: number | null) => void] {
  const [value, setValue] = useState<number | null>(() => queryId(name));
  const set = useCallback(
    (id: number | null) => {
      setValue(id);
      setQueryParam(name, id);
    },
    [name],
  );
  return [value, set];
}

/** The toolbar's picker that narrows a table to the rows of one parent, or of all (`allLabel`). */
export function FilterSelect({
  label,
  allLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  allLabel: string;
  value: number | null;
  onChange: (id: number | null) => void;
  options: { value: number; label: string }[];
}) {
  const id = useId();
  return (
    <div className="min-w-0 basis-56">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The toolbar's store picker: `All stores`, or one of `stores`. */
export function StoreFilter({
  stores,
  value,
  onChange,
}: {
  stores: StoreDto[] | null;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <FilterSelect
      label="Store"
      allLabel="All stores"
      value={value}
      onChange={onChange}
      options={(stores ?? []).map((s) => ({ value: s.StoreID, label: s.StoreTitle }))}
    />
  );
}

/** A yes/no filter of the toolbar: whether it is on, and its check box, kept in the page's address as `?{name}=1`. */
export function useFilterToggle(label: string, name: string): { on: boolean; control: ReactNode } {
  const id = useId();
  const [value, set] = useQueryId(name);
  const control = (
    <div className="flex min-h-12 items-center gap-2 self-end">
      <input
        id={id}
        type="checkbox"
        checked={value === 1}
        onChange={(e) => set(e.target.checked ? 1 : null)}
        className="size-5 rounded border-slate-400 text-brand-800"
      />
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
    </div>
  );
  return { on: value === 1, control };
}
