import { useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { fetchInvoicePdf } from '../lib/api/invoices.ts';
import { invoiceFileName } from '../lib/domain/tax-invoice.ts';
import { api } from '../stores/session.ts';

/**
 * "Tax invoice (PDF)": fetches the order's invoices with the caller's token (a plain link
 * would carry none) and saves the PDF. My Orders and the staff order page both show it.
 */
export function InvoiceButton({ orderId, className }: { orderId: number; className: string }) {
  const [state, setState] = useState<{ pending: boolean; failure: string }>({ pending: false, failure: '' });
  async function download() {
    if (state.pending) return;
    setState({ pending: true, failure: '' });
    try {
      const url = URL.createObjectURL(await fetchInvoicePdf(api, orderId));
      const link = document.createElement('a');
      link.href = url;
      link.download = invoiceFileName(orderId);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState({ pending: false, failure: '' });
    } catch (err) {
      setState({ pending: false, failure: friendlyMessage(err) });
    }
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={className}
        aria-disabled={state.pending}
        aria-label={`Tax invoice (PDF) of order #${orderId}`}
        onClick={() => void download()}
      >
        {state.pending ? 'Preparing invoice…' : 'Tax invoice (PDF)'}
      </button>
      {state.failure !== '' && (
        <p role="alert" className="text-sm text-berry-700">
          No invoice. {state.failure}
        </p>
      )}
    </div>
  );
}
