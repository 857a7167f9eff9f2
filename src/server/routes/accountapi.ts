import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/accountapi`: not built yet. */
export function accountApiRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
