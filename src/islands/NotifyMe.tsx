import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { $stockAlerts, cancelStockAlert, loadStockAlerts, requestStockAlert } from '../stores/alerts.ts';
import { $user, LOGIN_PATH } from '../stores/session.ts';
import { useHydrated } from './QuantityStepper.tsx';

const pill =
  'inline-flex min-h-9 items-center rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-100';

/**
 * "Notify me" on an out-of-stock item: a signed-in shopper asks to be mailed
 * once when it is back (and can take the request back); a guest is asked to
 * sign in first, and comes back to this page afterwards.
 */
export function NotifyMe({ itemId, title }: { itemId: number; title: string }) {
  const hydrated = useHydrated();
  const user = useStore($user);
  const alerts = useStore($stockAlerts);
  const [state, setState] = useState<{ pending: boolean; failure: string }>({ pending: false, failure: '' });
  const signedIn = hydrated && user !== null;

  useEffect(() => {
    if (signedIn) void loadStockAlerts();
  }, [signedIn]);

  if (!signedIn) {
    return (
      <a href={LOGIN_PATH} className={pill} aria-label={`Sign in to get notified when ${title} is back in stock`}>
        Sign in to get notified
      </a>
    );
  }
  const mine = alerts.list.find((a) => a.ItemID === itemId);
  const run = async (action: () => Promise<unknown>) => {
    if (state.pending) return;
    setState({ pending: true, failure: '' });
    try {
      await action();
      setState({ pending: false, failure: '' });
    } catch (err) {
      setState({ pending: false, failure: friendlyMessage(err) });
    }
  };
  return (
    <div className="flex flex-col gap-1">
      {mine === undefined ? (
        <button
          type="button"
          className={pill}
          aria-disabled={state.pending}
          aria-label={`Notify me when ${title} is back in stock`}
          onClick={() => void run(() => requestStockAlert(itemId))}
        >
          {state.pending ? 'Saving…' : 'Notify me'}
        </button>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
          <span role="status">We will e-mail you once when it is back.</span>
          <button
            type="button"
            className="font-semibold text-brand-800 underline underline-offset-2"
            aria-disabled={state.pending}
            onClick={() => void run(() => cancelStockAlert(mine.AlertID))}
          >
            Don’t notify me
          </button>
        </p>
      )}
      {state.failure !== '' && (
        <p role="alert" className="text-sm text-berry-700">
          {state.failure}
        </p>
      )}
    </div>
  );
}
