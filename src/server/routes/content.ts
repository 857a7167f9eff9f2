import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/content`: not built yet. */
export function contentRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
