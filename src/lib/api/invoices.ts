import type { $Fetch } from 'ofetch';

/** `GET /api/Order/Invoice/{id}`: the order's GST tax invoices and credit notes as one PDF (its customer or staff). */
export function fetchInvoicePdf(api: $Fetch, orderId: number): Promise<Blob> {
  return api(`/api/Order/Invoice/${orderId}`, { responseType: 'blob' });
}
