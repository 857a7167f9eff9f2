import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import pg from 'pg';
import { inject } from 'vitest';
import { parseTrustProxy } from '../../src/lib/domain/ip-address.ts';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { type Db, type Dialect, openDb } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

/** Every API suite runs once per engine (kysely's own test layout). */
export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

/** The address of the reverse proxy the test apps sit behind (`TRUST_PROXY=10.9.8.7`). */
export const TEST_PROXY = '10.9.8.7';

/** The test apps' `trustProxy`: `X-Forwarded-For` counts on requests from `TEST_PROXY`. */
export const TEST_TRUST = parseTrustProxy(TEST_PROXY);

/**
 * The Node server bindings (what `@hono/node-server` hands the app: the request
 * and its socket) of a request that arrives from `peer`, for `app.request`'s
 * third argument: `app.request(path, init, from(TEST_PROXY))`.
 */
export function from(peer: string): { incoming: { socket: { remoteAddress: string } } } {
  return { incoming: { socket: { remoteAddress: peer } } };
}

/** The PostgreSQL server used to create throw-away databases (chosen by tests/api/global-setup.ts). */
export const PG_ADMIN_URL = inject('pgAdminUrl');

export interface TestDb extends Db {
  dataDir: string;
  /** Connection URL (PostgreSQL) or file (SQLite), for starting another process on the same data. */
  url: string;
  cleanup(): Promise<void>;
}

/** A migrated, empty database of its own: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDb(dialect: Dialect): Promise<TestDb> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-test-'));
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'aisle.db');
    const db = openDb({ sqliteFile: file });
    await migrateToLatest(db.db);
    return {
      ...db,
      dataDir,
      url: file,
      async cleanup() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `aisle_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString() });
  await migrateToLatest(db.db);
  return {
    ...db,
    dataDir,
    url: url.toString(),
    async cleanup() {
      await db.close();
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      try {
        // The pool's end() resolves before its backends have gone; dropping with
        // force while they linger makes them fail "terminating connection" errors.
        for (let i = 0; i < 100; i++) {
          const { rows } = await a.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await a.query(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  db: TestDb;
  app: Hono;
  /** `app.request` with JSON parsed: no network involved. */
  get<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

/** The secret of `createTestApp`'s tokens (for accounts a test adds itself, `cart-helpers.ts` `addCustomers`). */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export async function createTestApp(dialect: Dialect): Promise<TestApp> {
  const db = await createTestDb(dialect);
  const app = createApp({
    db: db.db,
    dialect,
    contentDir: join(db.dataDir, 'content'),
    jwtSecret: TEST_JWT_SECRET,
    mail: { smtpUrl: undefined, outboxDir: join(db.dataDir, 'outbox') },
    log: silentLogger,
  });
  return {
    db,
    app,
    async get<T>(path: string, init?: RequestInit) {
      const res = await app.request(path, init);
      const text = await res.text();
      const isJson = (res.headers.get('content-type') ?? '').includes('json');
      return { status: res.status, body: (isJson && text !== '' ? JSON.parse(text) : text) as T, headers: res.headers };
    },
    close: () => db.cleanup(),
  };
}
