import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useState } from 'react';
import type { CartItemDto } from '../lib/domain/cart.ts';
import { formatRupees as rs } from '../lib/domain/money.ts';
import { $coupon, $couponCode, applyCoupon, recheckCoupon, removeCoupon } from '../stores/coupon.ts';

/**
 * The checkout review's coupon code (issue 32): "Apply" asks the shop what the code takes
 * off these lines and shows the saving; the code is kept (localStorage) until the order is
 * placed, checked again whenever the lines change, and checked once more by the shop when
 * the order is placed.
 */
export function CouponField({ lines }: { lines: readonly CartItemDto[] }) {
  const coupon = useStore($coupon);
  const kept = useStore($couponCode);
  const [typed, setTyped] = useState(kept);
  const inputId = useId();
  const statusId = useId();
  const key = lines.map((l) => `${l.StoreID}:${l.ItemID}:${l.Qty}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lines' content.
  useEffect(() => {
    void recheckCoupon(lines);
  }, [key]);

  const submit = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    void applyCoupon(typed, lines);
  };

  return (
    <form onSubmit={submit} aria-label="Coupon code" className="mb-6 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <label htmlFor={inputId} className="mb-1 block font-semibold text-slate-900">
        Coupon code
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          aria-describedby={statusId}
          className="min-w-0 flex-1 basis-40 rounded-lg border border-slate-400 px-3 py-2 uppercase"
        />
        <button
          type="submit"
          className="rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
        >
          Apply
        </button>
        {coupon.kind === 'applied' && (
          <button
            type="button"
            onClick={() => {
              removeCoupon();
              setTyped('');
            }}
            className="rounded-lg px-3 py-2 font-semibold text-slate-800 underline underline-offset-2"
          >
            Remove<span className="sr-only"> coupon {coupon.check.Code}</span>
          </button>
        )}
      </div>
      <div id={statusId} role="status" className="mt-2 text-sm">
        {coupon.kind === 'checking' && <p>Checking {coupon.code}…</p>}
        {coupon.kind === 'applied' && (
          <p className="font-semibold text-green-800">
            {coupon.check.Code} applied: you save {rs(coupon.check.Discount)}
            {coupon.check.FreeDelivery ? ', and delivery is free' : ''}.
          </p>
        )}
        {coupon.kind === 'refused' && <p className="font-semibold text-red-800">{coupon.message}</p>}
      </div>
    </form>
  );
}
