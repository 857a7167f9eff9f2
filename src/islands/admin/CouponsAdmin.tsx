import { type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { CouponDto } from '../../lib/api/wire.ts';
import { formatRupees as rs } from '../../lib/domain/money.ts';
import { buttonStyles } from './button-styles.ts';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { coupons } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

/** `/app/edu-shopy/coupons`: the shop's coupon codes (Employee): create them, see their uses, switch them off and on. */
export function CouponsAdmin() {
  return (
    <StaffPage
      title="Coupons"
      description="Codes shoppers enter in the cart: a percentage or a flat amount off the items, maybe free delivery, within dates and use limits."
    >
      <Coupons />
    </StaffPage>
  );
}

const inputClass = 'block w-full rounded-lg border border-slate-400 px-3 py-2';
const labelClass = 'mb-1 block font-semibold text-slate-800';

type Draft = {
  Code: string;
  kind: 'Percent' | 'Amount';
  value: string;
  MinimumBasket: string;
  FirstOrderOnly: boolean;
  FreeDelivery: boolean;
  MaxUses: string;
  MaxUsesPerCustomer: string;
  ValidFrom: string;
  ValidTo: string;
};

const EMPTY: Draft = {
  Code: '',
  kind: 'Percent',
  value: '',
  MinimumBasket: '',
  FirstOrderOnly: false,
  FreeDelivery: false,
  MaxUses: '',
  MaxUsesPerCustomer: '',
  ValidFrom: '',
  ValidTo: '',
};

/** The draft as the API takes it: numbers as typed (the API names any that break a rule), empty fields left out. */
function bodyOf(d: Draft): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
  // The pickers' times are the staff member's local time; the API takes them with their offset.
  const time = (s: string) => (s === '' ? undefined : new Date(s).toISOString());
  return {
    Code: d.Code.trim(),
    [d.kind]: num(d.value),
    MinimumBasket: num(d.MinimumBasket),
    FirstOrderOnly: d.FirstOrderOnly,
    FreeDelivery: d.FreeDelivery,
    MaxUses: num(d.MaxUses),
    MaxUsesPerCustomer: num(d.MaxUsesPerCustomer),
    ValidFrom: time(d.ValidFrom),
    ValidTo: time(d.ValidTo),
  };
}

function what(c: CouponDto): string {
  const off = c.Percent !== null ? `${c.Percent} % off` : `${rs(c.Amount ?? 0)} off`;
  return [
    off,
    c.FreeDelivery ? 'free delivery' : '',
    c.MinimumBasket > 0 ? `from ${rs(c.MinimumBasket)}` : '',
    c.FirstOrderOnly ? 'first order only' : '',
  ]
    .filter((s) => s !== '')
    .join(' · ');
}

function limits(c: CouponDto): string {
  return [
    `used ${c.Used}${c.MaxUses === null ? '' : ` of ${c.MaxUses}`}`,
    c.MaxUsesPerCustomer === null ? '' : `${c.MaxUsesPerCustomer} per customer`,
    c.ValidFrom === null ? '' : `from ${formatWhen(c.ValidFrom)}`,
    c.ValidTo === null ? '' : `until ${formatWhen(c.ValidTo)}`,
  ]
    .filter((s) => s !== '')
    .join(' · ');
}

function Coupons() {
  const id = useId();
  const [rows, setRows] = useState<CouponDto[] | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState('');
  const toast = useToast();
  const load = useCallback(() => {
    coupons.list().then(setRows, (err: unknown) => setError(friendlyMessage(err)));
  }, []);
  useEffect(load, [load]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const text = (k: 'Code' | 'value' | 'MinimumBasket' | 'MaxUses' | 'MaxUsesPerCustomer', label: string, hint = '') => (
    <div className="min-w-0 flex-1 basis-40">
      <label htmlFor={`${id}-${k}`} className={labelClass}>
        {label} {hint !== '' && <span className="font-normal text-slate-700">({hint})</span>}
      </label>
      <input
        id={`${id}-${k}`}
        value={draft[k]}
        inputMode={k === 'Code' ? 'text' : 'decimal'}
        onChange={(e) => set(k, e.target.value)}
        className={inputClass}
      />
    </div>
  );
  const when = (k: 'ValidFrom' | 'ValidTo', label: string) => (
    <div className="min-w-0 flex-1 basis-52">
      <label htmlFor={`${id}-${k}`} className={labelClass}>
        {label} <span className="font-normal text-slate-700">(optional)</span>
      </label>
      <input
        id={`${id}-${k}`}
        type="datetime-local"
        value={draft[k]}
        onChange={(e) => set(k, e.target.value)}
        className={inputClass}
      />
    </div>
  );
  const flag = (k: 'FirstOrderOnly' | 'FreeDelivery', label: string) => (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        checked={draft[k]}
        onChange={(e) => set(k, e.target.checked)}
        className="size-5 accent-brand-800"
      />
      {label}
    </label>
  );

  const create = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    try {
      const made = await coupons.create(bodyOf(draft));
      toast.success(`Coupon ${made.Code} was created.`);
      setDraft(EMPTY);
      load();
    } catch (err) {
      setError(friendlyMessage(err));
    }
  };
  const toggle = async (c: CouponDto) => {
    try {
      await coupons.setEnabled(c.CouponID, !c.Enabled);
      toast.success(`Coupon ${c.Code} is ${c.Enabled ? 'switched off' : 'on again'}.`);
      load();
    } catch (err) {
      setError(friendlyMessage(err));
    }
  };

  return (
    <>
      <section
        aria-labelledby={`${id}-new`}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <h2 id={`${id}-new`} className="text-xl font-bold text-brand-900">
          New coupon
        </h2>
        <form onSubmit={create} className="mt-3 flex flex-wrap items-end gap-3">
          {text('Code', 'Code', '3 to 20 letters or digits')}
          <fieldset className="min-w-0 flex-1 basis-40">
            <legend className={labelClass}>Takes off</legend>
            <div className="flex gap-4 py-2">
              {(['Percent', 'Amount'] as const).map((k) => (
                <label key={k} className="inline-flex items-center gap-1.5">
                  <input
                    type="radio"
                    name={`${id}-kind`}
                    checked={draft.kind === k}
                    onChange={() => set('kind', k)}
                    className="size-5 accent-brand-800"
                  />
                  {k === 'Percent' ? 'A percentage' : 'An amount (Rs)'}
                </label>
              ))}
            </div>
          </fieldset>
          {text(
            'value',
            draft.kind === 'Percent' ? 'Percent off' : 'Rupees off',
            draft.kind === 'Percent' ? '1 to 90' : '',
          )}
          {text('MinimumBasket', 'Minimum basket (Rs)', 'optional')}
          {text('MaxUses', 'Uses in all', 'optional')}
          {text('MaxUsesPerCustomer', 'Uses per customer', 'optional')}
          {when('ValidFrom', 'Valid from')}
          {when('ValidTo', 'Valid until')}
          <div className="flex basis-full flex-wrap gap-x-6 gap-y-2">
            {flag('FirstOrderOnly', 'First order only')}
            {flag('FreeDelivery', 'Free delivery')}
          </div>
          <button type="submit" className={buttonStyles.primary}>
            Create coupon
          </button>
        </form>
        {error !== '' && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
      </section>
      <section aria-labelledby={`${id}-list`} className="mt-6">
        <h2 id={`${id}-list`} className="mb-2 text-xl font-bold text-brand-900">
          Codes
        </h2>
        {rows === null ? (
          <p>Loading…</p>
        ) : rows.length === 0 ? (
          <p>No coupons yet.</p>
        ) : (
          <ul className="space-y-2">
            {rows.map((c) => (
              <li
                key={c.CouponID}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
              >
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">
                    {c.Code}
                    {!c.Enabled && <span className="ml-2 text-sm font-semibold text-slate-700">(switched off)</span>}
                  </p>
                  <p className="text-sm text-slate-700">{what(c)}</p>
                  <p className="text-sm text-slate-700">{limits(c)}</p>
                </div>
                <button
                  type="button"
                  className={c.Enabled ? buttonStyles.rowDanger : buttonStyles.row}
                  onClick={() => toggle(c)}
                >
                  {c.Enabled ? 'Switch off' : 'Switch on'}
                  <span className="sr-only"> coupon {c.Code}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
