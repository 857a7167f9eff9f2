import { type ReactNode, type SubmitEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { friendlyMessage, modelStateOf } from '../../lib/api/account.ts';
import type { FieldErrors } from '../../lib/domain/account-rules.ts';
import { inLabels } from '../../lib/domain/field-labels.ts';
import { type FormSpec, validateForm } from '../../lib/domain/form-validation.ts';
import { buttonStyles } from './button-styles.ts';
import { useToast } from './Toaster.tsx';

export { buttonStyles };

/**
 * The staff forms' pieces: a form state whose messages come from the shared
 * schemas (`src/lib/domain/catalogue-forms.ts`) and from the server's `ModelState`,
 * labelled inputs tied to their messages (`aria-describedby`, `aria-invalid`),
 * and the form shell with its alert and buttons.
 */

const controlClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 disabled:bg-slate-100 disabled:text-slate-600';

/** A form's values as its inputs hold them: text, or a flag for a checkbox. */
export type RawValues = Record<string, string | boolean>;

export interface StaffForm<V extends RawValues> {
  values: V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** The messages to show under a field now (once it was left, or after a submit attempt, and the server's). */
  errors: (name: keyof V & string) => string[];
  touch: (name: keyof V & string) => void;
  /** The input id of a field. */
  id: (name: keyof V & string) => string;
  /** Shows every message, as a submit does; true when the values pass every rule. */
  attempt: () => boolean;
  /** The server's `ModelState`; messages for fields this form does not show are listed by the form. */
  setServerErrors: (errors: Record<string, string[]>) => void;
  /** Server messages about fields the form has no input for. */
  otherErrors: string[];
  /** True once any value differs from the initial ones. */
  dirty: boolean;
}

/** A form state checked by `validate` (field → messages) on every change. */
export function useStaffForm<V extends RawValues>(initial: V, validate: (values: V) => FieldErrors): StaffForm<V> {
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<Record<string, string[]>>({});
  const start = useRef(initial);
  const clientErrors = useMemo(() => validate(values), [validate, values]);
  const fields = Object.keys(initial);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setServer((s) => {
      if (s[name] === undefined) return s;
      const { [name]: _dropped, ...rest } = s;
      return rest;
    });
  }, []);

  return {
    values,
    set,
    errors: (name) => [...(touched[name] || attempted ? (clientErrors[name] ?? []) : []), ...(server[name] ?? [])],
    touch: (name) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
    id: (name) => `${prefix}-${name}`,
    attempt: () => {
      setAttempted(true);
      return Object.values(clientErrors).every((list) => list === undefined || list.length === 0);
    },
    setServerErrors: setServer,
    otherErrors: Object.entries(server)
      .filter(([field]) => !fields.includes(field))
      .flatMap(([, messages]) => messages),
    dirty: fields.some((f) => values[f] !== start.current[f]),
  };
}

/**
 * A validator over one of the shared form specs: `toInput` turns the form's
 * values into the fields the spec checks. A required field left blank reads as
 * missing, so its message is "{Field} is required."
 */
export function specValidator<S extends z.ZodRawShape, V extends RawValues>(
  spec: FormSpec<S>,
  toInput: (values: V) => Record<string, unknown>,
): (values: V) => FieldErrors {
  return (values) => {
    const input = { ...toInput(values) };
    for (const [field, value] of Object.entries(input)) {
      if (typeof value === 'string' && value.trim() === '' && !(field in spec.defaults)) delete input[field];
    }
    const result = validateForm(spec, input);
    return result.ok ? {} : result.errors;
  };
}

interface FieldProps<V extends RawValues> {
  form: StaffForm<V>;
  name: keyof V & string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Takes focus when the dialog opens. */
  autoFocus?: boolean;
}

function useDescribedBy<V extends RawValues>(
  form: StaffForm<V>,
  name: keyof V & string,
  hint: ReactNode,
  label: string,
) {
  const id = form.id(name);
  // Rules speak in field names; the form shows its labels.
  const errors = form.errors(name).map((m) => inLabels(m, { [name]: label }));
  const invalid = errors.length > 0;
  const describedBy = [hint === undefined ? null : `${id}-hint`, invalid ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return { id, errors, invalid, describedBy: describedBy === '' ? undefined : describedBy };
}

/**
 * What a text input, text area and select share: the field's id and name, its
 * value's updates, the touch on blur, autofocus, the ARIA states and the border
 * that shows an error.
 */
function useControl<V extends RawValues>(props: FieldProps<V>) {
  const { form, name, hint, required, disabled, autoFocus, label } = props;
  const { id, errors, invalid, describedBy } = useDescribedBy(form, name, hint, label);
  return {
    id,
    errors,
    attrs: {
      id,
      name,
      onChange: (e: { target: { value: string } }) => form.set(name, e.target.value as V[typeof name]),
      onBlur: () => form.touch(name),
      disabled,
      'data-autofocus': autoFocus === true ? '' : undefined,
      'aria-required': required === true ? true : undefined,
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': describedBy,
    },
    className: `${controlClass} ${invalid ? 'border-red-700' : 'border-slate-400'}`,
  };
}

function Messages({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {errors.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <div className="mb-1 flex items-baseline gap-1 text-sm font-semibold text-slate-800">
      <label htmlFor={id}>{label}</label>
      {/* Outside the label, so the field's name stays its label; aria-required says it to screen readers. */}
      {required === true && (
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      )}
    </div>
  );
}

function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  if (hint === undefined) return null;
  return (
    <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
      {hint}
    </p>
  );
}

export interface TextInputProps<V extends RawValues> extends FieldProps<V> {
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  inputMode?: 'text' | 'decimal' | 'numeric' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  /** A unit value before the input (`Rs`) or after it (`%`). */
  prefix?: string;
  suffix?: string;
}

export function TextInput<V extends RawValues>(props: TextInputProps<V>) {
  const { form, name, label, hint, required, type = 'text', inputMode, autoComplete } = props;
  const { id, errors, attrs, className } = useControl(props);
  const value = form.values[name];
  const input = (
    <input
      {...attrs}
      type={type}
      value={typeof value === 'string' ? value : ''}
      inputMode={inputMode}
      autoComplete={autoComplete ?? 'off'}
      className={`${className} ${props.prefix === undefined ? '' : 'pl-10'} ${props.suffix === undefined ? '' : 'pr-10'}`}
    />
  );
  return (
    <div>
      <Label id={id} label={label} required={required} />
      <Hint id={id} hint={hint} />
      {props.prefix === undefined && props.suffix === undefined ? (
        input
      ) : (
        <div className="relative">
          {props.prefix !== undefined && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-600"
            >
              {props.prefix}
            </span>
          )}
          {input}
          {props.suffix !== undefined && (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-600"
            >
              {props.suffix}
            </span>
          )}
        </div>
      )}
      <Messages id={id} errors={errors} />
    </div>
  );
}

export function TextArea<V extends RawValues>(props: FieldProps<V> & { rows?: number; maxLength?: number }) {
  const { form, name, label, hint, required, rows = 3 } = props;
  const { id, errors, attrs, className } = useControl(props);
  const value = form.values[name];
  const text = typeof value === 'string' ? value : '';
  return (
    <div>
      <Label id={id} label={label} required={required} />
      <Hint id={id} hint={hint} />
      <textarea {...attrs} rows={rows} value={text} className={className} />
      {props.maxLength !== undefined && (
        <p className={`mt-1 text-right text-xs ${text.length > props.maxLength ? 'text-red-700' : 'text-slate-600'}`}>
          {text.length} / {props.maxLength}
        </p>
      )}
      <Messages id={id} errors={errors} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

export function SelectInput<V extends RawValues>(
  props: FieldProps<V> & { options: (SelectOption | SelectGroup)[]; placeholder?: string },
) {
  const { form, name, label, hint, required, options, placeholder } = props;
  const { id, errors, attrs, className } = useControl(props);
  const value = form.values[name];
  return (
    <div>
      <Label id={id} label={label} required={required} />
      <Hint id={id} hint={hint} />
      <select {...attrs} value={typeof value === 'string' ? value : ''} className={className}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) =>
          'options' in o ? (
            <optgroup key={o.label} label={o.label}>
              {o.options.map((x) => (
                <option key={x.value} value={x.value}>
                  {x.label}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
      <Messages id={id} errors={errors} />
    </div>
  );
}

export function CheckboxInput<V extends RawValues>(props: FieldProps<V>) {
  const { form, name, label, hint, disabled } = props;
  const { id, errors, invalid, describedBy } = useDescribedBy(form, name, hint, label);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={form.values[name] === true}
          onChange={(e) => form.set(name, e.target.checked as V[typeof name])}
          disabled={disabled}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-800"
        />
        <div>
          <label htmlFor={id} className="text-sm font-semibold text-slate-800">
            {label}
          </label>
          {hint !== undefined && (
            <p id={`${id}-hint`} className="text-sm text-slate-600">
              {hint}
            </p>
          )}
        </div>
      </div>
      <Messages id={id} errors={errors} />
    </div>
  );
}

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
