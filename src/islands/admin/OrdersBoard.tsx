import { useState } from 'react';
import { formatRs, rupeesToPaise } from '../../lib/domain/money.ts';
import { ORDER_MOVES, ORDER_STATUS_NAMES, type OrderDto, type OrderStatusName } from '../../lib/domain/orders.ts';
import { plural } from '../../lib/domain/words.ts';
import { DataTable, type TableHandle } from './DataTable.tsx';
import { ConfirmDialog } from './Dialog.tsx';
import { buttonStyles, useRowAction } from './Fields.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

const STATUS_LOOK: Record<OrderStatusName, string> = {
  Placed: 'bg-sky-100 text-sky-900',
  Packed: 'bg-amber-100 text-amber-950',
  Delivered: 'bg-brand-100 text-brand-900',
  Cancelled: 'bg-slate-200 text-slate-800',
};

/** The button that moves an order to `status`. */
const MOVE_LABEL: Record<OrderStatusName, string> = {
  Placed: 'Mark placed',
  Packed: 'Mark packed',
  Delivered: 'Mark delivered',
  Cancelled: 'Cancel order',
};

const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));

function MoveButton({ order, to, table }: { order: OrderDto; to: OrderStatusName; table: TableHandle }) {
  const { busy, run, toast } = useRowAction();
  return (
    <button
      type="button"
      className={buttonStyles.row}
      disabled={busy}
      onClick={() =>
        run(
          async () => {
            const moved = await staff.orders.move(order.OrderID, to);
            toast.success(`Order #${moved.OrderID} is ${moved.Status} now.`);
            table.reload();
          },
          () => table.reload(),
        )
      }
    >
      {MOVE_LABEL[to]}
      <span className="sr-only"> #{order.OrderID}</span>
    </button>
  );
}

/**
 * `/app/edu-shopy/orders`: every customer's orders by status, moved along the
 * allowed steps (Placed → Packed → Delivered; Placed or Packed → Cancelled,
 * which puts the stock back).
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

function OrdersBody() {
  const [status, setStatus] = useState<OrderStatusName | null>('Placed');
  const [area, setArea] = useState({ city: '', postalCode: '' });
  const [areaDraft, setAreaDraft] = useState({ city: '', postalCode: '' });
  const pinInvalid = areaDraft.postalCode.trim() !== '' && !/^[0-9]{1,6}$/.test(areaDraft.postalCode.trim());
  const [cancelling, setCancelling] = useState<{ order: OrderDto; table: TableHandle } | null>(null);
  const toast = useToast();

  return (
    <>
      <fieldset className="mb-4">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Show orders</legend>
        <div className="inline-flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
          {[null, ...ORDER_STATUS_NAMES].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={status === s}
              onClick={() => setStatus(s)}
              className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${status === s ? 'bg-brand-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {s ?? 'All'}
            </button>
          ))}
        </div>
      </fieldset>
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
      <DataTable<OrderDto>
        caption={status === null ? 'All orders' : `${status} orders`}
        noun="orders"
        filterLabel="Filter by customer, status, item, address or phone"
        reloadKey={`${status ?? ''}|${area.city}|${area.postalCode}`}
        load={(q) =>
          staff.orders.list(
            {
              ...q,
              ...(area.city === '' ? {} : { city: area.city }),
              ...(area.postalCode === '' ? {} : { postalCode: area.postalCode }),
            },
            status ?? undefined,
          )
        }
        rowKey={(r) => r.OrderID}
        rowName={(r) => `order #${r.OrderID}`}
        columns={[
          {
            label: 'Order',
            sort: 'OrderID',
            rowHeader: true,
            cell: (r) => `#${r.OrderID}`,
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
            cell: (r) => {
              const a = r.DeliveryAddress;
              return (
                <address className="max-w-56 text-xs not-italic text-slate-800">
                  <span className="block font-semibold">{a.FullName}</span>
                  {a.Phone !== '' && (
                    <a href={`tel:${a.Phone.replace(/[ -]/g, '')}`} className="block text-brand-800 underline">
                      {a.Phone}
                    </a>
                  )}
                  <span className="block">{[a.AddressLine1, a.AddressLine2].filter((x) => x !== '').join(', ')}</span>
                  <span className="block">
                    {[a.City, a.State].filter((x) => x !== '').join(', ')} {a.PostalCode}
                  </span>
                  {a.Note !== '' && <span className="block italic text-slate-600">Note: {a.Note}</span>}
                </address>
              );
            },
          },
          {
            label: 'Status',
            sort: 'Status',
            cell: (r) => (
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_LOOK[r.Status]}`}>
                {r.Status}
              </span>
            ),
          },
          {
            label: 'Items',
            cell: (r) => (
              <details className="max-w-xs">
                <summary className="cursor-pointer font-semibold text-brand-800">
                  {plural(
                    r.OrderItems.reduce((n, l) => n + l.Qty, 0),
                    'unit',
                  )}
                  , {plural(r.OrderItems.length, 'line')}
                </summary>
                <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
                  {r.OrderItems.map((l) => (
                    <li key={`${l.ItemID}/${l.StoreID}`}>
                      {l.Qty} × {l.ItemTitle}
                      {l.Size === '' ? '' : ` (${l.Size})`} at {rs(l.SellingPrice)} = {rs(l.LineTotal)}
                    </li>
                  ))}
                </ul>
              </details>
            ),
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
        actions={(r, table) =>
          ORDER_MOVES[r.Status].length === 0 ? (
            <span className="px-2 py-1.5 text-sm text-slate-600">Final</span>
          ) : (
            ORDER_MOVES[r.Status].map((to) =>
              to === 'Cancelled' ? (
                <button
                  key={to}
                  type="button"
                  className={buttonStyles.rowDanger}
                  onClick={() => setCancelling({ order: r, table })}
                >
                  {MOVE_LABEL[to]}
                  <span className="sr-only"> #{r.OrderID}</span>
                </button>
              ) : (
                <MoveButton key={to} order={r} to={to} table={table} />
              ),
            )
          )
        }
        empty={<p>{status === null ? 'No orders yet.' : `No ${status.toLowerCase()} orders.`}</p>}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling === null ? '' : `Cancel order #${cancelling.order.OrderID}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          if (cancelling === null) return;
          const moved = await staff.orders.move(cancelling.order.OrderID, 'Cancelled');
          cancelling.table.reload();
          setCancelling(null);
          toast.success(`Order #${moved.OrderID} was cancelled; its items are back in stock.`);
        }}
      >
        <p>A cancelled order is final: every line's quantity goes back in stock and the order cannot move again.</p>
      </ConfirmDialog>
    </>
  );
}
