import type { Context } from 'hono';
import type { FieldErrors } from '../../lib/domain/account-rules.ts';
import { ID_MAX, ID_RULE, readId } from '../../lib/domain/ids.ts';
import { DEPTH_RULE, findTooDeep } from '../../lib/domain/json-depth.ts';
import { findNul, NUL_RULE } from '../../lib/domain/text-rules.ts';
import { AppError, type ModelState } from '../errors.ts';

/**
 * What a request carries, read and checked: the JSON body's fields, route parameters and
 * query parameters. Each helper answers a 400 (or a 404 for an id no row can have) that
 * names the field and its rule.
 */

/** A JSON request body read by `parseJsonBody`: its value, the field breaking a rule, or why it is not JSON. */
export type JsonBody =
  | { kind: 'ok'; value: unknown }
  | { kind: 'refused'; field: string; rule: string }
  | { kind: 'not-json'; reason: string };

/**
 * The one door every JSON request body passes, the framework's and the fast
 * paths' alike: nesting deeper than `JSON_MAX_DEPTH` is refused from the text,
 * before the parser or any walk over the value sees it; then the parsed value
 * must hold no NUL character. `field` names the top-level field (or the path,
 * for a NUL) that breaks the rule.
 */
export function parseJsonBody(text: string): JsonBody {
  const deep = findTooDeep(text);
  if (deep !== undefined) return { kind: 'refused', field: deep, rule: DEPTH_RULE };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { kind: 'not-json', reason: (err as Error).message };
  }
  const nul = findNul(value);
  if (nul !== undefined) return { kind: 'refused', field: nul, rule: NUL_RULE };
  return { kind: 'ok', value };
}

/** The parsed value of JSON text, or the 400 that `parseJsonBody` found (not JSON, too deep, a NUL). */
export function jsonValue(text: string): unknown {
  const body = parseJsonBody(text);
  if (body.kind === 'ok') return body.value;
  if (body.kind === 'refused') throw AppError.invalidField(body.field, body.rule);
  throw AppError.badRequest(`The request body is not valid JSON: ${body.reason}`);
}

/** A JSON request body that must be an object; anything else is a 400. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const body = jsonValue(await c.req.text());
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
  if (messages.length > 0) throw AppError.invalid(modelState, messages.join(' '));
}

/**
 * A route parameter that names a row by id (see `ids.ts`): a 400 naming it when
 * it is not a whole number from 1 up, a 404 when it is one beyond the id range
 * (no row can have it, on either engine: it is an unknown id).
 */
export function idParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? '';
  const r = /^\d+$/.test(raw) ? readId(raw) : ({ kind: 'malformed' } as const);
  if (r.kind === 'ok') return r.id;
  if (r.kind === 'out-of-range') {
    throw new AppError(404, 'not_found', `Nothing has the id ${raw} (${name}): ids run from 1 to ${ID_MAX}.`, {
      modelState: { [name]: [`${name} ${ID_RULE}.`] },
    });
  }
  throw AppError.invalidField(name, ID_RULE);
}

/** A query parameter's value, its name matched case-insensitively (as ASP.NET model binding did). */
export function queryValue(c: Context, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(c.req.query())) {
    if (key.toLowerCase() === lower) return value;
  }
  return undefined;
}

/** An optional query parameter that must be an id (see `ids.ts`) when given, or a 400 naming it. */
export function idQuery(c: Context, name: string): number | undefined {
  const r = readId(queryValue(c, name));
  if (r.kind === 'missing') return undefined;
  if (r.kind !== 'ok') throw AppError.invalidField(name, ID_RULE);
  return r.id;
}

/** An optional yes/no query parameter (`true`/`false`/`1`/`0`, any case), or a 400 naming it. */
export function flagQuery(c: Context, name: string): boolean | undefined {
  const raw = (queryValue(c, name) ?? '').trim().toLowerCase();
  if (raw === '') return undefined;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw AppError.invalidField(name, 'must be true or false');
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An optional ISO-8601 time in the query (`2026-01-01T00:00:00Z`, an offset such
 * as `+05:30`, or a bare date meaning midnight UTC), answered in the stored form
 * (`toISOString()`, which compares as text in time order), or a 400 naming it.
 */
export function isoTimeQuery(c: Context, name: string): string | undefined {
  // An unencoded `+` in a query string arrives as a space.
  const raw = (queryValue(c, name) ?? '').trim().replace(/ (\d{2}:\d{2})$/, '+$1');
  if (raw === '') return undefined;
  const m = ISO_TIME.exec(raw);
  const [y, mo, d, h, mi, s] = (m?.slice(1, 7) ?? []).map((v) => Number(v ?? 0));
  const day = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1));
  const valid =
    m !== null &&
    day.getUTCFullYear() === y &&
    day.getUTCMonth() + 1 === mo &&
    day.getUTCDate() === d &&
    (h ?? 0) <= 23 &&
    (mi ?? 0) <= 59 &&
    (s ?? 0) <= 59 &&
    !Number.isNaN(Date.parse(raw));
  if (!valid) {
    throw AppError.invalidField(name, 'must be an ISO-8601 time such as 2026-01-01T00:00:00Z');
  }
  return new Date(raw).toISOString();
}
