import { useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { nextOrderStatus } from '../../lib/domain/order-board.ts';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import type { OrderStatusName } from '../../lib/domain/orders.ts';
import { plural } from '../../lib/domain/words.ts';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

/**
 * The orders board's bulk move: how many orders are selected and one button moving them all
 * to their next status (`POST /api/Order/Move`, all or none), shown while any is selected.
 * Orders of different statuses have no one next status: the bar says so instead.
 */
export function BulkBar({
  selected,
  onClear,
  onMoved,
}: {
  /** The selected orders' ids and statuses. */
  selected: ReadonlyMap<number, OrderStatusName>;
  onClear: () => void;
  /** After the move, or a refusal: the board reads its orders again. */
  onMoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  if (selected.size === 0) return null;
  const ids = [...selected.keys()];
  const nexts = new Set([...selected.values()].map((s) => nextOrderStatus(s)));
  const [to] = nexts;
  const count = plural(ids.length, 'order');
  return (
    <section
      aria-label="Selected orders"
      className="sticky bottom-0 z-30 mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg print:hidden"
    >
      <p className="flex-1 font-semibold">{count} selected</p>
      {nexts.size === 1 && to !== undefined ? (
        <button
          type="button"
          disabled={busy}
          className="min-h-12 rounded-lg bg-white px-3 py-1.5 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60 md:min-h-0"
          onClick={async () => {
            setBusy(true);
            try {
              const done = await staff.orders.moveMany(ids, to);
              toast.success(
                `${plural(done.Orders.length, 'order')} ${done.Orders.length === 1 ? 'is' : 'are'} ${to} now.`,
              );
              onClear();
            } catch (err) {
              toast.error(friendlyMessage(err));
            } finally {
              setBusy(false);
              onMoved();
            }
          }}
        >
          {busy ? 'Moving…' : `Move ${count} to ${orderStatusWords(to)}`}
        </button>
      ) : (
        <p className="basis-full text-slate-200 sm:basis-auto">
          {to === undefined && nexts.size === 1
            ? 'These orders move no further.'
            : 'These orders are in different statuses: select orders of one status to move them together.'}
        </p>
      )}
      <button
        type="button"
        onClick={onClear}
        className="min-h-12 rounded-lg px-3 py-1.5 font-semibold text-white underline hover:bg-white/10 md:min-h-0"
      >
        Clear selection
      </button>
    </section>
  );
}
