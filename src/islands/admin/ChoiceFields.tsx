import { type FieldProps, Hint, Label, Messages, useControl, useDescribedBy } from './field-parts.tsx';
import type { RawValues } from './form-state.ts';

/** The choices of a staff form: a select (with option groups) and a checkbox. */

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
