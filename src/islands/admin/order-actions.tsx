import { useStore } from '@nanostores/react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import { ORDER_MOVES, type OrderDto, REOPENED_STATUS } from '../../lib/domain/orders.ts';
import { $user } from '../../stores/session.ts';
import { buttonStyles } from './button-styles.ts';
import { ConfirmDialog } from './Dialog.tsx';
import { type LastMove, MOVE_LABEL, MoveButton, UndoBar, undoUntil } from './order-parts.tsx';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

/**
 * The moves an order allows in its status, the same on the orders board and the order's own
 * page: a move button for each next status, "Cancel order" behind a confirmation, an Admin's
 * "Move back to Out for delivery" for a Delivered order with the reason the log keeps, and the 10-second
 * Undo bar after a move. `buttons(order)` are one order's actions; `overlays` (the dialogs and
 * the Undo bar) go once on the page. `onChanged` runs after every move, undo or failure, so
 * the page reads its orders again.
 */
export function useOrderActions(onChanged: () => void): {
  buttons: (order: OrderDto) => ReactNode;
  overlays: ReactNode;
} {
  const [cancelling, setCancelling] = useState<OrderDto | null>(null);
  const [reopening, setReopening] = useState<OrderDto | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const [lastMove, setLastMove] = useState<LastMove | null>(null);
  const isAdmin = useStore($user)?.roles.includes('Admin') === true;
  const toast = useToast();
  const expire = useCallback(() => setLastMove(null), []);
  const moved = (move: LastMove | null) => {
    setLastMove(move);
    onChanged();
  };

  const buttons = (r: OrderDto): ReactNode =>
    r.Status === 'Delivered' && isAdmin ? (
      <button
        type="button"
        className={buttonStyles.row}
        onClick={() => {
          setReason('');
          setReopening(r);
        }}
      >
        Move back to {orderStatusWords(REOPENED_STATUS)}
        <span className="sr-only"> #{r.OrderID}</span>
      </button>
    ) : ORDER_MOVES[r.Status].length === 0 ? (
      <span className="px-2 py-1.5 text-sm text-slate-600">Final</span>
    ) : (
      ORDER_MOVES[r.Status].map((to) =>
        to === 'Cancelled' ? (
          <button key={to} type="button" className={buttonStyles.rowDanger} onClick={() => setCancelling(r)}>
            {MOVE_LABEL[to]}
            <span className="sr-only"> #{r.OrderID}</span>
          </button>
        ) : (
          <MoveButton key={to} order={r} to={to} onMoved={moved} onFailed={onChanged} />
        ),
      )
    );

  const overlays = (
    <>
      <ConfirmDialog
        open={cancelling !== null}
        title={cancelling === null ? '' : `Cancel order #${cancelling.OrderID}?`}
        confirmLabel="Cancel order"
        cancelLabel="Keep the order"
        onClose={() => setCancelling(null)}
        onConfirm={async () => {
          if (cancelling === null) return;
          const sentAt = Date.now();
          const done = await staff.orders.move(cancelling.OrderID, 'Cancelled');
          setCancelling(null);
          moved({ orderId: done.OrderID, from: cancelling.Status, to: 'Cancelled', until: undoUntil(sentAt) });
        }}
      >
        <p>
          Every line's quantity goes back in stock. You can undo it for 10 seconds; after that a cancelled order is
          final.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={reopening !== null}
        title={
          reopening === null ? '' : `Move order #${reopening.OrderID} back to ${orderStatusWords(REOPENED_STATUS)}?`
        }
        confirmLabel={`Move back to ${orderStatusWords(REOPENED_STATUS)}`}
        onClose={() => setReopening(null)}
        onConfirm={async () => {
          if (reopening === null) return;
          const done = await staff.orders.reopen(reopening.OrderID, reason);
          setReopening(null);
          moved(null);
          toast.success(`Order #${done.OrderID} is ${orderStatusWords(done.Status)} again; the reason is in the log.`);
        }}
      >
        <label htmlFor={reasonId} className="mb-1 block text-sm font-semibold text-slate-800">
          Why (kept in the log)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          maxLength={500}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
        />
      </ConfirmDialog>
      {lastMove !== null && (
        <UndoBar
          key={`${lastMove.orderId}:${lastMove.until}`}
          move={lastMove}
          onExpire={expire}
          onUndo={async (m) => {
            try {
              const back = await staff.orders.undo(m.orderId, m.from);
              toast.success(`Order #${back.OrderID} is ${orderStatusWords(back.Status)} again.`);
            } catch (err) {
              toast.error(friendlyMessage(err));
            }
            moved(null);
          }}
        />
      )}
    </>
  );
  return { buttons, overlays };
}
