import { useEffect, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { ItemPackDto } from '../../lib/api/wire.ts';
import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { formatQty } from '../../lib/domain/measure.ts';
import { MAX_PACK_SIZE } from '../../lib/domain/packs.ts';
import { buttonStyles } from './button-styles.ts';
import { staff } from './staff-client.ts';

/**
 * An item's place in a bulk stock, in its editor (issue 33; `/api/Item/Pack/{ItemID}`): an
 * item sold by weight or volume lists the packs drawing from its stock; an item sold by the
 * piece may be made a pack of N g or ml of one of its store's bulk items, or taken off it.
 */
export function PackSetup({ item }: { item: ItemDto }) {
  const id = useId();
  const [pack, setPack] = useState<ItemPackDto | null>(null);
  const [bulks, setBulks] = useState<ItemDto[]>([]);
  const [bulkId, setBulkId] = useState('');
  const [size, setSize] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const byUnit = item.SoldBy === 'ByUnit';

  useEffect(() => {
    let live = true;
    staff.items.pack(item.ItemID).then(
      (p) => {
        if (!live) return;
        setPack(p);
        setBulkId(p.BulkItemID === null ? '' : String(p.BulkItemID));
        setSize(p.PackSize === null ? '' : String(p.PackSize));
      },
      (err: unknown) => live && setError(friendlyMessage(err)),
    );
    if (byUnit) {
      staff.items.list({ storeId: item.StoreID, limit: 1000, sort: 'ItemTitle' }).then(
        (page) => live && setBulks(page.rows.filter((r) => r.SoldBy !== 'ByUnit' && r.ItemID !== item.ItemID)),
        (err: unknown) => live && setError(friendlyMessage(err)),
      );
    }
    return () => {
      live = false;
    };
  }, [item.ItemID, item.StoreID, byUnit]);

  const bulk = bulks.find((b) => String(b.ItemID) === bulkId);
  const run = (call: Promise<ItemPackDto>, done: string) => {
    setError('');
    setSaved('');
    call.then(
      (p) => {
        setPack(p);
        setSaved(done);
      },
      (err: unknown) => setError(friendlyMessage(err)),
    );
  };

  if (pack === null && error === '') return null;
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-xl border border-slate-300 p-3">
      <h3 id={`${id}-h`} className="text-sm font-semibold text-slate-800">
        {byUnit ? 'Packs from a bulk stock' : 'Packs drawn from this stock'}
      </h3>
      {error !== '' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {saved !== '' && (
        <p role="status" className="mt-2 text-sm text-brand-800">
          {saved}
        </p>
      )}
      {!byUnit &&
        pack !== null &&
        (pack.Packs.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            No packs draw from it. Make a pack on the pack item's page (an item sold by the piece).
          </p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {pack.Packs.map((p) => (
              <li key={p.ItemID} className="flex justify-between gap-2">
                <span>
                  {p.ItemTitle}{' '}
                  <span className="text-slate-600">({formatQty(p.PackSize, item.SoldBy ?? 'ByWeight')})</span>
                </span>
                <span className="tabular-nums">{p.Availability} in stock</span>
              </li>
            ))}
          </ul>
        ))}
      {byUnit && pack !== null && (
        <div className="mt-2 grid gap-2">
          <p className="text-xs text-slate-700">
            A pack has no stock of its own: each pack sold takes its size from the bulk item's stock, and its
            Availability is what that stock holds ({pack.Availability} now).
          </p>
          <label className="grid gap-1 text-sm font-semibold text-slate-800" htmlFor={`${id}-bulk`}>
            Bulk item
            <select
              id={`${id}-bulk`}
              className="min-h-12 rounded-lg border border-slate-300 px-2 font-normal"
              value={bulkId}
              onChange={(e) => setBulkId(e.target.value)}
            >
              <option value="">Not a pack</option>
              {bulks.map((b) => (
                <option key={b.ItemID} value={String(b.ItemID)}>
                  {b.ItemTitle} ({formatQty(b.Availability, b.SoldBy ?? 'ByWeight')} in stock)
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-semibold text-slate-800" htmlFor={`${id}-size`}>
            Pack size ({bulk?.SoldBy === 'ByVolume' ? 'ml' : 'g'})
            <input
              id={`${id}-size`}
              className="min-h-12 rounded-lg border border-slate-300 px-2 font-normal"
              inputMode="numeric"
              value={size}
              onChange={(e) => setSize(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={`${buttonStyles.primary} min-h-12`}
              disabled={bulkId === ''}
              onClick={() => {
                const n = Number(size);
                if (!Number.isInteger(n) || n < 1 || n > MAX_PACK_SIZE) {
                  setError(`Pack size must be a whole number from 1 to ${MAX_PACK_SIZE}.`);
                  return;
                }
                run(staff.items.setPack(item.ItemID, { BulkItemID: Number(bulkId), PackSize: n }), 'Pack saved.');
              }}
            >
              Save pack
            </button>
            {pack.BulkItemID !== null && (
              <button
                type="button"
                className={`${buttonStyles.secondary} min-h-12`}
                onClick={() => run(staff.items.removePack(item.ItemID), 'No longer a pack.')}
              >
                Stop drawing from the bulk
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
