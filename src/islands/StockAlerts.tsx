import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { itemPath } from '../lib/domain/redirects.ts';
import { $stockAlerts, cancelStockAlert, loadStockAlerts } from '../stores/alerts.ts';
import { Spinner } from './AuthGate.tsx';
import { buttonClass } from './FormField.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });

/**
 * The profile's list of back-in-stock requests: each item, since when it was
 * asked for, and "Cancel". A request is done (and leaves the list) once its
 * mail is sent. Place it inside an `AuthGate`.
 */
export function StockAlerts() {
  const alerts = useStore($stockAlerts);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    loadStockAlerts(true).catch((err: unknown) => setFailure(friendlyMessage(err)));
  }, []);

  if (!alerts.loaded && failure === '') return <Spinner label="Loading your alerts…" />;
  if (!alerts.loaded) {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="mb-4 text-slate-800">Your alerts could not be loaded. {failure}</p>
        <button type="button" className={buttonClass} onClick={() => location.reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (alerts.list.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-6 text-slate-800 shadow-sm ring-1 ring-slate-200">
        You have no back-in-stock alerts. On an item that is out of stock, choose “Notify me” and we will e-mail you
        once when it is back.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {failure !== '' && (
        <p role="alert" className="text-berry-700">
          {failure}
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {alerts.list.map((a) => (
          <li
            key={a.AlertID}
            className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
          >
            <div>
              <a
                href={itemPath(a.ItemID, a.DbID)}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {a.ItemTitle}
              </a>
              <p className="text-sm text-slate-700">
                {[a.StoreTitle, a.Size].filter((s) => s !== '').join(' · ')} · asked on{' '}
                {dateFormat.format(new Date(a.CreatedTime))} ·{' '}
                {a.Availability > 0 ? 'back in stock now' : 'still out of stock'}
              </p>
            </div>
            <button
              type="button"
              className="inline-flex items-center rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-100"
              aria-disabled={busy === a.AlertID}
              aria-label={`Cancel the alert for ${a.ItemTitle}`}
              onClick={async () => {
                if (busy !== null) return;
                setBusy(a.AlertID);
                setFailure('');
                try {
                  await cancelStockAlert(a.AlertID);
                } catch (err) {
                  setFailure(friendlyMessage(err));
                } finally {
                  setBusy(null);
                }
              }}
            >
              Cancel
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
