import { type FormEvent, useEffect, useId, useState } from 'react';
import { plainMessage } from '../../lib/api/errors.ts';
import type { StoreDeliveryDto } from '../../lib/domain/delivery-area.ts';
import { staff } from './staff-client.ts';

interface Fields {
  PostalCodes: string;
  Fee: string;
  MinimumOrder: string;
  FreeAbove: string;
  OnDeliveryMax: string;
  NoOnDeliveryPostalCodes: string;
}

const toFields = (d: StoreDeliveryDto): Fields => ({
  PostalCodes: d.PostalCodes.join(', '),
  Fee: String(d.Fee),
  MinimumOrder: String(d.MinimumOrder),
  FreeAbove: d.FreeAbove === null ? '' : String(d.FreeAbove),
  OnDeliveryMax: d.OnDeliveryMax === null ? '' : String(d.OnDeliveryMax),
  NoOnDeliveryPostalCodes: d.NoOnDeliveryPostalCodes.join(', '),
});

const codes = (text: string): string[] => text.split(/[\s,]+/).filter((p) => p !== '');

const amount = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700';

/**
 * A store's delivery settings (issue 31), in the store's edit dialog: the PIN codes it serves,
 * its fee, minimum order and free-delivery threshold, saved with `PUT /api/Store/Delivery/{id}`.
 * The server checks every field; its words are shown as they come.
 */
export function StoreDeliveryPanel({ storeId, storeTitle }: { storeId: number; storeTitle: string }) {
  const id = useId();
  const [fields, setFields] = useState<Fields | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    staff.stores
      .readDelivery(storeId)
      .then((d) => live && setFields(toFields(d)))
      .catch((err: unknown) => live && setError(plainMessage(err)));
    return () => {
      live = false;
    };
  }, [storeId]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (fields === null) return;
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const saved = await staff.stores.saveDelivery(storeId, {
        PostalCodes: codes(fields.PostalCodes),
        Fee: amount(fields.Fee),
        MinimumOrder: amount(fields.MinimumOrder),
        FreeAbove: fields.FreeAbove.trim() === '' ? null : Number(fields.FreeAbove.trim()),
        OnDeliveryMax: fields.OnDeliveryMax.trim() === '' ? null : Number(fields.OnDeliveryMax.trim()),
        NoOnDeliveryPostalCodes: codes(fields.NoOnDeliveryPostalCodes),
      });
      setFields(toFields(saved));
      setStatus(`Delivery of ${storeTitle} was saved.`);
    } catch (err) {
      setError(plainMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof Fields, label: string, hint: string, numeric = true) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className={INPUT}
        inputMode={numeric ? 'decimal' : 'text'}
        aria-describedby={`${id}-${name}-hint`}
        value={fields?.[name] ?? ''}
        disabled={fields === null}
        onChange={(e) => setFields((f) => (f === null ? f : { ...f, [name]: e.target.value }))}
      />
      <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );

  return (
    <form
      onSubmit={save}
      aria-labelledby={`${id}-title`}
      className="mt-6 space-y-3 border-t border-slate-200 pt-4"
      data-store-delivery
    >
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Delivery
      </h3>
      {field(
        'PostalCodes',
        'PIN codes served',
        'Whole PIN codes (411001) and prefixes (4110*), separated by commas. Empty: every PIN code.',
        false,
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        {field('Fee', 'Delivery fee (Rs)', 'Charged on this store’s part of an order.')}
        {field('MinimumOrder', 'Minimum order (Rs)', 'Less of this store’s items cannot be ordered.')}
        {field('FreeAbove', 'Free delivery from (Rs)', 'Empty: never free.')}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('OnDeliveryMax', 'Pay on delivery up to (Rs)', 'Empty: the shop’s limit. 0: no pay on delivery.')}
        {field(
          'NoOnDeliveryPostalCodes',
          'No pay on delivery at',
          'PIN codes and prefixes where this store takes no pay on delivery.',
          false,
        )}
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
        disabled={busy || fields === null}
        className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Saving…' : 'Save delivery'}
      </button>
    </form>
  );
}
