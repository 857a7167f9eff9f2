import { type ReactNode, useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import { type BoardGroup, boardGroups } from '../../lib/domain/order-board.ts';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import type { OrderDto, OrderStatusName } from '../../lib/domain/orders.ts';
import { slotLabel } from '../../lib/domain/slots.ts';
import { plural } from '../../lib/domain/words.ts';
import { BulkBar } from './bulk-bar.tsx';
import { GroupNote, ORDER_PAGE, rs, STATUS_LOOK } from './order-parts.tsx';
import { staff } from './staff-client.ts';

/** The packer's pick list of one store and slot (`?store=&slot=`; no slot: the orders without one). */
export const PICK_LIST_PAGE = '/app/edu-shopy/picklist';

/** The packing screen of one store and slot, with the same query (issue 33). */
export const PACK_PAGE = '/app/edu-shopy/pack';

/** The most orders the grouped board reads at once (the list's largest page): the newest, when there are more. */
const BOARD_LIMIT = 1000;

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; rows: OrderDto[]; total: number };

/** `Today, Sat 28 Nov, 09:00–11:00`, `No delivery slot`, or a past slot's label with `(past)`. */
export function groupSlotLabel(group: Pick<BoardGroup, 'slot' | 'when'>): string {
  if (group.slot === null) return 'No delivery slot';
  const label = slotLabel(group.slot.Start, group.slot.End);
  return group.when === 'today' ? `Today, ${label}` : group.when === 'past' ? `${label} (past)` : label;
}

/** The pick list's address for a group. */
export function pickListHref(storeId: number, slotId: number | null): string {
  return `${PICK_LIST_PAGE}?store=${storeId}${slotId === null ? '' : `&slot=${slotId}`}`;
}

/**
 * The orders board by store and delivery slot (issue 31): one section a group (store, slot,
 * how many orders, its pick list) with a box to select all its orders and one a order, the
 * moves each order allows, and the bulk bar moving the selected orders on together.
 */
export function BoardGroups({
  status,
  scope,
  reloadKey,
  stores,
  storeId,
  buttons,
  onChanged,
  empty,
}: {
  status: OrderStatusName | null;
  scope: Record<string, string | number>;
  reloadKey: string;
  stores: Map<number, StoreDto>;
  /** The store filter: only this store's groups. */
  storeId: number | null;
  buttons: (order: OrderDto) => ReactNode;
  onChanged: () => void;
  empty: ReactNode;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [selected, setSelected] = useState<ReadonlyMap<number, OrderStatusName>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloadKey` says the status, scope and moves.
  useEffect(() => {
    let live = true;
    staff.orders.list({ ...scope, page: 0, limit: BOARD_LIMIT, sort: '-OrderID' }, status ?? undefined).then(
      (page) => {
        if (!live) return;
        setLoaded({ kind: 'ready', rows: page.rows, total: page.total });
        // A selection keeps only the orders still shown, with their statuses now.
        const now = new Map(page.rows.map((o) => [o.OrderID, o.Status]));
        setSelected(
          (s) => new Map([...s].flatMap(([id]) => (now.has(id) ? [[id, now.get(id) as OrderStatusName]] : []))),
        );
      },
      (err: unknown) => live && setLoaded({ kind: 'failed', message: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [reloadKey]);

  if (loaded.kind === 'loading') return <p className="text-slate-700">Loading the orders…</p>;
  if (loaded.kind === 'failed') {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {loaded.message}
      </p>
    );
  }
  const title = (id: number) => stores.get(id)?.StoreTitle ?? `Store #${id}`;
  const groups = boardGroups(loaded.rows, Date.now(), title).filter((g) => storeId === null || g.storeId === storeId);
  const toggle = (orders: readonly OrderDto[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const o of orders) {
        if (on) next.set(o.OrderID, o.Status);
        else next.delete(o.OrderID);
      }
      return next;
    });
  return (
    <>
      {loaded.total > loaded.rows.length && (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-950">
          Showing the newest {loaded.rows.length.toLocaleString('en-IN')} of {loaded.total.toLocaleString('en-IN')}{' '}
          orders: narrow them by store, day or area.
        </p>
      )}
      {groups.length === 0 ? (
        <div className="rounded-xl bg-white px-4 py-6 text-slate-700 shadow-sm ring-1 ring-slate-200">{empty}</div>
      ) : (
        <div className="space-y-5">
          {groups.map((g) => (
            <Group
              key={g.key}
              group={g}
              storeTitle={title(g.storeId)}
              selected={selected}
              toggle={toggle}
              buttons={buttons}
            />
          ))}
        </div>
      )}
      <BulkBar selected={selected} onClear={() => setSelected(new Map())} onMoved={onChanged} />
    </>
  );
}

function Group({
  group: g,
  storeTitle,
  selected,
  toggle,
  buttons,
}: {
  group: BoardGroup<OrderDto>;
  storeTitle: string;
  selected: ReadonlyMap<number, OrderStatusName>;
  toggle: (orders: readonly OrderDto[], on: boolean) => void;
  buttons: (order: OrderDto) => ReactNode;
}) {
  const all = useRef<HTMLInputElement>(null);
  const picked = g.orders.filter((o) => selected.has(o.OrderID)).length;
  useEffect(() => {
    if (all.current !== null) all.current.indeterminate = picked > 0 && picked < g.orders.length;
  }, [picked, g.orders.length]);
  const label = groupSlotLabel(g);
  const headingId = `group-${g.key.replace(':', '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      data-board-group={g.key}
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="flex-1 basis-full text-base font-semibold text-slate-900 sm:basis-auto">
          {storeTitle} <span className="font-normal text-slate-700">· {label}</span>{' '}
          <span className="whitespace-nowrap text-sm font-normal text-slate-600">
            · {plural(g.orders.length, 'order')}
          </span>
        </h2>
        <label className="flex min-h-12 items-center gap-2 text-sm font-semibold text-slate-800 md:min-h-0">
          <input
            ref={all}
            type="checkbox"
            className="size-5"
            checked={picked === g.orders.length}
            onChange={(e) => toggle(g.orders, e.target.checked)}
          />
          Select all
          <span className="sr-only">
            {' '}
            of {storeTitle}, {label}
          </span>
        </label>
        <a
          href={pickListHref(g.storeId, g.slot?.SlotID ?? null)}
          className="inline-flex min-h-12 items-center text-sm font-semibold text-brand-800 underline md:min-h-0"
        >
          Pick list
          <span className="sr-only">
            {' '}
            of {storeTitle}, {label}
          </span>
        </a>
        <a
          href={pickListHref(g.storeId, g.slot?.SlotID ?? null).replace(PICK_LIST_PAGE, PACK_PAGE)}
          className="inline-flex min-h-12 items-center text-sm font-semibold text-brand-800 underline md:min-h-0"
        >
          Pack
          <span className="sr-only">
            {' '}
            the orders of {storeTitle}, {label}
          </span>
        </a>
      </header>
      <ul className="divide-y divide-slate-200">
        {g.orders.map((o) => (
          <li key={o.OrderID} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2">
            <input
              type="checkbox"
              className="size-5"
              aria-label={`Select order #${o.OrderID}`}
              checked={selected.has(o.OrderID)}
              onChange={(e) => toggle([o], e.target.checked)}
            />
            <a href={`${ORDER_PAGE}?id=${o.OrderID}`} className="font-semibold tabular-nums text-brand-800 underline">
              #{o.OrderID}
              <span className="sr-only"> details and packing slip</span>
            </a>
            <span className="min-w-0 flex-1 truncate text-slate-800">
              {o.DeliveryAddress.FullName || o.CustomerName || 'No name'}
              <span className="block text-xs text-slate-600">
                {plural(
                  o.OrderItems.filter((l) => l.StoreID === g.storeId).reduce((n, l) => n + l.Qty, 0),
                  'unit',
                )}{' '}
                here · {rs(o.OrderTotal)}
              </span>
              <GroupNote order={o} className="block" />
            </span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_LOOK[o.Status]}`}>
              {orderStatusWords(o.Status)}
            </span>
            <span className="flex flex-wrap gap-1">{buttons(o)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
