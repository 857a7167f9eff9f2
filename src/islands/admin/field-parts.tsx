import type { ReactNode } from 'react';
import { inLabels } from '../../lib/domain/field-labels.ts';
import type { RawValues, StaffForm } from './form-state.ts';

/**
 * What every input of a staff form shares: the label, hint and messages tied to the
 * control (`aria-describedby`, `aria-invalid`), and the border that shows an error.
 */

const controlClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 disabled:bg-slate-100 disabled:text-slate-600';

export interface FieldProps<V extends RawValues> {
  form: StaffForm<V>;
  name: keyof V & string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Takes focus when the dialog opens. */
  autoFocus?: boolean;
}

export function useDescribedBy<V extends RawValues>(
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
export function useControl<V extends RawValues>(props: FieldProps<V>) {
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

export function Messages({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {errors.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

export function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
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

export function Hint({ id, hint }: { id: string; hint: ReactNode }) {
  if (hint === undefined) return null;
  return (
    <p id={`${id}-hint`} className="mb-1 text-sm text-slate-600">
      {hint}
    </p>
  );
}
