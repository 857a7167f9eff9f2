/**
 * Checking a staff form. A form is a `FormSpec`: its fields' schemas (built from
 * `form-fields.ts`), the values a new row takes for fields left out, and rules that
 * tie fields together. `validateForm` checks a whole form (create, PUT);
 * `validatePatch` checks the fields a PATCH carries. Rules that need the database
 * (that a CategoryID names a category, that a CustomOrder's items are in the
 * section's database) are the server's.
 */
import { z } from 'zod';
import type { FieldErrors } from './account-rules.ts';

/** One staff form: its fields, the values fields left out of a new row take, and cross-field rules. */
export interface FormSpec<S extends z.ZodRawShape> {
  shape: S;
  /** Values for fields a create or a PUT leaves out; fields without one are required. */
  defaults: { [K in keyof S]?: z.input<S[K]> };
  /** Rules over several fields, run on the whole (merged) values. */
  cross?: (values: FormValues<S>) => FieldErrors;
  /** The fields `cross` reads: a PATCH touching none of them skips it. */
  crossFields?: readonly (keyof S & string)[];
}

export type FormValues<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * The form's fields out of a request body, their keys matched case-insensitively
 * (as ASP.NET model binding did) and spelled as the form spells them (the exact
 * spelling wins over others, else the first); unknown keys and undefined values are left out.
 */
export function pickFields(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const name = byLower.get(key.toLowerCase());
    if (name !== undefined && value !== undefined && !(name in out && key !== name)) out[name] = value;
  }
  return out;
}

function issuesToErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((list) => list !== undefined && list.length > 0);
}

// Building a zod object is costly (zod 4 compiles a parser for it): one per form, made once.
const wholeSchemas = new WeakMap<object, z.ZodObject>();
const partialSchemas = new WeakMap<object, z.ZodObject>();

function wholeSchema<S extends z.ZodRawShape>(spec: FormSpec<S>): z.ZodObject<S> {
  let schema = wholeSchemas.get(spec);
  if (schema === undefined) {
    schema = z.object(spec.shape);
    wholeSchemas.set(spec, schema);
  }
  return schema as z.ZodObject<S>;
}

function partialSchema<S extends z.ZodRawShape>(spec: FormSpec<S>): z.ZodObject {
  let schema = partialSchemas.get(spec);
  if (schema === undefined) {
    schema = z.object(spec.shape).partial();
    partialSchemas.set(spec, schema);
  }
  return schema;
}

/** Checks a whole form (a create, or a PUT): fields left out take the spec's defaults. */
export function validateForm<S extends z.ZodRawShape>(
  spec: FormSpec<S>,
  input: Record<string, unknown>,
): Validated<FormValues<S>> {
  const values = { ...spec.defaults, ...pickFields(input, Object.keys(spec.shape)) };
  const result = wholeSchema(spec).safeParse(values);
  if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues) };
  const crossErrors = spec.cross?.(result.data) ?? {};
  return hasErrors(crossErrors) ? { ok: false, errors: crossErrors } : { ok: true, value: result.data };
}

/**
 * Checks the fields a PATCH carries against their rules, and the cross-field
 * rules on the row as it would become (`current` merged with the change).
 * Answers only the changed fields.
 */
export function validatePatch<S extends z.ZodRawShape>(
  spec: FormSpec<S>,
  input: Record<string, unknown>,
  current: FormValues<S>,
): Validated<Partial<FormValues<S>>> {
  const picked = pickFields(input, Object.keys(spec.shape));
  const result = partialSchema(spec).safeParse(picked);
  if (!result.success) return { ok: false, errors: issuesToErrors(result.error.issues) };
  const change = result.data as Partial<FormValues<S>>;
  const touches = (spec.crossFields ?? []).some((f) => f in picked);
  if (spec.cross !== undefined && touches) {
    const crossErrors = spec.cross({ ...current, ...change });
    if (hasErrors(crossErrors)) return { ok: false, errors: crossErrors };
  }
  return { ok: true, value: change };
}
