import type { $Fetch } from 'ofetch';
import type { StockAlertDto } from './wire.ts';

/** The back-in-stock calls (`/api/StockAlert`), for the signed-in shopper. */
export interface AlertsApi {
  mine(): Promise<StockAlertDto[]>;
  /** Asks to be mailed once when the out-of-stock item is back. */
  create(itemId: number): Promise<StockAlertDto>;
  cancel(alertId: number): Promise<void>;
}

export function createAlertsApi(api: $Fetch): AlertsApi {
  return {
    mine() {
      return api<StockAlertDto[]>('/api/StockAlert/Mine');
    },
    create(itemId) {
      return api<StockAlertDto>('/api/StockAlert/Create', { method: 'POST', body: { ItemID: itemId } });
    },
    async cancel(alertId) {
      await api(`/api/StockAlert/Delete/${alertId}`, { method: 'DELETE' });
    },
  };
}
