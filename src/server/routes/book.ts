import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Book`: not built yet. */
export function bookRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
