import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/token`: not built yet. */
export function tokenRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
