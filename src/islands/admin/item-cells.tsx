import { useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { type ExportFilter, saveBlob } from '../../lib/api/catalogue-io.ts';
import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { inLabels } from '../../lib/domain/field-labels.ts';
import { stockCellValue } from '../../lib/domain/staff-views.ts';
import { buttonStyles } from './button-styles.ts';
import { useContentChanged } from './PublishBanner.tsx';
import { catalogueIo, staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';
import type { TableHandle } from './table-types.ts';

/**
 * The stock of one item, edited in place: Enter or leaving the field saves it, once
 * (Enter then the blur it causes is one save). A value out of bounds stays as typed,
 * marked invalid with a message under it naming the Stock column; Escape puts the
 * stored value back.
 */
export function StockCell({ row, table, max }: { row: ItemDto; table: TableHandle; max: number }) {
  const id = useId();
  const [text, setText] = useState(String(row.Availability));
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  // The text last sent (or being sent): a second Enter or the blur after it sends nothing.
  const sent = useRef(String(row.Availability));
  const toast = useToast();
  const contentChanged = useContentChanged();
  const save = async () => {
    const typed = text.trim();
    if (typed === sent.current) return;
    const checked = stockCellValue(typed, max);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem('');
    sent.current = typed;
    setBusy(true);
    try {
      const saved = await staff.items.patch(row.ItemID, { Availability: checked.value });
      toast.success(`${saved.ItemTitle} has ${saved.Availability.toLocaleString('en-IN')} in stock now.`);
      table.reload();
      contentChanged();
    } catch (err) {
      sent.current = String(row.Availability);
      setProblem(inLabels(friendlyMessage(err), { Availability: 'Stock' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="min-w-20">
      <label htmlFor={id} className="sr-only">
        Stock of {row.ItemTitle}
      </label>
      <input
        id={id}
        value={text}
        inputMode="numeric"
        readOnly={busy}
        aria-busy={busy || undefined}
        aria-invalid={problem === '' ? undefined : true}
        aria-describedby={problem === '' ? undefined : `${id}-error`}
        onChange={(e) => {
          setText(e.target.value);
          setProblem('');
        }}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            setText(String(row.Availability));
            setProblem('');
          }
        }}
        className={`w-24 rounded-md border px-2 py-1 text-right tabular-nums ${problem !== '' ? 'border-red-700 bg-red-50 text-red-900' : row.Availability === 0 ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300'}`}
      />
      {problem !== '' && (
        <p id={`${id}-error`} role="alert" className="mt-1 max-w-48 text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Downloads the rows the table shows (all pages), in the columns an import reads. */
export function ExportButton({ filter }: { filter: ExportFilter }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  return (
    <button
      type="button"
      className={buttonStyles.secondary}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { blob, name } = await catalogueIo.exportFile(filter, 'csv');
          saveBlob(blob, name);
          toast.success(`${name} was downloaded: edit it and import it on the Import and Export page.`);
        } catch (err) {
          toast.error(friendlyMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
