import type { Context } from 'hono';
import type { FieldErrors } from '../../lib/domain/account-rules.ts';
import { ID_RULE, readId } from '../../lib/domain/ids.ts';
import { AppError, type ModelState } from '../errors.ts';

/** A JSON request body that must be an object; anything else is a 400. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const body: unknown = await c.req.json();
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw AppError.badRequest('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** The value of `name` in `body`, its key matched case-insensitively (as ASP.NET model binding did). */
export function field(body: Record<string, unknown>, name: string): unknown {
  if (name in body) return body[name];
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(body)) {
    if (key.toLowerCase() === lower) return value;
  }
  return undefined;
}

/** A text field: undefined when absent or null, trimmed unless `raw`; a 400 naming it when not text. */
export function textField(
  body: Record<string, unknown>,
  name: string,
  opts: { raw?: boolean } = {},
): string | undefined {
  const v = field(body, name);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw AppError.invalidField(name, 'must be text');
  return opts.raw === true ? v : v.trim();
}

/** An id (see `ids.ts`) given as a JSON number or as digits in text; a 400 naming it otherwise. */
export function idField(body: Record<string, unknown>, name: string): number {
  const r = readId(field(body, name));
  if (r.kind === 'ok') return r.id;
  throw r.kind === 'missing' ? AppError.invalidField(name, 'is required') : AppError.invalidField(name, ID_RULE);
}

/** Throws one 400 listing every message when a validator found anything. */
export function assertValid(errors: FieldErrors): void {
  const modelState: ModelState = {};
  for (const [key, list] of Object.entries(errors)) {
    if (list !== undefined && list.length > 0) modelState[key] = list;
  }
  const messages = Object.values(modelState)
    .flat()
    .map((m) => (/[.!?]$/.test(m) ? m : `${m}.`));
  if (messages.length > 0) throw AppError.badRequest(`The request is invalid: ${messages.join(' ')}`, modelState);
}
