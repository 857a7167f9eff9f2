import { useCallback, useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { endsInsideGroup, groupsOf, groupTitle, storeOfOrder } from '../lib/domain/order-groups.ts';
import type { OrderDto } from '../lib/domain/orders.ts';
import { cartApi } from '../stores/cart-state.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass } from './FormField.tsx';
import { OrderCard } from './OrderCard.tsx';
import { type OrderWithTimeline, withTimelines } from './OrderTimeline.tsx';
import { storeTitle, useStoreTitles } from './store-titles.ts';

/** Spec §9: the spinner stays this long after the data has arrived. */
const SPINNER_DELAY_MS = 200;
const PAGE_SIZE = 20;
const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });

/**
 * The orders after `shown`, a page at a time, read on while the last page ends inside a
 * group (its other orders are on the next page), so that a group is always shown whole.
 * An order placed meanwhile shifts the pages: each order is kept once.
 */
async function readOn(shown: readonly OrderDto[]): Promise<{ orders: OrderDto[]; total: number }> {
  const orders = [...shown];
  const seen = new Set(shown.map((o) => o.OrderID));
  let total = 0;
  for (;;) {
    const read = await cartApi.myOrders(Math.floor(orders.length / PAGE_SIZE), PAGE_SIZE);
    const fresh = read.orders.filter((o) => !seen.has(o.OrderID));
    for (const o of fresh) seen.add(o.OrderID);
    orders.push(...fresh);
    total = read.total;
    if (fresh.length === 0 || orders.length >= total || !endsInsideGroup(orders)) break;
  }
  return { orders: orders.slice(shown.length), total };
}

/** The orders of one checkout with several stores: the group's heading, then each store's order. */
function OrderGroup({
  orders,
  titles,
  changed,
}: {
  orders: OrderWithTimeline[];
  titles: Readonly<Record<number, string>>;
  changed: (order: OrderDto) => void;
}) {
  const [first] = orders;
  if (first === undefined) return null;
  const headingId = `group-${first.order.GroupID}`;
  const day = new Date(first.order.CreatedTime);
  const dayText = Number.isNaN(day.getTime()) ? first.order.CreatedTime : dayFormat.format(day);
  return (
    <section aria-labelledby={headingId} data-group-id={first.order.GroupID} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {groupTitle(
          dayText,
          orders.map((o) => o.order),
        )}
      </h2>
      <div className="flex flex-col gap-4 border-l-4 border-brand-200 pl-2 sm:pl-4">
        {orders.map((shown) => (
          <OrderCard
            key={shown.order.OrderID}
            shown={shown}
            changed={changed}
            store={storeTitle(titles, storeOfOrder(shown.order))}
          />
        ))}
      </div>
    </section>
  );
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; orders: OrderWithTimeline[]; total: number };

/**
 * My Orders (spec §2): the signed-in account's own orders, newest first, each a
 * table of its lines with its status, delivery slot, date and timeline of moves;
 * the orders of one checkout with several stores under one heading (issue 31);
 * older orders a page at a time.
 * Place it inside an `AuthGate`.
 */
export function MyOrders() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [more, setMore] = useState<{ pending: boolean; failure: string }>({ pending: false, failure: '' });
  const [notice, setNotice] = useState('');
  const latest = useRef(0);
  // Store names are read only for the orders shown in groups of several.
  const grouped = load.state === 'ready' ? load.orders.filter((o) => (o.order.GroupOrderIDs?.length ?? 1) > 1) : [];
  const titles = useStoreTitles(grouped.flatMap((o) => storeOfOrder(o.order) ?? []));

  const fetchFirst = useCallback(async () => {
    const request = ++latest.current;
    setLoad({ state: 'loading' });
    try {
      const { orders: page, total } = await readOn([]);
      const orders = await withTimelines(page);
      await new Promise((resolve) => setTimeout(resolve, SPINNER_DELAY_MS));
      if (request === latest.current) setLoad({ state: 'ready', orders, total });
    } catch (err) {
      if (request === latest.current) setLoad({ state: 'failed', message: friendlyMessage(err) });
    }
  }, []);

  useEffect(() => {
    void fetchFirst();
    return () => {
      latest.current++;
    };
  }, [fetchFirst]);

  async function fetchOlder(shown: OrderWithTimeline[]) {
    const request = latest.current;
    setMore({ pending: true, failure: '' });
    try {
      const { orders, total } = await readOn(shown.map((o) => o.order));
      if (request !== latest.current) return;
      const older = await withTimelines(orders);
      if (request !== latest.current) return;
      setLoad({ state: 'ready', orders: [...shown, ...older], total });
      setMore({ pending: false, failure: '' });
    } catch (err) {
      if (request === latest.current) setMore({ pending: false, failure: friendlyMessage(err) });
    }
  }

  if (load.state === 'loading') return <Spinner label="Loading your orders…" />;
  if (load.state === 'failed') {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="mb-4 text-slate-800">Your orders could not be loaded. {load.message}</p>
        <button type="button" className={buttonClass} onClick={() => void fetchFirst()}>
          Try again
        </button>
      </div>
    );
  }
  const { orders, total } = load;
  const replace = async (next: OrderDto) => {
    const [fresh] = await withTimelines([next]);
    setLoad((now) =>
      now.state !== 'ready' || fresh === undefined
        ? now
        : { ...now, orders: now.orders.map((o) => (o.order.OrderID === next.OrderID ? fresh : o)) },
    );
    setNotice(`Order #${next.OrderID} was cancelled. Its items are back in stock, and a mail confirms it.`);
  };
  if (orders.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
        You have not placed an order yet.{' '}
        <a href="/" className="font-semibold text-brand-800 underline underline-offset-2">
          Browse the shop
        </a>
        , or finish one in{' '}
        <a href="/app/cart/my-cart" className="font-semibold text-brand-800 underline underline-offset-2">
          your cart
        </a>
        .
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <p className="text-slate-700">{total === 1 ? 'One order' : `${total} orders`}, newest first.</p>
      <p role="status" className="empty:hidden text-brand-900 font-semibold">
        {notice}
      </p>
      {groupsOf(orders.map((o) => ({ ...o, OrderID: o.order.OrderID, GroupID: o.order.GroupID }))).map((group) =>
        group.orders.length === 1 && group.orders[0] !== undefined ? (
          <OrderCard key={group.groupId} shown={group.orders[0]} changed={(next) => void replace(next)} />
        ) : (
          <OrderGroup
            key={group.groupId}
            orders={group.orders}
            titles={titles}
            changed={(next) => void replace(next)}
          />
        ),
      )}
      {orders.length < total && (
        <div className="flex flex-col items-start gap-2">
          <button type="button" className={buttonClass} disabled={more.pending} onClick={() => void fetchOlder(orders)}>
            {more.pending ? 'Loading older orders…' : 'Show older orders'}
          </button>
          {more.failure !== '' && (
            <p role="alert" className="text-berry-700">
              Older orders could not be loaded. {more.failure}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
