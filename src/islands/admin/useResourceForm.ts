import { useState } from 'react';
import type { z } from 'zod';
import { type FormSpec, type FormValues, validateForm } from '../../lib/domain/form-validation.ts';
import type { FormDone } from './DataTable.tsx';
import type { FormShellProps } from './FormShell.tsx';
import { type RawValues, useStaffForm } from './form-state.ts';
import { specValidator } from './spec-validator.ts';

export interface ResourceFormOptions<V extends RawValues, S extends z.ZodRawShape, R> {
  /** The rows in words, for the submit button (`Create store`, `Save store`). */
  noun: string;
  /** A create form (true) or an edit form. */
  isNew: boolean;
  /** The shared schema that checks the form, in the browser and again on Save. */
  spec: FormSpec<S>;
  /** The values the form opens with (of the type `toInput` takes). */
  initial: NoInfer<V>;
  /** The form's values as the fields `spec` checks (the values themselves, or with the parent's id added). */
  toInput: (values: V) => Record<string, unknown>;
  done: FormDone;
  /** Creates or updates the row from the checked values; a rejection shows in the form. */
  save: (value: FormValues<S>) => Promise<R>;
  /** What the toast says once `save` answered. */
  savedText: (saved: R) => string;
}

/**
 * The plumbing of a staff create / edit form: its state checked by `spec`, and
 * the FormShell's props, whose Save checks the values again, saves them, and
 * closes the form with `savedText`. Spread the answer on a `FormShell`.
 */
export function useResourceForm<V extends RawValues, S extends z.ZodRawShape, R>({
  noun,
  isNew,
  spec,
  initial,
  toInput,
  done,
  save,
  savedText,
}: ResourceFormOptions<V, S, R>): Omit<FormShellProps<V>, 'children'> {
  const [validate] = useState(() => specValidator(spec, toInput));
  const form = useStaffForm<V>(initial, validate);
  return {
    form,
    submitLabel: `${isNew ? 'Create' : 'Save'} ${noun}`,
    onCancel: done.cancel,
    onSave: async () => {
      const checked = validateForm(spec, toInput(form.values));
      if (!checked.ok) return;
      const saved = await save(checked.value);
      done.saved(savedText(saved));
    },
  };
}
