import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import type { OrderDto, OrderMoveDto } from '../../lib/domain/orders.ts';
import { billedTotal } from '../../lib/domain/packing-words.ts';
import { plural } from '../../lib/domain/words.ts';
import { InvoiceButton } from '../InvoiceButton.tsx';
import { LinePacking } from '../LinePacking.tsx';
import { OrderRefunds } from '../OrderRefunds.tsx';
import { buttonStyles } from './button-styles.ts';
import { byId, LoadError, queryId, readAllStores, useLookup } from './Lookups.tsx';
import { useOrderActions } from './order-actions.tsx';
import { DeliveryAddress, GroupNote, linesByStore, rs, STATUS_LOOK } from './order-parts.tsx';
import { PackingSlips } from './PackingSlips.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

const BOARD = '/app/edu-shopy/orders';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing'; message: string }
  | { kind: 'ready'; order: OrderDto; history: OrderMoveDto[] };

/**
 * `/app/edu-shopy/order?id=23`: one order for staff (issue 35): its number, when it was
 * placed, the customer and where it goes, its status with every move, its lines by the store
 * that packs them, the moves its status allows (with Undo), and "Print packing slip", which
 * prints one slip a store (`PackingSlips`) in place of the page.
 */
export function OrderDetail() {
  // The id is in the address, read once the page runs (the island is also rendered at build time).
  const [id, setId] = useState<number | null | undefined>(undefined);
  useEffect(() => setId(queryId('id')), []);
  return (
    <StaffPage
      title={typeof id === 'number' ? `Order #${id}` : 'Order'}
      description="What it holds, where it goes and how it moved; print a packing slip for each store."
    >
      <p className="mb-4 print:hidden">
        <a href={BOARD} className="font-semibold text-brand-800 underline">
          ← All orders
        </a>
      </p>
      {id === null ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          No order is named in the address: open one from the orders board.
        </p>
      ) : id === undefined ? (
        <p className="text-slate-700">Loading the order…</p>
      ) : (
        <OrderBody id={id} />
      )}
    </StaffPage>
  );
}

/** The order itself, inside the staff page (whose toasts its moves raise). */
function OrderBody({ id }: { id: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [tick, setTick] = useState(0);
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const actions = useOrderActions(reload);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` asks again after a move.
  useEffect(() => {
    let live = true;
    Promise.all([staff.orders.read(id), staff.orders.history(id)]).then(
      ([order, history]) => live && setLoaded({ kind: 'ready', order, history }),
      (err: unknown) => live && setLoaded({ kind: 'missing', message: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [id, tick]);

  return (
    <>
      {loaded.kind === 'loading' && <p className="text-slate-700">Loading the order…</p>}
      {loaded.kind === 'missing' && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          {loaded.message}
        </p>
      )}
      {loaded.kind === 'ready' && (
        <>
          <OrderView
            order={loaded.order}
            history={loaded.history}
            stores={storeById}
            buttons={actions.buttons(loaded.order)}
          />
          <PackingSlips order={loaded.order} stores={storeById} />
        </>
      )}
      <LoadError what="The stores" error={stores.error} />
      {actions.overlays}
    </>
  );
}

function OrderView({
  order,
  history,
  stores,
  buttons,
}: {
  order: OrderDto;
  history: OrderMoveDto[];
  stores: Map<number, StoreDto>;
  buttons: ReactNode;
}) {
  const units = order.OrderItems.reduce((n, l) => n + l.Qty, 0);
  return (
    <div className="space-y-5 print:hidden">
      <section aria-label="Status and actions" className="flex flex-wrap items-center gap-3">
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_LOOK[order.Status]}`}>
          {orderStatusWords(order.Status)}
        </span>
        <GroupNote order={order} className="text-sm" />
        <div className="flex flex-wrap gap-2">{buttons}</div>
        <button type="button" className={`${buttonStyles.primary} min-h-12 md:min-h-0`} onClick={() => window.print()}>
          Print packing slip
        </button>
        <InvoiceButton orderId={order.OrderID} className={`${buttonStyles.secondary} min-h-12 md:min-h-0`} />
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="order-customer" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="order-customer" className="mb-2 text-lg font-bold text-slate-900">
            Customer
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">Name</dt>
            <dd>{order.CustomerName === '' ? 'No name' : order.CustomerName}</dd>
            <dt className="font-semibold text-slate-700">Account</dt>
            <dd>#{order.CustomerID}</dd>
            <dt className="font-semibold text-slate-700">Placed</dt>
            <dd>{formatWhen(order.CreatedTime)}</dd>
            <dt className="font-semibold text-slate-700">Changed</dt>
            <dd>{formatWhen(order.UpdatedTime)}</dd>
          </dl>
        </section>
        <section aria-labelledby="order-address" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="order-address" className="mb-2 text-lg font-bold text-slate-900">
            Deliver to
          </h2>
          <DeliveryAddress address={order.DeliveryAddress} className="text-sm" />
        </section>
      </div>
      <section aria-labelledby="order-lines" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="order-lines" className="text-lg font-bold text-slate-900">
          Lines by store
        </h2>
        <p className="mb-2 text-sm text-slate-700">
          {plural(units, 'item')} in {plural(order.OrderItems.length, 'line')}
        </p>
        {[...linesByStore(order)].map(([storeId, lines]) => (
          <StoreLines key={storeId} title={stores.get(storeId)?.StoreTitle ?? `Store #${storeId}`} lines={lines} />
        ))}
        {order.Discount > 0 && (
          <p className="mt-3 flex justify-between font-semibold text-green-800">
            <span>Coupon {order.CouponCode} saving</span>
            <span className="tabular-nums">{rs(-order.Discount)}</span>
          </p>
        )}
        <p className="mt-3 flex justify-between border-t border-slate-300 pt-2 font-bold text-slate-900">
          <span>Order total</span>
          <span className="tabular-nums">{rs(order.OrderTotal)}</span>
        </p>
        <OrderRefunds order={order} />
      </section>
      <OrderHistory order={order} history={history} />
    </div>
  );
}

function StoreLines({ title, lines }: { title: string; lines: OrderDto['OrderItems'] }) {
  const subtotal = lines.reduce((n, l) => n + billedTotal(l), 0);
  return (
    <div className="mt-3">
      <table className="w-full text-sm">
        <caption className="pb-1 text-left font-semibold text-slate-900">{title}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-700">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Unit price
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.ItemID}/${l.StoreID}`} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-2">
                {l.ItemTitle}
                {l.Size === '' ? '' : ` (${l.Size})`}
                <LinePacking line={l} />
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{l.Qty}</td>
              <td className="whitespace-nowrap py-1 pr-2 text-right tabular-nums">{rs(l.SellingPrice)}</td>
              <td className="whitespace-nowrap py-1 text-right tabular-nums">{rs(billedTotal(l))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-1 pr-2 text-right font-semibold text-slate-700">
              {title} subtotal
            </th>
            <td className="whitespace-nowrap py-1 text-right font-semibold tabular-nums">{rs(subtotal)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function moveWords(m: OrderMoveDto): string {
  const stock =
    m.StockChange > 0
      ? `; ${plural(m.StockChange, 'unit')} back in stock`
      : m.StockChange < 0
        ? `; ${plural(-m.StockChange, 'unit')} taken from stock again`
        : '';
  const step = `${orderStatusWords(m.From)} → ${orderStatusWords(m.To)}`;
  switch (m.Kind) {
    case 'Undo':
      return `${step}, undone by ${m.By}${stock}`;
    case 'Reopen':
      return `${step}, moved back by ${m.By}: ${m.Reason}`;
    case 'CustomerCancel':
      return `${step}, cancelled by the customer${stock}`;
    default:
      return `${step} by ${m.By}${stock}`;
  }
}

function OrderHistory({ order, history }: { order: OrderDto; history: OrderMoveDto[] }) {
  return (
    <section aria-labelledby="order-history" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="order-history" className="mb-2 text-lg font-bold text-slate-900">
        History
      </h2>
      <ol className="space-y-1 text-sm text-slate-800">
        <li>
          <span className="font-semibold">{formatWhen(order.CreatedTime)}</span>: placed by{' '}
          {order.CustomerName === '' ? `account #${order.CustomerID}` : order.CustomerName}
        </li>
        {history.map((m) => (
          <li key={`${m.At}/${m.From}/${m.To}`}>
            <span className="font-semibold">{formatWhen(m.At)}</span>: {moveWords(m)}
          </li>
        ))}
      </ol>
    </section>
  );
}
