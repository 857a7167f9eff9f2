import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';

/** `/api/Employee`: not built yet. */
export function employeeRoutes(_deps: AppDeps): Hono {
  return new Hono();
}
