import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Publisher`: not built yet. */
export function publisherRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
