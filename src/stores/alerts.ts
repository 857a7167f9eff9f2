import { atom } from 'nanostores';
import { createAlertsApi } from '../lib/api/alerts.ts';
import type { StockAlertDto } from '../lib/domain/shopper.ts';
import { api } from './session.ts';

/** The signed-in shopper's pending back-in-stock requests, as last read. */
export const $stockAlerts = atom<{ loaded: boolean; list: StockAlertDto[] }>({ loaded: false, list: [] });

export const alertsApi = createAlertsApi(api);

let loading: Promise<void> | null = null;

/** Reads the requests once per page (every "Notify me" button shares the read). */
export function loadStockAlerts(force = false): Promise<void> {
  if (!force && ($stockAlerts.get().loaded || loading !== null)) return loading ?? Promise.resolve();
  loading = (async () => {
    try {
      $stockAlerts.set({ loaded: true, list: await alertsApi.mine() });
    } finally {
      loading = null;
    }
  })();
  return loading;
}

/** Takes a request back. */
export async function cancelStockAlert(alertId: number): Promise<void> {
  await alertsApi.cancel(alertId);
  const { list } = $stockAlerts.get();
  $stockAlerts.set({ loaded: true, list: list.filter((a) => a.AlertID !== alertId) });
}
