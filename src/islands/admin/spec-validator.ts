import { config, type z } from 'zod';
import type { FieldErrors } from '../../lib/domain/account-rules.ts';
import { type FormSpec, validateForm } from '../../lib/domain/form-validation.ts';
import type { RawValues } from './form-state.ts';

// No compiled fast path in the browser: zod's probe for it (`new Function`) is reported by the pages'
// strict CSP as a script-src violation, though zod catches the throw. The forms' objects are built at
// validation time (`form-validation.ts`), after this line.
config({ jitless: true });

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
