import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { buttonStyles } from './button-styles.ts';

export interface DialogProps {
  open: boolean;
  title: string;
  /** A line under the title, announced with it. */
  description?: ReactNode;
  onClose: () => void;
  /** `panel` slides in from the right (forms); `center` is a small box (confirmations). */
  variant?: 'panel' | 'center';
  children?: ReactNode;
}

const VARIANTS = {
  panel: 'my-0 ml-auto mr-0 h-dvh max-h-dvh w-full max-w-2xl rounded-none sm:rounded-l-2xl backdrop:bg-slate-900/50',
  center: 'm-auto w-[calc(100%-2rem)] max-w-md rounded-2xl backdrop:bg-slate-900/50',
} as const;

/**
 * A modal dialog on the native `<dialog>` element: the rest of the page is inert
 * while it is open, Escape closes it, and focus returns to where it was. The
 * first field marked `data-autofocus` (else the first field) takes focus.
 */
export function Dialog({ open, title, description, onClose, variant = 'panel', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      dialog.showModal();
      const first =
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>('input, select, textarea, [contenteditable="true"]');
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`bg-white p-0 text-slate-900 shadow-2xl ${VARIANTS[variant]}`}
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-start gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-lg font-bold text-slate-900">
                {title}
              </h2>
              {description !== undefined && (
                <div id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </div>
              )}
            </div>
            <button
              type="button"
              onClick={onClose}
              className="grid size-9 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                <path d="M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z" />
              </svg>
              <span className="sr-only">Close</span>
            </button>
          </div>
          {/* A panel's form keeps its buttons in a footer stuck to the bottom, so it has no bottom padding. */}
          <div className={`min-h-0 flex-1 overflow-y-auto px-5 pt-4 ${variant === 'panel' ? '' : 'pb-5'}`}>
            {children}
          </div>
        </div>
      )}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in words. */
  children?: ReactNode;
  confirmLabel: string;
  /** The button that backs out; `Cancel` when left out. */
  cancelLabel?: string;
  /** Runs the action; a rejection shows its message in the dialog, which stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
}

/** Asks before something that cannot be undone; shows the server's refusal (such as a 409) in place. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onClose,
  danger = true,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    if (open) {
      setError('');
      setBusy(false);
    }
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setError('');
    try {
      await onConfirm();
    } catch (err) {
      setError(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={title} onClose={onClose} variant="center">
      <div className="space-y-3 text-slate-700">{children}</div>
      <div
        role="alert"
        className={error === '' ? '' : 'mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800'}
      >
        {error}
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={onClose} data-autofocus>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? buttonStyles.danger : buttonStyles.primary}
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
