import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors } from '../lib/domain/account-rules.ts';
import { inLabels } from '../lib/domain/field-labels.ts';

/**
 * The pieces the account forms share: a labelled text field whose messages are
 * tied to it with `aria-describedby` / `aria-invalid`, the alert and status
 * regions, and `useFieldForm`, which holds values and decides when a message may
 * show (once its field was left, or after an attempt to submit).
 */

export interface FieldFormOptions<F extends string> {
  initial: Record<F, string>;
  /** Spec §5 or profile rules over the values as typed; an empty object means valid. */
  validate: (values: Record<F, string>) => FieldErrors<F>;
}

export interface FieldBinding {
  value: string;
  errors: string[];
  onValue: (value: string) => void;
  onBlur: () => void;
}

export interface FieldForm<F extends string> {
  values: Record<F, string>;
  valid: boolean;
  field: (name: F) => FieldBinding;
  /** Shows every message, as a submit attempt does. */
  attempt: () => void;
  /** Messages from the server's ModelState, shown under their fields until the field changes. */
  setServerErrors: (errors: Record<string, string[]>) => void;
  /** Replaces the values (after loading), forgetting what was touched. */
  reset: (values: Record<F, string>) => void;
  /** For the form element: Enter in a field counts as a submit attempt even while submit is disabled. */
  onKeyDown: (e: KeyboardEvent<HTMLFormElement>) => void;
}

export function useFieldForm<F extends string>({ initial, validate }: FieldFormOptions<F>): FieldForm<F> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<Record<string, string[]>>({});
  const errors = validate(values);
  const valid = Object.values(errors).every((list) => list === undefined || (list as string[]).length === 0);

  return {
    values,
    valid,
    field: (name) => ({
      value: values[name],
      errors: [...(touched[name] || attempted ? (errors[name] ?? []) : []), ...(serverErrors[name] ?? [])],
      onValue: (value) => {
        setValues((v) => ({ ...v, [name]: value }));
        setServerErrorsState((s) => {
          if (s[name] === undefined) return s;
          const { [name]: _dropped, ...rest } = s;
          return rest;
        });
      },
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    }),
    attempt: () => setAttempted(true),
    setServerErrors: setServerErrorsState,
    reset: (next) => {
      setValues(next);
      setTouched({});
      setAttempted(false);
      setServerErrorsState({});
    },
    onKeyDown: (e) => {
      if (e.key === 'Enter' && e.target instanceof HTMLInputElement) setAttempted(true);
    },
  };
}

export interface TextFieldProps {
  id: string;
  label: string;
  binding: FieldBinding;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** A line of help under the label, announced with the field. */
  hint?: string;
  required?: boolean;
}

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';

/**
 * False in the server-rendered HTML and until React has taken over the page.
 * Hydration resets controlled inputs, so text typed before it would vanish.
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A labelled input with its help and its messages; it takes typing once the page is interactive. */
export function TextField({
  id,
  label,
  binding,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  hint,
  required,
}: TextFieldProps) {
  const hydrated = useHydrated();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = binding.errors.length > 0;
  const describedBy = [hint === undefined ? null : hintId, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-800">
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={id}
        type={type}
        value={binding.value}
        onChange={(e) => binding.onValue(e.target.value)}
        onBlur={binding.onBlur}
        readOnly={!hydrated}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required === true ? true : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        className={`${inputClass} ${invalid ? 'border-red-700' : 'border-slate-400'}`}
      />
      {invalid && (
        <div id={errorId} className="mt-1 text-sm text-red-700">
          {binding.errors.map((m) => (
            <p key={m}>{inLabels(m)}</p>
          ))}
        </div>
      )}
    </div>
  );
}

/** A value shown in the place of a field that cannot be changed (such as the e-mail address). */
export function ReadOnlyField({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type="text"
        value={value}
        readOnly
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
        className={`${inputClass} border-slate-300 bg-slate-100 text-slate-700`}
      />
      {hint !== undefined && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A live region for a failure (`role="alert"`) or an outcome (`role="status"`).
 * It is always in the page, so that screen readers announce what appears in it.
 */
export function Notice({ kind, children }: { kind: 'error' | 'success'; children?: ReactNode }) {
  const empty = children === undefined || children === null || children === false || children === '';
  const look =
    kind === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-brand-300 bg-brand-50 text-brand-900';
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={empty ? '' : `mb-4 rounded-lg border px-4 py-3 ${look}`}
    >
      {empty ? null : children}
    </div>
  );
}

export const buttonClass =
  'inline-flex items-center justify-center rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white shadow-sm ' +
  'hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none';
