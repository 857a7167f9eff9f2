import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Store`: not built yet. */
export function storeRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
