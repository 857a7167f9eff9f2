import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/User`: not built yet. */
export function userRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
