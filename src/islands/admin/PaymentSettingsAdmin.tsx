import { type FormEvent, useEffect, useId, useState } from 'react';
import { plainMessage } from '../../lib/api/errors.ts';
import { payments } from './staff-client.ts';

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';

/**
 * The shop's payment settings (issue 32), on the Stores page beside each store's delivery
 * settings: the pay-on-delivery cap (a store may allow less in its Delivery form) and how
 * long an unpaid online order holds its items and slot; saved with `PUT /api/Payment/Settings`,
 * which checks them.
 */
export function PaymentSettingsAdmin() {
  const id = useId();
  const [cap, setCap] = useState<string | null>(null);
  const [hold, setHold] = useState('');
  const [override, setOverride] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    payments.settings().then(
      (s) => {
        if (!live) return;
        setCap(String(s.OnDeliveryMax));
        setHold(String(s.HoldMinutes));
        setOverride(s.HoldSecondsOverride);
      },
      (err: unknown) => live && setError(plainMessage(err)),
    );
    return () => {
      live = false;
    };
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (cap === null || busy) return;
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const saved = await payments.saveSettings({
        OnDeliveryMax: Number(cap.trim()),
        HoldMinutes: Number(hold.trim()),
      });
      setCap(String(saved.OnDeliveryMax));
      setHold(String(saved.HoldMinutes));
      setStatus('The payment settings were saved.');
    } catch (err) {
      setError(plainMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
        Payments
      </h2>
      <form onSubmit={save} className="mt-3 space-y-3">
        <div>
          <label htmlFor={`${id}-cap`} className="block font-semibold text-slate-900">
            Pay on delivery up to (Rs)
          </label>
          <input
            id={`${id}-cap`}
            className={INPUT}
            inputMode="decimal"
            aria-describedby={`${id}-hint`}
            value={cap ?? ''}
            disabled={cap === null}
            onChange={(e) => setCap(e.target.value)}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            The most one order may come to when paid at the door, at every store. 0: no pay on delivery. A store may
            allow less in its Delivery settings.
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-hold`} className="block font-semibold text-slate-900">
            Hold unpaid online orders for (minutes)
          </label>
          <input
            id={`${id}-hold`}
            className={INPUT}
            inputMode="numeric"
            aria-describedby={`${id}-hold-hint`}
            value={hold}
            disabled={cap === null}
            onChange={(e) => setHold(e.target.value)}
          />
          <p id={`${id}-hold-hint`} className="mt-1 text-sm text-slate-600">
            1 to 120. An order paid online keeps its items and delivery slot this long; unpaid by then, it is cancelled
            and they go back on sale.
            {override !== null &&
              ` This server runs with PAYMENT_HOLD_SECONDS=${override}, which applies instead until the operator removes it.`}
          </p>
        </div>
        {error !== '' && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-berry-700 ring-1 ring-rose-200">
            {error}
          </p>
        )}
        <p role="status" className="text-brand-800">
          {status}
        </p>
        <button
          type="submit"
          disabled={busy || cap === null}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? 'Saving…' : 'Save payment settings'}
        </button>
      </form>
    </section>
  );
}
