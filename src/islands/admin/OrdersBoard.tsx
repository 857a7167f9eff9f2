import { type ReactNode, useEffect, useId, useState } from 'react';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import { ORDER_STATUS_NAMES, type OrderDto, type OrderStatusName } from '../../lib/domain/orders.ts';
import { BoardGroups } from './board-groups.tsx';
import { buttonStyles } from './button-styles.ts';
import { DataTable } from './DataTable.tsx';
import { StoreFilter } from './filters.tsx';
import { byId, LoadError, queryId, readAllStores, useLookup } from './Lookups.tsx';
import { useOrderActions } from './order-actions.tsx';
import {
  DAY_CHOICES,
  type DayChoice,
  DeliveryAddress,
  GroupNote,
  ORDER_PAGE,
  OrderLines,
  placedFrom,
  rs,
  STATUS_LOOK,
  StatusPicker,
} from './order-parts.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

/**
 * `/app/edu-shopy/orders`: every customer's orders by status, moved along the
 * allowed steps (Placed → Confirmed → Packing → Out for delivery → Delivered; Cancelled
 * from any but Delivered, which puts the stock and the slot place back).
 */
export function OrdersBoard() {
  return (
    <StaffPage
      title="Orders"
      description="Customers' orders by status. Move each one along as it is packed and delivered."
    >
      <OrdersBody />
    </StaffPage>
  );
}

/** The status `?status=` names: one of the statuses, `null` for `All`, `undefined` when none is named. */
function statusInAddress(): OrderStatusName | null | undefined {
  if (typeof location === 'undefined') return undefined;
  const named = new URLSearchParams(location.search).get('status');
  if (named === 'All') return null;
  return ORDER_STATUS_NAMES.find((s) => s === named);
}

/** How the board shows its orders: grouped by store and slot, or as one table. */
type BoardView = 'groups' | 'list';

function viewInAddress(): BoardView {
  return typeof location !== 'undefined' && new URLSearchParams(location.search).get('view') === 'list'
    ? 'list'
    : 'groups';
}

function OrdersBody() {
  // The staff home links here with `?status=` (`All` for every status) and `?store=`.
  const [status, setStatus] = useState<OrderStatusName | null>(() => {
    const named = statusInAddress();
    return named === undefined ? 'Placed' : named;
  });
  const [storeId, setStoreId] = useState<number | null>(() => queryId('store'));
  const [day, setDay] = useState<DayChoice>('today');
  const [view, setView] = useState<BoardView>(viewInAddress);
  const dayId = useId();
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const [area, setArea] = useState({ city: '', postalCode: '' });
  const [areaDraft, setAreaDraft] = useState({ city: '', postalCode: '' });
  const pinInvalid = areaDraft.postalCode.trim() !== '' && !/^[0-9]{1,6}$/.test(areaDraft.postalCode.trim());
  // The scope the counts and the list share: store, day and delivery area.
  const from = placedFrom(day);
  const scope: Record<string, string | number> = {
    ...(storeId === null ? {} : { store: storeId }),
    ...(from === undefined ? {} : { from }),
    ...(area.city === '' ? {} : { city: area.city }),
    ...(area.postalCode === '' ? {} : { postalCode: area.postalCode }),
  };
  const scopeKey = JSON.stringify(scope);
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [moves, setMoves] = useState(0);
  const actions = useOrderActions(() => setMoves((n) => n + 1));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `scopeKey` says the scope; `moves` asks again after a move.
  useEffect(() => {
    let live = true;
    staff.orders.counts(JSON.parse(scopeKey) as Record<string, string | number>).then(
      (c) => live && setCounts(c),
      () => live && setCounts(null),
    );
    return () => {
      live = false;
    };
  }, [scopeKey, moves]);

  const empty: ReactNode = (
    <p>
      {status === null ? 'No orders' : `No ${status.toLowerCase()} orders`}
      {day === 'today' ? ' placed today' : day === 'week' ? ' in the last 7 days' : ''}
      {storeId === null ? '' : ` for ${storeById.get(storeId)?.StoreTitle ?? `store #${storeId}`}`}.
    </p>
  );

  return (
    <>
      <LoadError what="The stores" error={stores.error} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <ViewPicker
          value={view}
          onChange={(v) => {
            setView(v);
            const url = new URL(location.href);
            if (v === 'list') url.searchParams.set('view', 'list');
            else url.searchParams.delete('view');
            history.replaceState(null, '', url);
          }}
        />
        <StatusPicker statuses={[null, ...ORDER_STATUS_NAMES]} value={status} onChange={setStatus} counts={counts} />
        <StoreFilter stores={stores.rows} value={storeId} onChange={setStoreId} />
        <div className="basis-40">
          <label htmlFor={dayId} className="mb-1 block text-sm font-semibold text-slate-800">
            Day placed
          </label>
          <select
            id={dayId}
            value={day}
            onChange={(e) => setDay(e.target.value as DayChoice)}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
          >
            {DAY_CHOICES.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        aria-label="Delivery area"
        onSubmit={(e) => {
          e.preventDefault();
          if (pinInvalid) return;
          setArea({ city: areaDraft.city.trim(), postalCode: areaDraft.postalCode.trim() });
        }}
      >
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          Delivery city
          <input
            type="text"
            value={areaDraft.city}
            onChange={(e) => setAreaDraft((a) => ({ ...a, city: e.target.value }))}
            className="mt-1 rounded-lg border border-slate-400 px-3 py-1.5 font-normal"
          />
        </label>
        <label className="flex flex-col text-sm font-semibold text-slate-800">
          PIN code starts with
          <input
            type="text"
            inputMode="numeric"
            value={areaDraft.postalCode}
            aria-invalid={pinInvalid ? true : undefined}
            aria-describedby={pinInvalid ? 'orders-pin-error' : undefined}
            onChange={(e) => setAreaDraft((a) => ({ ...a, postalCode: e.target.value }))}
            className="mt-1 w-32 rounded-lg border border-slate-400 px-3 py-1.5 font-normal"
          />
        </label>
        <button type="submit" className={buttonStyles.row}>
          Show this area
        </button>
        {(area.city !== '' || area.postalCode !== '') && (
          <button
            type="button"
            className={buttonStyles.row}
            onClick={() => {
              setArea({ city: '', postalCode: '' });
              setAreaDraft({ city: '', postalCode: '' });
            }}
          >
            Every area
          </button>
        )}
        {pinInvalid && (
          <p id="orders-pin-error" className="w-full text-sm text-red-700">
            A PIN code is digits only: type its first 1 to 6 digits.
          </p>
        )}
      </form>
      {view === 'groups' ? (
        <BoardGroups
          status={status}
          scope={scope}
          reloadKey={`${status ?? ''}|${scopeKey}|${moves}`}
          stores={storeById}
          storeId={storeId}
          buttons={actions.buttons}
          onChanged={() => setMoves((n) => n + 1)}
          empty={empty}
        />
      ) : (
        <DataTable<OrderDto>
          caption={status === null ? 'All orders' : `${status} orders`}
          noun="orders"
          filterLabel="Filter by customer, status, item, address or phone"
          reloadKey={`${status ?? ''}|${scopeKey}|${moves}`}
          load={(q) => staff.orders.list({ ...q, ...scope }, status ?? undefined)}
          rowKey={(r) => r.OrderID}
          rowName={(r) => `order #${r.OrderID}`}
          columns={[
            {
              label: 'Order',
              sort: 'OrderID',
              rowHeader: true,
              cell: (r) => (
                <>
                  <a href={`${ORDER_PAGE}?id=${r.OrderID}`} className="font-semibold text-brand-800 underline">
                    #{r.OrderID}
                    <span className="sr-only"> details and packing slip</span>
                  </a>
                  <GroupNote order={r} className="block font-normal" />
                </>
              ),
              className: 'w-20 tabular-nums',
            },
            {
              label: 'Customer',
              sort: 'CustomerName',
              cell: (r) => (
                <>
                  {r.CustomerName === '' ? <span className="italic text-slate-600">No name</span> : r.CustomerName}
                  <span className="block text-xs text-slate-600">Account #{r.CustomerID}</span>
                </>
              ),
            },
            {
              label: 'Deliver to',
              cell: (r) => <DeliveryAddress address={r.DeliveryAddress} className="max-w-56 text-xs" />,
            },
            {
              label: 'Status',
              sort: 'Status',
              cell: (r) => (
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_LOOK[r.Status]}`}>
                  {orderStatusWords(r.Status)}
                </span>
              ),
            },
            {
              label: 'Items',
              cell: (r) => <OrderLines order={r} stores={storeById} />,
              className: 'hidden md:table-cell',
            },
            {
              label: 'Total',
              sort: 'OrderTotal',
              cell: (r) => rs(r.OrderTotal),
              className: 'whitespace-nowrap tabular-nums',
            },
            {
              label: 'Placed',
              sort: 'CreatedTime',
              cell: (r) => formatWhen(r.CreatedTime),
              className: 'hidden lg:table-cell whitespace-nowrap text-slate-600',
            },
            {
              label: 'Changed',
              sort: 'UpdatedTime',
              cell: (r) => formatWhen(r.UpdatedTime),
              className: 'hidden xl:table-cell whitespace-nowrap text-slate-600',
            },
          ]}
          actions={actions.buttons}
          empty={empty}
        />
      )}
      {actions.overlays}
    </>
  );
}

function ViewPicker({ value, onChange }: { value: BoardView; onChange: (view: BoardView) => void }) {
  const views: { view: BoardView; label: string }[] = [
    { view: 'groups', label: 'By store and slot' },
    { view: 'list', label: 'As a list' },
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-slate-800">Show</legend>
      <div className="flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
        {views.map((v) => (
          <button
            key={v.view}
            type="button"
            aria-pressed={value === v.view}
            onClick={() => onChange(v.view)}
            className={`min-h-12 rounded-lg px-3 py-1.5 text-sm font-semibold md:min-h-0 ${value === v.view ? 'bg-brand-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {v.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
