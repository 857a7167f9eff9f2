import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The route pattern a request matched (`/api/item/read/:id/:dbId`), for the metrics'
 * `route` label: a few dozen values however many ids and paths are asked for. The
 * first matched route that is not middleware (`app.use`, method `ALL`) is the route
 * that answers, or whose middleware refused (a 401 before the handler); a request
 * that matched only middleware (an unknown path) is `unmatched`.
 */
export function routePattern(c: Context, unmatched: string): string {
  try {
    const route = matchedRoutes(c).find((r) => r.method !== 'ALL');
    return route?.path ?? unmatched;
  } catch {
    // No router result on this context (it never reached routing).
    return unmatched;
  }
}
