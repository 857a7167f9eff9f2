import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Section`: not built yet. */
export function sectionRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
