import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../errors.ts';
import type { Metrics } from '../metrics.ts';
import { mayReadMetrics } from '../ops/access.ts';
import type { Readiness } from '../ops/health.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The operator's calls, at the root so they are the same on `npm start`'s one port
 * and on an API-only server: `GET /healthz` (the process answers), `GET /readyz` (the
 * database answers and its migrations are current: 200, else 503 with `Retry-After`)
 * for load balancers, and `GET /metrics` (Prometheus' text format) for the addresses
 * `METRICS_ALLOW` admits or the bearer of `METRICS_TOKEN` (403 for anyone else).
 */
export function opsRoutes(deps: AppDeps & { metrics: Metrics }, ready: () => Promise<Readiness>): Hono {
  const started = Date.now();
  return new Hono()
    .get('/healthz', (c) =>
      c.json({ Status: 'ok', UptimeSeconds: Math.round((Date.now() - started) / 1000) }, 200, NO_STORE),
    )
    .get('/readyz', async (c) => {
      const readiness = await ready();
      if (readiness.Ready) return c.json(readiness, 200, NO_STORE);
      return c.json(readiness, 503, { ...NO_STORE, 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
    })
    .get('/metrics', async (c) => {
      if (!mayReadMetrics(c, deps)) {
        throw AppError.forbidden(
          'The metrics are served only to the addresses METRICS_ALLOW admits (this machine by default) and to callers sending METRICS_TOKEN as a bearer token.',
        );
      }
      const { contentType, body } = await deps.metrics.render();
      return c.body(body, 200, { ...NO_STORE, 'Content-Type': contentType });
    });
}
