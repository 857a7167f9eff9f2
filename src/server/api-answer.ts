import type { Logger } from './logger.ts';
import { SLOW_REQUEST_MS } from './logger.ts';
import type { Metrics } from './metrics.ts';
import { API_SECURITY_HEADERS, personalAnswerHeaders } from './site-headers.ts';

// What every API answer carries and leaves behind, in one home for the API (`app.ts`) and
// the doors below the framework (`fast-reads.ts`, `fast-orders.ts`): the header table and
// the request log line. tests/unit/order-doors.test.ts fails on a door that writes its own.

/** The headers every API answer at `path` carries: the security headers, and `Cache-Control: no-store` on a personal one. */
export function apiAnswerHeaders(path: string): Record<string, string> {
  return { ...API_SECURITY_HEADERS, ...personalAnswerHeaders(path) };
}

/**
 * The headers of an answer written below the framework exactly as the route's answer at
 * `path` is written: `apiAnswerHeaders` with the route's own (`Content-Type`, …), in the
 * order and case the adapter writes them (Headers' names, sorted and lower-cased).
 */
export function writtenAnswerHeaders(path: string, own: Readonly<Record<string, string>>): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...apiAnswerHeaders(path), ...own })) named[name.toLowerCase()] = value;
  return Object.fromEntries(Object.entries(named).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The path an API request with no query string is routed and logged by: lower-cased, without a trailing slash (`routingPath`). */
export function apiPathOf(url: string): string {
  return (url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url).toLowerCase();
}

/** An answered request, as the metrics count it and the request log line tells it. */
export interface AnsweredRequest {
  method: string;
  /** The pattern of the route that answers it, for the metrics' `route` label. */
  route: string;
  path: string;
  status: number;
  /** `performance.now()` when the request came in. */
  started: number;
}

/**
 * Counts an answered request in the metrics and writes its request log line: `error`
 * when it failed (5xx), `warn` when it took `SLOW_REQUEST_MS` or more, else `info`.
 */
export function noteRequest(
  deps: { log: Logger; metrics?: Metrics | undefined },
  { method, route, path, status, started }: AnsweredRequest,
): void {
  const elapsed = performance.now() - started;
  const ms = Math.round(elapsed * 10) / 10;
  deps.metrics?.request(method, route, status, elapsed / 1000);
  deps.log({
    level: status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : 'info',
    msg: 'request',
    method,
    path,
    status,
    ms,
  });
}
