import { useEffect, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { useToast } from './Toaster.tsx';

/**
 * One action of a table row at a time: `busy` while it runs (the row's button
 * is disabled), its failure said in a toast, then `onError` (a reload, say).
 */
export function useRowAction() {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const run = async (action: () => Promise<void>, onError?: () => void) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast.error(friendlyMessage(err));
      onError?.();
    } finally {
      setBusy(false);
    }
  };
  return { busy, run, toast };
}

/** A switch for one flag of a table row (Hidden), saved as soon as it is flipped. */
export function SwitchButton({
  checked,
  label,
  onLabel,
  offLabel,
  save,
  savedText,
}: {
  checked: boolean;
  /** The accessible name, such as `Fruit hidden`. */
  label: string;
  onLabel: string;
  offLabel: string;
  /** Saves the new value; a rejection leaves the switch as it was and says why. */
  save: (next: boolean) => Promise<unknown>;
  savedText: (next: boolean) => string;
}) {
  const [value, setValue] = useState(checked);
  const { busy, run, toast } = useRowAction();
  // A reloaded row brings the stored value.
  useEffect(() => setValue(checked), [checked]);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={value}
      disabled={busy}
      onClick={() =>
        run(async () => {
          await save(!value);
          setValue(!value);
          toast.success(savedText(!value));
        })
      }
      className="inline-flex items-center gap-2 rounded-full py-1 pr-2 text-sm text-slate-700 disabled:opacity-60"
    >
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors ${value ? 'bg-amber-600' : 'bg-slate-400'}`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${value ? 'translate-x-4.5' : 'translate-x-0.5'}`}
        />
      </span>
      <span aria-hidden="true">{value ? onLabel : offLabel}</span>
    </button>
  );
}
