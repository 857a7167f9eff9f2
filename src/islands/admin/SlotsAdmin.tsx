import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { SlotDto, SlotTemplateDto } from '../../lib/api/wire.ts';
import { DEFAULT_LEAD_MINUTES, SHOP_UTC_OFFSET_MINUTES, slotLabel } from '../../lib/domain/slots.ts';
import { slotsApi } from '../../stores/slots.ts';
import { Notice } from '../FormField.tsx';
import { buttonStyles } from './button-styles.ts';
import { readAllStores, useLookup } from './Lookups.tsx';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const input = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900';
const labelText = 'block text-sm font-semibold text-slate-800';

/** The shop's offset as ISO text, such as `+05:30`. */
function shopOffset(): string {
  const m = Math.abs(SHOP_UTC_OFFSET_MINUTES);
  const hh = String(Math.floor(m / 60)).padStart(2, '0');
  return `${SHOP_UTC_OFFSET_MINUTES < 0 ? '-' : '+'}${hh}:${String(m % 60).padStart(2, '0')}`;
}

type Row = SlotTemplateDto['Slots'][number];
/** A template row with a key of its own while it is edited. */
type KeyedRow = Row & { key: number };
let nextKey = 1;
const keyed = (r: Row): KeyedRow => ({ ...r, key: nextKey++ });

/**
 * The stores page's delivery slots (issue 31): a store's next slots with the places left,
 * a form adding one slot, and its weekly template with the lead time. Times are the shop's
 * (India Standard Time).
 */
export function SlotsAdmin() {
  const stores = useLookup(readAllStores);
  const [storeId, setStoreId] = useState<number | null>(null);
  const [slots, setSlots] = useState<SlotDto[] | null>(null);
  const [template, setTemplate] = useState<{ lead: string; rows: KeyedRow[] } | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [reads, setReads] = useState(0);
  const ids = useId();
  const chosen = storeId ?? stores.rows?.[0]?.StoreID ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reads` asks for a fresh read after a change.
  useEffect(() => {
    if (chosen === null) return;
    let live = true;
    void Promise.all([slotsApi.open(chosen), slotsApi.template(chosen)]).then(
      ([open, t]) => {
        if (!live) return;
        setSlots(open);
        setTemplate({ lead: String(t.LeadMinutes), rows: t.Slots.map(keyed) });
      },
      (err: unknown) => live && setNotice({ kind: 'error', text: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [chosen, reads]);

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      setNotice({ kind: 'success', text: done });
      setReads((n) => n + 1);
    } catch (err) {
      setNotice({ kind: 'error', text: friendlyMessage(err) });
    }
  }

  function addSlot(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (chosen === null) return;
    const f = new FormData(e.currentTarget);
    const day = String(f.get('day'));
    const at = (t: FormDataEntryValue | null) => `${day}T${String(t)}:00${shopOffset()}`;
    void run(
      () =>
        slotsApi.create(chosen, {
          Start: at(f.get('from')),
          End: at(f.get('to')),
          Capacity: Number(f.get('capacity')),
        }),
      'The slot was added.',
    );
  }

  function saveTemplate(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (chosen === null || template === null) return;
    void run(
      () =>
        slotsApi.saveTemplate(chosen, {
          LeadMinutes: Number(template.lead),
          DaysAhead: 7,
          Slots: template.rows.map(({ key: _, ...r }) => r),
        }),
      'The weekly slots were saved; the next 7 days have their slots.',
    );
  }

  const setRow = (i: number, change: Partial<Row>) =>
    setTemplate((t) => (t === null ? t : { ...t, rows: t.rows.map((r, k) => (k === i ? { ...r, ...change } : r)) }));

  return (
    <section aria-labelledby={`${ids}-h`} className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${ids}-h`} className="mb-3 text-xl font-bold text-slate-900">
        Delivery slots
      </h2>
      <label className={labelText} htmlFor={`${ids}-store`}>
        Store
      </label>
      <select
        id={`${ids}-store`}
        className={`${input} mb-4`}
        value={chosen ?? ''}
        onChange={(e) => setStoreId(Number(e.target.value))}
      >
        {(stores.rows ?? []).map((s) => (
          <option key={s.StoreID} value={s.StoreID}>
            {s.StoreTitle}
          </option>
        ))}
      </select>
      {notice !== null && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <h3 className="mb-2 font-bold text-slate-900">Next 7 days (India time)</h3>
      {slots !== null && slots.length === 0 && <p className="mb-4 text-slate-700">No slots take orders yet.</p>}
      <ul className="mb-6 grid gap-1">
        {(slots ?? []).map((s) => (
          <li key={s.SlotID} className="text-slate-800">
            {slotLabel(s.Start, s.End)}: {s.Left} of {s.Capacity} left
          </li>
        ))}
      </ul>
      <form onSubmit={addSlot} aria-label="Add a delivery slot" className="mb-6 grid gap-3 sm:grid-cols-4">
        <h3 className="font-bold text-slate-900 sm:col-span-4">Add a slot</h3>
        {(
          [
            ['day', 'Day', 'date'],
            ['from', 'From', 'time'],
            ['to', 'To', 'time'],
            ['capacity', 'Orders it takes', 'number'],
          ] as const
        ).map(([name, label, type]) => (
          <label key={name} className={labelText}>
            {label}
            <input name={name} type={type} required min={type === 'number' ? 1 : undefined} className={input} />
          </label>
        ))}
        <button type="submit" className={`${buttonStyles.primary} sm:col-span-4 sm:justify-self-start`}>
          Add slot
        </button>
      </form>
      {template !== null && (
        <form onSubmit={saveTemplate} aria-label="Weekly delivery slots" className="grid gap-3">
          <h3 className="font-bold text-slate-900">Every week</h3>
          <label className={labelText}>
            Lead time in minutes (orders close this long before a slot starts; default {DEFAULT_LEAD_MINUTES})
            <input
              type="number"
              min={0}
              className={input}
              value={template.lead}
              onChange={(e) => setTemplate({ ...template, lead: e.target.value })}
            />
          </label>
          {template.rows.map((row, i) => (
            <fieldset
              key={row.key}
              className="grid grid-cols-2 gap-2 rounded-lg p-2 ring-1 ring-slate-200 sm:grid-cols-5"
            >
              <legend className="sr-only">Weekly slot {i + 1}</legend>
              <label className={labelText}>
                Day
                <select
                  className={input}
                  value={row.Weekday}
                  onChange={(e) => setRow(i, { Weekday: Number(e.target.value) })}
                >
                  {WEEKDAYS.map((d, n) => (
                    <option key={d} value={n}>
                      {d}
                    </option>
                  ))}
                </select>
              </label>
              <label className={labelText}>
                From
                <input
                  type="time"
                  className={input}
                  value={row.Start}
                  onChange={(e) => setRow(i, { Start: e.target.value })}
                />
              </label>
              <label className={labelText}>
                To
                <input
                  type="time"
                  className={input}
                  value={row.End}
                  onChange={(e) => setRow(i, { End: e.target.value })}
                />
              </label>
              <label className={labelText}>
                Orders
                <input
                  type="number"
                  min={1}
                  className={input}
                  value={row.Capacity}
                  onChange={(e) => setRow(i, { Capacity: Number(e.target.value) })}
                />
              </label>
              <button
                type="button"
                className={`${buttonStyles.secondary} self-end`}
                onClick={() => setTemplate({ ...template, rows: template.rows.filter((_, k) => k !== i) })}
              >
                Remove
              </button>
            </fieldset>
          ))}
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() =>
                setTemplate({
                  ...template,
                  rows: [...template.rows, keyed({ Weekday: 1, Start: '09:00', End: '11:00', Capacity: 20 })],
                })
              }
            >
              Add a weekly slot
            </button>
            <button type="submit" className={buttonStyles.primary}>
              Save weekly slots
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
