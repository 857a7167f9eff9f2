import type { Context, MiddlewareHandler } from 'hono';
import { hasNul, NUL_RULE } from '../../lib/domain/text-rules.ts';
import { AppError } from '../errors.ts';
import { heldBody } from '../http/body.ts';
import { parseJsonBody } from '../http/input.ts';

/** A 400 naming the field and its rule; on `/token` in OAuth 2.0's shape (RFC 6749 §5.2), as the contract fixes. */
function refused(c: Context, fieldName: string, rule = NUL_RULE): Response {
  if (c.req.path === '/token') {
    c.header('Cache-Control', 'no-store');
    return c.json({ error: 'invalid_request', error_description: `${fieldName} ${rule}.` }, 400);
  }
  const err = AppError.invalidField(fieldName, rule);
  return c.json({ Message: err.message, ModelState: err.modelState }, 400);
}

function firstNulInPairs(pairs: Iterable<[string, unknown]>): string | undefined {
  for (const [key, value] of pairs) {
    if (hasNul(key)) return key.replaceAll('\0', '\\0');
    if (typeof value === 'string' && hasNul(value)) return key;
  }
  return undefined;
}

/**
 * Refuses text holding a NUL character (U+0000) anywhere the API reads text:
 * the decoded path, query parameters, and JSON, form-encoded and multipart
 * (text fields) bodies. PostgreSQL cannot store it and SQLite would, so
 * without this the two engines answered differently (a 500 and a 200). A JSON
 * body nested deeper than `JSON_MAX_DEPTH` is refused here too, from its text,
 * before it is parsed (`parseJsonBody`). Runs after `bodyLimit`, so the body it
 * parses is bounded; a body `bodyLimit` held for the route is left to the
 * route, which reads it through the same checks once it knows the caller.
 */
export function nulGuard(): MiddlewareHandler {
  return async (c, next) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      path = '';
    }
    if (hasNul(path)) return refused(c, 'path');
    const url = new URL(c.req.url);
    const inQuery = firstNulInPairs(url.searchParams.entries());
    if (inQuery !== undefined) return refused(c, inQuery);
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || heldBody(c) !== undefined) return next();
    if (c.req.raw.body === null) return next();

    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (type.includes('json')) {
      const body = parseJsonBody(await c.req.raw.clone().text());
      // Not JSON: the route answers that.
      if (body.kind === 'refused') return refused(c, body.field, body.rule);
    } else if (type.startsWith('application/x-www-form-urlencoded')) {
      const params = new URLSearchParams(await c.req.raw.clone().text());
      const at = firstNulInPairs(params.entries());
      if (at !== undefined) return refused(c, at);
    } else if (type.startsWith('multipart/form-data')) {
      let form: FormData;
      try {
        form = await c.req.raw.clone().formData();
      } catch {
        return next();
      }
      const at = firstNulInPairs(form.entries());
      if (at !== undefined) return refused(c, at);
    }
    return next();
  };
}
