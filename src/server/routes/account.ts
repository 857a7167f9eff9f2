import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Account`: not built yet. */
export function accountRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
