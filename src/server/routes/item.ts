import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Item`: not built yet. */
export function itemRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
