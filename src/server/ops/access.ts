import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { addressInRanges, NO_PROXY, parseTrustProxy } from '../../lib/domain/ip-address.ts';
import { requestAddress } from '../auth/address.ts';
import type { AppDeps } from '../deps.ts';
import type { MetricsAccess } from '../metrics.ts';

/** `METRICS_ALLOW` unset: this machine only. */
export const DEFAULT_METRICS_ACCESS: MetricsAccess = {
  allow: parseTrustProxy('loopback').proxies,
  token: undefined,
};

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the token sent equals `token`, compared in constant time (digests of equal length). */
function tokenMatches(sent: string, token: string): boolean {
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Whether this request may read the metrics: its bearer token is `METRICS_TOKEN`, or
 * its client address is one `METRICS_ALLOW` admits. The address is the one every other
 * rule uses (`auth/address.ts`): the socket's peer, or behind the proxies `TRUST_PROXY`
 * names, the client they forwarded for, so a proxy on this machine does not open the
 * metrics to the internet when `TRUST_PROXY` is set.
 */
export function mayReadMetrics(c: Context, deps: AppDeps): boolean {
  const access = deps.metricsAccess ?? DEFAULT_METRICS_ACCESS;
  const sent = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  if (sent !== undefined && access.token !== undefined && tokenMatches(sent, access.token)) return true;
  return addressInRanges(requestAddress(c, deps.trustProxy ?? NO_PROXY), access.allow);
}
