import { type ReactNode, type SubmitEvent, useRef, useState } from 'react';
import { friendlyMessage, modelStateOf } from '../../lib/api/account.ts';
import { inLabels } from '../../lib/domain/field-labels.ts';
import { buttonStyles } from './button-styles.ts';
import type { RawValues, StaffForm } from './form-state.ts';

export interface FormShellProps<V extends RawValues> {
  form: StaffForm<V>;
  /** Saves the (valid) values; a rejection's ModelState goes under the fields, its message above them. */
  onSave: () => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  children?: ReactNode;
}

/** A staff form: its fields, a summary of what is wrong, and Save / Cancel kept in view. */
export function FormShell<V extends RawValues>({ form, onSave, onCancel, submitLabel, children }: FormShellProps<V>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const ref = useRef<HTMLFormElement>(null);

  const focusFirstInvalid = () => {
    // After React has rendered the messages.
    setTimeout(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  const submit = async (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError('');
    if (!form.attempt()) {
      setError('Some fields need attention: see the messages under them.');
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await onSave();
    } catch (err) {
      const modelState = modelStateOf(err);
      form.setServerErrors(modelState);
      setError(friendlyMessage(err));
      if (Object.keys(modelState).length > 0) focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="flex min-h-full flex-col">
      <div
        role="alert"
        className={
          error === '' && form.otherErrors.length === 0
            ? ''
            : 'mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800'
        }
      >
        {error}
        {form.otherErrors.map((m) => (
          <p key={m}>{inLabels(m)}</p>
        ))}
      </div>
      <div className="flex-1 space-y-4">{children}</div>
      <div className="sticky bottom-0 z-10 -mx-5 mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
