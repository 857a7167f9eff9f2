import { type FieldProps, Hint, Label, Messages, useControl } from './field-parts.tsx';
import type { RawValues } from './form-state.ts';

/** The text inputs of a staff form: one line (with an optional unit before or after it) and a text area. */

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
