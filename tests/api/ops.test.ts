// The operator's calls: /healthz, /readyz and /metrics (who may read them and what they
// count), on both engines, through app.request and through real HTTP on both servers.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddressRanges } from '../../src/lib/domain/ip-address.ts';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/connection.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { fastOrders } from '../../src/server/fast-orders.ts';
import { fastReads, firstFastPath } from '../../src/server/fast-reads.ts';
import { createMailQueue } from '../../src/server/mail-queue.ts';
import { createMetrics, type Metrics } from '../../src/server/metrics.ts';
import { listen } from '../../src/server/runtime.ts';
import { createSiteServer } from '../../src/server/site-server.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { createTestDb, DIALECTS, from, TEST_PROXY, TEST_TRUST, type TestDb } from './harness.ts';

const SECRET = 'ops-test-secret-that-is-long-enough-for-hs256-0123456789';
const NOW = new Date('2026-11-27T10:00:00.000Z');
const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample in Prometheus text (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  for (const row of text.split('\n')) {
    if (row.startsWith(`${series} `)) return Number(row.slice(series.length + 1));
  }
  return undefined;
}

function baseDeps(db: TestDb, extra: Partial<AppDeps> = {}): AppDeps {
  return {
    db: db.db,
    dialect: db.dialect,
    contentDir: join(db.dataDir, 'content'),
    jwtSecret: SECRET,
    mail: { smtpUrl: undefined, outboxDir: join(db.dataDir, 'outbox') },
    log: silentLogger,
    now: () => NOW,
    trustProxy: TEST_TRUST,
    ...extra,
  };
}

/** A request through `app.request` from `peer` (the socket's address; null: no socket at all). */
async function call(app: Hono, path: string, init: RequestInit = {}, peer: string | null = '127.0.0.1') {
  const res = await app.request(path, init, peer === null ? undefined : from(peer));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

function order(app: Hono, who: Customer, lines: unknown[], key?: string) {
  const body = JSON.stringify(cartBody(who, lines));
  return call(app, '/api/cart/CreateOrder', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${who.token}`,
      'Content-Type': 'application/json',
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    body,
  });
}

describe.each(DIALECTS)('operations: health, readiness and metrics, on %s', (dialect) => {
  let db: TestDb;
  let people: Customer[];

  beforeAll(async () => {
    db = await createTestDb(dialect);
    await insertCatalogue(db.db);
    people = await addCustomers(db.db, SECRET, NOW, [
      { email: 'ops0@aisle.test', fullName: 'Ops Zero', role: 'User' },
      { email: 'ops1@aisle.test', fullName: 'Ops One', role: 'Employee' },
    ]);
  });
  afterAll(async () => {
    await db?.cleanup();
  });

  it('answers /healthz 200 from anywhere, never cached', async () => {
    const app = createApp(baseDeps(db));
    const res = await call(app, '/healthz', {}, '203.0.113.9');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ Status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await call(app, '/healthz', { method: 'HEAD' })).status).toBe(200);
  });

  it('answers /readyz 200 while the database answers and its migrations are current, 503 when one is missing', async () => {
    const app = createApp(baseDeps(db));
    const ok = await call(app, '/readyz', {}, '203.0.113.9');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({
      Ready: true,
      Database: 'up',
      Migrations: 'current',
      Pending: [],
      Message: '',
    });
    // The last migration forgotten by the database: this code needs it, so the process is not ready.
    const last = await db.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const { name, timestamp } = last as { name: string; timestamp: string };
    await sql`delete from kysely_migration where name = ${name}`.execute(db.db);
    try {
      const notReady = await call(createApp(baseDeps(db)), '/readyz');
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get('retry-after')).toBe('2');
      const body = JSON.parse(notReady.text);
      expect(body).toMatchObject({ Ready: false, Database: 'up', Migrations: 'pending', Pending: [name] });
      expect(body.Message).toContain('npm run db:migrate');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(db.db);
    }
    expect((await call(createApp(baseDeps(db)), '/readyz')).status).toBe(200);
  });

  describe('who may read /metrics', () => {
    it('by default: this machine only (loopback, IPv4 and IPv6)', async () => {
      const app = createApp(baseDeps(db));
      const local = await call(app, '/metrics', {}, '127.0.0.1');
      expect(local.status).toBe(200);
      expect(local.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(local.headers.get('cache-control')).toBe('no-store');
      expect(local.text).toContain('# TYPE aisle_http_requests_total counter');
      expect((await call(app, '/metrics', {}, '::1')).status).toBe(200);
      expect((await call(app, '/metrics', {}, '::ffff:127.0.0.5')).status).toBe(200);

      const remote = await call(app, '/metrics', {}, '203.0.113.9');
      expect(remote.status).toBe(403);
      expect(remote.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(remote.text).Message).toMatch(/METRICS_ALLOW.*METRICS_TOKEN/);
      expect(remote.text).not.toContain('aisle_');
      // No socket at all (an address unknown) is not loopback.
      expect((await call(app, '/metrics', {}, null)).status).toBe(403);
      // A token is no use when none is configured.
      expect(
        (await call(app, '/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } }, '203.0.113.9')).status,
      ).toBe(403);
    });

    it('behind a trusted proxy, by the client it forwarded for (TRUST_PROXY)', async () => {
      const app = createApp(baseDeps(db));
      // The proxy (10.9.8.7, trusted) forwards an internet client: refused, though the proxy sits close.
      const forwarded = await call(app, '/metrics', { headers: { 'X-Forwarded-For': '203.0.113.9' } }, TEST_PROXY);
      expect(forwarded.status).toBe(403);
      // An untrusted peer cannot claim loopback in the header.
      const spoofed = await call(app, '/metrics', { headers: { 'X-Forwarded-For': '127.0.0.1' } }, '203.0.113.9');
      expect(spoofed.status).toBe(403);
      // The trusted proxy forwarding a loopback caller (Prometheus on the proxy's machine): admitted.
      const vouched = await call(app, '/metrics', { headers: { 'X-Forwarded-For': '127.0.0.1' } }, TEST_PROXY);
      expect(vouched.status).toBe(200);
    });

    it('METRICS_ALLOW ranges and METRICS_TOKEN', async () => {
      const app = createApp(
        baseDeps(db, {
          metricsAccess: { allow: parseAddressRanges('192.0.2.0/24, 2001:db8::/32', 'X'), token: TOKEN },
        }),
      );
      expect((await call(app, '/metrics', {}, '192.0.2.77')).status).toBe(200);
      expect((await call(app, '/metrics', {}, '2001:db8:1::5')).status).toBe(200);
      // Loopback is no longer in the list.
      expect((await call(app, '/metrics', {}, '127.0.0.1')).status).toBe(403);
      expect((await call(app, '/metrics', {}, '192.0.3.1')).status).toBe(403);
      const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
      expect((await call(app, '/metrics', bearer(TOKEN), '203.0.113.9')).status).toBe(200);
      expect((await call(app, '/metrics', bearer(`${TOKEN}x`), '203.0.113.9')).status).toBe(403);
      expect((await call(app, '/metrics', bearer(TOKEN.slice(1)), '203.0.113.9')).status).toBe(403);
      expect((await call(app, '/metrics', { headers: { Authorization: TOKEN } }, '203.0.113.9')).status).toBe(403);

      // `none`: the token alone.
      const tokenOnly = createApp(baseDeps(db, { metricsAccess: { allow: [], token: TOKEN } }));
      expect((await call(tokenOnly, '/metrics', {}, '127.0.0.1')).status).toBe(403);
      expect((await call(tokenOnly, '/metrics', bearer(TOKEN), '127.0.0.1')).status).toBe(200);
    });
  });

  describe('what /metrics counts', () => {
    let metrics: Metrics;
    let app: Hono;
    const text = async () => (await call(app, '/metrics')).text;

    beforeAll(() => {
      metrics = createMetrics();
      // A mail server that refuses everything: the queue's failures and depth show.
      const mailQueue = createMailQueue({
        db: db.db,
        mail: { smtpUrl: undefined, outboxDir: join(db.dataDir, 'outbox') },
        log: silentLogger,
        now: () => NOW,
        metrics,
        mailer: {
          send: async () => {
            throw new Error('550 refused');
          },
        },
      });
      app = createApp(baseDeps(db, { metrics, mailQueue }));
    });

    it('requests by route pattern (never the raw path), method and status, with latency', async () => {
      for (const id of [1, 3, 4])
        expect((await call(app, `/api/Item/Read/${id}/${id === 4 ? 3 : 1}`)).status).toBe(200);
      expect((await call(app, '/api/item/read/999/1')).status).toBe(404);
      expect((await call(app, '/api/no/such/call/123')).status).toBe(404);
      expect((await call(app, '/api/no/such/call/456')).status).toBe(404);
      const t = await text();
      expect(sample(t, 'aisle_http_requests_total{method="GET",route="/api/item/read/:id/:dbId",status="200"}')).toBe(
        3,
      );
      expect(sample(t, 'aisle_http_requests_total{method="GET",route="/api/item/read/:id/:dbId",status="404"}')).toBe(
        1,
      );
      expect(sample(t, 'aisle_http_requests_total{method="GET",route="(unmatched)",status="404"}')).toBe(2);
      expect(t).not.toContain('/api/no/such');
      expect(t).not.toMatch(/route="\/api\/item\/read\/\d/);
      expect(
        sample(
          t,
          'aisle_http_request_duration_seconds_count{method="GET",route="/api/item/read/:id/:dbId",status="200"}',
        ),
      ).toBe(3);
      expect(
        sample(
          t,
          'aisle_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/item/read/:id/:dbId",status="200"}',
        ),
      ).toBe(3);
      // A caller refused before the handler (401) is counted under the route it asked for.
      expect((await call(app, '/api/cart/Read')).status).toBe(401);
      expect(sample(await text(), 'aisle_http_requests_total{method="GET",route="/api/cart/read",status="401"}')).toBe(
        1,
      );
    });

    it('orders placed, replayed and refused by reason; stock-outs; mail failures and queue depth', async () => {
      const [who] = people as [Customer];
      const key = randomUUID();
      expect((await order(app, who, [line(1, 1, 1)], key)).status).toBe(201);
      const replay = await order(app, who, [line(1, 1, 1)], key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      // Cherry (item 3) has none left: a stock-out.
      expect((await order(app, who, [line(3, 1, 1)])).status).toBe(409);
      expect((await order(app, who, [])).status).toBe(400);
      expect((await order(app, who, [line(1, 1, 21)])).status).toBe(400);
      expect((await order(app, who, [line(999, 1, 1)])).status).toBe(400);
      await app.request('/healthz');
      const t = await text();
      expect(sample(t, 'aisle_orders_placed_total')).toBe(1);
      expect(sample(t, 'aisle_orders_replayed_total')).toBe(1);
      expect(sample(t, 'aisle_orders_refused_total{reason="stock"}')).toBe(1);
      expect(sample(t, 'aisle_orders_refused_total{reason="item_limit"}')).toBe(1);
      expect(sample(t, 'aisle_orders_refused_total{reason="invalid"}')).toBe(2);
      expect(sample(t, 'aisle_stock_outs_total')).toBe(1);
      // Cherry is visible and sold out; Banana (hidden) does not count.
      expect(sample(t, 'aisle_items_out_of_stock')).toBe(1);
      // The order's mail was tried once (the route kicks the queue) and refused; it waits for its retry.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await text();
      expect(sample(after, 'aisle_mail_failures_total{kind="order.placed"}')).toBe(1);
      expect(sample(after, 'aisle_mail_queue_depth')).toBe(1);
      expect(sample(after, 'aisle_mail_given_up')).toBe(0);
      expect(sample(after, 'aisle_db_up')).toBe(1);
    });

    it('database pool use: PostgreSQL connections, or the SQLite files', async () => {
      const t = await text();
      if (dialect === 'postgres') {
        expect(sample(t, 'aisle_db_pool_connections{state="max"}')).toBe(20);
        expect(sample(t, 'aisle_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
        expect(sample(t, 'aisle_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
        // The scrape's own queries may be waiting for a connection as the figures are read.
        expect(sample(t, 'aisle_db_pool_waiting_requests')).toBeGreaterThanOrEqual(0);
        expect(t).not.toContain('aisle_sqlite_file_bytes');
      } else {
        expect(sample(t, 'aisle_sqlite_file_bytes{file="db"}')).toBeGreaterThan(0);
        expect(sample(t, 'aisle_sqlite_file_bytes{file="wal"}')).toBeGreaterThanOrEqual(0);
        expect(t).not.toContain('aisle_db_pool_connections');
      }
    });

    it('site builds by outcome, with their durations', async () => {
      const [, staff] = people as [Customer, Customer];
      const build = (exitCode: number) =>
        createApp(
          baseDeps(db, {
            metrics,
            siteBuilder: { command: process.execPath, args: ['-e', `process.exit(${exitCode})`] },
          }),
        );
      for (const [builder, outcome] of [
        [build(0), 'succeeded'],
        [build(3), 'failed'],
      ] as const) {
        const res = await call(builder, '/api/Site/Publish', {
          method: 'POST',
          headers: { Authorization: `Bearer ${staff.token}` },
        });
        expect(res.status).toBe(202);
        for (let i = 0; i < 200; i++) {
          if (sample(await text(), `aisle_site_builds_total{outcome="${outcome}"}`) === 1) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const t = await text();
        expect(sample(t, `aisle_site_builds_total{outcome="${outcome}"}`)).toBe(1);
        expect(sample(t, `aisle_site_build_duration_seconds_count{outcome="${outcome}"}`)).toBe(1);
        // The build's outcome is recorded after the metric: wait until the site is idle again.
        for (let i = 0; i < 200; i++) {
          const state = await db.db.selectFrom('site_state').select('build_progress').executeTakeFirst();
          if (state === undefined || !String(state.build_progress ?? '').includes('"Running":true')) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });

    it('throttle refusals: every 429, by route', () => {
      const m = createMetrics();
      m.request('POST', '/token', 429, 0.01);
      m.request('POST', '/token', 200, 0.01);
      return m.render().then(({ body }) => {
        expect(sample(body, 'aisle_throttle_refusals_total{route="/token"}')).toBe(1);
        expect(sample(body, 'aisle_http_requests_total{method="POST",route="/token",status="429"}')).toBe(1);
      });
    });
  });

  it('counts the fast paths under the same route as the framework (one door per path)', async () => {
    const metrics = createMetrics();
    const deps = {
      ...baseDeps(db, { metrics }),
      mailQueue: createMailQueue({ db: db.db, mail: baseDeps(db).mail, log: silentLogger }),
    };
    const server = await listen(createApp(deps), '127.0.0.1', 0, firstFastPath(fastReads(deps), fastOrders(deps)));
    try {
      // The first is answered below the framework; the query string sends the second through the route.
      expect((await fetch(`${server.url}/api/Item/Read/1/1`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/Item/Read/1/1?x=1`)).status).toBe(200);
      const [who] = people as [Customer];
      const body = JSON.stringify(cartBody(who, [line(4, 3, 1)]));
      const placed = await fetch(`${server.url}/api/cart/CreateOrder`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${who.token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'fast-1',
        },
        body,
      });
      expect(placed.status).toBe(201);
      const t = await (await fetch(`${server.url}/metrics`)).text();
      expect(sample(t, 'aisle_http_requests_total{method="GET",route="/api/item/read/:id/:dbId",status="200"}')).toBe(
        2,
      );
      expect(sample(t, 'aisle_http_requests_total{method="POST",route="/api/cart/createorder",status="201"}')).toBe(1);
      expect(sample(t, 'aisle_orders_placed_total')).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('serves /healthz, /readyz and /metrics on the one-port server of npm start, beside the site', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'aisle-ops-site-'));
    const server = await listen(createSiteServer({ api: createApp(baseDeps(db)), siteDir }), '127.0.0.1', 0);
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const metrics = await fetch(`${server.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('aisle_db_up 1');
      // Other paths are still the site's.
      expect((await fetch(`${server.url}/metrics-and-more`)).status).toBe(404);
    } finally {
      await server.close();
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  if (dialect === 'postgres') {
    it('answers 503 with Retry-After, never a 500, when the database cannot be reached', async () => {
      // Nothing listens on port 1: every connection is refused.
      const gone = openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', onConnectionError: () => {} });
      try {
        const app = createApp({ ...baseDeps(db), db: gone.db });
        const read = await call(app, '/api/Store/ReadAll');
        expect(read.status).toBe(503);
        expect(read.headers.get('retry-after')).toBe('2');
        const body = JSON.parse(read.text);
        expect(body.Message).toMatch(/database is not answering/);
        expect(read.text).not.toMatch(/ECONNREFUSED|at .*\.ts/);
        const ready = await call(app, '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.headers.get('retry-after')).toBe('2');
        expect(JSON.parse(ready.text)).toMatchObject({ Ready: false, Database: 'down', Migrations: 'unknown' });
        expect(JSON.parse(ready.text).Message).toMatch(/The database is not answering/);
        const down = (await call(app, '/metrics')).text;
        expect(sample(down, 'aisle_db_up')).toBe(0);
        // Unknown while the database is down: NaN, never a made-up 0.
        expect(sample(down, 'aisle_mail_queue_depth')).toBeNaN();
        expect(sample(down, 'aisle_db_pool_waiting_requests')).toBe(0);
        expect((await call(app, '/healthz')).status).toBe(200);
      } finally {
        await gone.close();
      }
    });
  } else {
    it('answers 503 with Retry-After when SQLite stays locked by another writer past its busy timeout', async () => {
      const other = new DatabaseSync(db.url);
      other.exec('PRAGMA busy_timeout = 0; BEGIN IMMEDIATE;');
      try {
        const [who] = people as [Customer];
        const res = await call(createApp(baseDeps(db)), '/api/cart/Create', {
          method: 'POST',
          headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(cartBody(who, [line(1, 1, 1)])),
        });
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('2');
      } finally {
        other.exec('ROLLBACK;');
        other.close();
      }
    }, 20_000);
  }
});
