import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AddressRange } from '../lib/domain/ip-address.ts';

/** Who may read `GET /metrics` (decided by `ops/access.ts`). */
export interface MetricsAccess {
  /** Callers from these addresses (`METRICS_ALLOW`); behind proxies, the client's address as `TRUST_PROXY` finds it. */
  allow: readonly AddressRange[];
  /** A caller sending `Authorization: Bearer <token>` (`METRICS_TOKEN`), from anywhere. Unset: addresses only. */
  token: string | undefined;
}

/**
 * The route label of a request no route answers (an unknown path): one series for
 * every such path, so a scan of random URLs cannot grow the metrics without bound.
 */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Why an order was refused (`aisle_orders_refused_total{reason}`). */
export type OrderRefusal =
  | 'stock'
  | 'item_limit'
  | 'open_orders'
  | 'delivery'
  | 'slot'
  | 'coupon'
  | 'payment'
  | 'invalid';

/** How a site build ended (`aisle_site_builds_total{outcome}`). */
export type BuildOutcome = 'succeeded' | 'failed';

/**
 * A gauge whose value is read when Prometheus scrapes: `read` answers it, or undefined
 * when it cannot be known just now (the database is down): then a gauge with labels has
 * no samples and one without reads NaN, never a made-up 0.
 */
export interface ScrapeGauge {
  name: string;
  help: string;
  labelNames?: readonly string[];
  read(): Promise<Array<{ labels?: Record<string, string>; value: number }> | number | undefined>;
}

/**
 * The process's metrics in Prometheus' text format (`GET /metrics`). One instance per
 * API (`createApp` makes one when none is given), with its own registry, so apps built
 * side by side in tests never share counts. Every name starts with `aisle_`.
 */
export interface Metrics {
  readonly registry: Registry;
  /** One answered request: `route` is the route's pattern (`/api/item/read/:id/:dbId`), never the raw path. */
  request(method: string, route: string, status: number, seconds: number): void;
  orderPlaced(): void;
  /** An order answered again for a repeated `Idempotency-Key`. */
  orderReplayed(): void;
  /** A refused order; `stockOuts` counts its lines refused because the item had none left. */
  orderRefused(reason: OrderRefusal, stockOuts?: number): void;
  mailSent(count: number): void;
  mailFailed(kind: string): void;
  buildFinished(outcome: BuildOutcome, seconds: number): void;
  /** A database connection lost or refused (the pool's `error` events and connection failures). */
  databaseConnectionError(): void;
  /** Registers a gauge read at scrape time (database pool, queue depth). A second one of the same name is ignored. */
  addScrapeGauge(gauge: ScrapeGauge): void;
  /** Runs `hook` at the start of every scrape, before any gauge is read (one database snapshot for all of them). */
  beforeScrape(hook: () => Promise<void>): void;
  /** The text Prometheus scrapes, and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BUILD_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800];

/**
 * Makes the metrics. `processMetrics` adds prom-client's process and Node.js metrics
 * (CPU, memory, event-loop lag, handles): the servers turn it on; test apps leave it off,
 * since its event-loop monitor would run for every app a suite builds.
 */
export function createMetrics(opts: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.processMetrics === true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new Counter({
    name: 'aisle_http_requests_total',
    help: 'HTTP requests answered by the API, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'aisle_http_request_duration_seconds',
    help: 'Time to answer an API request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const throttled = new Counter({
    name: 'aisle_throttle_refusals_total',
    help: 'Requests refused by a throttle (429 Too Many Requests), by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  const placed = new Counter({ name: 'aisle_orders_placed_total', help: 'Orders placed.', registers });
  const replayed = new Counter({
    name: 'aisle_orders_replayed_total',
    help: 'Orders answered again for a repeated Idempotency-Key (a client retrying).',
    registers,
  });
  const refused = new Counter({
    name: 'aisle_orders_refused_total',
    help: 'Orders refused, by reason: stock (short of stock), item_limit (over a store limit), open_orders (too many under way), delivery (a PIN code not served or a minimum order not met), slot (a delivery slot full, closed or not picked), invalid (bad input).',
    labelNames: ['reason'] as const,
    registers,
  });
  const stockOuts = new Counter({
    name: 'aisle_stock_outs_total',
    help: 'Order lines refused because the item had none left.',
    registers,
  });
  const mailSent = new Counter({ name: 'aisle_mail_sent_total', help: 'Queued mails sent.', registers });
  const mailFailures = new Counter({
    name: 'aisle_mail_failures_total',
    help: 'Failed attempts to send a queued mail (each is retried with back-off), by kind of mail.',
    labelNames: ['kind'] as const,
    registers,
  });
  const builds = new Counter({
    name: 'aisle_site_builds_total',
    help: 'Site builds run by this process ("Publish now" and the publish queue), by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const buildSeconds = new Histogram({
    name: 'aisle_site_build_duration_seconds',
    help: 'How long the site builds run by this process took, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: BUILD_BUCKETS,
    registers,
  });
  const connectionErrors = new Counter({
    name: 'aisle_db_connection_errors_total',
    help: 'Database connections lost or refused (a restart, a failover, an idle connection closed by the server).',
    registers,
  });
  const gauges = new Set<string>();
  const hooks: Array<() => Promise<void>> = [];

  return {
    registry,
    request(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
      if (status === 429) throttled.inc({ route });
    },
    orderPlaced: () => placed.inc(),
    orderReplayed: () => replayed.inc(),
    orderRefused(reason, outs = 0) {
      refused.inc({ reason });
      if (outs > 0) stockOuts.inc(outs);
    },
    mailSent: (count) => {
      if (count > 0) mailSent.inc(count);
    },
    mailFailed: (kind) => mailFailures.inc({ kind: kind === '' ? 'unknown' : kind }),
    buildFinished(outcome, seconds) {
      builds.inc({ outcome });
      buildSeconds.observe({ outcome }, seconds);
    },
    databaseConnectionError: () => connectionErrors.inc(),
    addScrapeGauge(spec) {
      if (gauges.has(spec.name)) return;
      gauges.add(spec.name);
      new Gauge({
        name: spec.name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        registers,
        async collect() {
          this.reset();
          const read = await spec.read();
          if (read === undefined) {
            if ((spec.labelNames ?? []).length === 0) this.set(Number.NaN);
            return;
          }
          if (typeof read === 'number') this.set(read);
          else for (const { labels, value } of read) this.set(labels ?? {}, value);
        },
      });
    },
    beforeScrape(hook) {
      hooks.push(hook);
    },
    async render() {
      await Promise.all(hooks.map((hook) => hook()));
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
