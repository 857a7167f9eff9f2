import type { $Fetch } from 'ofetch';
import type { CouponCheckDto, CouponDto } from './wire.ts';

/** The coupon calls (`/api/Coupon/*`, issue 32): a shopper's check, and the staff page's. */
export interface CouponsApi {
  /** `POST /api/Coupon/Check`: what `code` takes off these cart lines, or a 400 naming `Code` and why not. */
  check(
    code: string,
    lines: readonly { ItemID: number; StoreID: number; Qty: number; Staus?: string }[],
  ): Promise<CouponCheckDto>;
  /** `GET /api/Coupon/ReadAll` (staff). */
  list(): Promise<CouponDto[]>;
  /** `POST /api/Coupon/Create` (staff). */
  create(coupon: Record<string, unknown>): Promise<CouponDto>;
  /** `POST /api/Coupon/Enable/{id}` or `Disable/{id}` (staff). */
  setEnabled(id: number, enabled: boolean): Promise<CouponDto>;
}

export function createCouponsApi(api: $Fetch): CouponsApi {
  return {
    check(code, lines) {
      return api<CouponCheckDto>('/api/Coupon/Check', {
        method: 'POST',
        body: {
          Code: code,
          CartItems: lines.map((l) => ({
            ItemID: l.ItemID,
            StoreID: l.StoreID,
            Qty: l.Qty,
            Staus: l.Staus ?? 'added',
          })),
        },
      });
    },
    list() {
      return api<CouponDto[]>('/api/Coupon/ReadAll');
    },
    create(coupon) {
      return api<CouponDto>('/api/Coupon/Create', { method: 'POST', body: coupon });
    },
    setEnabled(id, enabled) {
      return api<CouponDto>(`/api/Coupon/${enabled ? 'Enable' : 'Disable'}/${id}`, { method: 'POST' });
    },
  };
}
