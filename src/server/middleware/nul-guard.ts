import type { Context, MiddlewareHandler } from 'hono';
import { findNul, hasNul, NUL_RULE } from '../../lib/domain/text-rules.ts';

/** A 400 naming the field; on `/token` in OAuth 2.0's shape (RFC 6749 §5.2), as the contract fixes. */
function refused(c: Context, fieldName: string): Response {
  if (c.req.path === '/token') {
    c.header('Cache-Control', 'no-store');
    return c.json({ error: 'invalid_request', error_description: `${fieldName} ${NUL_RULE}.` }, 400);
  }
  return c.json(
    {
      Message: `The request is invalid: ${fieldName} ${NUL_RULE}.`,
      ModelState: { [fieldName]: [`${fieldName} ${NUL_RULE}.`] },
    },
    400,
  );
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
 * without this the two engines answered differently (a 500 and a 200). Runs
 * after `bodyLimit`, so the body it parses is bounded.
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
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.raw.body === null) return next();

    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (type.includes('json')) {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.raw.clone().text());
      } catch {
        return next(); // Not JSON: the route answers that.
      }
      const at = findNul(body);
      if (at !== undefined) return refused(c, at);
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
