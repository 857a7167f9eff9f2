import { useEffect, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { PickListDto } from '../../lib/api/wire.ts';
import { slotLabel } from '../../lib/domain/slots.ts';
import { plural } from '../../lib/domain/words.ts';
import { buttonStyles } from './button-styles.ts';
import { queryId } from './Lookups.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

const BOARD = '/app/edu-shopy/orders';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; list: PickListDto };

/**
 * `/app/edu-shopy/picklist?store=1&slot=5` (issue 31): what a packer picks for one store's
 * delivery slot (no `slot`: its open orders without one), every item summed across the
 * orders, section by section in shelf order, with its code, quantity and the orders it goes
 * to, and a box to tick. "Print pick list" prints it alone on A4 (`[data-pick-list]`).
 */
export function PickList() {
  const [where, setWhere] = useState<{ store: number | null; slot: number | null } | undefined>(undefined);
  useEffect(() => setWhere({ store: queryId('store'), slot: queryId('slot') }), []);
  return (
    <StaffPage title="Pick list" description="Every item of the slot's open orders, summed, in shelf order.">
      <p className="mb-4 print:hidden">
        <a href={BOARD} className="font-semibold text-brand-800 underline">
          ← Orders board
        </a>
      </p>
      {where === undefined ? (
        <p className="text-slate-700">Loading the pick list…</p>
      ) : where.store === null ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          No store is named in the address: open a pick list from a group of the orders board.
        </p>
      ) : (
        <PickListBody storeId={where.store} slotId={where.slot} />
      )}
    </StaffPage>
  );
}

function PickListBody({ storeId, slotId }: { storeId: number; slotId: number | null }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    staff.orders.pickList(storeId, slotId).then(
      (list) => live && setLoaded({ kind: 'ready', list }),
      (err: unknown) => live && setLoaded({ kind: 'failed', message: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [storeId, slotId]);
  if (loaded.kind === 'loading') return <p className="text-slate-700">Loading the pick list…</p>;
  if (loaded.kind === 'failed') {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {loaded.message}
      </p>
    );
  }
  const list = loaded.list;
  const slot = list.Start === null || list.End === null ? 'No delivery slot' : slotLabel(list.Start, list.End);
  const sections: { title: string; lines: PickListDto['Lines'] }[] = [];
  for (const line of list.Lines) {
    const title = line.SectionID === null ? 'Not in a section' : line.SectionTitle;
    const last = sections.at(-1);
    if (last?.title === title) last.lines.push(line);
    else sections.push({ title, lines: [line] });
  }
  return (
    <article data-pick-list className="text-slate-900 print:text-[10pt] print:text-black">
      <header className="mb-3 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <h2 className="text-xl font-bold print:text-[14pt]">
            {list.StoreTitle} · {slot}
          </h2>
          <p className="text-slate-700 print:text-black">
            {plural(list.OrderIDs.length, 'order')}, {plural(list.Units, 'unit')}
            {list.OrderIDs.length > 0 && `: ${list.OrderIDs.map((id) => `#${id}`).join(', ')}`}
          </p>
        </div>
        {list.Lines.length > 0 && (
          <a
            href={`/app/edu-shopy/pack?store=${list.StoreID}${list.SlotID === null ? '' : `&slot=${list.SlotID}`}`}
            className={`${buttonStyles.secondary} min-h-12 md:min-h-0 print:hidden`}
          >
            Pack these orders
          </a>
        )}
        {list.Lines.length > 0 && (
          <button
            type="button"
            className={`${buttonStyles.primary} min-h-12 md:min-h-0 print:hidden`}
            onClick={() => window.print()}
          >
            Print pick list
          </button>
        )}
      </header>
      {list.Lines.length === 0 ? (
        <p className="rounded-xl bg-white px-4 py-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
          Nothing to pick: this slot has no open orders at {list.StoreTitle}.
        </p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm shadow-sm ring-1 ring-slate-200 print:text-[10pt] print:shadow-none print:ring-0">
          <caption className="sr-only">
            Items to pick for {list.StoreTitle}, {slot}
          </caption>
          <thead>
            <tr className="border-b-2 border-slate-800 text-left">
              <th scope="col" className="w-8 px-2 py-1.5">
                <span className="sr-only">Picked</span>
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Qty
              </th>
              <th scope="col" className="px-2 py-1.5">
                Item
              </th>
              <th scope="col" className="px-2 py-1.5">
                Code
              </th>
              <th scope="col" className="px-2 py-1.5">
                Orders
              </th>
            </tr>
          </thead>
          {sections.map((s) => (
            <tbody key={s.title} className="break-inside-avoid-page">
              <tr className="bg-slate-100 print:bg-white">
                <th
                  scope="colgroup"
                  colSpan={5}
                  className="px-2 pb-1 pt-3 text-left font-semibold uppercase tracking-wide"
                >
                  {s.title}
                </th>
              </tr>
              {s.lines.map((l) => (
                <tr key={l.ItemID} className="break-inside-avoid border-b border-slate-200 align-top">
                  <td className="px-2 py-1.5">
                    <span aria-hidden="true" className="inline-block size-4 border-2 border-slate-700" />
                  </td>
                  <td className="px-2 py-1.5 text-right text-base font-bold tabular-nums print:text-[12pt]">{l.Qty}</td>
                  <td className="px-2 py-1.5">
                    {l.ItemTitle}
                    {l.Size !== '' && <span className="text-slate-600 print:text-black"> ({l.Size})</span>}
                  </td>
                  <td className="px-2 py-1.5 font-mono text-xs print:text-[9pt]">{l.ProductCode ?? '—'}</td>
                  <td className="px-2 py-1.5 text-xs print:text-[9pt]">
                    {l.Orders.map((o) => `#${o.OrderID} × ${o.Qty}`).join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
    </article>
  );
}
