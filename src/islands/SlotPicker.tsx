import { useEffect, useState } from 'react';
import type { SlotDto } from '../lib/api/wire.ts';
import { slotLabel } from '../lib/domain/slots.ts';
import { slotsApi } from '../stores/slots.ts';

type Loaded = { state: 'loading' } | { state: 'ready'; slots: SlotDto[] } | { state: 'failed' };

/**
 * The delivery slots of each store in the order (issue 31): its next 7 days' slots with
 * the places left, one to pick per store that delivers in slots. A store without slots
 * shows nothing. `onSlotted` hears which stores deliver in slots once they are read.
 */
export function SlotPicker({
  stores,
  picked,
  onPick,
  onSlotted,
  reload,
}: {
  stores: readonly { id: number; name: string }[];
  picked: Readonly<Record<number, number>>;
  /** A slot picked, with its words (`slotLabel`). */
  onPick: (storeId: number, slotId: number, label: string) => void;
  onSlotted: (storeIds: number[]) => void;
  /** Changed to read the slots again (after a refused order). */
  reload: number;
}) {
  const [loaded, setLoaded] = useState<Record<number, Loaded>>({});
  const key = stores.map((s) => s.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `stores`; `reload` asks for a fresh read.
  useEffect(() => {
    let live = true;
    setLoaded(Object.fromEntries(stores.map((s) => [s.id, { state: 'loading' }])));
    void Promise.all(
      stores.map(async (s): Promise<[number, Loaded]> => {
        try {
          return [s.id, { state: 'ready', slots: await slotsApi.open(s.id) }];
        } catch {
          return [s.id, { state: 'failed' }];
        }
      }),
    ).then((entries) => {
      if (!live) return;
      setLoaded(Object.fromEntries(entries));
      onSlotted(entries.filter(([, l]) => l.state === 'ready' && l.slots.length > 0).map(([id]) => id));
    });
    return () => {
      live = false;
    };
  }, [key, reload]);

  return (
    <>
      {stores.map((store) => {
        const l = loaded[store.id];
        if (l === undefined || l.state === 'loading') return null;
        if (l.state === 'failed') {
          return (
            <p key={store.id} className="mb-4 text-sm text-slate-700">
              The delivery slots of {store.name} could not be read; the shop will tell you if one is needed.
            </p>
          );
        }
        if (l.slots.length === 0) return null;
        return (
          <fieldset key={store.id} className="mb-4">
            <legend className="mb-2 text-lg font-bold text-slate-900">Delivery slot from {store.name}</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {l.slots.map((slot) => {
                const id = `slot-${store.id}-${slot.SlotID}`;
                const full = slot.Left === 0;
                return (
                  <li key={slot.SlotID}>
                    <label
                      htmlFor={id}
                      className={`flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 ring-1 ${full ? 'text-slate-600 ring-slate-200' : 'text-slate-900 ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-700'}`}
                    >
                      <input
                        id={id}
                        type="radio"
                        name={`slot-${store.id}`}
                        className="size-5 accent-brand-800"
                        disabled={full}
                        checked={picked[store.id] === slot.SlotID}
                        onChange={() => onPick(store.id, slot.SlotID, slotLabel(slot.Start, slot.End))}
                      />
                      <span>
                        {slotLabel(slot.Start, slot.End)}
                        <span className="block text-sm text-slate-700">
                          {full ? 'Full' : `${slot.Left} of ${slot.Capacity} left`}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </>
  );
}
