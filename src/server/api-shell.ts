import { type Context, Hono } from 'hono';
import { apiAnswerHeaders, noteRequest } from './api-answer.ts';
import type { AppDeps } from './deps.ts';
import { AppError, errorResponse } from './errors.ts';
import { routePattern } from './http/route-label.ts';
import { UNMATCHED_ROUTE } from './metrics.ts';
import { bodyLimit } from './middleware/body-limit.ts';
import { nulGuard } from './middleware/nul-guard.ts';

/**
 * What every API app shares, whichever calls it mounts (the whole API, `app.ts`; the build's
 * reads, `catalogue-app.ts`): case-insensitive paths, every answer's headers, the request's
 * metrics and log line, the body guards, and the errors' JSON.
 */

const API_PREFIX = /^\/(api|token|accountapi)(\/|$)/i;

/**
 * The path the router sees. API paths match case-insensitively, as the original
 * ASP.NET backend's did, so they are lower-cased here and every API route is
 * registered in lower case; other paths (content files, pages) keep their case.
 * A trailing slash is ignored (`/api/Store/ReadAll/` is a call of spec §7).
 */
export function routingPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  let end = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch, start);
    if (i !== -1 && i < end) end = i;
  }
  let path = start === -1 ? '/' : url.slice(start, end);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return API_PREFIX.test(path) ? path.toLowerCase() : path;
}

function addApiHeaders(c: Context): void {
  const wanted = apiAnswerHeaders(c.req.path);
  // A response made by Response.redirect() or fetch() has read-only headers: copy it first.
  if (!Object.entries(wanted).every(([name, value]) => setIfMissing(c.res.headers, name, value))) {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(wanted)) setIfMissing(c.res.headers, name, value);
  }
}

function setIfMissing(headers: Headers, name: string, value: string): boolean {
  if (headers.has(name)) return true;
  try {
    headers.set(name, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * An API app: `mount` adds its routes between the middleware every answer passes (headers,
 * metrics and log, body guards) and the answers for no route and for an error.
 */
export function apiShell(deps: AppDeps, mount: (app: Hono) => void): Hono {
  const app = new Hono({ getPath: (req) => routingPath(req.url) });

  // Every answer carries the API's security headers (those a route set itself are kept),
  // is counted in the metrics by its route's pattern, and is logged: as `warn` when slow,
  // as `error` when it failed.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    addApiHeaders(c);
    noteRequest(deps, {
      method: c.req.method,
      route: routePattern(c, UNMATCHED_ROUTE),
      path: c.req.path,
      status: c.res.status,
      started,
    });
  });
  // Every body is bounded before anything reads it, then checked for NUL characters.
  app.use(bodyLimit());
  app.use(nulGuard());

  mount(app);

  app.notFound((c) => {
    const err = AppError.notFound(`No API call answers ${c.req.method} ${c.req.path}.`);
    return errorResponse(err, c, deps.log);
  });
  app.onError((err, c) => errorResponse(err, c, deps.log));
  return app;
}
