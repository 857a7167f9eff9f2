import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { friendlyMessage } from '../lib/api/account.ts';
import { createCouponsApi } from '../lib/api/coupons.ts';
import type { CouponCheckDto } from '../lib/api/wire.ts';
import { normaliseCode } from '../lib/domain/coupons.ts';
import { COUPON_CODE_KEY } from '../lib/domain/storage-keys.ts';
import { api } from './session.ts';

/** The coupon calls with the signed-in account's token. */
export const couponsApi = createCouponsApi(api);

/** The code the shopper applied in the cart, kept in localStorage until the order is placed ('' for none). */
export const $couponCode = persistentAtom<string>(COUPON_CODE_KEY, '');

/** What the applied code takes off the cart as it is now, or why it does not apply. */
export type CouponState =
  | { kind: 'none' }
  | { kind: 'checking'; code: string }
  | { kind: 'applied'; check: CouponCheckDto }
  | { kind: 'refused'; code: string; message: string };

export const $coupon = atom<CouponState>({ kind: 'none' });

type Lines = readonly { ItemID: number; StoreID: number; Qty: number; Staus?: string }[];

/**
 * Checks `code` against the cart's lines and keeps it when it applies; a refused code is
 * forgotten, with the shop's reason shown. A later check supersedes an earlier one.
 */
let asked = 0;
export async function applyCoupon(raw: string, lines: Lines): Promise<void> {
  const code = normaliseCode(raw);
  if (code === '') return removeCoupon();
  const mine = ++asked;
  $coupon.set({ kind: 'checking', code });
  try {
    const check = await couponsApi.check(code, lines);
    if (mine !== asked) return;
    $couponCode.set(check.Code);
    $coupon.set({ kind: 'applied', check });
  } catch (err) {
    if (mine !== asked) return;
    $couponCode.set('');
    $coupon.set({ kind: 'refused', code, message: friendlyMessage(err) });
  }
}

/** Checks the kept code again (the cart changed, or the review opened). */
export function recheckCoupon(lines: Lines): Promise<void> {
  const code = $couponCode.get();
  return code === '' ? Promise.resolve() : applyCoupon(code, lines);
}

/** Forgets the code: the shopper removed it, or the order that used it was placed. */
export function removeCoupon(): void {
  asked++;
  $couponCode.set('');
  $coupon.set({ kind: 'none' });
}
