import { useEffect, useState } from 'react';
import type { StoreDto } from '../../lib/domain/catalogue.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import { formatRs, rupeesToPaise } from '../../lib/domain/money.ts';
import { otherOrdersOfGroup } from '../../lib/domain/order-groups.ts';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import type { OrderDto, OrderStatusName } from '../../lib/domain/orders.ts';
import { plural } from '../../lib/domain/words.ts';
import { buttonStyles } from './button-styles.ts';
import { useRowAction } from './row-actions.tsx';
import { staff } from './staff-client.ts';

/** The orders board's pieces: the status picker with its counts, the day picker, and an order's lines by store. */

export const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));

/** Which days of orders the board shows: today's first (issue 35). */
export type DayChoice = 'today' | 'week' | 'any';

export const DAY_CHOICES: { value: DayChoice; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'any', label: 'Any day' },
];

/** The start of the chosen days in the staff member's own time zone, as ISO-8601 UTC; undefined for any day. */
export function placedFrom(choice: DayChoice, now = new Date()): string | undefined {
  if (choice === 'any') return undefined;
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  if (choice === 'week') start.setDate(start.getDate() - 6);
  return start.toISOString();
}

export function StatusPicker({
  statuses,
  value,
  onChange,
  counts,
}: {
  statuses: readonly (OrderStatusName | null)[];
  value: OrderStatusName | null;
  onChange: (status: OrderStatusName | null) => void;
  counts: Record<string, number> | null;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-slate-800">Show orders</legend>
      <div className="flex flex-wrap gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
        {statuses.map((s) => {
          const count = counts?.[s ?? 'All'];
          return (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={value === s}
              onClick={() => onChange(s)}
              className={`min-h-12 rounded-lg px-3 py-1.5 text-sm font-semibold md:min-h-0 ${value === s ? 'bg-brand-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {s === null ? 'All' : orderStatusWords(s)}
              {count !== undefined && ' '}
              {count !== undefined && (
                <span
                  className={`ml-1.5 rounded-full px-1.5 text-xs tabular-nums ${value === s ? 'bg-black/25' : 'bg-slate-100'}`}
                >
                  {count.toLocaleString('en-IN')}
                </span>
              )}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Where an order goes, with a phone number to tap: the board's cell and the order page. */
export function DeliveryAddress({ address: a, className }: { address: DeliveryAddressDto; className: string }) {
  return (
    <address className={`not-italic text-slate-800 ${className}`}>
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
}

/** An order's lines by the store that packs them, stores and lines in the order they were placed. */
export function linesByStore(order: OrderDto): Map<number, OrderDto['OrderItems']> {
  const byStore = new Map<number, OrderDto['OrderItems']>();
  for (const line of order.OrderItems) byStore.set(line.StoreID, [...(byStore.get(line.StoreID) ?? []), line]);
  return byStore;
}

/**
 * An order's lines grouped by the store that packs them (issue 35: two lines of the same
 * item from two stores are told apart), each store's lines under its name.
 */
export function OrderLines({ order, stores }: { order: OrderDto; stores: Map<number, StoreDto> }) {
  const byStore = linesByStore(order);
  const units = order.OrderItems.reduce((n, l) => n + l.Qty, 0);
  return (
    <details className="max-w-xs" open={byStore.size > 1 || undefined}>
      <summary className="cursor-pointer font-semibold text-brand-800">
        {plural(units, 'unit')}, {plural(order.OrderItems.length, 'line')}
        {byStore.size > 1 && `, ${byStore.size} stores`}
      </summary>
      {[...byStore].map(([storeId, lines]) => (
        <div key={storeId} className="mt-1 text-xs text-slate-700">
          <p className="font-semibold text-slate-900" data-order-store={storeId}>
            {stores.get(storeId)?.StoreTitle ?? `Store #${storeId}`}
          </p>
          <ul className="space-y-0.5">
            {lines.map((l) => (
              <li key={`${l.ItemID}/${l.StoreID}`}>
                {l.Qty} × {l.ItemTitle}
                {l.Size === '' ? '' : ` (${l.Size})`} at {rs(l.SellingPrice)} = {rs(l.LineTotal)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </details>
  );
}

/** A move just made, which the board offers to undo until `until` (epoch ms). */
export interface LastMove {
  orderId: number;
  from: OrderStatusName;
  to: OrderStatusName;
  until: number;
}

/**
 * "Order #23 is Packing now. Undo (8 s)": shown while the server still allows an undo
 * (`undoUntil`), counting down, then gone. `onUndo` puts the order back where it was.
 */
export function UndoBar({
  move,
  onUndo,
  onExpire,
}: {
  move: LastMove;
  onUndo: (move: LastMove) => Promise<void>;
  onExpire: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((move.until - now) / 1000);
  useEffect(() => {
    if (left <= 0 && !busy) onExpire();
  }, [left, busy, onExpire]);
  if (left <= 0 && !busy) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-40 print:hidden mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">
        Order #{move.orderId} is {orderStatusWords(move.to)} now.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onUndo(move);
          } finally {
            setBusy(false);
          }
        }}
        className="min-h-12 rounded-lg bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60 md:min-h-0"
      >
        {busy ? 'Undoing…' : `Undo (${Math.max(left, 0)} s)`}
        <span className="sr-only"> the move of order #{move.orderId}</span>
      </button>
    </div>
  );
}

/** How long a move may be undone (the server's window, counted from the move itself). */
const UNDO_MS = 10_000;
/** What the undo's own request is given to reach the server before its window closes. */
const UNDO_TRIP_MS = 1_000;

/**
 * When the Undo bar of a move whose request left at `sentAt` (epoch ms) goes: the server's
 * window starts when it makes the move, after the request left, and the undo must arrive
 * before it ends. Counted from the answer instead, a slow answer kept the bar up after the
 * server would refuse the undo.
 */
export function undoUntil(sentAt: number): number {
  return sentAt + UNDO_MS - UNDO_TRIP_MS;
}

export const STATUS_LOOK: Record<OrderStatusName, string> = {
  AwaitingPayment: 'bg-rose-100 text-rose-950',
  Placed: 'bg-sky-100 text-sky-900',
  Confirmed: 'bg-indigo-100 text-indigo-950',
  Packing: 'bg-amber-100 text-amber-950',
  OutForDelivery: 'bg-violet-100 text-violet-950',
  Delivered: 'bg-brand-100 text-brand-900',
  Cancelled: 'bg-slate-200 text-slate-800',
};

/** The button that moves an order to `status`. */
export const MOVE_LABEL: Record<OrderStatusName, string> = {
  AwaitingPayment: 'Await payment',
  Placed: 'Mark placed',
  Confirmed: 'Confirm',
  Packing: 'Start packing',
  OutForDelivery: 'Send out for delivery',
  Delivered: 'Mark delivered',
  Cancelled: 'Cancel order',
};

export function MoveButton({
  order,
  to,
  onMoved,
  onFailed,
}: {
  order: OrderDto;
  to: OrderStatusName;
  onMoved: (move: LastMove) => void;
  /** After a refused move (someone else moved the order first, say): read the order again. */
  onFailed: () => void;
}) {
  const { busy, run } = useRowAction();
  return (
    <button
      type="button"
      className={buttonStyles.row}
      disabled={busy}
      onClick={() =>
        run(async () => {
          const sentAt = Date.now();
          const moved = await staff.orders.move(order.OrderID, to);
          onMoved({ orderId: moved.OrderID, from: order.Status, to: moved.Status, until: undoUntil(sentAt) });
        }, onFailed)
      }
    >
      {MOVE_LABEL[to]}
      <span className="sr-only"> #{order.OrderID}</span>
    </button>
  );
}

/** The order's own page: its details, history, moves and packing slips (`?id=`). */
export const ORDER_PAGE = '/app/edu-shopy/order';

/**
 * `Part of group #51 (orders #52, #53)`: the other orders of an order's checkout (one per
 * store, issue 31), each a link to its page; nothing for a one-store order.
 */
export function GroupNote({ order, className = '' }: { order: OrderDto; className?: string }) {
  const others = otherOrdersOfGroup(order);
  if (others.length === 0) return null;
  return (
    <span className={`text-xs text-slate-700 ${className}`} data-group-note={order.GroupID}>
      Part of group #{order.GroupID} ({others.length === 1 ? 'order' : 'orders'}{' '}
      {others.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <a href={`${ORDER_PAGE}?id=${id}`} className="font-semibold text-brand-800 underline">
            #{id}
          </a>
        </span>
      ))}
      )
    </span>
  );
}
